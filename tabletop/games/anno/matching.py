"""Which cards a month on a board can take, and why not, in a player's words.

A month holds at most one Quarter, one Days card (February: its 28 and its 29
together), one Season — its own, or the season a Weather card in the same match
turns it into — and one Zodiac; both of its zodiacs only with a Cusp, and a Cusp
only with one of them already there or both in the same match.  A match is 1 or
3+ cards, never exactly 2.

:func:`conflict` finds what can never be put right by adding cards;
:func:`match_problem` judges a finished match.  A card may be staged only if the
staged cards with it can still become a match, with cards from the same source that
are still free (:func:`completions`, :func:`stage_problem`): so whatever is staged
can always be completed and confirmed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations, product

from tabletop.games.anno.cards import (
    ACCEPTS,
    ROMAN,
    SEASON_NAMES,
    WEATHER_NAMES,
    ZODIAC_NAMES,
    AnnoCard,
    Kind,
    converts,
    kind_of,
    month_info,
    weather_for,
)
from tabletop.games.anno.cards import CARDS as _CARDS

__all__ = [
    "completions", "conflict", "legal_matches", "match_problem", "misfit", "open_slots",
    "stage_problem", "stageable",
]

TWO_ALONE = "Two cards cannot be matched alone: add a third or take one back."


def _value(card: int) -> int:
    return _CARDS[card].value


def _with(names: Sequence[str]) -> str:
    return " and ".join(names)


def _a(season: int, start: bool = False) -> str:
    """"a Winter card", "an Autumn card" ("A", "An" at the ``start`` of a sentence)."""
    name = SEASON_NAMES[season]
    article = "an" if name[0] in "AEIOU" else "a"
    return f"{article.capitalize() if start else article} {name} card"


def misfit(month: int, card: int) -> str | None:
    """Why ``card`` can never go with ``month`` (``None`` if it can, on some board)."""
    if card in ACCEPTS[_CARDS[month].value]:
        return None
    m = month_info(month)
    kind, value = kind_of(card), _value(card)
    name = m.name
    if kind is Kind.MONTH:
        return "A month cannot be matched to another month."
    if kind is Kind.BLUE_MOON:
        return "A Blue Moon is never matched: use it to exchange for a Community Eight card."
    if kind is Kind.QUARTER and value != m.quarter:
        return f"{name} is in quarter {ROMAN[m.quarter]}, not quarter {ROMAN[value]}."
    if kind is Kind.DAYS and value not in m.days:
        if m.index == 1:
            return "February takes the 28 Days and the 29 Days cards."
        return f"{name} has {m.days[0]} days, not {value}."
    if kind is Kind.SEASON and value != m.season and weather_for(m.season, value) is None:
        return (f"{name} is a {SEASON_NAMES[m.season]} month, and no weather turns "
                f"{SEASON_NAMES[m.season]} into {SEASON_NAMES[value]}.")
    if kind is Kind.ZODIAC and value not in m.zodiacs:
        a, b = (ZODIAC_NAMES[z] for z in m.zodiacs)
        return f"{ZODIAC_NAMES[value]} is not one of {name}'s zodiacs ({a} and {b})."
    if kind is Kind.WEATHER and converts(value, m.season) is None:
        return (f"{WEATHER_NAMES[value]} does not change {SEASON_NAMES[m.season]}, "
                f"the season of {name}.")
    return None


def _by_kind(cards: Iterable[int]) -> dict[Kind, list[int]]:
    groups: dict[Kind, list[int]] = {}
    for card in cards:
        groups.setdefault(kind_of(card), []).append(card)
    return groups


def conflict(month: int, board: Sequence[int], new: Sequence[int]) -> str | None:
    """What makes ``board`` (cards already on ``month``) plus ``new`` (this match) wrong
    in a way more cards cannot fix; ``None`` if the match could still be completed."""
    for card in new:
        reason = misfit(month, card)
        if reason is not None:
            return reason
    m = month_info(month)
    name = m.name
    every = _by_kind([*board, *new])
    fresh = _by_kind(new)
    if len(every.get(Kind.QUARTER, ())) > 1:
        return f"{name} already has a Quarter card."
    if len(every.get(Kind.DAYS, ())) > 1 and m.index != 1:
        return f"{name} already has a Days card."
    if len(every.get(Kind.SEASON, ())) > 1:
        return f"{name} already has a Season card."
    if len(every.get(Kind.WEATHER, ())) > 1:
        return f"{name} already has a Weather card."
    if len(every.get(Kind.CUSP, ())) > 1:
        return f"{name} already has a Cusp card."
    weathers = every.get(Kind.WEATHER, [])
    seasons = every.get(Kind.SEASON, [])
    if fresh.get(Kind.WEATHER) and any(kind_of(c) is Kind.SEASON for c in board):
        return (f"{name} already has its Season card: a Weather card must come with the "
                f"season it brings.")
    if weathers and seasons:
        weather = _value(weathers[0])
        target = converts(weather, m.season)
        season = _value(seasons[0])
        if season != target:
            assert target is not None
            return (f"{WEATHER_NAMES[weather]} turns {name} into {SEASON_NAMES[target]}: "
                    f"it cannot go with a {SEASON_NAMES[season]} card.")
    return None


def match_problem(month: int, board: Sequence[int], new: Sequence[int]) -> str | None:
    """Why matching ``new`` to ``month`` (holding ``board``) is not a legal match;
    ``None`` if it is."""
    m = month_info(month)
    name = m.name
    if not new:
        return f"Add at least one card to {name}."
    reason = conflict(month, board, new)
    if reason is not None:
        return reason
    if len(new) == 2:
        return TWO_ALONE
    if len(new) == 1 and kind_of(new[0]) is Kind.CUSP:
        return "A Cusp cannot be matched on its own: match it with two more cards."
    every = _by_kind([*board, *new])
    fresh = _by_kind(new)
    for weather_card in fresh.get(Kind.WEATHER, ()):
        weather = _value(weather_card)
        target = converts(weather, m.season)
        assert target is not None
        if not fresh.get(Kind.SEASON):
            return (f"{WEATHER_NAMES[weather]} must be matched together with the "
                    f"{SEASON_NAMES[target]} card it turns {name} into.")
    for season_card in fresh.get(Kind.SEASON, ()):
        season = _value(season_card)
        if season != m.season and not every.get(Kind.WEATHER):
            bringer = weather_for(m.season, season)
            assert bringer is not None
            return (f"{_a(season, start=True)} fits {name} only with "
                    f"{WEATHER_NAMES[bringer]}, which turns {SEASON_NAMES[m.season]} into "
                    f"{SEASON_NAMES[season]}.")
    zodiac_names = [ZODIAC_NAMES[z] for z in m.zodiacs]
    if len(every.get(Kind.ZODIAC, ())) == 2 and not every.get(Kind.CUSP):
        return f"{name} can take both {_with(zodiac_names)} only with a Cusp card."
    if fresh.get(Kind.CUSP):
        on_board = any(kind_of(c) is Kind.ZODIAC for c in board)
        if not on_board and len(fresh.get(Kind.ZODIAC, ())) < 2:
            return (f"A Cusp needs one of {name}'s zodiacs already on the month, or both "
                    f"{_with(zodiac_names)} in the same match.")
    return None


def legal_matches(month: int, board: Sequence[int], source: Sequence[int],
                  ) -> list[tuple[AnnoCard, ...]]:
    """Every legal match of cards from ``source`` to ``month`` (sorted card ids), built
    place by place: a Quarter, Days, a Season (or a Weather card with the season it
    brings), zodiacs and a Cusp — each place offering its choices or nothing.

    Cards that are copies of one another (two Quarter IIs) give matches that differ
    only in which copy is played; each is kept, since either may be played.
    """
    m = month_info(month)
    accepts = ACCEPTS[m.index]
    have = _by_kind(board)
    fitting = _by_kind(c for c in source if c in accepts)
    places: list[list[tuple[int, ...]]] = []
    if not have.get(Kind.QUARTER):
        places.append([()] + [(c,) for c in fitting.get(Kind.QUARTER, ())])
    days = fitting.get(Kind.DAYS, [])
    if m.index == 1:
        places.append([combo for size in range(3) for combo in combinations(days, size)])
    elif not have.get(Kind.DAYS):
        places.append([()] + [(c,) for c in days])
    if not have.get(Kind.SEASON):
        options: list[tuple[int, ...]] = [()]
        for season in fitting.get(Kind.SEASON, ()):
            if _value(season) == m.season:
                options.append((season,))
            for weather in fitting.get(Kind.WEATHER, ()):
                if converts(_value(weather), m.season) == _value(season):
                    options.append((season, weather))
        places.append(options)
    zodiacs_had = len(have.get(Kind.ZODIAC, ()))
    cusp_had = bool(have.get(Kind.CUSP))
    zodiacs = fitting.get(Kind.ZODIAC, [])
    cusps = [] if cusp_had else fitting.get(Kind.CUSP, [])
    sky: list[tuple[int, ...]] = []
    for size in range(3):
        for chosen in combinations(zodiacs, size):
            for cusp in [None, *cusps]:
                total = zodiacs_had + size
                cusped = cusp_had or cusp is not None
                if total > (2 if cusped else 1):
                    continue
                if cusp is not None and zodiacs_had == 0 and size < 2:
                    continue
                sky.append(chosen if cusp is None else (*chosen, cusp))
    places.append(sky)
    found: list[tuple[AnnoCard, ...]] = []
    for combo in product(*places):
        cards = [c for part in combo for c in part]
        count = len(cards)
        if count == 0 or count == 2:
            continue
        if count == 1 and kind_of(cards[0]) is Kind.CUSP:
            continue
        found.append(tuple(AnnoCard(c) for c in sorted(cards)))
    found.sort()
    return found


def completions(month: int, board: Sequence[int], staged: Sequence[int],
                pool: Sequence[int]) -> list[tuple[AnnoCard, ...]]:
    """Every legal match to ``month`` (holding ``board``) made of all of ``staged`` and
    any of ``pool``, the cards of the same source still free to add."""
    if conflict(month, board, staged) is not None:
        return []
    need = set(staged)
    return [match for match in legal_matches(month, board, [*staged, *pool])
            if need.issubset(match)]


def stageable(month: int, board: Sequence[int], staged: Sequence[int],
              pool: Sequence[int]) -> set[AnnoCard]:
    """The cards of ``pool`` that may be staged next beside ``staged``: those of some
    match in :func:`completions`."""
    found: set[AnnoCard] = set()
    for match in completions(month, board, staged, pool):
        found.update(match)
    found.difference_update(staged)
    return found


def stage_problem(month: int, board: Sequence[int], staged: Sequence[int], card: int,
                  pool: Sequence[int], from_community: bool) -> str | None:
    """Why ``card`` may not be staged on ``month`` (holding ``board``) beside ``staged``,
    ``pool`` being the other cards of the same source still free (the hand, or the
    Community Eight when ``from_community``); ``None`` if the staged cards with it can
    still become a match."""
    cards = [*staged, card]
    reason = conflict(month, board, cards)
    if reason is not None:
        return reason
    rest = [c for c in pool if c != card]
    if completions(month, board, cards, rest):
        return None
    where = "in the Community Eight" if from_community else "in your hand"
    return _unreachable(month, board, cards, rest, where)


def _unreachable(month: int, board: Sequence[int], cards: Sequence[int],
                 pool: Sequence[int], where: str) -> str:
    """Why ``cards`` (free of any :func:`conflict`) cannot become a match to ``month``
    with cards of ``pool``, which lies ``where``: the first card a rule asks for that
    the pool lacks, else the third card a match of two needs."""
    m = month_info(month)
    name = m.name
    every = _by_kind([*board, *cards])
    fresh = _by_kind(cards)
    spare = _by_kind(c for c in pool if misfit(month, c) is None)
    values = {kind: {_value(c) for c in group} for kind, group in spare.items()}
    companions: list[str] = []  # what the cards ask for beside them, found in the pool
    for weather_card in fresh.get(Kind.WEATHER, ()):
        weather = _value(weather_card)
        target = converts(weather, m.season)
        assert target is not None
        if not fresh.get(Kind.SEASON):
            brought = SEASON_NAMES[target]
            if target not in values.get(Kind.SEASON, ()):
                return (f"{WEATHER_NAMES[weather]} must be matched together with the "
                        f"{brought} card it turns {name} into, and there is no {brought} card "
                        f"{where}.")
            companions.append(_a(target))
    for season_card in fresh.get(Kind.SEASON, ()):
        season = _value(season_card)
        if season != m.season and not every.get(Kind.WEATHER):
            bringer = weather_for(m.season, season)
            assert bringer is not None
            if bringer not in values.get(Kind.WEATHER, ()):
                return (f"{_a(season, start=True)} fits {name} only with "
                        f"{WEATHER_NAMES[bringer]}, which turns {SEASON_NAMES[m.season]} into "
                        f"{SEASON_NAMES[season]}, and there is no {WEATHER_NAMES[bringer]} "
                        f"card {where}.")
            companions.append(WEATHER_NAMES[bringer])
    zodiac_names = [ZODIAC_NAMES[z] for z in m.zodiacs]
    if len(every.get(Kind.ZODIAC, ())) == 2 and not every.get(Kind.CUSP):
        if not spare.get(Kind.CUSP):
            return (f"{name} can take both {_with(zodiac_names)} only with a Cusp card, and "
                    f"there is no Cusp {where}.")
        companions.append("a Cusp")
    if fresh.get(Kind.CUSP) and not any(kind_of(c) is Kind.ZODIAC for c in board):
        have = {_value(c) for c in fresh.get(Kind.ZODIAC, ())}
        missing = [z for z in m.zodiacs if z not in have]
        absent = [ZODIAC_NAMES[z] for z in missing if z not in values.get(Kind.ZODIAC, ())]
        if absent:
            verb = "is" if len(absent) == 1 else "are"
            return (f"A Cusp needs one of {name}'s zodiacs already on the month, or both "
                    f"{_with(zodiac_names)} in the same match, and {_with(absent)} {verb} "
                    f"not {where}.")
        companions += [ZODIAC_NAMES[z] for z in missing]
    size = len(cards) + len(companions)
    if size == 2 and companions:
        named = f"{SEASON_NAMES[_value(cards[0])]} card" if kind_of(cards[0]) is Kind.SEASON \
            else str(AnnoCard(cards[0]))
        return (f"The {named} needs {companions[0]} with it, and two cards cannot "
                f"be matched alone: there is no third card {where} that fits {name} with "
                f"them.")
    if size == 2:
        return (f"Two cards cannot be matched alone, and there is no third card {where} "
                f"that fits {name} with them.")
    if size == 1 and fresh.get(Kind.CUSP):
        return (f"A Cusp cannot be matched on its own, and there are not two more cards "
                f"{where} that fit {name} with it.")
    return f"These cards cannot become a match to {name} with the cards {where}."


def open_slots(month: int, board: Sequence[int]) -> list[str]:
    """What ``month`` still accepts, in words, for a hover note ("a Quarter I card")."""
    m = month_info(month)
    have = _by_kind(board)
    slots: list[str] = []
    if not have.get(Kind.QUARTER):
        slots.append(f"a Quarter {ROMAN[m.quarter]} card")
    days = [_value(c) for c in have.get(Kind.DAYS, ())]
    if m.index == 1:
        missing = [d for d in m.days if d not in days]
        if missing:
            slots.append(" or ".join(f"the {d} Days" for d in missing))
    elif not days:
        slots.append(f"a {m.days[0]} Days card")
    if not have.get(Kind.SEASON):
        season = SEASON_NAMES[m.season]
        article = "an" if season[0] in "AEIOU" else "a"
        slots.append(f"{article} {season} card (or a Weather card with the season it brings)")
    zodiacs = [_value(c) for c in have.get(Kind.ZODIAC, ())]
    names = [ZODIAC_NAMES[z] for z in m.zodiacs]
    if not zodiacs:
        slots.append(f"{names[0]} or {names[1]}")
    elif len(zodiacs) == 1:
        other = ZODIAC_NAMES[next(z for z in m.zodiacs if z not in zodiacs)]
        if have.get(Kind.CUSP):
            slots.append(other)
        else:
            slots.append(f"a Cusp (then {other})")
    return slots
