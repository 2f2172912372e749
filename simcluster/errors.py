"""User-facing errors: one line naming the field, the value and the rule."""

from __future__ import annotations

import re
import reprlib

_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxlist, _REPR.maxdict, _REPR.maxstring, _REPR.maxother = 3, 8, 4, 160, 80


class SimclusterError(Exception):
    """Base class of every error that is the user's input, not a bug: the CLI prints it as one line."""


class ConfigError(SimclusterError):
    """A scenario, profile or argument value breaks a rule."""

    def __init__(self, field: str, value: object, rule: str) -> None:
        self.field = field
        self.value = value
        self.rule = rule
        text = f"{field}={excerpt(value)}: {rule}" if value is not None else f"{field}: {rule}"
        super().__init__(one_line(text))


_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def one_line(text: str) -> str:
    """`text` with every control character (a newline in a key, a bell in a name) written as its escape,
    so an error message is always one line."""
    return _CONTROL.sub(lambda m: repr(m.group())[1:-1], text.strip())


def shorten(message: str, limit: int = 300) -> str:
    """`message` cut in the middle to at most `limit` characters, keeping its start (what was wrong) and its
    end (the rule): a usage error quotes the value as typed, which may be thousands of characters."""
    if len(message) <= limit:
        return message
    tail = limit // 3
    return f"{message[: limit - tail - 3]}...{message[-tail:]}"


def excerpt(value: object, limit: int = 200) -> str:
    """repr of a value, cut to a short excerpt (a value may be a huge expanded YAML alias)."""
    text = _REPR.repr(value)
    return text if len(text) <= limit else f"{text[: limit - 5]}...{text[-2:]}"


class DeadlockError(SimclusterError):
    """The schedule can never finish: some ranks wait on something that never comes."""


class OutOfMemoryError(SimclusterError):
    """Raised only where a caller asks for a hard failure on out-of-memory."""
