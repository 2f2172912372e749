"""User-facing errors: one line naming the field, the value and the rule."""

from __future__ import annotations


class SimclusterError(Exception):
    """Base class of every error that is the user's input, not a bug: the CLI prints it as one line."""


class ConfigError(SimclusterError):
    """A scenario, profile or argument value breaks a rule."""

    def __init__(self, field: str, value: object, rule: str) -> None:
        self.field = field
        self.value = value
        self.rule = rule
        super().__init__(f"{field}={value!r}: {rule}" if value is not None else f"{field}: {rule}")


class DeadlockError(SimclusterError):
    """The schedule can never finish: some ranks wait on something that never comes."""


class OutOfMemoryError(SimclusterError):
    """Raised only where a caller asks for a hard failure on out-of-memory."""
