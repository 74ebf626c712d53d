"""What the Anno table says in words: the information panel's tips, what a pointed card
is and where it fits, and the first game's notes.

Where a card fits is asked of the rules (:func:`~tabletop.games.anno.matching.stageable`
for a month of the viewer's, :func:`~tabletop.games.anno.matching.open_slots` for what
a month still takes), never worked out here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tabletop.games.anno.cards import (
    CONVERSIONS, MONTH_TABLE, SEASON_NAMES, AnnoCard, Kind, month_accepts, month_info,
)
from tabletop.games.anno.events import CardBurned, Exchanged
from tabletop.games.anno.matching import open_slots, stageable
from tabletop.games.anno.observation import AnnoObservation
from tabletop.games.anno.table.board import Column
from tabletop.ui.table.guide import GuideNote
from tabletop.ui.table.spec import InfoLine

__all__ = ["GUIDE", "HINTS", "TIPS", "card_lines", "column_lines", "fitting_months",
           "month_lines", "what"]

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

#: Said of a card that goes with some months only, or of a card that bends the rules.
KIND_WORDS = {
    Kind.MONTH: "A Month: lay it on your board, then match cards to it.",
    Kind.CUSP: "Lets a month take both of its zodiacs: with one of them already there, "
               "or with both in the same match.",
    Kind.BLUE_MOON: "Trades places with any Community Eight card, first thing in a turn. "
                    "It is never matched.",
}


def _names(words: Sequence[str]) -> str:
    """"March", "March and April", "March, April and May"."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def what(card: AnnoCard) -> str:
    """What ``card`` is for, whoever holds it."""
    kind, value = card.kind, card.value
    if kind in KIND_WORDS:
        return KIND_WORDS[kind]
    if kind is Kind.WEATHER:
        turns = [f"{SEASON_NAMES[a]} into {SEASON_NAMES[b]}"
                 for a, b in sorted(CONVERSIONS[value].items())]
        return (f"Turns {_names(turns)}: it is matched together with the season it "
                "brings.")
    if kind is Kind.SEASON:
        months = [m.name for m in MONTH_TABLE if m.season == value]
        return (f"Goes with {_names(months)}, or with a month whose season a Weather card "
                f"turns into {SEASON_NAMES[value]}.")
    months = [m.name for m in MONTH_TABLE if month_accepts(m.index, card)]
    return f"Goes with {_names(months)}."


def fitting_months(obs: AnnoObservation, card: AnnoCard, from_community: bool,
                   ) -> list[AnnoCard]:
    """The viewer's months (on its board, then in its hand) that ``card`` could be
    matched to with other cards of the same place (the hand, or the Community Eight):
    those whose :func:`stageable` cards include it."""
    source = [c for c in (obs.community if from_community else obs.hand) if c is not None]
    months = [*obs.boards[obs.seat], *((c, ()) for c in obs.hand if c.kind is Kind.MONTH)]
    return [month for month, cards in months
            if card in stageable(month, cards, (), [c for c in source if c != month])]


def month_lines(month: AnnoCard, cards: Sequence[AnnoCard], whose: str) -> list[InfoLine]:
    """What a month of a board (``cards`` on it, staged ones included) still takes."""
    slots = open_slots(month, cards)
    return [InfoLine(f"{whose}{month_info(month).name} still takes:", "accent"),
            *([InfoLine(f"• {s}", "soft") for s in slots] or [InfoLine("nothing more", "soft")])]


def column_lines(obs: AnnoObservation, column: Column, card: AnnoCard,
                 whose: str) -> list[InfoLine]:
    """A card of a board's month column: what it is, then what its month still takes."""
    month, cards, staged = column
    lines = month_lines(month, cards, whose)
    if card == month:
        return lines
    on = f"{whose or 'your '}{month}"
    if staged and card in obs.staged:
        head = f"{card}: added to {on}, until the match is confirmed."
    else:
        head = f"{card}: matched to {on}."
    return [InfoLine(head), *lines]


def card_lines(obs: AnnoObservation, card: AnnoCard, zone: str,
               can_add: Callable[[AnnoCard], bool]) -> list[InfoLine]:
    """A card in the viewer's hand or the Community Eight: its name, what it is for, and
    which of the viewer's months it fits.  While the viewer builds a match, ``can_add``
    says (from the legal moves) whether it may join it."""
    lines = [InfoLine(str(card), "accent"), InfoLine(what(card), "soft")]
    kind = card.kind
    if kind is Kind.MONTH:
        if zone == "community":
            return [*lines, InfoLine("A Month here is never matched: a Blue Moon can fetch it.")]
        slots = open_slots(card, ())
        return [*lines, InfoLine(f"{month_info(card).name} takes:"),
                *(InfoLine(f"• {s}", "soft") for s in slots)]
    if kind is Kind.BLUE_MOON:
        if zone == "community":
            return [*lines, InfoLine("Traded here, it stays for the round.")]
        return lines
    if obs.declared is not None and obs.current_player == obs.seat:
        name = month_info(obs.declared).name
        joins = can_add(card)
        return [*lines, InfoLine(f"It can be added to {name} now." if joins
                                 else f"It cannot be added to {name} now.")]
    months = [month_info(m).name for m in fitting_months(obs, card, zone == "community")]
    if not months:
        return [*lines, InfoLine("None of your months can take it now.")]
    return [*lines, InfoLine(f"It fits your {_names(months)}.")]
