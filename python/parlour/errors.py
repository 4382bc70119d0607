"""The errors of parlour: one hierarchy, each error with a stable code and a message.

Every error raised by parlour is a :class:`ParlourError` and also a :class:`ValueError`.
``code`` is a stable upper-case string (the source engine's code where the game has one);
``message`` is a human sentence. The Rust core raises these same classes through the binding.
"""

from __future__ import annotations

__all__ = [
    "ConfigError",
    "IllegalMoveError",
    "InvalidStateError",
    "NotationError",
    "ParlourError",
]


class ParlourError(ValueError):
    """Base class of every parlour error.

    Args:
        code: A stable upper-case error code, e.g. ``"INVALID_CARD"``.
        message: A clear human-readable message.
    """

    code: str
    message: str

    def __init__(self, code: str, message: str = "") -> None:
        super().__init__(code, message)
        self.code = code
        self.message = message or code

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"

    def __reduce__(self) -> tuple[type[ParlourError], tuple[str, str]]:
        return (type(self), (self.code, self.message))


class NotationError(ParlourError):
    """Malformed text: a card, a move, a notation string or a JSON action."""


class InvalidStateError(ParlourError):
    """A well-formed but impossible position, or an internal inconsistency."""


class IllegalMoveError(ParlourError):
    """A well-formed move that the rules do not allow in this position."""


class ConfigError(ParlourError):
    """Bad options: unknown names, out-of-range values, wrong argument types."""
