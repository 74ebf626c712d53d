"""Reading a saved state back: small checks that turn malformed JSON into a
``ValueError`` with a plain reason (a game's ``from_json`` reports it as a
:class:`~tabletop.engine.protocol.SnapshotError`).

>>> integers([1, 2], count=2, low=0, high=3), boolean(True)
([1, 2], True)
>>> integer(9, 0, 3)
Traceback (most recent call last):
...
ValueError: 9 is out of range
"""

from __future__ import annotations

from typing import Any

__all__ = ["boolean", "booleans", "integer", "integers", "per_seat"]


def per_seat(values: Any, n: int) -> list[Any]:
    """A list with one entry per seat."""
    if not isinstance(values, list) or len(values) != n:
        raise ValueError("expected one entry per seat")
    return values


def integer(value: Any, low: int, high: int) -> int:
    """A whole number (not a bool) from ``low`` to ``high``."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"{value!r} is out of range")
    return value


def integers(values: Any, count: int | None = None, low: int | None = None,
             high: int | None = None) -> list[int]:
    """A list of whole numbers (``count`` of them, each within ``low``–``high``, if given)."""
    if not isinstance(values, list) or (count is not None and len(values) != count):
        raise ValueError("expected a list of numbers" if count is None
                         else f"expected a list of {count} numbers")
    for v in values:
        if not isinstance(v, int) or isinstance(v, bool):
            raise ValueError(f"{v!r} is not a whole number")
        if (low is not None and v < low) or (high is not None and v > high):
            raise ValueError(f"{v!r} is out of range")
    return list(values)


def boolean(value: Any) -> bool:
    """True or false (``ValueError`` for anything else)."""
    if not isinstance(value, bool):
        raise ValueError(f"{value!r} is not true or false")
    return value


def booleans(values: Any, count: int | None = None) -> list[bool]:
    """A list of true/false values (``count`` of them, if given)."""
    if not isinstance(values, list) or (count is not None and len(values) != count) \
            or not all(isinstance(v, bool) for v in values):
        raise ValueError("expected a list of true/false values")
    return list(values)
