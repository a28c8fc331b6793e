"""The one seam between the screens and the engine: a game in progress and its comforts.

`Session` owns the `Game`, forwards choices to it, autosaves after each one,
knows how far back a player may undo, and warns before a choice that loses.
It has no Textual in it, so it is tested directly. It decides nothing about
the rules: legality is the engine's (`Game.choose`), and the warnings come
from trying the choice on a copy of the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime

from cold_war_tui.engine import (
    SIDES,
    Answer,
    Decision,
    Game,
    IllegalChoice,
    LogEntry,
    Order,
    StateSnapshot,
    Target,
)
from cold_war_tui.tui.players import Players
from cold_war_tui.tui.saves import HintAsked, SaveMeta, SaveProblem, SaveStore, vp_text

REBUILT = 40  # a loaded game's last choices whose undo steps are rebuilt by replaying
WALK = 24  # at most this many of a player's own choices are tried ahead for a warning
# Moves that are not a country and cannot change a hand: stopping early, and the
# order of an opponent's event that happens anyway.
STOP = Answer("done")


class EngineFailure(Exception):
    """The engine raised something else than IllegalChoice; the game was rolled back."""


@dataclass(frozen=True, slots=True)
class Step:
    """One choice made in this session: who made it, and whether undo may go past it."""

    player: str
    barrier: bool  # a die roll, shuffle, draw, reveal or turn change came with it


def is_barrier(before: StateSnapshot, after: StateSnapshot) -> bool:
    """True when the choice revealed something new: dice, the deck, hidden cards, a new turn."""
    if (before.rng, before.dice_rolled, before.draw) != (after.rng, after.dice_rolled, after.draw):
        return True
    if before.turn != after.turn or after.phase == "over":
        return True
    if before.known != after.known:
        return True
    # headline picks are revealed (and cleared) together
    return any(before.headline[s] is not None and after.headline[s] is None for s in SIDES)


def rebuild_history(game: Game) -> list[Step]:
    """The undo steps of a game's choices (a loaded save), found by replaying them.

    Only the last REBUILT choices are looked at one by one (a state copy before and
    after each); undo never reaches further back, since a hand-over, a roll or a draw
    comes first. The earlier ones count as barriers.
    """
    choices = game.choices
    start = max(0, len(choices) - REBUILT)
    replay = game.rewind(len(choices))
    for choice in choices[:start]:
        replay.choose(choice)
    steps = [Step("", True)] * start
    before = replay.state
    for choice in choices[start:]:
        pending = replay.pending
        replay.choose(choice)
        after = replay.state
        steps.append(Step(pending.player if pending else "", is_barrier(before, after)))
        before = after
    return steps


def now() -> str:
    return datetime.now().isoformat(timespec="seconds")


def hand_neutral(decision: Decision) -> bool:
    """Every choice names a country (or only stops or orders): whichever the player
    takes, no card enters or leaves his hand."""
    return all(isinstance(move := c.move, Target | Order) or move == STOP for c in decision.choices)


class Session:
    """A game being played in the TUI, with autosave and undo bookkeeping."""

    def __init__(
        self,
        game: Game,
        store: SaveStore,
        meta: SaveMeta | None = None,
        *,
        autosave: bool = True,
    ) -> None:
        self.game = game
        self.store = store
        self.meta = meta or SaveMeta()
        if not self.meta.saved_at:
            self.meta = replace(self.meta, saved_at=now())
        # who plays each side (the save's `meta.players`; a level this version lacks
        # becomes a human, and `players_note` says so)
        self.players, problems = Players.from_dict(self.meta.players)
        self.players_note = "; ".join(problems)
        if problems:
            self.meta = replace(self.meta, players=self.players.to_dict())
        self.autosave_enabled = autosave
        # a loaded save holds every choice: replaying them tells what undo may take back
        self.history: list[Step] = rebuild_history(game) if game.choices else []
        self.autosave_error: str | None = None
        self.notice = ""  # said once when the game screen opens (where the autosave goes)
        self.on_change: Callable[[], None] | None = None

    # -- names -----------------------------------------------------------------
    def side_label(self, side: str) -> str:
        """ "the USSR player (Boris)", "the USSR player", or "the computer (USSR)"."""
        if self.players.is_computer(side):
            return f"the computer ({side})"
        name = self.meta.names.get(side, "")
        return f"the {side} player ({name})" if name else f"the {side} player"

    def computer_last_move(self) -> str | None:
        """The last choice when the computer made it (a human has not answered it yet)."""
        if not self.history or not self.players.is_computer(self.history[-1].player):
            return None
        return self.game.choices[-1]

    def hand_before_turn_end(self, player: str) -> list[int]:
        """`player`'s hand just before the choice that ended the last turn: his own
        knowledge, which tells him the cards he keeps (those still in his hand). Empty when
        none of the last REBUILT choices was made in the last turn."""
        game = self.game
        turn = game.state.turn
        for back in range(1, min(len(game.choices), REBUILT) + 1):
            earlier = game.rewind(back)
            if earlier.state.turn < turn:
                return earlier.view(player).hand
        return []

    # -- playing ---------------------------------------------------------------
    def choose(self, choice_id: str) -> None:
        """Apply a choice (IllegalChoice if the engine refuses it), then autosave."""
        pending = self.game.pending
        if pending is None:
            raise IllegalChoice("the game is over")
        before = self.game.state
        try:
            self.game.choose(choice_id)
        except IllegalChoice:
            raise
        except Exception as err:  # a bug in the rules (events are still being written)
            self.game = self.game.rewind(1)  # the game as it was before this choice
            raise EngineFailure(
                f"the rules engine failed on '{choice_id}' ({type(err).__name__}: {err}); "
                "the choice was not made"
            ) from err
        self.history.append(Step(pending.player, is_barrier(before, self.game.state)))
        self.changed()

    def changed(self) -> None:
        """The game changed: a save now carries the time of this last choice."""
        self.meta = replace(self.meta, saved_at=now())
        self.autosave()

    def autosave(self) -> None:
        if not self.autosave_enabled:
            return
        try:
            self.store.autosave(self.game, self.meta)
            self.autosave_error = None
        except SaveProblem as err:  # names the file
            self.autosave_error = f"autosave failed: {err}"

    # -- undo ------------------------------------------------------------------
    def undo_block(self) -> str | None:
        """Why the last choice cannot be undone now, or None when it can."""
        pending = self.game.pending
        if pending is None:
            return "the game is over"
        if not self.history:
            return "there is nothing to undo"
        last = self.history[-1]
        if last.player != pending.player:
            return "the last choice was not yours (undo stops at a hand-over)"
        if last.barrier:
            return "a die roll, draw or reveal happened since your last choice"
        return None

    def undo(self) -> None:
        """Take back the current player's last choice (replays the game without it)."""
        reason = self.undo_block()
        if reason is not None:
            raise IllegalChoice(f"cannot undo: {reason}")
        self.game = self.game.rewind(1)
        self.history.pop()
        self.changed()

    # -- warnings --------------------------------------------------------------
    def losing_warning(self, choice_id: str) -> str | None:
        """A sentence when `choice_id` makes the player lose for certain, else None.

        The choice is tried on a copy. Only losses that do not depend on a die
        are announced (nuclear war, a scoring card held at turn end), so the
        warning never tells the result of a roll in advance. A scoring card still
        held is announced as soon as it is certain: at the card played in the last
        action round, not at its last influence point (`_holds_scoring_for_sure`).
        """
        game = self.game
        pending = game.pending
        if pending is None or not pending.accepts(choice_id):
            return None
        player = pending.player
        state = game.state
        cards = {c.number: c for c in game.data.cards}
        holds_scoring = any(cards[c].scoring for c in state.hands[player] if c in cards)
        if state.defcon > 3 and not holds_scoring:
            return None  # cheap exit: nothing of the kind can happen now
        copy = game.fork()
        copy.choose(choice_id)
        outcome = copy.outcome
        after = copy.state
        if outcome is not None:
            lost = outcome.winner is not None and outcome.winner != player
            random = (after.rng, after.dice_rolled) != (state.rng, state.dice_rolled)
            if lost and (outcome.rule in ("8.1.3", "10.1.5") or not random):
                return f"This choice ends the game: {outcome.reason} ({outcome.rule})."
            return None
        if holds_scoring and self._holds_scoring_for_sure(copy, player, after.hands[player]):
            return (
                "You will still hold a scoring card when the turn ends: "
                "holding one at the end of a turn loses the game (10.1.5)."
            )
        return None

    def _holds_scoring_for_sure(self, copy: Game, player: str, hand: list[int]) -> bool:
        """After the choice, whatever the player does next, his last round ends with a
        scoring card in his hand.

        The copy plays on through the player's own decisions as long as each of them is
        hand-neutral (countries, stop, the order of the opponent's event), taking
        influence first (no die). If his round is then over and his hand lost nothing
        on the way, no other answer to those decisions could have changed it either.
        """
        for _ in range(WALK):
            pending = copy.pending
            if pending is None or pending.player != player or not hand_neutral(pending):
                break
            moves = [c.move for c in pending.choices]
            influence = (m for m in moves if isinstance(m, Target) and m.verb == "infl")
            copy.choose(next(influence, moves[0]))
        if not set(hand) <= set(copy.state.hands[player]):
            return False
        outcome = copy.outcome
        if outcome is not None:  # his round was the turn's last: the turn-end check ran
            return outcome.rule == "10.1.5" and outcome.winner not in (player, None)
        return self._last_round_over(copy, player)

    @staticmethod
    def _last_round_over(copy: Game, player: str) -> bool:
        """The player has played his last action round of the turn and holds a scoring card."""
        s = copy.state
        cards = {c.number: c for c in copy.data.cards}
        if s.phase != "action" or not any(cards[c].scoring for c in s.hands[player]):
            return False
        pending = copy.pending
        if pending is not None and pending.player == player:
            return False
        return copy.rounds_left(player) == 0 and not copy.may_discard_at_turn_end(player)

    # -- hints ------------------------------------------------------------------
    @property
    def hints(self) -> bool:
        """Whether this game offers hints (New game's switch, kept in the save)."""
        return self.meta.hints

    def record_hint(self, side: str, level: str) -> None:
        """A hint was given to `side`: the log says so from here on, the save keeps it."""
        game = self.game
        asked = HintAsked(side, level, game.state.turn, len(game.log))
        self.meta = replace(self.meta, hints_asked=(*self.meta.hints_asked, asked))
        self.autosave()

    def log_entries(self) -> list[LogEntry]:
        """The game's log with a line for each hint asked, where it was asked (a hint
        asked before an undo stays, at the log's end)."""
        entries = self.game.log
        for hint in sorted(self.meta.hints_asked, key=lambda h: h.at, reverse=True):
            note = f"{hint.side} asked the computer ({hint.level}) for a hint"
            at = min(hint.at, len(entries))
            turn = entries[at - 1].turn if at else hint.turn
            entries.insert(at, LogEntry("", note, turn))
        return entries

    # -- the log ---------------------------------------------------------------
    def player_name(self, side: str) -> str:
        """The exported log's name of a side: "Ann", "computer (strong)" or "human"."""
        level = self.players.level(side)
        if level is not None:
            return f"computer ({level})"
        return self.meta.names.get(side) or "human"

    def log_text(self) -> str:
        """The whole public log as text, for export (with the hints asked)."""
        game = self.game
        names = ", ".join(f"{side}: {self.player_name(side)}" for side in SIDES)
        summary = getattr(game.options, "summary", None)
        lines = [
            "Cold War TUI: game log",
            f"seed {game.options.seed}; options: {summary() if callable(summary) else '-'}",
            f"players: {names}",
            "",
        ]
        turn = None
        for entry in self.log_entries():
            if entry.turn != turn:
                turn = entry.turn
                lines.append(f"-- turn {turn} --")
            lines.append(str(entry))
        outcome = game.outcome
        state = game.state
        if outcome is not None:
            winner = outcome.winner or "nobody (a draw)"
            lines += ["", f"winner: {winner}; {outcome.reason} ({outcome.rule})"]
        lines.append(f"VP: {vp_text(state.vp)}")
        return "\n".join(lines) + "\n"
