"""What the Anniversary table tells a new player: the tip on their first turn (by what
the turn is for) and the guide's notes on the game's terms, each beside its zone the
first time it comes up."""

from __future__ import annotations

from tabletop.games.anniversary.events import CardShared, DateFooted, TopFound
from tabletop.games.anniversary.observation import Phase
from tabletop.ui.table.guide import GuideNote

__all__ = ["GUIDE", "TIPS"]

TIPS = {
    Phase.DRAFT: "Click a gesture (or drag it to your side) to take it — or choose with Left "
                 "and Right and press Enter.",
    Phase.SHARE: "Drop a card on the gem spot to show it to your partner, or press Ready.",
    Phase.DATE: "Drag a card onto the Date — or choose with Left and Right and press Enter.",
}

GUIDE = (
    GuideNote("top", "Top and bottom",
              "Whoever holds the Top card is the top for this chapter, the other the bottom. "
              "The Top card beats everything; the Bottom card beats every colour.", "hand",
              TopFound),
    GuideNote("gestures", "Sweet Gestures",
              "Each gesture is a promise, like \"I will foot the first Date\". Take them in "
              "turn: only the Dates its taker foots count for it.", "offer"),
    GuideNote("communication", "Healthy Communication",
              "Before a Date, a partner may show one colour card from their hand: drop it on "
              "the gem spot. It costs a Healthy Communication card.", "share", CardShared),
    GuideNote("footing", "Footing the bill",
              "The player of a Date's winning card foots its bill: they take the cards and "
              "lead the next Date.", "", DateFooted),
)
