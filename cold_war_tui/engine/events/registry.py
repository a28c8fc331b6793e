"""The rules' registries, built explicitly: every card's event and every hook, in one table.

Nothing registers itself when a module is imported: a new card's event is a function in
the module of its period (or theme) and one line of `EVENT_TABLE`; a hook is one entry of
`HOOKS`, at the place in its list where it should run (the order is the play order of
the hooks at one point). `RULEBOOK` bundles them; `Game` hands it to every `Core`
(`core.rules`). Tests check the table against data/cards.yaml: every card has exactly
one event function or is in `WITHOUT_EVENT`, and each lives in the module of its period
(`MODULE_OF`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from cold_war_tui.engine import effect_keys
from cold_war_tui.engine.core import CHINA_CARD
from cold_war_tui.engine.events import (
    CIVIL_WAR_BANS,
    early_war,
    late_war,
    mid_war,
    mid_war_lasting,
    scoring_cards,
)
from cold_war_tui.engine.hooks import Hooks, MenuAction
from cold_war_tui.engine.rulebook import EventSpec, Rulebook

EVENT_TABLE: tuple[EventSpec, ...] = (
    EventSpec(1, scoring_cards.region_scorer(1)),
    EventSpec(2, scoring_cards.region_scorer(2)),
    EventSpec(3, scoring_cards.region_scorer(3)),
    EventSpec(4, early_war.duck_and_cover),
    EventSpec(5, early_war.five_year_plan),
    EventSpec(7, early_war.socialist_governments),
    EventSpec(8, early_war.fidel),
    EventSpec(9, early_war.vietnam_revolts),
    EventSpec(10, early_war.blockade),
    EventSpec(11, early_war.korean_war),
    EventSpec(12, early_war.romanian_abdication),
    EventSpec(13, early_war.arab_israeli_war),
    EventSpec(14, early_war.comecon),
    EventSpec(15, early_war.nasser),
    EventSpec(16, early_war.warsaw_pact_formed),
    EventSpec(17, early_war.de_gaulle_leads_france),
    EventSpec(18, early_war.captured_nazi_scientist),
    EventSpec(19, early_war.truman_doctrine),
    EventSpec(20, early_war.olympic_games),
    EventSpec(21, early_war.nato),
    EventSpec(22, early_war.independent_reds),
    EventSpec(23, early_war.marshall_plan),
    EventSpec(24, early_war.indo_pakistani_war),
    EventSpec(25, early_war.containment),
    EventSpec(26, early_war.cia_created),
    EventSpec(27, early_war.us_japan_pact),
    EventSpec(28, early_war.suez_crisis),
    EventSpec(29, early_war.east_european_unrest),
    EventSpec(30, early_war.decolonization),
    EventSpec(31, early_war.red_scare_purge),
    EventSpec(32, early_war.un_intervention, early_war.un_condition),
    EventSpec(33, early_war.de_stalinization),
    EventSpec(34, early_war.nuclear_test_ban),
    EventSpec(35, early_war.formosan_resolution),
    EventSpec(36, mid_war.brush_war),
    EventSpec(37, scoring_cards.region_scorer(37)),
    EventSpec(38, scoring_cards.southeast_asia_scoring),
    EventSpec(39, mid_war.arms_race),
    EventSpec(40, mid_war_lasting.cuban_missile_crisis),
    EventSpec(41, mid_war.nuclear_subs),
    EventSpec(42, mid_war_lasting.quagmire),
    EventSpec(43, mid_war.salt_negotiations),
    EventSpec(44, mid_war_lasting.bear_trap),
    EventSpec(45, mid_war.summit),
    EventSpec(46, mid_war.how_i_learned),
    EventSpec(47, mid_war.junta),
    EventSpec(48, mid_war.kitchen_debates),
    EventSpec(49, mid_war_lasting.missile_envy, mid_war_lasting.envy_condition),
    EventSpec(50, mid_war_lasting.we_will_bury_you),
    EventSpec(51, mid_war.brezhnev_doctrine),
    EventSpec(52, mid_war.portuguese_empire_crumbles),
    EventSpec(53, mid_war.south_african_unrest),
    EventSpec(54, mid_war.allende),
    EventSpec(55, mid_war.willy_brandt, effects=(effect_keys.nato_exempt("west-germany"),)),
    EventSpec(56, mid_war.muslim_revolution),
    EventSpec(57, mid_war.abm_treaty),
    EventSpec(58, mid_war.cultural_revolution),
    EventSpec(59, mid_war_lasting.flower_power, effects=(effect_keys.FLOWER_POWER,)),
    EventSpec(60, mid_war.u2_incident),
    EventSpec(61, mid_war.opec),
    EventSpec(62, mid_war.lone_gunman),
    EventSpec(63, mid_war.colonial_rear_guards),
    EventSpec(64, mid_war.panama_canal_returned),
    EventSpec(65, mid_war.camp_david_accords),
    EventSpec(66, mid_war.puppet_governments),
    EventSpec(67, mid_war.grain_sales_to_soviets),
    EventSpec(68, mid_war.john_paul_ii_elected_pope),
    EventSpec(69, mid_war.latin_american_death_squads),
    EventSpec(70, mid_war.oas_founded),
    EventSpec(71, mid_war.nixon_plays_the_china_card),
    EventSpec(72, mid_war.sadat_expels_soviets),
    EventSpec(73, mid_war.shuttle_diplomacy),
    EventSpec(74, mid_war.the_voice_of_america),
    EventSpec(75, mid_war.liberation_theology),
    EventSpec(76, mid_war.ussuri_river_skirmish),
    EventSpec(77, mid_war.ask_not),
    EventSpec(78, mid_war.alliance_for_progress),
    EventSpec(79, scoring_cards.region_scorer(79)),
    EventSpec(80, mid_war.one_small_step),
    EventSpec(81, scoring_cards.region_scorer(81)),
    EventSpec(82, late_war.iranian_hostage_crisis),
    EventSpec(83, late_war.the_iron_lady),
    EventSpec(84, late_war.reagan_bombs_libya),
    EventSpec(85, late_war.star_wars),
    EventSpec(86, late_war.north_sea_oil),
    EventSpec(87, late_war.the_reformer),
    EventSpec(88, late_war.marine_barracks_bombing),
    EventSpec(89, late_war.soviets_shoot_down_kal_007),
    EventSpec(90, late_war.glasnost),
    EventSpec(91, late_war.ortega_elected_in_nicaragua),
    EventSpec(92, late_war.terrorism),
    EventSpec(93, late_war.iran_contra_scandal),
    EventSpec(94, late_war.chernobyl),
    EventSpec(95, late_war.latin_american_debt_crisis),
    EventSpec(96, late_war.tear_down_this_wall),
    EventSpec(97, late_war.an_evil_empire),
    EventSpec(98, late_war.aldrich_ames_remix),
    EventSpec(99, late_war.pershing_ii_deployed),
    EventSpec(100, late_war.wargames, late_war.wargames_condition),
    EventSpec(101, late_war.solidarity),
    EventSpec(102, late_war.iran_iraq_war),
    EventSpec(103, early_war.defectors),
    EventSpec(104, early_war.the_cambridge_five, early_war.cambridge_condition),
    EventSpec(105, early_war.special_relationship),
    EventSpec(106, early_war.norad, effects=(effect_keys.NORAD,)),
    EventSpec(107, mid_war.che),
    EventSpec(108, mid_war.our_man_in_tehran),
    EventSpec(109, late_war.yuri_and_samantha),
    EventSpec(110, late_war.awacs_sale_to_saudis),
)

# Cards that have no event function, and why (docs/engine.md "Adding a card").
WITHOUT_EVENT: Mapping[int, str] = MappingProxyType(
    {CHINA_CARD: "the China Card has no event (9.x)"}
)

HOOKS = Hooks(
    menu_filter=(
        late_war.ames_order_menu,
        mid_war_lasting.trap_menu,
        mid_war_lasting.missile_envy_menu,
    ),
    menu_actions=(
        MenuAction(early_war.un_choices, early_war.un_play),
        MenuAction(mid_war_lasting.cmc_cancel_choices, mid_war_lasting.cmc_cancel),
        MenuAction(mid_war_lasting.trap_discard_choices, mid_war_lasting.trap_discard),
    ),
    round_start=(
        early_war.action_round_starts_unmoved,
        mid_war_lasting.trap_round_start,
    ),
    card_played=(
        early_war.china_card_ends_formosan,
        mid_war_lasting.flower_power_war_card,
        mid_war_lasting.we_will_bury_you_play,
    ),
    event_happened=(
        mid_war.u2_un_intervention,
        mid_war.shuttle_diplomacy_used,
    ),
    before_coup=(mid_war_lasting.cuban_missile_crisis_coup,),
    after_coup=(late_war.yuri_and_samantha_scores,),
    round_end=(
        early_war.norad_round_end,
        mid_war_lasting.missile_envy_round_end,
        mid_war_lasting.we_will_bury_you_round_end,
    ),
    headline_revealed=(early_war.defectors_cancel_headline,),
    defcon_moved=(early_war.defcon_moved_to_2,),
)


def _events_by_number(table: tuple[EventSpec, ...]) -> dict[int, EventSpec]:
    by_number: dict[int, EventSpec] = {}
    for spec in table:
        if spec.number in by_number or spec.number in WITHOUT_EVENT:
            raise ValueError(f"card {spec.number} has two events in EVENT_TABLE")
        by_number[spec.number] = spec
    return by_number  # a plain dict (read on the hot path), never changed after this


EVENTS = _events_by_number(EVENT_TABLE)
# The module of each card's event (its period's, or scoring_cards for the scoring cards).
MODULE_OF: Mapping[int, str] = MappingProxyType(
    {number: spec.resolve.__module__.rsplit(".", 1)[1] for number, spec in EVENTS.items()}
)
RULEBOOK = Rulebook(
    events=EVENTS,
    conditional_events=frozenset(
        {CHINA_CARD, *CIVIL_WAR_BANS, *(s.number for s in EVENT_TABLE if s.condition)}
    ),
    hooks=HOOKS,
    without_event=WITHOUT_EVENT,
)


def unimplemented_events(cards: range = range(1, 111)) -> frozenset[int]:
    """Cards with neither an event function nor a reason to have none (empty)."""
    return frozenset(cards) - EVENTS.keys() - WITHOUT_EVENT.keys()
