"""The `cold-war-tui` command: the game by default, headless tools as sub-commands.

Errors a user can cause (a broken data folder, a bad flag) end with one clear
message on stderr and exit status 2, never a traceback. A crash of the program
itself (a bug) exits with status 1 (EXIT_CRASH), never 0.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from cold_war_tui import __version__
from cold_war_tui.tui.players import DEFAULT_PAUSE, ComputerSettings
from cold_war_tui.tui.terminal import NO_TERMINAL, forget_size_variables, terminal_problem
from cold_war_tui.userdata import DATA_DIR_ENV, data_dir

if TYPE_CHECKING:
    from cold_war_tui.arena import Budget
    from cold_war_tui.tui.players import Players
    from cold_war_tui.tui.study import Study
    from cold_war_tui.tui.verdict import StudyBudget

EXIT_USAGE = 2
EXIT_CRASH = 1
MAX_SECONDS = 600.0
"""The most `--think` and `--pause` accept (a bigger value is a typing mistake)."""
MAX_REPORTED_PROBLEMS = 50
"""validate-data prints at most this many problems, then how many more there are."""
# The commands that draw in the terminal: the game's title screen (no command), the
# duel and the study of a game. Every other command (selfplay, validate-data, ...) is
# headless.
DRAWING_COMMANDS = (None, "duel", "study")


def build_parser(rule_flags: bool = True) -> argparse.ArgumentParser:
    """The parser; `rule_flags=False` leaves out selfplay's rule switches, whose listing
    imports the engine (the game's start-up skips it to show the title sooner)."""
    parser = argparse.ArgumentParser(
        prog="cold-war-tui",
        description="Twilight Struggle, hot-seat in the terminal (and the DEFCON missile duel).",
        epilog=f"Saves go to {data_dir()}\n(set {DATA_DIR_ENV} to choose another folder).",
        formatter_class=argparse.RawDescriptionHelpFormatter,  # a long path stays whole
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--load", metavar="FILE", type=Path, help="open a saved game")
    for side in ("US", "USSR"):
        parser.add_argument(
            f"--{side.lower()}",
            metavar="PLAYER",
            help=f"who plays the {side}: human, or computer[:LEVEL] (the strongest level "
            "if none is named); opens New game with the players chosen",
        )
    parser.add_argument(
        "--think",
        metavar="SECONDS",
        type=float,
        help="the most the computer thinks per decision (default: its level's own)",
    )
    parser.add_argument(
        "--pause",
        metavar="SECONDS",
        type=float,
        help=f"how long each computer move stays highlighted before its next one "
        f"(default {DEFAULT_PAUSE})",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    validate = commands.add_parser("validate-data", help="check a folder of game data (YAML)")
    validate.add_argument("directory", nargs="?", type=Path, help="defaults to the shipped data")

    selfplay = commands.add_parser("selfplay", help="play random games headless and report")
    selfplay.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    selfplay.add_argument("--seed", type=int, default=1, help="seed of the first game")
    selfplay.add_argument("--json", action="store_true", help="print one JSON object")
    if rule_flags:
        add_option_flags(selfplay)

    add_arena(commands.add_parser("arena", help="two bots play each other headless"))
    add_agree(commands.add_parser("agree", help="how often a bot plays what experts played (logs)"))

    add_duel_arena(
        commands.add_parser("duel-arena", help="two DEFCON duel bots play each other headless")
    )

    duel = commands.add_parser(
        "duel",
        help="play the DEFCON missile duel (hot-seat, or against the computer)",
        description="The DEFCON missile duel: its set-up screen chooses, for each player, a "
        "human or the computer and its level (random, hunter), and the rules.",
    )
    duel.add_argument("--load", dest="duel_load", metavar="FILE", type=Path, help="open a save")
    add_study(commands.add_parser("study", help="study a play-site log or a save on the board"))
    return parser


def add_study(study: argparse.ArgumentParser) -> None:
    """The flags of `study`, read as text and checked by `prepare_study` (one line each)."""
    study.add_argument(
        "--think",
        dest="study_think",
        metavar="T",
        help="seconds the computer thinks when asked about a position (default 2); "
        "a review gives each move a quarter of it",
    )
    study.add_argument(
        "--iterations",
        dest="study_iterations",
        metavar="I",
        help="search iterations instead of a time (the same answer every time)",
    )
    study.add_argument(
        "file", metavar="FILE", type=Path, help="a play-site log (text) or a save (JSON)"
    )
    errors_in_one_line(study, "study")


def add_arena(arena: argparse.ArgumentParser) -> None:
    """The arena's flags, read as text and checked by `_arena` (one line for a bad one)."""
    from cold_war_tui.engine.options import MAX_US_BID

    arena.add_argument("--bots", required=True, metavar="A,B", help="two bot names")
    arena.add_argument("--games", default="100", metavar="N", help="how many games (100)")
    arena.add_argument("--seed", default="1", metavar="S", help="seed of the first game (1)")
    arena.add_argument(
        "--us-bid",
        default="0",
        metavar="N",
        help=f"extra US influence after set-up, 0 to {MAX_US_BID} (0; the experts' games: 2)",
    )
    arena.add_argument(
        "--record",
        metavar="FILE",
        type=Path,
        help="add each finished game to FILE (JSON lines); the games FILE already holds "
        "for this match are not played again",
    )
    add_batch_flags(arena, search=True)
    errors_in_one_line(arena, "arena")


def add_agree(agree: argparse.ArgumentParser) -> None:
    """The flags of `agree`, read as text and checked by `_agree` (one line for a bad one)."""
    agree.add_argument("--bot", required=True, metavar="NAME", help="the bot to measure")
    add_batch_flags(agree, search=True)
    agree.add_argument("logs", nargs="+", metavar="LOG", type=Path, help="play-site game logs")
    errors_in_one_line(agree, "agree")


def add_duel_arena(arena: argparse.ArgumentParser) -> None:
    """The duel arena's flags, read as text and checked by `_duel_arena` (one line each)."""
    arena.add_argument("--bots", required=True, metavar="A,B", help="two duel bot names")
    arena.add_argument("--games", default="100", metavar="N", help="how many games (100)")
    arena.add_argument("--seed", default="1", metavar="S", help="seed of the first game (1)")
    add_batch_flags(arena, search=False)
    errors_in_one_line(arena, "duel-arena")


def add_batch_flags(parser: argparse.ArgumentParser, *, search: bool) -> None:
    """The flags the batch commands share: the bots' budget (with `search`), the worker
    processes and the JSON report."""
    if search:
        parser.add_argument("--think", metavar="T", help="seconds per decision")
        parser.add_argument("--iterations", metavar="I", help="search iterations per decision")
    parser.add_argument("--workers", metavar="W", help="parallel processes (the cores)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def errors_in_one_line(parser: argparse.ArgumentParser, command: str) -> None:
    """A bad flag of a headless command is one line on stderr and exit status 2 (argparse
    would print the whole usage first)."""

    def one_line(message: str) -> NoReturn:
        sys.exit(usage_error(f"{command}: {message}"))

    parser.error = one_line  # type: ignore[method-assign]


def add_option_flags(parser: argparse.ArgumentParser) -> None:
    """One flag per rule switch of GameOptions (`--chinese-civil-war`, `--us-bid N`, ...)."""
    from cold_war_tui.engine.options import GameOptions

    for name, field in GameOptions.model_fields.items():
        if name == "seed":
            continue
        flag = "--" + name.replace("_", "-")
        if field.annotation is bool:
            parser.add_argument(
                flag, action=argparse.BooleanOptionalAction, default=None, help=field.description
            )
        else:
            parser.add_argument(flag, type=int, default=None, help=field.description)


def option_switches(args: argparse.Namespace) -> dict[str, object]:
    """The rule switches given on the command line (the rest keep their defaults)."""
    from cold_war_tui.engine.options import GameOptions

    return {
        name: getattr(args, name)
        for name in GameOptions.model_fields
        if name != "seed" and getattr(args, name, None) is not None
    }


def main(argv: Sequence[str] | None = None) -> int:
    fix_data_dir()
    words = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(rule_flags="selfplay" in words)
    args, unknown = parser.parse_known_args(words)
    if unknown:  # what parse_args does, but the arena's errors are one line
        message = f"unrecognized arguments: {' '.join(unknown)}"
        if args.command in ("arena", "agree", "duel-arena", "study"):
            return usage_error(f"{args.command}: {message}")
        parser.error(message)
    # the game's flags are checked before the terminal: a bad value is one line
    players = None
    if args.command is None and (args.us is not None or args.ussr is not None):
        chosen = chosen_players(args)
        if isinstance(chosen, str):
            return usage_error(chosen)
        players = chosen
    for flag in ("think", "pause") if args.command is None else ():  # the arena checks its own
        seconds = getattr(args, flag)
        if seconds is not None and not 0 <= seconds <= MAX_SECONDS:
            return usage_error(f"--{flag}: give seconds from 0 to {MAX_SECONDS}, not {seconds}")
    study = None
    if args.command == "study":  # the file is read before the terminal is needed
        try:
            prepared = prepare_study(args)
        except Exception as err:
            if not is_data_error(err):
                raise
            return data_problem(err)
        if isinstance(prepared, int):
            return prepared
        study = prepared
    if args.command in DRAWING_COMMANDS and (problem := drawing_problem()) is not None:
        print(problem, file=sys.stderr)
        return EXIT_USAGE
    try:
        if args.command == "validate-data":
            return _validate(args.directory)
        if args.command == "selfplay":
            return _selfplay(args)
        if args.command == "arena":
            return _arena(args)
        if args.command == "duel-arena":
            return _duel_arena(args)
        if args.command == "agree":
            return _agree(args)
        if args.command == "duel":
            return run_app(args.duel_load, duel=True)
        if study is not None:
            return run_app(None, study=study)
        settings = ComputerSettings(
            think=args.think, pause=DEFAULT_PAUSE if args.pause is None else args.pause
        )
        return run_app(args.load, players=players, computer=settings)
    except Exception as err:  # the data layer is imported lazily: the title shows sooner
        if not is_data_error(err):
            raise
        return data_problem(err)


def data_problem(err: Exception) -> int:
    print(f"cold-war-tui: bad game data: {err}", file=sys.stderr)
    return EXIT_USAGE


def prepare_study(args: argparse.Namespace) -> tuple[Study, StudyBudget] | int:
    """The game `study` opens and the computer's budget there, read and checked before
    the terminal is taken; a bad flag or file is one line and status 2."""
    from cold_war_tui.tui.study import StudyError, open_study
    from cold_war_tui.tui.verdict import StudyBudget

    think, iterations = args.study_think, args.study_iterations
    try:
        if think is not None and iterations is not None:
            raise ValueError("give --think or --iterations, not both")
        budget = StudyBudget()
        if iterations is not None:
            budget = StudyBudget(None, _whole(iterations, "--iterations", 1))
        elif think is not None:
            budget = StudyBudget(_seconds(think), None)
    except ValueError as err:
        return usage_error(f"study: {err}")
    try:
        return open_study(args.file), budget
    except StudyError as err:
        return usage_error(f"study: {args.file}: {err}")


def run_app(
    load: Path | None,
    duel: bool = False,
    players: Players | None = None,
    computer: ComputerSettings | None = None,
    study: tuple[Study, StudyBudget] | None = None,
) -> int:
    """The one app: the title screen, or (`duel`) the duel's set-up above it; `load` opens a
    save (of the card game, or with `duel` of the duel); `study` (a game read, and the
    computer's budget) opens the study screen. Leaving the duel shows the title in the same
    app; Ctrl+Q quits from anywhere."""
    from cold_war_tui.tui.app import ColdWarApp

    # The title shows at once; the app reads the game data in the background.
    forget_size_variables()  # the window's size is asked of the terminal itself
    game, budget = study if study is not None else (None, None)
    app = ColdWarApp(
        load=load,
        duel=duel,
        players=players,
        computer=computer,
        study=game,
        study_budget=budget,
        exit_on_signals=True,
    )
    app.run()
    if app.load_failure is not None:
        raise app.load_failure  # a DataError is reported below; anything else is a bug
    return exit_status(app.return_code)


def chosen_players(args: argparse.Namespace) -> Players | str:
    """The players of `--us` / `--ussr` (a side not named is a human): New game opens with
    them chosen. A bad value gives the problem's line instead."""
    from cold_war_tui.tui.players import Players, PlayerSpecError, parse_player

    if args.load is not None:
        return "--load cannot be given with --us or --ussr (a save names its players)"
    computer = {}
    for side, given in (("US", args.us), ("USSR", args.ussr)):
        try:
            level = parse_player(given) if given is not None else None
        except PlayerSpecError as err:
            return f"--{side.lower()}: {err}"
        if level is not None:
            computer[side] = level
    return Players(computer)


def exit_status(return_code: int | None) -> int:
    """The command's status after an app ran: Textual sets 1 when the app crashed (it has
    shown the traceback); the command must not then report success."""
    return return_code or 0


def _selfplay(args: argparse.Namespace) -> int:
    """Run selfplay once its flags are checked; a bad one is one line and status 2."""
    from pydantic import ValidationError

    from cold_war_tui.engine.options import GameOptions
    from cold_war_tui.selfplay import run_selfplay

    if args.games < 1:
        return usage_error(f"selfplay: --games must be 1 or more, not {args.games}")
    switches = option_switches(args)
    try:
        GameOptions.model_validate({**switches, "seed": args.seed})
    except ValidationError as err:
        first = err.errors(include_url=False)[0]
        flag = "--" + "-".join(str(step) for step in first["loc"]).replace("_", "-")
        return usage_error(f"selfplay: {flag}: {first['msg']}")
    return run_selfplay(games=args.games, seed=args.seed, as_json=args.json, switches=switches)


def _arena(args: argparse.Namespace) -> int:
    """Check the arena's flags (a bad one is one line and status 2), then run it."""
    from cold_war_tui.arena import run_arena
    from cold_war_tui.arena_record import RecordError
    from cold_war_tui.bots import BOTS
    from cold_war_tui.engine.options import MAX_US_BID

    names = bot_pair(args.bots, list(BOTS), "bot")
    if isinstance(names, str):
        return usage_error(f"arena: {names}")
    try:
        budget, workers = search_flags(args)
        games = _whole(args.games, "--games", 1)
        seed = _whole(args.seed, "--seed", None)
        us_bid = _whole(args.us_bid, "--us-bid", 0, MAX_US_BID)
    except ValueError as err:
        return usage_error(f"arena: {err}")
    try:
        return run_arena(
            names, games, seed, budget, min(workers, games), args.json, us_bid, args.record
        )
    except RecordError as err:
        return usage_error(f"arena: --record: {err}")


def bot_pair(text: str, known: list[str], what: str) -> tuple[str, str] | str:
    """The two names of `--bots A,B`, or the problem in words."""
    names = [name.strip() for name in text.split(",")]
    if len(names) != 2 or not all(names):
        return f"--bots takes two names, A,B, not {text!r}"
    for name in names:
        if name not in known:
            return f"--bots: no {what} {name!r}; the bots are {', '.join(known)}"
    return names[0], names[1]


def _duel_arena(args: argparse.Namespace) -> int:
    """Check the duel arena's flags (a bad one is one line and status 2), then run it."""
    from cold_war_tui.arena import default_workers
    from cold_war_tui.duel.bots import DUEL_BOTS
    from cold_war_tui.duel_arena import run_duel_arena

    names = bot_pair(args.bots, list(DUEL_BOTS), "duel bot")
    if isinstance(names, str):
        return usage_error(f"duel-arena: {names}")
    try:
        games = _whole(args.games, "--games", 1)
        seed = _whole(args.seed, "--seed", None)
        workers = (
            default_workers() if args.workers is None else _whole(args.workers, "--workers", 1)
        )
    except ValueError as err:
        return usage_error(f"duel-arena: {err}")
    return run_duel_arena(names, games, seed, min(workers, games), args.json)


def _agree(args: argparse.Namespace) -> int:
    """Check the flags and the logs of `agree` (a bad one is one line and status 2)."""
    from cold_war_tui.agree import run_agree
    from cold_war_tui.bots import BOTS

    if args.bot not in BOTS:
        return usage_error(f"agree: --bot: no bot {args.bot!r}; the bots are {', '.join(BOTS)}")
    try:
        budget, workers = search_flags(args)
    except ValueError as err:
        return usage_error(f"agree: {err}")
    for log in args.logs:
        problem = unreadable(log)
        if problem is not None:
            return usage_error(f"agree: {log}: {problem}")
    return run_agree(args.bot, budget, args.logs, min(workers, len(args.logs)), args.json)


def search_flags(args: argparse.Namespace) -> tuple[Budget, int]:
    """The bots' budget (`--think` or `--iterations`) and `--workers` (default: the
    cores), checked; ValueError with the one-line reason."""
    from cold_war_tui.arena import Budget, default_workers

    if args.think is not None and args.iterations is not None:
        raise ValueError("give --think or --iterations, not both")
    iterations = None if args.iterations is None else _whole(args.iterations, "--iterations", 1)
    think = None if args.think is None else _seconds(args.think)
    workers = default_workers() if args.workers is None else _whole(args.workers, "--workers", 1)
    return Budget(think=think, iterations=iterations), workers


def unreadable(path: Path) -> str | None:
    """Why the text file `path` cannot be read, or None."""
    try:
        path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return "no such file"
    except IsADirectoryError:
        return "a folder, not a log"
    except UnicodeDecodeError:
        return "not a text file (UTF-8)"
    except OSError as err:
        return err.strerror or "cannot be read"
    return None


def _whole(text: str, flag: str, least: int | None, most: int | None = None) -> int:
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"{flag} takes a whole number, not {text!r}") from None
    if least is not None and value < least:
        raise ValueError(f"{flag} must be {least} or more, not {value}")
    if most is not None and value > most:
        raise ValueError(f"{flag} must be {most} or less, not {value}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"--think takes a number of seconds, not {text!r}") from None
    if not (value >= 0 and math.isfinite(value)):
        raise ValueError(f"--think must be a finite number of seconds >= 0, not {text}")
    return value


def usage_error(message: str) -> int:
    print(f"cold-war-tui {message}", file=sys.stderr)
    return EXIT_USAGE


def fix_data_dir() -> Path:
    """Make a relative $COLD_WAR_TUI_DATA_DIR absolute, once, at start-up: it names a folder
    in the one the game was started from, whatever the current folder is later. The
    variable is rewritten, so every part of the program reads the same folder."""
    folder = data_dir().absolute()
    if os.environ.get(DATA_DIR_ENV, "").strip():
        os.environ[DATA_DIR_ENV] = str(folder)
    return folder


def has_terminal() -> bool:
    """Whether Textual can run: it reads keys from standard input and draws on standard
    error. Without a terminal there it would print escape codes and wait for keys forever."""
    return terminal_problem() != NO_TERMINAL


def drawing_problem() -> str | None:
    """Why the game cannot be drawn here, in one line (no terminal, `TERM=dumb`, not
    UTF-8), or None: checked before anything is drawn."""
    return terminal_problem()


def is_data_error(err: Exception) -> bool:
    from cold_war_tui.gamedata import DataError

    return isinstance(err, DataError)


def _validate(directory: Path | None) -> int:
    """Check a data folder: every problem on its own line (at most MAX_REPORTED_PROBLEMS)."""
    from cold_war_tui.gamedata import check_data, default_data_dir

    folder = directory or default_data_dir()
    if not folder.is_dir():
        problem = "is a file, not a folder" if folder.exists() else "no such folder"
        print(f"cold-war-tui: validate-data: {folder}: {problem}", file=sys.stderr)
        return EXIT_USAGE
    check = check_data(folder)
    problems = check.problems
    if not problems:
        print(f"{folder}: the game data is valid")
        return 0
    for problem in problems[:MAX_REPORTED_PROBLEMS]:
        print(problem, file=sys.stderr)
    total = len(problems) + check.unlisted
    hidden = total - min(len(problems), MAX_REPORTED_PROBLEMS)
    if hidden > 0:
        print(f"... and {hidden:,} more problems not shown", file=sys.stderr)
    count = f"{total:,} problem{'s' if total > 1 else ''}"
    print(f"cold-war-tui: {folder}: {count} in the game data", file=sys.stderr)
    return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
