"""`cold-war-tui` run in a pseudo-terminal, as a person runs it: keys typed, the window
resized, signals sent, and every byte it writes kept for the test to read."""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Sequence
from types import TracebackType


class PtyProgram:
    """`python -m cold_war_tui WORDS` with a terminal of `size` (columns, rows) on its
    standard input, output and error (standard error to a pipe with `stderr_pipe`)."""

    def __init__(
        self,
        words: Sequence[str],
        *,
        env: dict[str, str] | None = None,
        size: tuple[int, int] = (120, 40),
        stderr_pipe: bool = False,
    ) -> None:
        self.leader, self.follower = pty.openpty()
        self.resize(*size, tell=False)
        self.output = b""
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cold_war_tui", *words],
            stdin=self.follower,
            stdout=self.follower,
            stderr=subprocess.PIPE if stderr_pipe else self.follower,
            env=env,
            start_new_session=True,
        )

    def __enter__(self) -> PtyProgram:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def read(self, seconds: float) -> None:
        """Keep what the program wrote within `seconds`."""
        if select.select([self.leader], [], [], seconds)[0]:
            with contextlib.suppress(OSError):  # the program has gone: nothing to read
                self.output += os.read(self.leader, 1 << 16)

    def wait_for(self, text: bytes, seconds: float = 60, start: int = 0) -> bool:
        """Read until `text` shows in the output after byte `start` (or the program ends)."""
        deadline = time.monotonic() + seconds
        while text not in self.output[start:] and time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.read(0.2)
                break
            self.read(0.2)
        return text in self.output[start:]

    def type(self, keys: bytes) -> None:
        os.write(self.leader, keys)

    def resize(self, columns: int, rows: int, *, tell: bool = True) -> None:
        """Set the window's size; `tell`: send SIGWINCH, as the terminal's kernel does to
        the program in front (this one is not in front: it has a session of its own)."""
        fcntl.ioctl(self.follower, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        if tell:
            os.kill(self.process.pid, signal.SIGWINCH)

    def finish(self, seconds: float = 30) -> int | None:
        """Read until the program exits (its status), or None if it is still running after
        `seconds` (it is then killed)."""
        deadline = time.monotonic() + seconds
        while self.process.poll() is None and time.monotonic() < deadline:
            self.read(0.2)
        status = self.process.poll()
        if status is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        for _ in range(50):  # what is still in the terminal's buffer
            before = len(self.output)
            self.read(0.05)
            if len(self.output) == before:
                break
        return status

    def stderr(self) -> str:
        assert self.process.stderr is not None
        return self.process.stderr.read().decode(errors="replace")

    def terminal_modes(self) -> list[int]:
        """The terminal's modes now (termios.tcgetattr): echo, canonical input, ..."""
        return termios.tcgetattr(self.follower)  # type: ignore[no-any-return]

    def close(self) -> None:
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        if self.process.stderr is not None:
            self.process.stderr.close()
        for fd in (self.leader, self.follower):
            with contextlib.suppress(OSError):
                os.close(fd)
