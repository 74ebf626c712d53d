"""The rule of thumb the partner bots play by (and the search imagines the partner
playing by) is written for speed; here it is checked against a plain reference."""

from __future__ import annotations

import random

from tabletop.games.anniversary.thumb import SHED, WASTE, Outlook, _choose_card, _wanted_winners
from tabletop.games.anniversary.cards import BOTTOM, DECK, POSITION, TOP
from tabletop.games.anniversary.content import GESTURE_BY_ID, GESTURES
from tabletop.games.anniversary.fast import standing
from tabletop.games.anniversary.gestures import COLOUR_MASKS, Kind, Status, mask_of
from tabletop.games.anniversary.rules import winning_play

from .helpers import random_date


def beats(card: int, best: int, lead: int) -> bool:
    """Whether ``card`` takes over a Date now won by ``best`` (``lead``: the colour led)."""
    if card == TOP:
        return True
    if best == TOP:
        return False
    if card == BOTTOM:
        return True
    if best == BOTTOM:
        return False
    return card >> 5 == lead and best >> 5 == lead and card > best


def reference_choose_card(seat, playable, plays, desire, wanted, theirs, rng, keep=(), shed=()):  # type: ignore[no-untyped-def]
    best_card, best_score = playable[0], -1e9
    for card in playable:
        if not plays:
            mine, winning_card = True, card
        else:
            top_seat, top_card = plays[winning_play(plays)]
            if beats(card, top_card, plays[0][1] >> 5):
                mine, winning_card = True, card
            else:
                mine, winning_card = top_seat == seat, top_card
        score = 0.0
        if mine:
            score += desire
            if winning_card in wanted:
                score += 4
            if card in (TOP, BOTTOM) and card not in wanted:
                score -= 1.5
        else:
            score -= desire
            if winning_card in theirs:
                score += 4
        if card in keep and (not plays or not beats(card, top_card, plays[0][1] >> 5)):
            score -= WASTE  # a card to win with, played where it does not win
        if card in shed:
            score += SHED
        score -= (card & 31) * 0.05 if card >> 5 != POSITION else 0.4
        score += rng.random() * 0.3
        if score > best_score:
            best_card, best_score = card, score
    return best_card


def test_the_card_chosen_is_the_plain_reference_s():
    r = random.Random(5)
    taken_over = kept = 0
    for _ in range(20_000):
        date = random_date(r)
        plays, playable = date.plays, date.playable
        gids, owners, settled = date.gids, date.owners, date.settled
        seat, desire, seed = r.randrange(2), r.randrange(-6, 7), r.randrange(1 << 30)
        wanted = _wanted_winners(seat, gids, owners, settled)
        theirs = _wanted_winners(1 - seat, gids, owners, settled)
        # The careful form's cards to keep and to shed, at random.
        keep = {card for card in playable if r.random() < 0.2}
        shed = {card for card in playable if r.random() < 0.2}
        mine = _choose_card(seat, playable, *standing(plays), desire, wanted, theirs,
                            random.Random(seed), mask_of(keep), mask_of(shed))
        assert mine == reference_choose_card(seat, playable, plays, desire, wanted, theirs,
                                             random.Random(seed), keep, shed)
        if plays:
            top_card = plays[winning_play(plays)][1]
            if beats(mine, top_card, plays[0][1] >> 5):
                taken_over += 1
            else:
                kept += 1
    assert taken_over > 1000 and kept > 1000


def reference_want_to_foot(seat, gestures, owners, settled, footers, date, total, cards):  # type: ignore[no-untyped-def]
    """The rule of thumb's wish to foot the Date in play as first written, one gesture
    at a time: + yes, - no, 0 no matter."""
    score = 0
    for gid, owner, mark in zip(gestures, owners, settled):
        if mark is not Status.PENDING:
            continue
        g = GESTURE_BY_ID[gid]
        k = g.kind
        pull = 0
        if k is Kind.WIN_CONTAINING:
            pull = 2 if g.card is not None and cards >> g.card & 1 else 0
        elif k is Kind.NO_COLOUR:
            pull = -2 if cards & COLOUR_MASKS[g.colour or 0] else 0
        elif k is Kind.AT_LEAST:
            pull = 1 if cards & COLOUR_MASKS[g.colour or 0] else 0
        elif k is Kind.NO_DATE:
            pull = -3
        elif k is Kind.EXACTLY_DATES:
            done = footers.count(owner)
            pull = 1 if done < g.count else -3
        elif k is Kind.FIRST_DATE:
            pull = 3 if date == 1 else 0
        elif k is Kind.LAST_DATE:
            pull = 3 if date == total else 0
        elif k is Kind.TWO_IN_A_ROW:
            pull = 2 if footers and footers[-1] == owner else 1
        score += pull if owner == seat else -pull
    return score


def test_an_outlook_leans_as_the_plain_reference_does():
    """The rule of thumb reads its wish to foot a Date from an :class:`Outlook` worked
    out once per set of pending gestures; it must be the plain reference's."""
    r = random.Random(8)
    signs = set()
    for _ in range(20_000):
        gestures = r.sample(GESTURES, r.randrange(1, 7))
        gids = [g.id for g in gestures]
        owners = [r.randrange(2) for _ in gestures]
        settled = [r.choice([Status.PENDING, Status.PENDING, Status.DONE, Status.FAILED])
                   for _ in gestures]
        total = r.randrange(5, 10)
        footers = [r.randrange(2) for _ in range(r.randrange(0, total))]
        date = len(footers) + 1
        cards = 0
        for card in r.sample(DECK, r.randrange(0, 4)):
            cards |= 1 << card
        outlook = Outlook(gids, owners, settled)
        for seat in (0, 1):
            expected = reference_want_to_foot(seat, gids, owners, settled, footers, date, total,
                                              cards)
            assert outlook.lean(seat, footers, date, total, cards) == expected
            signs.add((expected > 0) - (expected < 0))
        assert outlook.wanted == [_wanted_winners(s, gids, owners, settled) for s in (0, 1)]
    assert signs == {-1, 0, 1}
