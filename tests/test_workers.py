"""The headless commands' shared runner (`cold_war_tui.workers`): every job once, and Ctrl+C
stops a batch at once with the results finished so far and status 130, no traceback.

The command tests run `arena` and `selfplay` in a pseudo-terminal, as a person would, and
send SIGINT the ways a terminal and a `kill -INT` do: to the whole process group, or to
the main process alone.
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import signal
import time
from pathlib import Path

import pytest
from pty_program import PtyProgram

from cold_war_tui.workers import EXIT_INTERRUPTED, Batch, run_jobs

STOP_BOUND = 20.0
"""Seconds a stopped command may take to exit: far less than the runs below would last
(about a minute), so a command that plays its queue to the end fails."""


def square(n: int) -> int:
    return n * n


def started_then(folder: Path, interrupt_at: int, n: int) -> int:
    """A job that records that it started, and sends Ctrl+C's signal to the main process
    a second after it starts when it is job `interrupt_at` (the earlier jobs are quick and
    have reported by then; the later ones take a long while)."""
    (folder / str(n)).touch()
    if n == interrupt_at:
        time.sleep(1)
        os.kill(os.getppid() if multiprocessing.parent_process() else os.getpid(), signal.SIGINT)
        time.sleep(30)  # stopped by the runner long before
    elif n > interrupt_at:
        time.sleep(30)
    return n


def deaf_to_sigterm(folder: Path, interrupt_at: int, n: int) -> int:
    """`started_then` in a worker that ignores SIGTERM, as one stuck before it could take
    the runner's signals would."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    return started_then(folder, interrupt_at, n)


def failing(n: int) -> int:
    if n == 3:
        raise ValueError("job 3 fails")
    return n


@pytest.mark.parametrize("workers", [1, 2])
def test_every_job_runs_once(workers: int) -> None:
    seen: list[int] = []
    batch = run_jobs(square, range(25), workers, on_result=seen.append)
    assert sorted(batch.results) == [n * n for n in range(25)]
    assert seen == batch.results
    assert not batch.interrupted and batch.exit_status == 0


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_keeps_the_finished_results_and_starts_nothing_more(
    tmp_path: Path, workers: int
) -> None:
    interrupt_at = 6
    started = time.monotonic()
    batch: Batch[int] = run_jobs(
        functools.partial(started_then, tmp_path, interrupt_at), range(100), workers
    )
    assert time.monotonic() - started < STOP_BOUND  # the 30 s jobs were not waited for
    assert batch.interrupted and batch.exit_status == EXIT_INTERRUPTED == 130
    assert sorted(batch.results) == list(range(interrupt_at))
    # jobs not started when Ctrl+C came never start: at most the few handed to the pool
    assert len(list(tmp_path.iterdir())) <= interrupt_at + 1 + 2 * workers
    assert multiprocessing.active_children() == []  # the workers were stopped


def test_ctrl_c_during_the_callers_own_code_waits_for_a_safe_point() -> None:
    """Ctrl+C that comes while the main process is busy between waits (here: in
    `on_result`, as it could be inside the pool's own locking) is not raised there: that
    code runs to its end, and the batch stops at the runner's next look, interrupted."""
    completed: list[int] = []

    def on_result(result: int) -> None:
        if not completed:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.3)  # long enough for the signal's handler to have run
        completed.append(result)

    batch = run_jobs(square, range(1000), 2, on_result=on_result)
    assert batch.interrupted and batch.exit_status == EXIT_INTERRUPTED
    assert completed == batch.results and 1 <= len(completed) < 1000
    assert multiprocessing.active_children() == []


def test_ctrl_c_ends_workers_forked_while_a_sigterm_handler_was_installed(
    tmp_path: Path,
) -> None:
    """A process that ran the game in-process may have SIGTERM caught (its event loop's
    handler); workers forked from it must still end when the runner stops them."""
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: None)
    try:
        batch = run_jobs(functools.partial(started_then, tmp_path, 2), range(20), 2)
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert batch.interrupted
    assert multiprocessing.active_children() == []  # the workers were stopped


def test_ctrl_c_ends_workers_that_ignore_sigterm(tmp_path: Path) -> None:
    started = time.monotonic()
    batch = run_jobs(functools.partial(deaf_to_sigterm, tmp_path, 2), range(20), 2)
    assert time.monotonic() - started < STOP_BOUND
    assert batch.interrupted
    assert multiprocessing.active_children() == []  # killed after the grace period


def test_a_failing_job_stops_the_workers_and_passes_through() -> None:
    with pytest.raises(ValueError, match="job 3 fails"):
        run_jobs(failing, range(50), 2)
    assert multiprocessing.active_children() == []


def run_until_then_interrupt(
    words: list[str], ready: bytes, whole_group: bool
) -> tuple[int | None, str, str, float]:
    """`cold-war-tui WORDS` in a pseudo-terminal; once `ready` is on the screen, SIGINT to
    the process group (the terminal's Ctrl+C) or to the main process alone. Returns the
    status, the screen's text, stderr and the seconds from the signal to the exit."""
    with PtyProgram(words, stderr_pipe=True) as program:
        assert program.wait_for(ready, 120), program.output.decode(errors="replace")
        pid = program.process.pid
        os.killpg(pid, signal.SIGINT) if whole_group else os.kill(pid, signal.SIGINT)
        sent = time.monotonic()
        status = program.finish(STOP_BOUND)
        took = time.monotonic() - sent
        return status, program.output.decode(errors="replace"), program.stderr(), took


@pytest.mark.parametrize("whole_group", [True, False], ids=["terminal", "main-process"])
def test_ctrl_c_stops_the_arena_with_the_games_finished(whole_group: bool) -> None:
    """Two workers, 40 games of greedy against random (about a minute): Ctrl+C after the
    first game ends the run at once with the report of the games finished."""
    words = ["arena", "--bots", "greedy,random", "--games", "40", "--workers", "2"]
    status, screen, err, took = run_until_then_interrupt(words, b"1/40 games", whole_group)
    assert status == EXIT_INTERRUPTED, (screen, err)
    assert took < STOP_BOUND
    assert "Traceback" not in screen + err and "KeyboardInterrupt" not in screen + err
    finished = int(screen.split("arena: greedy vs random, ")[1].split(" games")[0])
    assert 1 <= finished < 40
    assert "end reasons:" in screen
    assert f"interrupted (Ctrl+C) after {finished} of 40 games" in err


def test_ctrl_c_stops_selfplay_with_the_games_finished() -> None:
    """selfplay plays its games in this process: Ctrl+C after the first ones."""
    status, screen, err, _ = run_until_then_interrupt(
        ["selfplay", "--games", "100000"], b"selfplay: 3/100000 games", whole_group=True
    )
    assert status == EXIT_INTERRUPTED, (screen, err)
    assert "Traceback" not in screen + err
    finished = int(screen.split("games: ")[-1].split()[0])
    assert 3 <= finished < 100000
    assert f"interrupted (Ctrl+C) after {finished} of 100000 games" in err
