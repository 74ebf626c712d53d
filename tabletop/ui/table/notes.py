"""A first-game note: a game's term, explained the first time it comes up at the table
(shown by :class:`~tabletop.ui.table.guide.Guide`, listed by a game's spec)."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.protocol import Event

__all__ = ["GuideNote"]


@dataclass(frozen=True)
class GuideNote:
    """``term`` explained by ``text``, next to table zone ``zone`` ("" for none; "{me}"
    stands for the viewer's seat), the first time an event of type ``event`` is played
    (``None``: on the viewer's first turn)."""

    key: str
    term: str
    text: str
    zone: str = ""
    event: type[Event] | None = None
