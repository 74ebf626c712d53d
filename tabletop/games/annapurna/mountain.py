"""The mountainside: fifteen places in rows of 5, 4, 3, 2 and 1, and how a climber moves.

Places are numbered from the bottom row up, left to right: 0–4 the bottom row
(base camp), 5–8, 9–11, 12–13 and 14, the peak.  A card in a higher row rests on
the two beneath it, so from a place a climber may go sideways in its row or up to
the two cards resting on it — never down.  Face-up cards and emptied places can be
walked across; a face-down card is explored by stepping onto it.

>>> row_of(0), row_of(5), row_of(14), neighbours(0), neighbours(6)
(0, 1, 4, (1, 5), (5, 7, 9, 10))
>>> sorted(explorable(up=[True] * 2 + [False] * 13, location=1))
[2, 5, 6]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Final

__all__ = [
    "BOTTOM", "PEAK", "PLACES", "ROWS", "balanced_set", "col_of", "explorable", "neighbours",
    "place_at", "row_of", "row_places",
]

ROWS: Final = (5, 4, 3, 2, 1)
PLACES: Final = sum(ROWS)
PEAK: Final = PLACES - 1
_STARTS: Final = (0, 5, 9, 12, 14)
BOTTOM: Final = tuple(range(ROWS[0]))


def row_of(place: int) -> int:
    """The row of ``place`` (0 is the base of the pyramid)."""
    return _ROW[place]


def col_of(place: int) -> int:
    """The position of ``place`` within its row, from the left."""
    return place - _STARTS[_ROW[place]]


def place_at(row: int, col: int) -> int | None:
    """The place in ``row`` at ``col``, or ``None`` off the mountain."""
    if 0 <= row < len(ROWS) and 0 <= col < ROWS[row]:
        return _STARTS[row] + col
    return None


def row_places(row: int) -> range:
    """The places of ``row``, left to right."""
    return range(_STARTS[row], _STARTS[row] + ROWS[row])


@lru_cache(maxsize=None)
def neighbours(place: int) -> tuple[int, ...]:
    """Where a climber may step from ``place``: sideways, and up to the two cards
    resting on it (the one up-left and the one up-right)."""
    row, col = row_of(place), col_of(place)
    found = [place_at(row, col - 1), place_at(row, col + 1),
             place_at(row + 1, col - 1), place_at(row + 1, col)]
    return tuple(sorted(p for p in found if p is not None))


def explorable(up: Sequence[bool], location: int, *, face_down: Sequence[bool] | None = None,
               rope: bool = False) -> set[int]:
    """The face-down places a climber standing on ``location`` may explore.

    Before base camp (``location < 0``) that is any face-down card of the bottom row.
    Otherwise the climber walks sideways and up across places that are not face
    down (face up or emptied) and may explore any face-down place next to the walk.
    ``face_down`` says which places hold a face-down card (default: every place not
    ``up``); a Fixed Rope adds every face-down place in the climber's row and the row
    above.
    """
    down = face_down if face_down is not None else [not u for u in up]
    if location < 0:
        return {p for p in BOTTOM if down[p]}
    found: set[int] = set()
    seen = {location}
    stack = [location]
    while stack:
        here = stack.pop()
        for step in neighbours(here):
            if down[step]:
                found.add(step)
            elif step not in seen:
                seen.add(step)
                stack.append(step)
    if rope:
        row = row_of(location)
        for r in (row, row + 1):
            if r < len(ROWS):
                found.update(p for p in row_places(r) if down[p])
    return found


def balanced_set(values: Iterable[tuple[int, int]]) -> tuple[int, ...]:
    """The largest set of ``(place, value)`` pairs whose values add up to zero, as
    sorted places (empty if there is none).

    Cards with no symbols (value 0) always belong to it.  Among sets of the same
    size, the one whose places come first in order wins, so the choice is the same
    every time.

    >>> balanced_set([(0, 2), (1, -1), (2, -1), (3, 3), (4, 0)])
    (0, 1, 2, 4)
    >>> balanced_set([(0, 2), (1, 3)])
    ()
    """
    items = sorted(values)
    zeros = [p for p, v in items if v == 0]
    cards = [(p, v) for p, v in items if v != 0]
    # best[s] = the best (size, places) reaching sum s using the cards seen so far; going
    # through the cards in reverse and preferring earlier places keeps the order rule.
    best: dict[int, tuple[int, tuple[int, ...]]] = {0: (0, ())}
    for place, value in reversed(cards):
        grown = dict(best)
        for total, (size, places) in best.items():
            key = total + value
            option = (size + 1, (place, *places))
            current = grown.get(key)
            if current is None or _better(option, current):
                grown[key] = option
        best = grown
    size, places = best[0]
    return tuple(sorted((*places, *zeros)))


def _better(a: tuple[int, tuple[int, ...]], b: tuple[int, tuple[int, ...]]) -> bool:
    """More cards, then the places earliest in order."""
    return a[0] > b[0] or (a[0] == b[0] and a[1] < b[1])


_ROW: Final = tuple(r for r, count in enumerate(ROWS) for _ in range(count))
