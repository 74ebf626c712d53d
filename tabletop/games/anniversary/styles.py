"""The styles a partner may play by, as the search imagines them (:mod:`.reading` reads
which one a partner's plays point to; :class:`~.thumb.AnniversaryHints` plays them)."""

from __future__ import annotations

from typing import Final

__all__ = ["BOLD_STYLE", "CAREFUL", "PLAIN", "STYLES", "WILD"]

#: careful: keeps the cards its "win with" gestures need until they can win, and sheds
#: the cards that would beat them; plain: the rule of thumb; bold: the rule of thumb
#: spending its high cards early; wild: any card it may.
STYLES: Final = ("careful", "plain", "bold", "wild")
CAREFUL: Final = 0
PLAIN: Final = 1
BOLD_STYLE: Final = 2
WILD: Final = 3
