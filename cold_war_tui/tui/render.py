"""Pure text of the game screen's panels: tracks, effects, hands, region status, decisions.

Functions of the public state, of one player's `PlayerView` and of the pending
`Decision`; they return Rich `Text` (never markup strings: "[USSR]" would be
swallowed). Nothing here decides a rule: playability comes from the decision's
choices and greyed-out options, scoring from the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from rich.text import Text

from cold_war_tui.datamodel import Card, GameData
from cold_war_tui.engine import (
    CHINA_CARD,
    CoupOdds,
    Decision,
    Outcome,
    PlayerView,
    RealignOdds,
    SideScore,
    SpaceOdds,
    StateSnapshot,
    derived,
    other,
)
from cold_war_tui.tui.effect_names import describe, place_names
from cold_war_tui.tui.history import TurnSummary
from cold_war_tui.tui.map_render import US_STYLE, USSR_STYLE
from cold_war_tui.tui.saves import vp_text
from cold_war_tui.tui.tracks import BAD, DIM, GOOD, SIDE_STYLE, side_text
from cold_war_tui.wording import plural

SHORT_REGION = {
    "Central America": "C. America",
    "South America": "S. America",
    "Middle East": "Mid East",
}
LEVELS = {"none": "-", "presence": "pres", "domination": "dom", "control": "ctrl"}


def card_name(data: GameData, number: int) -> str:
    card = card_by_number(data).get(number)
    return f"#{number} {card.name}" if card else f"#{number}"


def card_by_number(data: GameData) -> dict[int, Card]:
    """The cards of `data` by number (built once per data)."""
    return derived(data, _cards_by_number)


def _cards_by_number(data: GameData) -> dict[int, Card]:
    return {c.number: c for c in data.cards}


def effect_entries(view: PlayerView | StateSnapshot, data: GameData) -> list[tuple[str, Text]]:
    """("game" or "turn", "#21 NATO: no USSR coups…") for each effect in play, then the
    cards lying in play that no effect names (with their own name only). A card's
    effects of one scope share its entry ("#27 ...: no USSR coups in Japan, no USSR
    realignment in Japan")."""
    cards = card_by_number(data)
    names = derived(data, place_names)
    entries: list[tuple[str, Text]] = []
    by_card: dict[tuple[str, int], Text] = {}
    named: set[int] = set()
    for scope, effects in (("game", view.effects), ("turn", view.turn_effects)):
        for key, value in sorted(effects.items()):
            described = describe(key, value, names) if value else None
            if described is None:
                continue
            card = described.card if described.card in cards else None
            if card is not None and (scope, card) in by_card:
                by_card[scope, card].append(f", {described.words}")
                continue
            text = Text()
            if card is not None:
                named.add(card)
                by_card[scope, card] = text
                text.append(card_name(data, card), "bold")
                text.append(": ")
            text.append(described.words)
            entries.append((scope, text))
    for number in view.in_play:
        if number not in named:
            entries.append(("game", Text(card_name(data, number), "bold")))
    return entries


def effects_line(view: PlayerView | StateSnapshot, data: GameData) -> Text:
    """Effects running (for the game, for this turn), each as its card and a few words."""
    text = Text("In play: ", "bold")
    entries = effect_entries(view, data)
    lasting = [t for scope, t in entries if scope == "game"]
    turn = [t for scope, t in entries if scope == "turn"]
    text.append_text(Text("; ").join(lasting) if lasting else Text("-"))
    if turn:
        text.append("  This turn: ", "bold")
        text.append_text(Text("; ").join(turn))
    return text


def opponent_line(view: PlayerView, data: GameData) -> Text:
    """The opponent's hand size and the cards of it this player has seen."""
    opponent = other(view.player)
    text = Text()
    text.append_text(side_text(opponent))
    text.append(f" hand: {plural(view.opponent_hand_size, 'card')}", "bold")
    if view.opponent_known_cards:
        text.append("; known to you: ")
        text.append(", ".join(card_name(data, c) for c in view.opponent_known_cards))
    text.append(
        f"   draw pile {view.draw_pile_size}, discards {len(view.discard)},"
        f" removed {len(view.removed)} (F4)",
        DIM,
    )
    return text


# -- the current player's hand ------------------------------------------------
def event_status(
    card: int, cards: Mapping[int, Card], player: str, pending: Decision | None
) -> tuple[str, str, str]:
    """(short mark, style, reason) for whether the card's event can be played now.

    Read from the pending decision: a `play N event` choice means yes, a greyed
    one gives the reason, and the decision's `no_event` context names the cards
    whose event cannot happen (a headline, an opponent's card); outside a card
    decision the mark is blank.
    """
    if card == CHINA_CARD:
        return "no ev", DIM, "the China Card has no event"
    data = cards.get(card)
    opponent = other(player)
    if pending is None or pending.player != player or pending.kind not in ("action", "headline"):
        return "", "", ""
    blocked = pending.context.get("no_event") or {}
    if card in blocked:
        if data is not None and data.side == opponent:
            return "no ev", BAD, f"the {opponent}'s event cannot happen: {blocked[card]}"
        return "no ev", BAD, blocked[card]
    if pending.kind == "headline":
        return "headln", GOOD, "may be headlined"
    wanted = f"play {card} event"
    if any(c.id == wanted for c in pending.choices):
        return "ev ok", GOOD, "the event can be played now"
    for option in pending.unavailable:
        if option.id == wanted:
            return "no ev", BAD, option.reason
    if data is not None and data.side == opponent:
        return (
            "opp ev",
            "#d7afff",
            f"the {opponent}'s event: played for ops it happens for them (5.2)",
        )
    return "", "", ""


def hand_lines(
    view: PlayerView,
    data: GameData,
    pending: Decision | None,
    ops_of: Callable[[int], int],
    *,
    width: int = 38,
    highlight: int | None = None,
) -> list[Text]:
    """One line per card: name, ops after modifiers, side, star, event now."""
    cards = card_by_number(data)
    numbers = list(view.hand)
    if view.china_holder == view.player and CHINA_CARD not in numbers:
        numbers.append(CHINA_CARD)
    name_width = max(10, width - 17)
    lines = []
    for number in numbers:
        card = cards.get(number)
        name = f"#{number} {card.name if card else '?'}"
        if number == CHINA_CARD and not view.china_face_up:
            name += " (face down)"
        if len(name) > name_width:
            name = name[: name_width - 1] + "…"
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append(f"{name:<{name_width}} ", "bold" if number == highlight else "")
        ops = ops_of(number)
        printed = 4 if number == CHINA_CARD else (card.ops if card else ops)
        line.append(f"{ops}", "bold #ffd75f" if ops != printed else "bold")
        side = "China" if number == CHINA_CARD else (card.side if card else "?")
        short = {"Neutral": "both", "China": "-"}.get(side, side)
        line.append(f" {short:<4}", SIDE_STYLE.get(side, ""))
        line.append(" ★" if card and card.starred and number != CHINA_CARD else "  ", "#ffd75f")
        mark, style, _ = event_status(number, cards, view.player, pending)
        line.append(f" {mark:<6}", style)
        if number == highlight:
            line.stylize("on #3a3a5f")
        lines.append(line)
    if not lines:
        lines.append(Text("(no cards in hand)", DIM))
    if view.own_headline is not None:
        lines.append(Text(f"Headline (secret): {card_name(data, view.own_headline)}", "italic"))
    return lines


def card_detail(
    number: int,
    data: GameData,
    player: str | None,
    pending: Decision | None,
    ops: int | None = None,
    *,
    brief: bool = False,
) -> Text:
    """A card's facts and text, and why its event can or cannot be played now.

    `brief`: under the hand, whose line already gives the ops, the side and the star:
    the name and the text only, so that the whole text fits a narrow panel."""
    cards = card_by_number(data)
    card = cards.get(number)
    text = Text()
    if card is None:
        return Text(f"#{number}: unknown card", BAD)
    text.append(f"#{number} {card.name}", "bold")
    if brief:
        text.append(" ★" if card.starred else "", "#ffd75f")
    else:
        text.append("  ")
        text.append(
            plural(card.ops, "op")
            if ops is None or ops == card.ops
            else f"{plural(ops, 'op')} (printed {card.ops})"
        )
        text.append(", ")
        text.append_text(side_text(card.side) if card.side != "Neutral" else Text("both sides"))
        text.append(f", {card.period} War")
        if card.starred:
            text.append(", ★ removed after its event")
    if card.scoring:
        text.append(", scoring card" if not brief else " (scoring card)")
    if player is not None:
        _, style, reason = event_status(number, cards, player, pending)
        if reason and not (brief and style == GOOD):  # the hand's "ev ok" says it all
            text.append("\nEvent now: ", "bold")
            text.append(reason, style)
    text.append("\n")
    text.append(card.text)
    return text


# -- regions --------------------------------------------------------------------
REGION_COLUMNS = "US, USSR, net"


def region_table(data: GameData, scores: Mapping[str, Mapping[str, SideScore]]) -> list[Text]:
    """One line per region (REGION_COLUMNS): each side's level and VP if it were scored
    now, and the net (or who wins at once: control of Europe). 36 characters wide."""
    lines = []
    for region in data.regions:
        score = scores.get(region.key)
        if score is None:
            continue
        us, ussr = score["US"], score["USSR"]
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(f"{SHORT_REGION.get(region.name, region.name):<10} ", "bold")
        text.append(f"{LEVELS.get(us.level, us.level):<4}{us.vp:>3}", US_STYLE)
        text.append("  ")
        text.append(f"{LEVELS.get(ussr.level, ussr.level):<4}{ussr.vp:>3}", USSR_STYLE)
        text.append("  ")
        winner = next((s for s in ("US", "USSR") if score[s].level == "control"), None)
        if region.control_wins and winner is not None:
            text.append(f"{winner} wins", "bold #ff5f5f")
        else:
            net = us.vp - ussr.vp
            text.append(vp_text(net), SIDE_STYLE["US" if net > 0 else "USSR"] if net else DIM)
        lines.append(text)
    return lines


# -- decisions ----------------------------------------------------------------------
def decision_header(decision: Decision, data: GameData, who: str) -> Text:
    """The prompt, who decides, and the decision's context (ops left, a revealed headline)."""
    text = Text()
    if who:
        text.append(f"{who}: ", SIDE_STYLE.get(decision.player, ""))
    text.append(decision.prompt, "bold")
    facts = [_context(key, value, data) for key, value in decision.context.items()]
    facts = [f for f in facts if f]
    if facts:
        text.append("\n")
        text.append("; ".join(facts), "#afd7ff")
    return text


def _context(key: str, value: Any, data: GameData) -> str:
    # the prompt names the card a decision is about; targets are the choices themselves
    if key in ("targets", "no_event", "card") or value is None or value in ([], {}, ()):
        return ""
    if key == "bonuses":  # the area bonuses of an operation's ops (the China Card's Asia)
        names = derived(data, place_names)
        return "; ".join(
            f"+{plural(bonus.amount, 'op')} if all go to {names.get(bonus.area, bonus.area)}"
            for bonus in value
        )
    label = key.replace("_", " ")
    if "headline" in key and isinstance(value, int):
        return f"{label}: {card_name(data, value)}"
    if isinstance(value, list | tuple):
        return f"{label}: {', '.join(str(v) for v in value)}"
    return f"{label}: {value}"


SHORTER = ((": play the event", ": event"), (": space race attempt", ": space race"))


def choice_label(label: str) -> str:
    """A menu label, a little shorter for the narrow panel ("#7 X: play the event" -> ": event")."""
    for long, short in SHORTER:
        label = label.replace(long, short)
    return label


def choice_text(label: str, note: str = "") -> Text:
    """A menu entry: the label, and a note after it (the odds of its roll)."""
    text = Text(choice_label(label))
    if note:
        text.append(f" · {note}", "#afd7ff")
    return text


def unavailable_text(label: str, reason: str) -> Text:
    text = Text(choice_label(label), DIM)
    text.append(f"  ({reason})", "italic " + DIM)
    return text


# -- the odds of a roll (the engine's: Game.coup_odds, realign_odds, space_odds) ----------
Odds = CoupOdds | RealignOdds | SpaceOdds


def percent(chance: Fraction) -> str:
    return f"{round(100 * chance)}%"


def short_odds(odds: Odds) -> str:
    """A few words for a menu entry: "2+ 83%", "gain 42%", "1-4 67%"."""
    if isinstance(odds, CoupOdds):
        return "cannot succeed" if odds.needed > 6 else f"{odds.needed}+ {percent(odds.chance)}"
    if isinstance(odds, RealignOdds):
        return f"gain {percent(odds.gain)}"
    return f"1-{odds.roll_max} {percent(odds.chance)}"


def odds_text(odds: Odds, data: GameData) -> Text:
    """What the roll needs and its chance, as a sentence for the status line."""
    names = derived(data, place_names)
    text = Text()
    if isinstance(odds, CoupOdds):
        name = names.get(odds.country, odds.country)
        extra = f" {odds.modifier:+d} effects" if odds.modifier else ""
        sum_words = f"die + {plural(odds.ops, 'op')}{extra} > {odds.target} (2 x stability)"
        if odds.needed > 6:
            text.append(f"Coup in {name} cannot succeed", BAD)
            text.append(f": {sum_words}, and a 6 does not make it.")
            return text
        text.append(f"Coup in {name}: needs {odds.needed}+ ({percent(odds.chance)})", "bold")
        removed = min(odds.best, odds.opponent_influence)
        text.append(f": {sum_words}; a 6 removes {removed} {other(odds.side)}")
        if odds.best > removed:
            text.append(f", adds {odds.best - removed} {odds.side}")
        text.append(".")
        return text
    if isinstance(odds, RealignOdds):
        name = names.get(odds.country, odds.country)
        text.append(f"Realign {name}: ", "bold")
        for side, mods in ((odds.side, odds.roller), (other(odds.side), odds.defender)):
            text.append_text(side_text(side))
            text.append(f" {mods.total:+d}")
            text.append(f" ({mods.words()})" if mods.words() else "", DIM)
            text.append(" vs " if side == odds.side else "; ")
        text.append(f"gain {percent(odds.gain)}", "bold")
        text.append(f", tie {percent(odds.tie)}, lose {percent(odds.loss)}")
        text.append(" (your own influence there)." if odds.loss_costs else " (costs nothing).")
        return text
    text.append(f"Space race: box {odds.box} {odds.name} ", "bold")
    text.append(f"needs a roll of 1-{odds.roll_max} ({percent(odds.chance)}).")
    return text


# -- the end of a turn -------------------------------------------------------------------
def summary_lines(
    summary: TurnSummary,
    data: GameData,
    viewer: str | None,
    kept: Sequence[int] = (),
    known: Sequence[int] = (),
) -> list[Text]:
    """A finished turn in a few lines: VP, military operations, scoring, DEFCON, and the
    cards each side keeps as `viewer` may know them (his own `kept` cards, the opponent's
    number and the ones `known` to him)."""
    lines = []
    swing = summary.vp_after - summary.vp_before
    vp = Text("VP: ", "bold")
    vp.append(f"{vp_text(summary.vp_before)} → {vp_text(summary.vp_after)}")
    if swing:
        vp.append(f" ({abs(swing)} to the {'US' if swing > 0 else 'USSR'} this turn)", DIM)
    lines.append(vp)
    milops = Text("Military operations (8.2.1): ", "bold")
    milops.append(
        ", ".join(f"{side} {done} of {needed}" for side, (done, needed) in summary.milops.items())
        or "not checked"
    )
    results = summary.milops_result or ["no VP for either side"]
    milops.append(f": {'; '.join(results)}")
    lines.append(milops)
    scoring = Text("Scoring: ", "bold")
    scoring.append("; ".join(summary.scoring) if summary.scoring else "no region scored")
    lines.append(scoring)
    defcon = Text("DEFCON: ", "bold")
    checked = {needed for _, needed in summary.milops.values()}
    if summary.defcon is None:
        level = f"{checked.pop()} " if len(checked) == 1 else ""
        defcon.append(f"{level}all turn, no change")
    else:
        defcon.append(f"{summary.defcon[0]} → {summary.defcon[1]} during the turn")
    lines.append(defcon)
    for side, count in summary.kept.items():
        line = Text()
        line.append_text(side_text(side))
        line.append(f" keeps {plural(count, 'card')}")
        if side == viewer and count:
            line.append(": " + ", ".join(card_name(data, c) for c in kept) if kept else "")
        elif viewer is not None and side != viewer and known:
            line.append(f" (known to you: {', '.join(card_name(data, c) for c in known)})")
        lines.append(line)
    return lines


# -- the end --------------------------------------------------------------------------
def outcome_text(outcome: Outcome, state: StateSnapshot, names: Mapping[str, str]) -> Text:
    text = Text()
    if outcome.winner is None:
        text.append("A draw", "bold")
    else:
        name = names.get(outcome.winner) or ""
        text.append("The ", "bold")
        text.append_text(side_text(outcome.winner))
        text.append(f"{' (' + name + ')' if name else ''} wins", "bold")
    text.append(f": {outcome.reason} (rule {outcome.rule}).\n")
    text.append(f"Final VP: {vp_text(state.vp)}   turn {state.turn}, DEFCON {state.defcon}")
    return text
