"""What the Anno table says in words: the information panel's tips, what a month
still takes (:func:`~tabletop.games.anno.matching.open_slots`), and the first game's
notes."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.games.anno.cards import AnnoCard, month_info
from tabletop.games.anno.events import CardBurned, Exchanged
from tabletop.games.anno.matching import open_slots
from tabletop.ui.table.guide import GuideNote
from tabletop.ui.table.spec import InfoLine

__all__ = ["GUIDE", "HINTS", "TIPS", "month_lines"]

HINTS = ("Drag a Month onto your board, then cards onto it, and Confirm. "
         "A card dropped on the burn pile ends your turn.",)

TIPS = (
    InfoLine("Match 1 or 3+ cards to one month a turn — never 2.", "soft"),
    InfoLine("All from your hand or all from the Community Eight.", "soft"),
    InfoLine("+5 per card on your board, −5 per card in hand.", "soft"),
)

GUIDE = (
    GuideNote("declare", "Declaring a month",
              "Lay a Month from your hand on your board (or choose one already there), "
              "then match 1 or 3 or more cards to it, never exactly 2.", "board{me}"),
    GuideNote("community", "The Community Eight",
              "Eight open cards for everyone. One match takes its cards all from your "
              "hand or all from these eight, never from both.", "community"),
    GuideNote("burn", "Burn and turn",
              "Every turn ends with a burn: one card from your hand goes face down on "
              "the burn pile, and you draw one.", "burn", CardBurned),
    GuideNote("blue-moon", "Blue Moon",
              "A Blue Moon trades places with any Community Eight card, a Month "
              "included, once a turn and first; it stays there for the round.",
              "community", Exchanged),
)

def month_lines(month: AnnoCard, cards: Sequence[AnnoCard], whose: str) -> list[InfoLine]:
    """What a month of a board (``cards`` on it, staged ones included) still takes."""
    slots = open_slots(month, cards)
    return [InfoLine(f"{whose}{month_info(month).name} still takes:", "accent"),
            *([InfoLine(f"• {s}", "soft") for s in slots] or [InfoLine("nothing more", "soft")])]
