"""The words of the notation in its two forms, the tokens of a text, and the one-alphabet rule.

The seed writes its notation in Russian (МБР, Цели, row letters А-З); the app also reads and
prints an English form (ICBM, Targets, row letters A-H). Several Latin letters look like
Cyrillic ones but stand for other rows (Latin B is Б, Cyrillic В is the 3rd row), so a text
that mixes the alphabets could be misread in silence: `check_alphabet` refuses it instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from cold_war_tui.duel.board import ROWS_CYRILLIC, ROWS_LATIN
from cold_war_tui.duel.errors import NotationError, excerpt

Alphabet = Literal["Cyrillic", "Latin"]

# Latin capitals that look like Cyrillic ones (and the reverse): the source of silent misreads.
LATIN_TO_CYRILLIC = dict(zip("ABCEHKMOPTXY", "АВСЕНКМОРТХУ", strict=True))
CYRILLIC_TO_LATIN = {cyr: lat for lat, cyr in LATIN_TO_CYRILLIC.items()}
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")

ROW_LETTERS = frozenset(ROWS_CYRILLIC + ROWS_LATIN)

_SPLIT = re.compile(r"[\s,;/]+")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_LATIN = re.compile(r"[A-Za-z]")


def alphabet_of(word: str) -> Alphabet | None:
    """The alphabet a word is written in (None for a word with neither, such as '-')."""
    if _CYRILLIC.search(word):
        return "Cyrillic"
    if _LATIN.search(word):
        return "Latin"
    return None


def row_alphabet(letter: str) -> Alphabet | None:
    """The alphabet of a row letter; None for А/A, which reads as the 1st row in both."""
    if letter in ("A", "А"):
        return None
    return alphabet_of(letter)


def describe(letter: str) -> str:
    """A row letter and what it stands for, e.g. 'Latin B, the 2nd row (Б)'."""
    alphabet = alphabet_of(letter)
    if letter in ROWS_LATIN:
        row = ROWS_LATIN.index(letter)
        return f"{alphabet} {letter}, the {ORDINALS[row]} row ({ROWS_CYRILLIC[row]})"
    if letter in ROWS_CYRILLIC:
        return f"{alphabet} {letter}, the {ORDINALS[ROWS_CYRILLIC.index(letter)]} row"
    return f"{alphabet} {letter}, not a row letter"


def twin(letter: str) -> str | None:
    """The letter of the other alphabet that looks like this one, if any."""
    return LATIN_TO_CYRILLIC.get(letter) or CYRILLIC_TO_LATIN.get(letter)


def tokens(text: str) -> list[str]:
    """Words of a text: split on whitespace, commas, semicolons and slashes (the app joins
    lines with ' / '); a colon or full stop after a word is dropped; a lone row letter and a
    following lone digit join into a cell ('Б 5')."""
    out: list[str] = []
    for raw in _SPLIT.split(text):
        tok = raw.rstrip(":.")
        if not tok:
            continue
        if out and tok.isdigit() and len(out[-1]) == 1 and out[-1].upper() in ROW_LETTERS:
            out[-1] += tok
        else:
            out.append(tok)
    return out


@dataclass(frozen=True)
class Vocabulary:
    """The keywords of one kind of text: key -> (Russian, English, other accepted spellings).

    The Russian and English spellings are the printed ones; reading accepts every spelling in
    any case. `what` names the kind of text in messages ('a request', 'an answer').
    """

    what: str
    words: dict[str, tuple[str, ...]]
    headings: tuple[str, ...] = ()

    @property
    def a_what(self) -> str:
        """The kind of text with its article: 'a request', 'an answer'."""
        return f"{'an' if self.what[0] in 'aeiou' else 'a'} {self.what}"

    def spell(self, key: str, latin: bool) -> str:
        """The printed keyword: the English form with Latin row letters, else the seed's."""
        return self.words[key][1 if latin else 0]

    def lookup(self, word: str) -> str | None:
        """The key a spelling stands for (any case), or None."""
        if len(word) > self.longest:
            return None  # not a keyword; and a token may be megabytes: no upper() of it
        return self._index.get(word.upper())

    @cached_property
    def longest(self) -> int:
        """The length of the longest spelling."""
        return max(map(len, self._index))

    def known(self) -> str:
        """The Russian keywords, for messages."""
        return ", ".join(forms[0] for forms in self.words.values())

    def is_heading(self, word: str) -> bool:
        """Whether a word is the heading the seed writes above this kind of text."""
        return len(word) <= self.longest and word.upper() in self.headings

    @cached_property
    def _index(self) -> dict[str, str]:
        return {form.upper(): key for key, forms in self.words.items() for form in forms}

    def misspelt(self, words: list[str]) -> str | None:
        """If a keyword was typed with a look-alike letter of the other alphabet, say which.

        `words` is the token and the one after it (two-word keywords such as 'Свои ДРГ').
        """
        for count in (2, 1):
            typed = " ".join(words[:count])
            if len(words) < count or len(typed) > self.longest:
                continue  # too long to be a keyword (and a token may be megabytes)
            typed = typed.upper()
            for table in (LATIN_TO_CYRILLIC, CYRILLIC_TO_LATIN):
                fixed = "".join(table.get(ch, ch) for ch in typed)
                key = self.lookup(fixed)
                if fixed == typed or key is None:
                    continue
                wrong = sorted({ch for ch, good in zip(typed, fixed, strict=True) if ch != good})
                alphabet = alphabet_of(wrong[0])
                return (
                    f"{excerpt(' '.join(words[:count]))}: the letter {', '.join(wrong)} is "
                    f"{alphabet}; the keyword {fixed} is written all in "
                    f"{alphabet_of(fixed)} letters"
                )
        return None


def check_alphabet(written: list[tuple[str, Alphabet | None, bool]]) -> None:
    """Refuse a text whose keywords and row letters are not in one alphabet.

    `written` lists (token, its alphabet, whether it is a cell) in order; the first keyword
    sets the alphabet. А/A fits both (it is the 1st row either way).
    """
    first = next(((tok, a) for tok, a, is_cell in written if a and not is_cell), None)
    if first is None:
        first = next(((tok, a) for tok, a, _ in written if a), None)
    if first is None:
        return
    head, alphabet = first
    for tok, other, is_cell in written:
        if other is None or other == alphabet:
            continue
        where = f"in a text written in {alphabet} ({excerpt(head)})"
        if not is_cell:
            raise NotationError(
                f"{excerpt(tok)}: a {other} keyword {where}: write it all in one alphabet"
            )
        letter = tok[0].upper()
        look = twin(letter)
        also = f"; it looks like {describe(look)}" if look else ""
        raise NotationError(
            f"{excerpt(tok)}: the row letter is {describe(letter)}{also}. It stands {where}: "
            "write the row letters and keywords in one alphabet"
        )
