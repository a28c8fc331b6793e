"""A game to study: a play-site log or one of our own saves, as a row of steps to walk.

A step is a place in the game where someone decided: a round of a log (the set-up,
a headline phase, an action round, as `cold_war_tui.records` reads them), or one
decision of a save. Each step can build a new `Game` standing there
(`Study.position`), says who decided and what he played, and what happened then:
the round's own lines of the log, or the engine's log entries of that decision.

Nothing here derives a rule: positions are the records' (`Round.position`) or the
save's own replay (`Game.rewind`), labels are the engine's choice labels, and the
moves a record names are read with `parse_move`. No Textual; the file is read here
(bounded, as a save is) and told apart by its content.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal, NamedTuple

from rich.text import Text

from cold_war_tui.tui.log_text import entry_line
from cold_war_tui.tui.tracks import DIM, PHASES, side_text
from cold_war_tui.untrusted import BadJson, load_json
from cold_war_tui.userdata import MAX_SAVE_BYTES, FileRefused, read_bounded

if TYPE_CHECKING:
    from cold_war_tui.engine import Decision, Game, Move
    from cold_war_tui.records import GameRecord, Round

LOG_START = "SETUP:"
"""How a play-site log begins (docs/records.md)."""
SAVE_START = "{"
"""How a save begins: it is a JSON object."""
LINE_NUMBER_STYLE = DIM


class StudyError(Exception):
    """The file cannot be studied; the message is one line naming the problem."""


class Entry(NamedTuple):
    """A line of a whole log as the log screen reads it (`history.LogEntry`)."""

    rule: str
    text: str
    turn: int


@dataclass(frozen=True, slots=True)
class Step:
    """One place of a studied game where someone decided.

    `player` is who decides at the step's position (None at the end); `played` the
    moves made from it (a log's round: all of them; a save's decision: one), `played`
    [0] being the answer to the position's own decision. `top` marks the steps the
    review weighs: a log's action rounds, a save's action and headline decisions.
    """

    index: int
    turn: int
    title: str
    player: str | None
    played: tuple[Move, ...]
    top: bool
    prompt: str = ""  # the engine's question (a save's steps)


class Study(ABC):
    """What the study screen walks through; `LogStudy` and `SaveStudy` fill it in."""

    kind: Literal["log", "save"]
    name: str
    steps: tuple[Step, ...]

    @property
    @abstractmethod
    def description(self) -> str:
        """What the file is, for the screen ("a play-site log")."""

    @abstractmethod
    def position(self, index: int) -> Game:
        """A new game standing at step `index` (the caller may play on it)."""

    @abstractmethod
    def happened(self, index: int) -> list[Text]:
        """What happened at the step, as the record tells it (the log panel's lines)."""

    @abstractmethod
    def played_labels(self, index: int) -> list[Text]:
        """The step's plays as the engine words them ("USSR: #34 Nuclear Test Ban: 4 ops")."""

    def revealed(self, index: int) -> list[tuple[str, tuple[int, ...]]]:
        """Cards the record shows in a hand at the step: (whose, cards); none for a save,
        whose spectator sees only what is played."""
        return []

    @abstractmethod
    def whole_log(self) -> list[Entry]:
        """Every line of the record, for the whole-log screen."""

    @abstractmethod
    def log_index(self, index: int) -> int:
        """Where step `index` begins in `whole_log()`."""

    @property
    def shows_hand_sizes(self) -> bool:
        """A log's positions hold only the cards the log shows: their sizes say nothing."""
        return self.kind == "save"

    def first_of_turn(self, turn: int) -> int | None:
        """The first step of `turn`, or None when the game never reached it."""
        return next((s.index for s in self.steps if s.turn == turn), None)

    @property
    def turns(self) -> tuple[int, int]:
        """The first and the last turn of the steps."""
        return self.steps[0].turn, self.steps[-1].turn


def label_of(decision: Decision, move: Move) -> str:
    """The engine's label of `move` in `decision` (its notation if the decision lacks it)."""
    return next((c.label for c in decision.choices if c.move == move), move.notation)


def side_label(player: str, label: str) -> Text:
    """ "USSR: #34 Nuclear Test Ban: 4 ops", the side in its colour."""
    text = Text()
    text.append_text(side_text(player))
    text.append(f": {label}")
    return text


# -- a play-site log ------------------------------------------------------------------
class LogStudy(Study):
    """A play-site log: one step per round, then one for the board after the last."""

    kind: Literal["log", "save"] = "log"

    def __init__(self, name: str, text: str, record: GameRecord) -> None:
        from cold_war_tui.engine import parse_move

        self.name = name
        self.text = text
        self.record = record
        rounds = record.rounds
        steps = [
            Step(
                index,
                r.turn,
                round_title(r),
                first_player(r),
                tuple(parse_move(choice) for choice in r.played),
                r.kind == "action",
            )
            for index, r in enumerate(rounds)
        ]
        last = rounds[-1]
        steps.append(
            Step(len(rounds), last.turn, "After the last round of the log", None, (), False)
        )
        self.steps = tuple(steps)

    @property
    def description(self) -> str:
        return "a play-site log"

    def round_at(self, index: int) -> Round | None:
        rounds = self.record.rounds
        return rounds[index] if index < len(rounds) else None

    def position(self, index: int) -> Game:
        found = self.round_at(index)
        if found is None:
            return self.record.rounds[-1].replay()
        return found.position()

    def happened(self, index: int) -> list[Text]:
        found = self.round_at(index)
        if found is None:
            lines = [Text("The log ends here; the board is the last round played out.", DIM)]
            lines += [Text(note, DIM) for note in self.record.notes]
            return lines
        texts = [numbered(number, text) for number, text in found.lines]
        if found.problem:
            texts.append(Text(f"(the engine could not follow this round: {found.problem})", DIM))
        return texts

    def played_labels(self, index: int) -> list[Text]:
        """The round's top plays (the action, both headlines) in the engine's words,
        found by answering the position's decisions with the round's moves."""
        found = self.round_at(index)
        if found is None or found.kind == "setup":
            return []
        from cold_war_tui.bots.worlds import TOP_DECISIONS
        from cold_war_tui.engine import IllegalChoice

        game = found.position()
        labels = []
        for move in self.steps[index].played:
            pending = game.pending
            if pending is None:
                break
            if pending.kind in TOP_DECISIONS:
                labels.append(side_label(pending.player, label_of(pending, move)))
            try:
                game.choose(move)
            except IllegalChoice:  # the dice of a new position need not be the log's
                break
        return labels

    def revealed(self, index: int) -> list[tuple[str, tuple[int, ...]]]:
        found = self.round_at(index)
        if found is None:
            return []
        if found.kind == "headline":
            return [(f"{side} shows", found.hand(side)) for side in ("USSR", "US")]
        if found.kind == "action" and found.side is not None:
            return [(f"{found.side} certainly holds", found.known_hand)]
        return []

    def whole_log(self) -> list[Entry]:
        starts = [(r.line, r.turn) for r in self.record.rounds]
        entries = []
        turn = starts[0][1] if starts else 1
        for number, line in enumerate(self.text.splitlines(), 1):
            while starts and starts[0][0] <= number:
                turn = starts.pop(0)[1]
            entries.append(Entry("", f"{number:>4}  {line}", turn))
        return entries

    def log_index(self, index: int) -> int:
        found = self.round_at(index)
        return (found.line if found is not None else len(self.text.splitlines())) - 1


def first_player(found: Round) -> str | None:
    """Who decides first in the round's position (a headline: the first to pick)."""
    pending = found.position().pending
    return pending.player if pending is not None else None


def round_title(found: Round) -> str:
    if found.kind == "setup":
        return "Set-up"
    if found.kind == "headline":
        return f"Turn {found.turn}, headline phase"
    return f"Turn {found.turn}, {found.side} AR{found.action_round}"


def numbered(number: int, text: str) -> Text:
    """A line of the log with its number, dimmed."""
    line = Text()
    line.append(f"{number:>4} ", LINE_NUMBER_STYLE)
    line.append(text)
    return line


# -- a save -----------------------------------------------------------------------------
class Decided(NamedTuple):
    """A save's decision as its replay met it, before the choice was made."""

    turn: int
    title: str
    prompt: str
    player: str | None
    kind: str
    label: str
    log_start: int  # the log's length before the choice


class SaveStudy(Study):
    """One of our saves: one step per decision, then one for where it ends."""

    kind: Literal["log", "save"] = "save"

    def __init__(self, name: str, game: Game, names: dict[str, str] | None = None) -> None:
        from cold_war_tui.bots.worlds import TOP_DECISIONS
        from cold_war_tui.engine import parse_move

        self.name = name
        self.game = game
        self.names = names or {}
        choices = game.choices
        self.decided = decisions_of(game)
        steps = []
        for index, (choice, decided) in enumerate(zip(choices, self.decided, strict=False)):
            steps.append(
                Step(
                    index,
                    decided.turn,
                    decided.title,
                    decided.player,
                    (parse_move(choice),),
                    decided.kind in TOP_DECISIONS,
                    decided.prompt,
                )
            )
        end = self.decided[-1]
        steps.append(Step(len(choices), end.turn, end.title, end.player, (), False, end.prompt))
        self.steps = tuple(steps)

    @property
    def description(self) -> str:
        players = [f"{name} ({side})" for side, name in sorted(self.names.items()) if name]
        return "a save" + (f": {' against '.join(players)}" if players else "")

    def position(self, index: int) -> Game:
        return self.game.rewind(len(self.game.choices) - index)

    def happened(self, index: int) -> list[Text]:
        log = self.game.log
        if index + 1 >= len(self.decided):
            outcome = self.game.outcome
            if outcome is None:
                return [Text("The save ends here: the game goes on from this decision.", DIM)]
            winner = outcome.winner or "nobody (a draw)"
            return [Text(f"Game over: {winner} wins: {outcome.reason} ({outcome.rule}).")]
        start, end = self.decided[index].log_start, self.decided[index + 1].log_start
        return [entry_line(e.rule, e.text) for e in log[start:end]]

    def played_labels(self, index: int) -> list[Text]:
        decided = self.decided[index]
        if decided.player is None or index >= len(self.game.choices):
            return []
        return [side_label(decided.player, decided.label)]

    def whole_log(self) -> list[Entry]:
        return [Entry(e.rule, e.text, e.turn) for e in self.game.log]

    def log_index(self, index: int) -> int:
        return self.decided[min(index, len(self.decided) - 1)].log_start


def decisions_of(game: Game) -> list[Decided]:
    """Each decision of `game` as its replay meets it, and the end (one more entry)."""
    replay = game.rewind(len(game.choices))
    found = []
    for choice in game.choices:
        found.append(decided_now(replay, choice))
        replay.choose(choice)
    found.append(decided_now(replay, None))
    return found


def decided_now(game: Game, choice: str | None) -> Decided:
    from cold_war_tui.engine import parse_move

    state = game.state
    pending = game.pending
    if pending is None:
        return Decided(state.turn, "Game over", "", None, "", "", len(game.log))
    if state.phase == "action":
        where = f"Turn {state.turn}, {state.phasing} AR{state.action_round}"
    else:
        where = f"Turn {state.turn}, {PHASES.get(state.phase, state.phase).lower()}"
    label = label_of(pending, parse_move(choice)) if choice is not None else ""
    return Decided(
        state.turn, where, pending.prompt, pending.player, pending.kind, label, len(game.log)
    )


# -- opening a file --------------------------------------------------------------------
def open_study(path: Path) -> Study:
    """The log or save at `path`, told apart by its content; StudyError (one line)
    when it is neither, or cannot be read."""
    text = read_text(path)
    start = text.lstrip("\ufeff \t\r\n")
    if start[:1] == SAVE_START:
        return study_save(path.name, text)
    if start[: len(LOG_START)] == LOG_START:
        return study_log(path.name, text)
    raise StudyError(
        f"neither a play-site log (its first line begins with {LOG_START!r}) "
        "nor a saved game (a JSON object)"
    )


def read_text(path: Path) -> str:
    try:
        raw = read_bounded(path, MAX_SAVE_BYTES)
    except FileRefused as err:
        raise StudyError(str(err)) from None
    except FileNotFoundError:
        raise StudyError("no such file") from None
    except OSError as err:
        raise StudyError(f"cannot be read ({err.strerror or err})") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise StudyError("not a text file (UTF-8)") from None


def study_log(name: str, text: str) -> LogStudy:
    from cold_war_tui.records import LogError, read_log

    try:
        record = read_log(text)
    except LogError as err:
        raise StudyError(f"not a log that can be read: {err}") from None
    if not record.rounds:
        raise StudyError("the log has no rounds")
    return LogStudy(name, text, record)


def study_save(name: str, text: str) -> SaveStudy:
    from cold_war_tui.engine import Game, SaveError
    from cold_war_tui.tui.saves import DUEL_SAVE_FORMAT, SaveMeta

    try:
        doc = load_json(text)
    except BadJson as err:
        raise StudyError(f"not a saved game: {err}") from None
    if isinstance(doc, dict) and doc.get("format") == DUEL_SAVE_FORMAT:
        raise StudyError("a DEFCON duel's save: only the card game can be studied")
    try:
        game = Game.from_json(text)
    except SaveError as err:
        raise StudyError(f"not a save that replays: {err}") from None
    meta = SaveMeta.from_dict(doc.get("meta") if isinstance(doc, dict) else None)
    return SaveStudy(name, game, meta.names)
