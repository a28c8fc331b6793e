"""Pure rule helpers: interception by maximum matching, and the state of objects at a turn."""

from __future__ import annotations

from collections.abc import Sequence

from cold_war_tui.duel.board import Cell, Cover, covers
from cold_war_tui.duel.settings import DuelSettings
from cold_war_tui.duel.state import Abm, Side, Silo


def is_disabled(disabled_on: int | None, turn: int, settings: DuelSettings) -> bool:
    """Whether a sabotage at `disabled_on` still holds at `turn`.

    One round means: the victim's next move (silos cannot launch) and the saboteur's next
    move (ABM sites stop nothing); after that they work again.
    """
    if disabled_on is None:
        return False
    if settings.sabotage_lasts == "rest_of_game":
        return True
    return turn <= disabled_on + 2


def usable_silos(side: Side, turn: int, settings: DuelSettings) -> list[Silo]:
    """Silos that may launch this turn: intact, not disabled, with a missile left."""
    return [
        s
        for s in side.silos
        if s.destroyed_on is None
        and s.missiles > 0
        and not is_disabled(s.disabled_on, turn, settings)
    ]


def has_missiles(side: Side, settings: DuelSettings) -> bool:
    """Whether the side can ever launch again (a one-round sabotage only delays it)."""
    permanent = settings.sabotage_lasts == "rest_of_game"
    return any(
        s.destroyed_on is None and s.missiles > 0 and not (permanent and s.disabled_on is not None)
        for s in side.silos
    )


def working_abms(side: Side, turn: int, settings: DuelSettings) -> list[Abm]:
    """ABM sites that can stop a missile in this turn, in board order."""
    sites = [
        a
        for a in side.abms
        if a.destroyed_on is None and not is_disabled(a.disabled_on, turn, settings)
    ]
    if settings.abm_stops == "per_game":
        sites = [a for a in sites if a.stopped == 0]
    return sorted(sites, key=lambda a: a.cell)


def intercept(targets: Sequence[Cell], abms: Sequence[Cell], cover: Cover) -> list[int | None]:
    """Assign ABM sites to missiles so that the most missiles are stopped.

    Each site stops at most one missile. Missiles are tried in launch order and augmenting
    paths never unmatch a missile, so among the maximum matchings the earliest-declared
    missiles are the ones stopped: deterministic, and independent of what the missiles would
    hit (so the answer leaks nothing about the defender's board beyond the ABM cover).
    Returns, per missile, the index of the site that stops it, or None.
    """
    reach = [[i for i, a in enumerate(abms) if covers(a, t, cover)] for t in targets]
    owner: list[int | None] = [None] * len(abms)

    def augment(missile: int, seen: set[int]) -> bool:
        for site in reach[missile]:
            if site in seen:
                continue
            seen.add(site)
            holder = owner[site]
            if holder is None or augment(holder, seen):
                owner[site] = missile
                return True
        return False

    for missile in range(len(targets)):
        augment(missile, set())
    result: list[int | None] = [None] * len(targets)
    for site, holder in enumerate(owner):
        if holder is not None:
            result[holder] = site
    return result
