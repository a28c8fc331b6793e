"""The searchable reference: our rules summary (rules_text.md) and every card's text."""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources

from cold_war_tui.datamodel import GameData
from cold_war_tui.wording import plural


@dataclass(frozen=True, slots=True)
class Topic:
    """One entry of the reference: a rules section or a card."""

    id: str  # "rules:3" or "card:23"
    title: str
    body: str


def reflow(text: str) -> str:
    """Join the lines of each paragraph (list items keep their own line)."""
    out: list[str] = []
    for line in text.strip().splitlines():
        stripped = line.strip()
        item = stripped.startswith("- ") or re.match(r"\d+\. ", stripped) is not None
        if not stripped:
            out.append("")
        elif out and out[-1] and not item:
            out[-1] += " " + stripped
        else:
            out.append(stripped)
    return "\n".join(out)


def rules_topics() -> list[Topic]:
    """The sections of rules_text.md, split at its `## ` headings."""
    text = resources.files("cold_war_tui.tui").joinpath("rules_text.md").read_text("utf-8")
    topics: list[Topic] = []
    title, body = "About", list[str]()
    for line in text.splitlines():
        if line.startswith("# "):
            continue
        if line.startswith("## "):
            if body and "".join(body).strip():
                topics.append(Topic(f"rules:{len(topics)}", title, reflow("\n".join(body))))
            title, body = line[3:].strip(), []
        else:
            body.append(line)
    if "".join(body).strip():
        topics.append(Topic(f"rules:{len(topics)}", title, reflow("\n".join(body))))
    return topics


def card_topics(data: GameData) -> list[Topic]:
    topics: list[Topic] = []
    for card in sorted(data.cards, key=lambda c: c.number):
        facts = [
            plural(card.ops, "op"),
            {"Neutral": "both sides"}.get(card.side, f"{card.side} event"),
            f"{card.period} War",
        ]
        if card.starred:
            facts.append("starred: removed once its event happened")
        if card.scoring:
            facts.append("scoring card")
        if card.persistent:
            facts.append("stays in play")
        if card.optional:
            facts.append("optional card")
        body = ", ".join(facts) + ".\n\n" + card.text
        topics.append(Topic(f"card:{card.number}", f"#{card.number} {card.name}", body))
    return topics


def search(topics: list[Topic], query: str) -> list[Topic]:
    """Topics whose title or text contains every word of `query` (titles first)."""
    words = query.lower().split()
    if not words:
        return topics
    hits = [t for t in topics if all(w in (t.title + " " + t.body).lower() for w in words)]
    return sorted(hits, key=lambda t: not all(w in t.title.lower() for w in words))
