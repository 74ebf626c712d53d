"""Anno's 73 cards: twelve Months, the primary cards that match them, and the secondaries.

A card is a small integer (0–72) with a name; everything about it comes from the
tables below.  Months hold four kinds of primary card — a Quarter, a Days card, a
Season and a Zodiac — and the secondaries bend those rules: Weather turns a
month's season into another, a Cusp lets a month take both of its zodiacs, and a
Blue Moon trades itself for any card of the Community Eight.

>>> str(MONTHS[2]), str(card_of(Kind.DAYS, 28)), str(card_of(Kind.WEATHER, NIVIS))
('March', '28 Days', 'Nivis')
>>> month_accepts(MONTHS[1], card_of(Kind.DAYS, 29)), month_accepts(MONTHS[3], card_of(Kind.DAYS, 31))
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Final

__all__ = [
    "AUTUMN", "BLUE_MOONS", "CARDS", "CUSPS", "DECK", "MONTHS", "MONTH_NAMES", "NIVIS",
    "SEASON_NAMES", "SPRING", "SUMMER", "WEATHER_NAMES", "WINTER", "ZODIAC_NAMES",
    "AnnoCard", "CardInfo", "Kind", "MonthInfo", "card_of", "converts", "info", "is_month",
    "month_accepts", "month_info", "parse_card", "weather_for",
]


class Kind(IntEnum):
    MONTH = 0
    QUARTER = 1
    DAYS = 2
    SEASON = 3
    ZODIAC = 4
    WEATHER = 5
    CUSP = 6
    BLUE_MOON = 7


KIND_NAMES: Final = ("Month", "Quarter", "Days", "Season", "Zodiac", "Weather", "Cusp",
                     "Blue Moon")

MONTH_NAMES: Final = ("January", "February", "March", "April", "May", "June", "July",
                      "August", "September", "October", "November", "December")
WINTER, SPRING, SUMMER, AUTUMN = range(4)
SEASON_NAMES: Final = ("Winter", "Spring", "Summer", "Autumn")
ZODIAC_NAMES: Final = ("Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo", "Libra",
                       "Scorpio", "Sagittarius", "Capricorn", "Aquarius", "Pisces")
CALIDUM_ANTE, GRAVIS_TEMPESTATIS, IMPAR_VENTIS, NIVIS = range(4)
WEATHER_NAMES: Final = ("Calidum Ante", "Gravis Tempestatis", "Impar Ventis", "Nivis")
#: Each weather kind turns two seasons into another: {from: to}.
CONVERSIONS: Final[tuple[dict[int, int], ...]] = (
    {SPRING: SUMMER, WINTER: AUTUMN},   # Calidum Ante
    {WINTER: SPRING, SUMMER: SPRING},   # Gravis Tempestatis
    {SUMMER: AUTUMN, AUTUMN: SPRING},   # Impar Ventis
    {SPRING: WINTER, AUTUMN: WINTER},   # Nivis
)
ROMAN: Final = ("", "I", "II", "III", "IV")

_MONTH_DAYS: Final = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
_MONTH_SEASONS: Final = (WINTER, WINTER, SPRING, SPRING, SPRING, SUMMER, SUMMER, SUMMER,
                         AUTUMN, AUTUMN, AUTUMN, WINTER)


@dataclass(frozen=True, slots=True)
class MonthInfo:
    """What a month accepts: its quarter, days, season and two zodiacs."""

    index: int            # 0 = January
    quarter: int          # 1–4
    days: tuple[int, ...]  # Days cards it takes (February: 28 and 29)
    season: int
    zodiacs: tuple[int, int]
    first_day: int        # day of the year it begins (tie-breaks finding the dealer)
    last_day: int

    @property
    def name(self) -> str:
        """The month's name."""
        return MONTH_NAMES[self.index]


def _months() -> tuple[MonthInfo, ...]:
    months = []
    day = 1
    for m in range(12):
        length = _MONTH_DAYS[m]
        days = (28, 29) if m == 1 else (length,)
        months.append(MonthInfo(m, m // 3 + 1, days, _MONTH_SEASONS[m],
                                ((m + 9) % 12, (m + 10) % 12), day, day + length - 1))
        day += length
    return tuple(months)


MONTH_TABLE: Final = _months()


@dataclass(frozen=True, slots=True)
class CardInfo:
    kind: Kind
    value: int  # month index, quarter 1–4, days, season, zodiac, weather kind; 0 otherwise

    @property
    def name(self) -> str:
        """The card's name as the table shows it."""
        kind, value = self.kind, self.value
        if kind is Kind.MONTH:
            return MONTH_NAMES[value]
        if kind is Kind.QUARTER:
            return f"Quarter {ROMAN[value]}"
        if kind is Kind.DAYS:
            return f"{value} Days"
        if kind is Kind.SEASON:
            return SEASON_NAMES[value]
        if kind is Kind.ZODIAC:
            return ZODIAC_NAMES[value]
        if kind is Kind.WEATHER:
            return WEATHER_NAMES[value]
        return KIND_NAMES[kind]


def _cards() -> tuple[CardInfo, ...]:
    cards = [CardInfo(Kind.MONTH, m) for m in range(12)]
    cards += [CardInfo(Kind.QUARTER, q) for q in range(1, 5) for _ in range(3)]
    cards += [CardInfo(Kind.DAYS, 31)] * 7 + [CardInfo(Kind.DAYS, 30)] * 4
    cards += [CardInfo(Kind.DAYS, 29), CardInfo(Kind.DAYS, 28)]
    cards += [CardInfo(Kind.SEASON, s) for s in range(4) for _ in range(3)]
    cards += [CardInfo(Kind.ZODIAC, z) for z in range(12)]
    cards += [CardInfo(Kind.WEATHER, w) for w in range(4) for _ in range(2)]
    cards += [CardInfo(Kind.CUSP, 0)] * 2 + [CardInfo(Kind.BLUE_MOON, 0)] * 2
    return tuple(cards)


#: Card id → what it is.
CARDS: Final = _cards()


class AnnoCard(int):
    """One of the 73 cards; prints as its name ("March", "Quarter II", "Nivis")."""

    __slots__ = ()

    def __reduce__(self) -> tuple[type, tuple[int]]:
        return type(self), (int(self),)  # as quick to pickle as the int it is

    @property
    def kind(self) -> Kind:
        """What sort of card it is: a Month, a Quarter, Days, a Season..."""
        return CARDS[self].kind

    @property
    def value(self) -> int:
        """Its number within its kind (a month's index, a quarter's number)."""
        return CARDS[self].value

    def __str__(self) -> str:
        return CARDS[self].name

    def __repr__(self) -> str:
        return f"AnnoCard({int(self)}: {CARDS[self].name})"


def parse_card(value: object) -> AnnoCard:
    """A card from its saved number; ``ValueError`` if there is no such card."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < len(CARDS):
        raise ValueError(f"{value!r} is not an Anno card")
    return AnnoCard(value)


#: The whole deck in a fixed order (id order).
DECK: Final = tuple(AnnoCard(i) for i in range(len(CARDS)))
MONTHS: Final = DECK[:12]
CUSPS: Final = tuple(c for c in DECK if c.kind is Kind.CUSP)
BLUE_MOONS: Final = tuple(c for c in DECK if c.kind is Kind.BLUE_MOON)

_KINDS: Final = tuple(c.kind for c in CARDS)
_VALUES: Final = tuple(c.value for c in CARDS)


def info(card: int) -> CardInfo:
    """Everything the deck says of card number ``card``."""
    return CARDS[card]


def kind_of(card: int) -> Kind:
    """The kind of card number ``card``."""
    return _KINDS[card]


def is_month(card: int) -> bool:
    """Whether card number ``card`` is a Month."""
    return _KINDS[card] is Kind.MONTH


def month_info(month: int) -> MonthInfo:
    """The month a Month card stands for."""
    assert _KINDS[month] is Kind.MONTH, f"{month} is not a month card"
    return MONTH_TABLE[_VALUES[month]]


def card_of(kind: Kind, value: int = 0) -> AnnoCard:
    """The first card of ``kind`` with ``value`` (e.g. one of the three Quarter IIs)."""
    for card in DECK:
        if _KINDS[card] is kind and _VALUES[card] == value:
            return card
    raise ValueError(f"no {KIND_NAMES[kind]} card with value {value}")


def converts(weather_kind: int, season: int) -> int | None:
    """The season a weather kind turns ``season`` into, or ``None`` if it leaves it be."""
    return CONVERSIONS[weather_kind].get(season)


def weather_for(season: int, target: int) -> int | None:
    """The weather kind that turns ``season`` into ``target`` (at most one does)."""
    for kind, table in enumerate(CONVERSIONS):
        if table.get(season) == target:
            return kind
    return None


def month_accepts(month: int, card: int) -> bool:
    """Whether ``card`` could ever be matched to ``month`` (weather and cusp included;
    the rules of a particular board decide whether it fits *now*)."""
    return card in ACCEPTS[_VALUES[month]]


def _accepts(month: int, card: int) -> bool:
    m = month_info(month)
    kind, value = _KINDS[card], _VALUES[card]
    if kind is Kind.QUARTER:
        return value == m.quarter
    if kind is Kind.DAYS:
        return value in m.days
    if kind is Kind.SEASON:
        return value == m.season or weather_for(m.season, value) is not None
    if kind is Kind.ZODIAC:
        return value in m.zodiacs
    if kind is Kind.WEATHER:
        return converts(value, m.season) is not None
    return kind is Kind.CUSP


#: Per month index: every card that could ever be matched to it.
ACCEPTS: Final = tuple(frozenset(c for c in DECK if _accepts(MONTHS[m], c)) for m in range(12))
