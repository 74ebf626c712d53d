"""Anniversary's content, written for Tabletop: the Sweet Gesture deck and the storybook.

Sweetness (1–5 candies) is a gesture's difficulty, set from measurement: each gesture
alone, played by two ``easy`` partners over 200 deals; roughly 1 candy above 80 %
success, 2 above 55 %, 3 above 30 %, 4 above 10 %, 5 below.  ``test_content.py``
checks that the sweeter gestures stay the harder ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from tabletop.games.anniversary.cards import BOTTOM, PINK, PURPLE, RED, TEAL, TOP, AnniversaryCard
from tabletop.games.anniversary.gestures import Gesture, Kind

__all__ = ["CHAPTERS", "Chapter", "GESTURES", "GESTURE_BY_ID", "GESTURE_BY_TITLE", "chapter"]


def _card(colour: int, rank: int) -> AnniversaryCard:
    return AnniversaryCard.of(colour, rank)


_Spec = tuple[Kind, int, str, AnniversaryCard | None, int | None, int | None, int]


def _g(kind: Kind, sweetness: int, title: str, card: AnniversaryCard | None = None,
       colour: int | None = None, rank: int | None = None, count: int = 0) -> _Spec:
    return (kind, sweetness, title, card, colour, rank, count)


_W, _R, _C = Kind.WIN_WITH_CARD, Kind.WIN_WITH_RANK, Kind.WIN_CONTAINING
_SPECS: Final = (
    # kind, sweetness, title, parameters
    _g(_W, 1, "Breakfast in Bed", card=TOP),
    _g(_W, 5, "A Slow Dance", card=BOTTOM),
    _g(_W, 3, "Butterfly Garden", card=_card(TEAL, 6)),
    _g(_W, 3, "The Big Lollipop", card=_card(PINK, 6)),
    _g(_W, 3, "Midnight Movie", card=_card(PURPLE, 6)),
    _g(_W, 4, "Strawberry Picking", card=_card(RED, 4)),
    _g(_W, 5, "Haunted House", card=_card(PURPLE, 3)),
    _g(_W, 5, "A Single Wing", card=_card(TEAL, 2)),
    _g(_W, 5, "The Smallest Sweet", card=_card(PINK, 1)),
    _g(_R, 1, "Top Marks", rank=6),
    _g(_R, 2, "High Five", rank=5),
    _g(_R, 4, "Third Time Lucky", rank=3),
    _g(_R, 5, "The Underdog", rank=1),
    _g(_C, 3, "The Grand Gesture", card=TOP),
    _g(_C, 3, "Saving the Last Dance", card=BOTTOM),
    _g(_C, 2, "Jam Session", card=_card(RED, 1)),
    _g(_C, 2, "A Kite in the Park", card=_card(TEAL, 3)),
    _g(_C, 2, "Sweet Tooth", card=_card(PINK, 5)),
    _g(_C, 2, "Costume Party", card=_card(PURPLE, 6)),
    _g(Kind.NO_COLOUR, 4, "Allergic to Strawberries", colour=RED),
    _g(Kind.NO_COLOUR, 4, "Nothing Spooky", colour=PURPLE),
    _g(Kind.NO_COLOUR, 4, "Catch and Release", colour=TEAL),
    _g(Kind.NO_COLOUR, 4, "Cutting Down on Sugar", colour=PINK),
    _g(Kind.AT_LEAST, 1, "Two Butterflies", colour=TEAL, count=2),
    _g(Kind.AT_LEAST, 2, "A Bag of Lollipops", colour=PINK, count=3),
    _g(Kind.AT_LEAST, 2, "Skull Collector", colour=PURPLE, count=3),
    _g(Kind.AT_LEAST, 2, "Strawberry Jam", colour=RED, count=4),
    _g(Kind.AT_LEAST, 2, "A Kaleidoscope", colour=TEAL, count=4),
    _g(Kind.AT_LEAST, 3, "The Whole Orchard", colour=RED, count=5),
    _g(Kind.EXACTLY_DATES, 4, "Just the Once", count=1),
    _g(Kind.EXACTLY_DATES, 4, "Taking Turns", count=2),
    _g(Kind.EXACTLY_DATES, 3, "Fair Shares", count=3),
    _g(Kind.EXACTLY_DATES, 3, "Generous Streak", count=4),
    _g(Kind.FIRST_DATE, 2, "First Impressions"),
    _g(Kind.FIRST_DATE, 2, "Opening Night"),
    _g(Kind.LAST_DATE, 1, "The Last Word"),
    _g(Kind.LAST_DATE, 1, "Goodnight Kiss"),
    _g(Kind.NO_DATE, 5, "Let Me Treat You", count=0),
    _g(Kind.TWO_IN_A_ROW, 1, "On a Roll"),
    _g(Kind.TWO_IN_A_ROW, 1, "Double Feature"),
)

GESTURES: Final = tuple(Gesture(i, *spec) for i, spec in enumerate(_SPECS))
GESTURE_BY_ID: Final = {g.id: g for g in GESTURES}
GESTURE_BY_TITLE: Final = {g.title: g for g in GESTURES}


@dataclass(frozen=True, slots=True)
class Chapter:
    """One chapter of the storybook, with its special rules."""

    number: int
    title: str
    sweetness: int
    story: str
    dates: int = 6
    bottom_leads: bool = False
    no_hc: bool = False
    bounty_factor: int = 1
    #: The first player (seat 0) holds the Top card: the partners' hands are swapped
    #: if the deal gave it to the other.
    first_is_top: bool = False
    #: The chapter's own gestures, by title, instead of a draw (the bounty is drawn).
    gestures: tuple[str, ...] = ()

    @property
    def special_rules(self) -> list[str]:
        """The chapter's own rules, in a player's words, one sentence each."""
        rules = []
        if self.dates != 6:
            rules.append(f"Only {self.dates} Dates this chapter.")
        if self.bottom_leads:
            rules.append("The bottom leads the first Date.")
        if self.no_hc:
            rules.append("No Healthy Communication may be used.")
        if self.bounty_factor != 1:
            rules.append(f"The bounty pays {self.bounty_factor} times its sweetness.")
        if self.first_is_top:
            rules.append("The first player holds the Top card.")
        if self.gestures:
            named = " and ".join(f"\u201c{t}\u201d" for t in self.gestures)
            rules.append(f"The gesture is always {named}; the top may take it or pass it.")
        return rules

    @property
    def gesture_ids(self) -> tuple[int, ...]:
        """The ids of the gestures the chapter deals (none: they are drawn)."""
        return tuple(GESTURE_BY_TITLE[t].id for t in self.gestures)


CHAPTERS: Final = (
    Chapter(1, "First Coffee", 1,
            "Two cups, one small table by the window. Neither of you remembers what the coffee "
            "tasted like, only that the afternoon went by far too quickly. You asked them out, "
            "so you hold the Top card, and the last word of the afternoon is yours to keep.",
            first_is_top=True, gestures=("The Last Word",)),
    Chapter(2, "The Second Date", 2,
            "A bowling alley with sticky shoes and terrible music. Somebody throws three gutter "
            "balls in a row, and somehow that is the best part."),
    Chapter(3, "Rain on the Way Home", 3,
            "One umbrella, two people, and a forecast nobody checked. You arrive soaked and "
            "laughing, and agree to do it again next week."),
    Chapter(4, "Meeting the Friends", 4,
            "A crowded table of people who have heard a great deal about you. Tonight your "
            "partner sets the pace, so follow their lead.",
            bottom_leads=True),
    Chapter(5, "The Road Trip", 5,
            "A borrowed car, a playlist argued over for days, and a map folded the wrong way. "
            "The destination hardly matters."),
    Chapter(6, "Moving In", 6,
            "Boxes everywhere and only one kettle unpacked. Moving day is short and busy: there "
            "is time for five Dates before you both fall asleep on the sofa.",
            dates=5),
    Chapter(7, "The Houseplant", 7,
            "Your first shared responsibility has leaves. It needs water, light and patience, "
            "which turns out to be good practice."),
    Chapter(8, "Meeting the Parents", 8,
            "Best behaviour, second helpings and long stories about childhood holidays. No "
            "secret signals across this dinner table.",
            no_hc=True),
    Chapter(9, "The Long-Distance Winter", 9,
            "A season apart, kept warm by letters and late calls. Every kindness counts twice "
            "when it has to travel so far.",
            bounty_factor=2),
    Chapter(10, "The Question", 10,
            "A quiet walk to the place where it all started, and one small box in a coat "
            "pocket. The answer was never really in doubt."),
    Chapter(11, "The Wedding", 11,
            "Seating plans, a cake that leans a little, and a dance floor that fills up faster "
            "than anyone expected. Your partner opens the dancing.",
            bottom_leads=True),
    Chapter(12, "Anniversary", 12,
            "A year of Dates, gestures and small brave conversations. Tonight there is nothing "
            "to explain: you simply know each other.",
            no_hc=True),
)


def chapter(number: int) -> Chapter:
    """The chapter with that number (1-based)."""
    if not 1 <= number <= len(CHAPTERS):
        raise ValueError(f"the storybook has chapters 1–{len(CHAPTERS)}, not {number}")
    return CHAPTERS[number - 1]
