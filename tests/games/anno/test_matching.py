"""The place-by-place search for matches agrees with judging every subset."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from tabletop.games.anno.cards import DECK, MONTHS, AnnoCard, Kind
from tabletop.games.anno.matching import conflict, legal_matches, match_problem, misfit


def brute_force(month, board, source):
    fitting = [c for c in sorted(source) if misfit(month, c) is None]
    found = []
    for size in range(1, len(fitting) + 1):
        for combo in combinations(fitting, size):
            if match_problem(month, board, combo) is None:
                found.append(tuple(AnnoCard(c) for c in combo))
    return sorted(found)


def random_board(rng, month):
    """A legal column for ``month`` built by legal matches."""
    board = []
    pool = [c for c in DECK if c.kind is not Kind.MONTH and misfit(month, c) is None]
    for _ in range(rng.randrange(3)):
        options = legal_matches(month, board, rng.sample(pool, min(len(pool), 6)))
        options = [o for o in options if not set(o) & set(board)]
        if options:
            board += rng.choice(options)
    return board


@pytest.mark.parametrize("seed", range(60))
def test_matches_found_place_by_place_are_exactly_the_legal_subsets(seed):
    rng = random.Random(seed)
    month = MONTHS[seed % 12]
    board = random_board(rng, month)
    assert conflict(month, [], board) is None
    rest = [c for c in DECK if c not in board and c != month]
    # Sources rich in the cards that fit: most of the month's own cards and some strays.
    fits = [c for c in rest if misfit(month, c) is None]
    source = rng.sample(fits, min(len(fits), 9)) + rng.sample(rest, 3)
    source = sorted(set(source))
    assert legal_matches(month, board, source) == brute_force(month, board, source)


@pytest.mark.parametrize("seed", range(60))
def test_the_quick_search_finds_a_largest_legal_match(seed):
    from tabletop.games.anno.thumb import biggest_match

    rng = random.Random(1000 + seed)
    month = MONTHS[seed % 12]
    board = random_board(rng, month)
    rest = [c for c in DECK if c not in board and c != month]
    fits = [c for c in rest if misfit(month, c) is None]
    source = sorted(set(rng.sample(fits, min(len(fits), 1 + seed % 8)) + rng.sample(rest, 3)))
    every = legal_matches(month, board, source)
    found = biggest_match(month, board, source)
    assert len(found) == max((len(m) for m in every), default=0)
    if found:
        assert match_problem(month, board, found) is None


def can_grow(month, board, cards, pool):
    """Whether ``cards`` and some of ``pool`` make a legal match (judging every subset)."""
    fitting = [c for c in pool if misfit(month, c) is None]
    return any(match_problem(month, board, [*cards, *extra]) is None
               for size in range(len(fitting) + 1) for extra in combinations(fitting, size))


@pytest.mark.parametrize("seed", range(60))
def test_a_card_may_be_staged_exactly_when_the_staged_cards_can_still_become_a_match(seed):
    """``stage_problem`` accepts a card exactly when judging every subset of the rest of
    the source finds a match with it, ``stageable`` lists those cards, and every refusal
    says which rule stands in the way (never the catch-all sentence)."""
    from tabletop.games.anno.matching import stage_problem, stageable

    rng = random.Random(5000 + seed)
    month = MONTHS[seed % 12]
    board = random_board(rng, month)
    rest = [c for c in DECK if c not in board and c != month]
    fits = [c for c in rest if misfit(month, c) is None]
    refusals = 0
    for _ in range(12):
        source = sorted(set(rng.sample(fits, min(len(fits), rng.randrange(1, 8)))
                            + rng.sample(rest, 2)))
        staged = [c for c in source if rng.random() < 0.3]
        staged = staged if conflict(month, board, staged) is None else []
        pool = [c for c in source if c not in staged]
        room = stageable(month, board, staged, pool)
        for card in pool:
            reason = stage_problem(month, board, staged, card, pool, False)
            grows = conflict(month, board, [*staged, card]) is None and can_grow(
                month, board, [*staged, card], [c for c in pool if c != card])
            assert (reason is None) == grows == (card in room), (month, board, staged, card)
            if reason is not None:
                refusals += 1
                assert not reason.startswith("These cards cannot become"), reason
    assert refusals
