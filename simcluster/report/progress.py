"""Progress with an ETA on stderr for long simulations and sweeps.

On a terminal a bar is redrawn in place (from `tty_delay_s` on, so instant runs do not flicker); elsewhere
(logs, CI) a line is printed every `log_every` of progress once the run has taken `log_delay_s`, so short
runs print nothing. Disabled, it prints nothing at all (`--quiet`).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from types import TracebackType
from typing import TextIO

WIDTH = 30


def _clock(s: float) -> str:
    s = max(0.0, s)
    return f"{int(s // 60)}:{int(s % 60):02d}" if s >= 60 else f"{s:.1f} s"


class Progress:
    """Call with the fraction done (0..1); use as a context manager so the line is finished at the end."""

    def __init__(
        self,
        label: str,
        enabled: bool = True,
        stream: TextIO | None = None,
        tty_delay_s: float = 0.3,
        log_delay_s: float = 2.0,
        log_every: float = 0.25,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.label = label
        self.enabled = enabled
        self.stream = stream if stream is not None else sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.tty_delay_s = tty_delay_s
        self.log_delay_s = log_delay_s
        self.log_every = log_every
        self.clock = clock
        self.t0 = clock()
        self._last_draw = -1.0
        self._logged = 0.0
        self.drawn = False

    def line(self, fraction: float) -> str:
        f = min(max(fraction, 0.0), 1.0)
        elapsed = self.clock() - self.t0
        eta = elapsed * (1 - f) / f if f > 0 else float("nan")
        fill = int(round(f * WIDTH))
        bar = "#" * fill + "-" * (WIDTH - fill)
        eta_s = "ETA " + _clock(eta) if f > 0 and f < 1 else ("done" if f >= 1 else "ETA ?")
        return f"{self.label} [{bar}] {f * 100:5.1f}%  {_clock(elapsed)} elapsed, {eta_s}"

    def __call__(self, fraction: float) -> None:
        if not self.enabled:
            return
        now = self.clock()
        elapsed = now - self.t0
        if self.tty:
            if elapsed < self.tty_delay_s or (now - self._last_draw < 0.1 and fraction < 1):
                return
            self._last_draw = now
            self.stream.write("\r" + self.line(fraction) + "\x1b[K")
            self.stream.flush()
            self.drawn = True
        elif elapsed >= self.log_delay_s and fraction >= self._logged + self.log_every:
            self._logged = fraction - fraction % self.log_every
            self.stream.write(self.line(fraction) + "\n")
            self.stream.flush()
            self.drawn = True

    update = __call__

    def close(self) -> None:
        if self.enabled and self.tty and self.drawn:
            self.stream.write("\n")
            self.stream.flush()

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
