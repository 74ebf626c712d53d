"""The quick rule of thumb and play-out give exactly the moves of their plain forms.

The plain form below is the rule of thumb as first written (one card, one lookup at a
time); ``bot.decide`` and friends are the quick form every play-out of the search
runs.  Both must choose the same move, value every card the same and find the same
biggest match, in positions reached by random and by sensible play.
"""

from __future__ import annotations

import random
from dataclasses import replace
from collections.abc import Iterable, Sequence

import pytest

from tabletop.engine.protocol import Action
from tabletop.games.anno.actions import Burn, Exchange, Match
from tabletop.games.anno.thumb import SeatView, biggest_match, card_worth, decide, swing
from tabletop.games.anno.cards import ACCEPTS, DECK, MONTHS, AnnoCard, Kind, converts, kind_of, month_accepts, month_info
from tabletop.games.anno.cards import CARDS as _CARDS
from tabletop.games.anno.matching import conflict, legal_matches
from tabletop.games.anno.observation import AnnoObservation
from tabletop.games.anno.search import quick_move

from .test_bots import positions


# -- the plain form -------------------------------------------------------------------------
def reference_worth(card: int, hand: Sequence[int],
               board: Iterable[tuple[int, Sequence[int]]],
               community: Iterable[int | None], unseen: Sequence[int]) -> float:
    """How much ``card`` is worth keeping, from what its holder can see: the months on
    their board and in their hand it fits, the unseen months it might, and a Blue Moon's
    reach into the Community Eight; a Blue Moon is never worth burning."""
    kind = kind_of(card)
    if kind is Kind.BLUE_MOON:
        return 100.0
    if kind is Kind.MONTH:
        partners = sum(1 for c in hand if c != card and month_accepts(card, c))
        return 50.0 + 5 * partners
    value = 0.0
    # Months this card can join now: on my board with room, or in my hand.
    for month, cards in board:
        if month_accepts(month, card) and conflict(month, cards, [card]) is None:
            value += 12.0
    for held in hand:
        if kind_of(held) is Kind.MONTH and month_accepts(held, card):
            value += 10.0
    # Months I might still get: unseen ones, a little each (the deck is big).
    value += 2.5 * sum(1 for m in unseen if month_accepts(m, card))
    # Community Eight months, for a Blue Moon I hold.
    if any(kind_of(c) is Kind.BLUE_MOON for c in hand):
        value += sum(1.5 for c in community
                     if c is not None and kind_of(c) is Kind.MONTH and month_accepts(c, card))
    # An umbrella: a second card of the very same type adds little.
    same = sum(1 for c in hand if c != card and _CARDS[c] == _CARDS[card])
    value -= 3.0 * same
    if kind in (Kind.WEATHER, Kind.CUSP):
        value -= 2.0  # they need company to be matched
    return value


def reference_unseen(obs: AnnoObservation) -> list[int]:
    """Months not in sight: in other hands, the deck or the burn pile."""
    seen = {*obs.hand, *obs.own_burned, *(c for c in obs.community if c is not None)}
    seen.update(m for b in obs.boards for m, _ in b)
    if obs.declared is not None:
        seen.add(obs.declared)
    return [m for m in MONTHS if m not in seen]


def reference_exchange(obs: AnnoObservation) -> Action | None:
    """Take a Community Eight Month that cards in hand (or the Eight) can match; with
    only a Blue Moon left, take the card most useful to the others."""
    moons = [c for c in obs.hand if kind_of(c) is Kind.BLUE_MOON]
    if not moons:
        return None
    best: tuple[int, int] | None = None
    for place, card in enumerate(obs.community):
        if card is None or kind_of(card) is not Kind.MONTH:
            continue
        from_hand = sum(1 for c in obs.hand if month_accepts(card, c))
        from_community = sum(1 for c in obs.community
                             if c is not None and c != card and month_accepts(card, c))
        worth = max(from_hand, from_community)
        if worth and (best is None or worth > best[0]):
            best = (worth, place)
    if best is not None:
        return Exchange(moons[0], best[1])
    if len(obs.hand) == 1:
        def use(place: int) -> int:
            card = obs.community[place]
            return sum(1 for b in obs.boards for m, cards in b
                       if month_accepts(m, card) and conflict(m, cards, [card]) is None)
        places = [p for p, c in enumerate(obs.community)
                  if c is not None and kind_of(c) is not Kind.BLUE_MOON]
        if places:
            return Exchange(moons[0], max(places, key=use))
    return None


def reference_decide(obs: AnnoObservation) -> Action:
    """The rule of thumb, with no declaration under way: fetch a usable Month with a Blue
    Moon; else make the match that swings most; else burn the card least worth keeping."""
    assert obs.declared is None
    hand = obs.hand
    board = obs.boards[obs.seat]
    if not obs.matched:
        if not obs.exchanged:
            exchange = reference_exchange(obs)
            if exchange is not None:
                return exchange
        best: tuple[tuple[float, int, int], Match] | None = None
        on_board = dict(board)
        open_community = [c for c in obs.community if c is not None
                          and kind_of(c) is not Kind.MONTH and kind_of(c) is not Kind.BLUE_MOON]
        for month in (*on_board, *(c for c in hand if kind_of(c) is Kind.MONTH)):
            laid = month not in on_board
            cards = on_board.get(month, ())
            from_hand = [c for c in hand if c != month]
            for source, own in ((from_hand, True), (open_community, False)):
                found = reference_biggest(month, cards, source)
                if not found:
                    continue
                value = swing(len(found) if own else 0, 0 if own else len(found), laid,
                              len(hand))
                key = (value, -len(found), int(month))
                if best is None or key > best[0]:
                    best = (key, Match(month, found))
        if best is not None:
            return best[1]
    unseen = reference_unseen(obs)
    return Burn(min(hand, key=lambda c: (reference_worth(c, hand, board, obs.community,
                                                         unseen), -int(c))))


def reference_biggest(month: int, board: Sequence[int], source: Sequence[int],
                  ) -> tuple[AnnoCard, ...]:
    """A legal match of the most cards from ``source`` to ``month`` (empty if none): the
    fullest choice for each place, or the biggest other when that makes exactly two."""
    accepts = ACCEPTS[_CARDS[month].value]
    m = month_info(month)
    have: dict[Kind, int] = {}
    for card in board:
        kind = kind_of(card)
        have[kind] = have.get(kind, 0) + 1
    fits: dict[Kind, list[int]] = {}
    for card in sorted(source):
        if card in accepts:
            fits.setdefault(kind_of(card), []).append(card)
    chosen: list[int] = []
    if not have.get(Kind.QUARTER) and fits.get(Kind.QUARTER):
        chosen.append(fits[Kind.QUARTER][0])
    days = fits.get(Kind.DAYS, [])
    if m.index == 1:
        chosen += days
    elif not have.get(Kind.DAYS) and days:
        chosen.append(days[0])
    if not have.get(Kind.SEASON):
        seasons = fits.get(Kind.SEASON, [])
        pair = next(((s, w) for s in seasons for w in fits.get(Kind.WEATHER, [])
                     if converts(_CARDS[w].value, m.season) == _CARDS[s].value), None)
        if pair is not None:
            chosen += pair
        else:
            natural = next((s for s in seasons if _CARDS[s].value == m.season), None)
            if natural is not None:
                chosen.append(natural)
    zodiacs, cusps = fits.get(Kind.ZODIAC, []), fits.get(Kind.CUSP, [])
    had, cusped = have.get(Kind.ZODIAC, 0), bool(have.get(Kind.CUSP))
    if cusped:
        chosen += zodiacs[:2 - had]
    elif had == 1 and cusps:
        chosen += [cusps[0], *zodiacs[:1]]
    elif had == 0:
        if cusps and len(zodiacs) == 2:
            chosen += [cusps[0], *zodiacs]
        elif zodiacs:
            chosen.append(zodiacs[0])
    if len(chosen) == 2 or (len(chosen) == 1 and kind_of(chosen[0]) is Kind.CUSP):
        options = legal_matches(month, board, source)
        return max(options, key=len) if options else ()
    return tuple(AnnoCard(c) for c in sorted(chosen))



# -- the checks ------------------------------------------------------------------------------
def observations(count: int, seed: int) -> list[AnnoObservation]:
    """Every seat's view of random-play positions, and of positions the rule of thumb
    itself reaches (boards fuller, hands smaller)."""
    found = []
    for state in positions(count, seed):
        for seat in range(state.n):
            found.append(state.observation(seat))
    rng = random.Random(seed)
    from tabletop.games.anno.game import AnnoGame

    for _ in range(count):
        state = AnnoGame(rng.choice((2, 3, 4)), 1).start(rng.randrange(10**6))
        for _ in range(rng.randrange(1, 40)):
            if state.over:
                break
            seat = state.current_player
            state.apply_unchecked(quick_move(state, seat), seat)
        if not state.over:
            found += [state.observation(seat) for seat in range(state.n)]
    return found


@pytest.mark.parametrize("seed", range(6))
def test_the_quick_rule_of_thumb_chooses_as_the_plain_one(seed):
    moons = 0
    for obs in observations(40, seed):
        # Each view as dealt, and each with the turn's match already made.
        for matched in (obs.matched, True):
            o = replace(obs, matched=matched)
            assert decide(SeatView.of(o)) == reference_decide(o), o
        moons += any(kind_of(c) is Kind.BLUE_MOON for c in obs.hand) and not obs.exchanged
    assert moons >= 5  # the exchanges were compared too


@pytest.mark.parametrize("seed", range(6))
def test_the_quick_worth_values_every_card_as_the_plain_one(seed):
    for obs in observations(30, seed):
        unseen = reference_unseen(obs)
        assert SeatView.of(obs).unseen() == unseen
        board = obs.boards[obs.seat]
        community = [c for c in obs.community if c is not None]
        for card in [*obs.hand, *community]:
            assert card_worth(card, obs.hand, board, obs.community, unseen) == \
                reference_worth(card, obs.hand, board, obs.community, unseen), (card, obs)


@pytest.mark.parametrize("seed", range(6))
def test_the_quick_biggest_match_finds_the_plain_ones(seed):
    rng = random.Random(seed)
    for obs in observations(30, seed):
        boards = [m for b in obs.boards for m in b]
        for month, cards in boards:
            source = rng.sample(DECK, rng.randrange(1, 14))
            source = [c for c in source if c != month and c not in cards]
            assert biggest_match(month, cards, source) == reference_biggest(month, cards, source)
        for month in MONTHS:
            source = [c for c in obs.hand if c != month]
            assert biggest_match(month, (), source) == reference_biggest(month, (), source)


def test_a_wrong_room_would_be_caught(monkeypatch):
    """The checks above can fail: quick rooms that forget what a month already holds
    value some card differently from the plain form."""
    from tabletop.games.anno import thumb as bot

    monkeypatch.setattr(bot, "_room", lambda month, cards: bot._ACCEPT_BITS[month])
    bot.spot.cache_clear()  # the months read so far were read with the right rooms
    try:
        differs = 0
        for obs in observations(20, 99):
            unseen = reference_unseen(obs)
            board = obs.boards[obs.seat]
            for card in obs.hand:
                differs += card_worth(card, obs.hand, board, obs.community, unseen) != \
                    reference_worth(card, obs.hand, board, obs.community, unseen)
    finally:
        bot.spot.cache_clear()  # nor may the wrong ones outlive the test
    assert differs > 0


# -- the play-out ------------------------------------------------------------------------------
def reference_round(state) -> list[int]:
    """The round played out move by move through the rules, as the search once did."""
    round_no = state.round_no
    while not state.over and state.dealt and state.round_no == round_no:
        seat = state.current_player
        state.apply_unchecked(quick_move(state, seat), seat)
    plus, minus = state.round_plus[round_no], state.round_minus[round_no]
    return [p - m for p, m in zip(plus, minus)]


def test_the_quick_play_out_makes_any_first_move_as_the_rules_do():
    """The search hands each of its candidate moves (any complete move: a match, an
    exchange, a burn) to the play-out as its first, and the round is scored from there;
    as the rules would make the move and end or go on with the round."""
    from tabletop.games.anno.search import play_round

    kinds, ended = set(), 0
    for seed in range(8):
        rng = random.Random(seed)
        for state in positions(25, seed + 20):
            twin = state.clone()
            if rng.random() < 0.3:  # with the deck nearly gone, the move may end the round
                del twin.deck[:max(0, len(twin.deck) - rng.randrange(0, 3))]
            seat = twin.current_player
            legal = twin.legal_actions(seat)
            for kind in (Burn, Exchange, Match):  # one move of each kind there is
                moves = [a for a in legal if isinstance(a, kind)]
                if not moves:
                    continue
                first = rng.choice(moves)
                kinds.add(kind)
                quick, plain = twin.clone(), twin.clone()
                points = play_round(quick, first)
                round_no = plain.round_no
                plain.apply_unchecked(first, seat)
                if plain.round_no == round_no:
                    assert points == reference_round(plain)
                else:  # the move itself ended the round
                    ended += 1
                    plus, minus = plain.round_plus[round_no], plain.round_minus[round_no]
                    assert points == [p - m for p, m in zip(plus, minus)]
                assert quick.hands == plain.hands
                assert quick.boards == plain.boards
                assert quick.community == plain.community
                assert quick.deck == plain.deck
    assert kinds == {Burn, Exchange, Match}
    assert ended


def test_the_quick_play_out_starts_mid_declaration_as_the_rules_do():
    """A round played out from a declaration under way (its steps made as the rule of
    thumb carries it on) or one taken back (only the burn left) ends as the rules make
    it end."""
    from tabletop.games.anno.search import play_round

    from .test_bots import declared_positions

    states = declared_positions(20, seed=30) + declared_positions(10, seed=31, withdrawn=True)
    for state in states:
        quick, plain = state.clone(), state.clone()
        points = play_round(quick)
        assert points == reference_round(plain)
        assert quick.boards == plain.boards and quick.hands == plain.hands
        assert quick.community == plain.community and quick.deck == plain.deck


@pytest.mark.parametrize("seed", range(8))
def test_the_quick_play_out_plays_the_round_as_the_rules_do(seed):
    from tabletop.games.anno.search import play_round

    rng = random.Random(seed)
    compared = 0
    for state in positions(25, seed):
        # Also with the deck nearly gone, so the draw or the refill ends the round.
        for short in (None, rng.randrange(0, 4)):
            twin = state.clone()
            if short is not None:
                del twin.deck[:max(0, len(twin.deck) - short)]
            quick, plain = twin.clone(), twin.clone()
            points = play_round(quick)
            assert points == reference_round(plain)
            assert quick.hands == plain.hands
            assert quick.boards == plain.boards
            assert quick.community == plain.community
            assert quick.deck == plain.deck
            assert quick.burned == plain.burned
            compared += 1
    assert compared == 50
