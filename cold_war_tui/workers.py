"""One runner for the headless commands' batches of jobs (`arena`, `selfplay`, ...), in
worker processes or in this one, that Ctrl+C stops at once.

`run_jobs(work, jobs, workers)` calls `work(job)` for every job and returns a `Batch`: the
results in the order they finished, and whether Ctrl+C cut the batch short. On Ctrl+C
(SIGINT, to this process alone or to the terminal's whole process group) the jobs not yet
started are dropped, the worker processes are stopped (a job half done is lost), and the
command prints what the finished jobs say and exits with `Batch.exit_status` (130).

Only a few jobs wait in the pool at a time (`AHEAD` per worker), so a batch of any size
costs no memory up front and nothing queued has to be cancelled one by one. Workers ignore
SIGINT: the terminal sends it to them too, and the main process alone decides what it
means. `work` and every job must be picklable (a module-level function, or a
`functools.partial` of one) when `workers` > 1. See docs/workers.md.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing.connection
import signal
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from types import FrameType
from typing import Generic, TypeVar

Job = TypeVar("Job")
Result = TypeVar("Result")

EXIT_INTERRUPTED = 128 + signal.SIGINT
"""The exit status of a command stopped by Ctrl+C (130), as shells report it."""
AHEAD = 2
"""Jobs handed to the pool per worker before one finishes: enough to keep each busy."""
POLL = 0.1
"""Seconds between the pool loop's looks at whether Ctrl+C came (see `_in_pool`)."""
TERM_GRACE = 2.0
"""Seconds the stopped workers get to end on SIGTERM before they are killed."""


@dataclass
class Batch(Generic[Result]):
    """What a batch produced: the finished jobs' results, in the order they finished."""

    results: list[Result] = field(default_factory=list)
    interrupted: bool = False  # Ctrl+C stopped it: `results` holds the jobs finished before

    @property
    def exit_status(self) -> int:
        """The command's status: 130 after Ctrl+C, else 0."""
        return EXIT_INTERRUPTED if self.interrupted else 0


def run_jobs(
    work: Callable[[Job], Result],
    jobs: Iterable[Job],
    workers: int = 1,
    on_result: Callable[[Result], None] | None = None,
) -> Batch[Result]:
    """`work(job)` for every job, in `workers` processes (in this one when 1); `on_result`
    sees each result as it comes (a progress line). Ctrl+C ends the batch early with
    `interrupted` set instead of raising KeyboardInterrupt; any other exception of a job
    stops the workers and passes through."""
    batch: Batch[Result] = Batch()
    finished = _in_this_process(work, jobs) if workers <= 1 else _in_pool(work, jobs, workers)
    try:
        for result in finished:
            batch.results.append(result)
            if on_result is not None:
                on_result(result)
    except KeyboardInterrupt:
        batch.interrupted = True
    finally:
        with _sigint_handled(signal.SIG_IGN):  # a second Ctrl+C must not cut the clean-up short
            finished.close()
    return batch


def _in_this_process(
    work: Callable[[Job], Result], jobs: Iterable[Job]
) -> Generator[Result, None, None]:
    for job in jobs:
        yield work(job)


def _in_pool(
    work: Callable[[Job], Result], jobs: Iterable[Job], workers: int
) -> Generator[Result, None, None]:
    """The results as they finish; closing the generator (done, Ctrl+C, an error) stops the
    pool without waiting for the jobs in flight.

    While the pool runs, Ctrl+C only sets a flag that the loop reads between its waits of
    `POLL` seconds, and the loop then raises KeyboardInterrupt itself: an interrupt raised
    wherever the main thread happened to be could land inside the pool's own locking (a
    future's lock half taken) and leave the clean-up waiting forever."""
    pending = iter(jobs)
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_worker_signals)
    running: set[Future[Result]] = set()
    ctrl_c = threading.Event()
    with _sigint_handled(lambda signum, frame: ctrl_c.set()):
        try:
            _top_up(pool, work, pending, running, workers * AHEAD)
            while running:
                done, running = wait(running, timeout=POLL, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
                if ctrl_c.is_set():  # before handing out more: nothing starts after it
                    raise KeyboardInterrupt
                _top_up(pool, work, pending, running, workers * AHEAD)
        finally:
            if running:
                _stop(pool)
            else:
                pool.shutdown(wait=True)


def _top_up(
    pool: ProcessPoolExecutor,
    work: Callable[[Job], Result],
    pending: Iterator[Job],
    running: set[Future[Result]],
    limit: int,
) -> None:
    for job in itertools.islice(pending, max(0, limit - len(running))):
        running.add(pool.submit(work, job))


def _stop(pool: ProcessPoolExecutor) -> None:
    """Drop the queued jobs and end the workers now, without waiting for their jobs: SIGTERM,
    then SIGKILL for a worker still there after `TERM_GRACE` seconds (one forked while a
    lock was held, or whose job ignores SIGTERM); then the pool's own clean-up, which reaps
    them. Their exits are awaited on their sentinels, not by joining: the pool's manager
    thread reaps them, and two threads reaping one child race."""
    # The pool has no public way to end its workers and wait for them (3.14's
    # `terminate_workers` signals without waiting): its process table.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        with contextlib.suppress(Exception):
            process.terminate()
    running = {process.sentinel: process for process in processes}
    deadline = time.monotonic() + TERM_GRACE
    while running and (left := deadline - time.monotonic()) > 0:
        for ended in multiprocessing.connection.wait(list(running), timeout=left):
            del running[ended]
    for process in running.values():
        with contextlib.suppress(Exception):
            process.kill()
    pool.shutdown(wait=True, cancel_futures=True)


def _worker_signals() -> None:
    """In each worker: Ctrl+C is the main process's to handle (it ends the workers), and
    SIGTERM, which ends them, does so whatever handler the main process had installed
    when they were forked (the game's event loop catches SIGTERM to exit cleanly)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


@contextlib.contextmanager
def _sigint_handled(handler: Callable[[int, FrameType | None], object] | int) -> Iterator[None]:
    """SIGINT goes to `handler` (or `signal.SIG_IGN`) inside the block, and back to what it
    was after; outside the main thread, where signals are not ours to change, nothing
    changes."""
    try:
        previous = signal.signal(signal.SIGINT, handler)
    except ValueError:
        yield
        return
    try:
        yield
    finally:
        if previous is not None:  # None: a handler installed outside Python, not ours
            signal.signal(signal.SIGINT, previous)
