"""A writer run in a forked child process, so that it uses the second core (threads share one: the GIL).

The child starts with the parent's memory (the simulation result, copied only where written), runs one
function, sends back its return value or its error through a pipe and leaves with `os._exit` (no cleanup of
the parent's runs in it). `result()` returns the value or raises the error in the parent: a user error
(`SimclusterError`) as one with the same message, an `OSError` with its errno, text and file name, anything
else as an internal error naming its type. Leaving the block waits for the child (after stopping it when the
block is left by an error), so nothing writes into an output folder that is being removed; a child that has
sent its outcome has nothing left to write, and its exit is not waited for (it is reaped later). Where forking
is not safe (`can_fork`) or `inline=True`, the function runs in the calling process at `result()`.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
import sys
from collections.abc import Callable
from typing import Any

from simcluster.errors import SimclusterError


def can_fork() -> bool:
    """Fork only where it is safe and cheap: Linux (macOS forbids fork after some system frameworks load),
    and only while this process runs one Python thread (a fork copies the locks other threads hold, e.g. a
    Ray driver's after `run --seeds --executor ray`)."""
    import threading

    return hasattr(os, "fork") and sys.platform.startswith("linux") and threading.active_count() == 1


class ChildDied(RuntimeError):
    """The child ended without sending a result (killed, or out of memory)."""


def _encode(exc: BaseException) -> tuple:
    if isinstance(exc, SimclusterError):
        return ("user", str(exc))
    if isinstance(exc, OSError):
        return ("os", exc.errno, exc.strerror or str(exc), exc.filename)
    return ("bug", type(exc).__name__, str(exc))


def _decode(msg: tuple) -> BaseException:
    if msg[0] == "user":
        return SimclusterError(msg[1])
    if msg[0] == "os":
        _tag, errno, text, filename = msg
        return OSError(errno, text) if filename is None else OSError(errno, text, filename)
    return RuntimeError(f"{msg[1]}: {msg[2]}")


_EXITING: set[int] = set()  # children that sent their outcome and were still exiting, reaped later
_to_parent: int | None = None  # in a forked child: the pipe its outcome goes back on


def _reap_later(pid: int) -> None:
    """Reap child `pid` if it has exited, else leave it to finish exiting (a writer of a large run takes
    ~10-20 ms to give its memory back) and reap it when a later `Forked` starts, as `subprocess` does."""
    _reap_exited()
    if os.waitpid(pid, os.WNOHANG)[0] == 0:
        _EXITING.add(pid)


def _reap_exited() -> None:
    for pid in sorted(_EXITING):
        try:
            done = os.waitpid(pid, os.WNOHANG)[0] != 0
        except ChildProcessError:  # reaped elsewhere
            done = True
        if done:
            _EXITING.discard(pid)


class Forked:
    """One function in a child process; use as a context manager: `with Forked(fn, *args) as job: ...
    job.result()`."""

    def __init__(self, fn: Callable[..., Any], *args: Any, inline: bool = False) -> None:
        self._fn, self._args = fn, args
        self._inline = inline or not can_fork()
        self._pid: int | None = None
        self._fd: int | None = None
        self._outcome: tuple | None = None

    def __enter__(self) -> Forked:
        if self._inline:
            return self
        _reap_exited()
        sys.stdout.flush()
        sys.stderr.flush()
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: run, report, leave without running any of the parent's cleanup
            global _to_parent
            code = 0
            try:
                os.close(r)
                if _to_parent is not None:  # a forked process forking: its own pipe stays with it, so its
                    os.close(_to_parent)  # parent reads to the end as soon as it has sent, not when we exit
                _to_parent = w
                try:
                    msg: tuple = ("ok", self._fn(*self._args))
                except BaseException as exc:  # noqa: BLE001 - every error goes back to the parent
                    msg = ("err", _encode(exc))
                data = pickle.dumps(msg, protocol=pickle.HIGHEST_PROTOCOL)
                with os.fdopen(w, "wb") as f:
                    f.write(data)
            except BaseException:  # noqa: BLE001 - the parent sees no result and says so
                code = 1
            finally:
                os._exit(code)
        os.close(w)
        self._pid, self._fd = pid, r
        return self

    def _collect(self) -> tuple:
        if self._outcome is not None:
            return self._outcome
        if self._inline:
            try:
                self._outcome = ("ok", self._fn(*self._args))
            except Exception as exc:  # noqa: BLE001 - raised again by result(), as a forked run would
                self._outcome = ("raise", exc)
            return self._outcome
        assert self._fd is not None and self._pid is not None
        fd, self._fd = self._fd, None  # the file object below owns (and closes) it, whatever happens
        with os.fdopen(fd, "rb") as f:
            data = f.read()
        try:
            msg = pickle.loads(data) if data else None
        except Exception:  # noqa: BLE001 - a cut-off message: the child died while sending it
            msg = None
        pid, self._pid = self._pid, None
        if msg is not None:  # done: its exit (the kernel freeing its memory) is not waited for
            _reap_later(pid)
        else:
            _, status = os.waitpid(pid, 0)
        if msg is None:
            how = (
                f"signal {os.WTERMSIG(status)}"
                if os.WIFSIGNALED(status)
                else f"exit status {os.waitstatus_to_exitcode(status)}"
            )
            self._outcome = ("raise", ChildDied(f"the writer process ended without a result ({how})"))
        elif msg[0] == "ok":
            self._outcome = msg
        else:
            self._outcome = ("raise", _decode(msg[1]))
        return self._outcome

    def result(self) -> Any:
        """The function's return value; its error raised here."""
        tag, value = self._collect()
        if tag == "raise":
            raise value
        return value

    def __exit__(self, exc_type: object, *exc: object) -> None:
        if self._pid is None:
            return
        if exc_type is not None:  # the parent failed: the child's work is not wanted
            with contextlib.suppress(ProcessLookupError):
                os.kill(self._pid, signal.SIGKILL)
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        os.waitpid(self._pid, 0)
        self._pid = None
