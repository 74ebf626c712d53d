"""The ``hard`` Anno bot: a paired race of its best few moves over sampled deals.

For each decision it takes the rule of thumb's best few moves (every match worth
considering, the Blue Moon exchanges, and the burns of the cards it values least),
then, deal after deal sampled from its own observation, plays each of them and the
rest of the round out with the rule of thumb for every seat.  Every move still in
the race is played on the same deals, so two moves are compared by their difference
deal by deal, which varies far less than their scores do (a lucky deal is lucky for
both).  After each batch of deals a move falls out once it is clearly behind the
leader; at the end the leader is played if it clearly beat the rule of thumb's own
choice, and the rule of thumb's choice otherwise.  A play-out scores the round's
points against the best other player's, or, in the game's last round, the win with
the margin as a tie-break of some weight.  The samples come from the observation
alone (``sampling.sampler``), so it knows no more than its seat.  A declaration
already under way cannot be changed: it is carried on as the rule of thumb does.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from functools import lru_cache

from tabletop.bots.base import collector_paused
from tabletop.bots.ismcts import SearchStats
from tabletop.engine.protocol import Action, Observation
from tabletop.engine.rng import Rng
from tabletop.games.anno.actions import Burn, Exchange, Match
from tabletop.games.anno.thumb import (
    MONTH_BIT, MOON_BITS, SeatView, card_mask, carry_on, community_mask, decide, keep_value,
    match_or_burn, match_value, month_mask, policy, spot, unseen_months,
)
from tabletop.games.anno.observation import AnnoObservation
from tabletop.games.anno.rules import POINTS, AnnoState
from tabletop.games.anno.observation import EMPTY
from tabletop.games.anno.game import AnnoGame
from tabletop.games.anno.sampling import sampler

__all__ = ["SearchBot"]

#: Burns tried besides the rule of thumb's own choice.
BURNS = 3
#: Matches tried (the most valuable by the rule of thumb).
MATCHES = 4
#: Sampled deals at most, and a time cap in seconds.
SAMPLES = 2000
SECONDS = 1.2
#: Deals between two looks at the race.
BATCH = 24
#: How many standard errors behind the leader a move must be to fall out, and how many
#: ahead of the rule of thumb's own choice the leader must be to be played instead.
DROP_Z = 2.5
KEEP_Z = 2.0
#: In the game's last round a play-out scores the win (±1) plus the margin over this
#: many points: the margin says how near a win was, which a few deals cannot.
MARGIN_SCALE = 60.0


class SearchBot:
    """Plays each candidate move out on sampled deals and keeps the best."""

    def __init__(self, level: str = "hard", samples: int = SAMPLES,
                 seconds: float = SECONDS) -> None:
        self.level = level
        self.samples = samples
        self.seconds = seconds
        #: The last decision's play-outs and time (what ``tabletop bench`` reports).
        self.last = SearchStats()

    def choose(self, observation: Observation, legal: Sequence[Action], rng: Rng) -> Action:
        """The candidate move that scored best over the sampled deals."""
        assert isinstance(observation, AnnoObservation)
        obs = observation
        self.last = SearchStats()
        if obs.declared is not None:
            return carry_on(obs)
        candidates = self.candidates(obs, legal, rng)
        if len(candidates) == 1:
            return candidates[0]
        with collector_paused():
            return self._race(obs, candidates, rng)

    def _race(self, obs: AnnoObservation, candidates: Sequence[Action], rng: Rng) -> Action:
        """Race ``candidates`` over sampled deals (see the module's docstring)."""
        started = time.perf_counter()
        deadline = started + self.seconds
        deal = sampler(_game(obs.players, obs.rounds), obs)
        dealer = random.Random(rng.next_u64())  # C-speed randomness for the deals
        # scores[i][k]: candidate i's play-out on deal k (while it is in the race).
        scores: list[list[float]] = [[] for _ in candidates]
        alive = list(range(len(candidates)))
        deals = 0
        while len(alive) > 1 and deals < self.samples and time.perf_counter() < deadline:
            for _ in range(min(BATCH, self.samples - deals)):
                if time.perf_counter() >= deadline:
                    break
                sample = deal(dealer)
                last = alive[-1]
                for i in alive:
                    state = sample if i == last else sample.clone()  # the last may use it up
                    scores[i].append(_play_out(state, candidates[i], obs.seat))
                deals += 1
            leader = max(alive, key=lambda i: (sum(scores[i]), -i))
            alive = [i for i in alive
                     if i == leader or _ahead(scores[leader], scores[i]) < DROP_Z]
        self.last = SearchStats(sum(len(s) for s in scores), time.perf_counter() - started)
        if not deals:  # no time at all (the process was held up): the rule of thumb's move
            return candidates[0]
        best = max(alive, key=lambda i: (sum(scores[i]) / len(scores[i]), -i))
        # The rule of thumb's own move stands unless another clearly did better: the
        # best-looking of several close moves is mostly luck.
        if best != 0 and 0 in alive and _ahead(scores[best], scores[0]) < KEEP_Z:
            return candidates[0]
        return candidates[best]

    def candidates(self, obs: AnnoObservation, legal: Sequence[Action], rng: Rng,
                   ) -> list[Action]:
        """The moves worth weighing: the best matches, the exchanges for Months, a few burns."""
        first = policy(obs, legal, rng)
        chosen: list[Action] = [first]
        matches = sorted((a for a in legal if isinstance(a, Match)),
                         key=lambda m: -match_value(obs, m))
        for match in matches[:MATCHES]:
            if match not in chosen:
                chosen.append(match)
        for exchange in (a for a in legal if isinstance(a, Exchange)):
            card = obs.community[exchange.position]
            if card is not None and int(card) < 12 and exchange not in chosen:
                chosen.append(exchange)
        unseen = unseen_months(obs)
        burns = sorted((a for a in legal if isinstance(a, Burn)),
                       key=lambda b: keep_value(obs, b.card, obs.hand, unseen))
        seen: set[object] = set()
        for burn in burns:
            key = (burn.card.kind, burn.card.value)  # two copies of one type are one choice
            if key in seen:
                continue
            seen.add(key)
            if burn not in chosen:
                chosen.append(burn)
            if len(seen) >= BURNS + 1:
                break
        return chosen


def _ahead(a: Sequence[float], b: Sequence[float]) -> float:
    """How many standard errors ``a`` scored above ``b`` on the deals both were played
    on (the first ``len(b)`` of ``a``'s, when ``b`` left the race earlier)."""
    n = min(len(a), len(b))
    if n < 2:
        return 0.0
    diffs = [x - y for x, y in zip(a, b)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if var == 0.0:
        return math.inf if mean > 0 else -math.inf if mean < 0 else 0.0
    return mean / math.sqrt(var / n)


def _play_out(state: AnnoState, move: Action, me: int) -> float:
    """Make ``move`` for ``me`` (the seat to move in ``state``) and play the round out
    with the quick rule of thumb (:func:`play_round`, which uses the state up); score it
    for ``me``: in the game's last round, +1 for ending ahead of every other seat and −1
    for ending behind one, plus the margin scaled; before that, the round's margin,
    scaled."""
    points = play_round(state, move)
    if state.round_no + 1 < state.game.rounds:
        best_other = max(p for s, p in enumerate(points) if s != me)
        return (points[me] - best_other) / 50
    totals = [t + p for t, p in zip(state.totals, points)]
    margin = totals[me] - max(t for s, t in enumerate(totals) if s != me)
    return (1.0 if margin > 0 else -1.0 if margin < 0 else 0.0) + margin / MARGIN_SCALE


def play_round(state: AnnoState, first: Action | None = None) -> list[int]:
    """Play the round out with the rule of thumb for every seat (after ``first``, if
    given: a legal complete move of the seat to move) and return each seat's points for
    it.  The moves are made straight on the state's hands, boards, Community Eight and
    deck, with no events, no totals and no next deal: the state is used up.
    What the seats see is kept up to date alongside, as the bit masks :class:`SeatView`
    reads, so no move looks through all the cards again.

    It plays exactly as :meth:`AnnoState.apply_unchecked` would (a test holds the two
    side by side); a Blue Moon exchange, rare, is left to it, and so is a declaration
    under way at the start (its steps, as the rule of thumb carries it on)."""
    seat = state.player
    if state.declared is not None:
        assert first is None, "no complete move can be made while a declaration is under way"
        while state.declared is not None:
            state.apply_unchecked(carry_on(state.observation(seat)), seat)
        if state.over or not state.dealt:  # the match ended the round
            return _points(state)
    n = state.n
    hands, boards, community, deck = state.hands, state.boards, state.community, state.deck
    burn, burned = state.burn, state.burned
    # A declaration taken back leaves no match to make this turn, as a match made does.
    exchanged, matched = state.exchanged, state.matched or state.withdrawn is not None
    # Per seat: its hand, its board as the rule of thumb reads it (month by month), the
    # Months it burned; and the Community Eight, and the Month cards on any board.
    held = [card_mask(h) for h in hands]
    spots = [{m: spot(m, tuple(cards)) for m, cards in b.items()} for b in boards]
    burnt = [month_mask(b) for b in burned]
    table = community_mask(community)
    shown = month_mask(m for b in boards for m in b)
    while True:
        mine = held[seat]
        if first is not None:
            move, first = first, None
        elif mine & MOON_BITS and not (exchanged or matched):  # a Blue Moon to weigh: rare
            laid = [[(m, tuple(cards)) for m, cards in b.items()] for b in boards]
            move = decide(SeatView(hands[seat], laid[seat], laid, community, exchanged,
                                   matched, None, mine, table, shown | burnt[seat],
                                   list(spots[seat].values())))
        else:
            move = match_or_burn(hands[seat], mine, table, shown | burnt[seat],
                                 spots[seat].values(), matched)
        kind = type(move)
        hand = hands[seat]
        if kind is Burn:
            assert isinstance(move, Burn)
            card = move.card
            hand.remove(card)
            burn.append(card)
            burned[seat].append(card)
            burnt[seat] |= MONTH_BIT[card]
            if not deck:
                break
            drawn = deck.pop()
            hand.append(drawn)
            hand.sort()
            held[seat] ^= 1 << card | 1 << drawn
            seat = (seat + 1) % n
            exchanged = matched = False
        elif kind is Match:
            assert isinstance(move, Match)
            month, cards = move.month, move.cards
            board = boards[seat]
            mine = held[seat]
            if month not in board:
                hand.remove(month)
                mine ^= 1 << month
                shown |= 1 << month
                board[month] = []
            emptied = []
            for card in cards:
                bit = 1 << card
                if mine & bit:
                    hand.remove(card)
                    mine ^= bit
                else:
                    place = community.index(card)
                    community[place] = EMPTY
                    table ^= bit
                    emptied.append(place)
            board[month].extend(cards)
            held[seat] = mine
            spots[seat][month] = spot(month, tuple(board[month]))
            matched = True
            if not hand:
                break
            if len(emptied) > len(deck):  # the refill runs out: the round is over
                for place in sorted(emptied)[:len(deck)]:
                    community[place] = deck.pop()
                break
            for place in sorted(emptied):
                card = community[place] = deck.pop()
                table |= 1 << card
        else:
            state.player, state.exchanged, state.matched = seat, exchanged, matched
            state.apply_unchecked(move, seat)
            exchanged = True
            held[seat] = card_mask(hand)
            table = community_mask(community)
    return _points(state)


def _points(state: AnnoState) -> list[int]:
    """Each seat's points for the round, from its board and its hand."""
    return [POINTS * (sum(1 + len(cards) for cards in state.boards[s].values())
                      - len(state.hands[s])) for s in range(state.n)]


def quick_move(state: AnnoState, seat: int) -> Action:
    """The rule of thumb (the ``normal`` bot), read straight from the state for speed and
    from what ``seat`` knows only: its hand and burns, and the open table."""
    if state.declared is not None:
        return carry_on(state.observation(seat))
    return decide(_view(state, seat, state.exchanged,
                        state.matched or state.withdrawn is not None))


def _view(state: AnnoState, seat: int, exchanged: bool, matched: bool) -> SeatView:
    """What ``seat`` sees of ``state`` (with no declaration under way)."""
    boards = [[(m, tuple(cards)) for m, cards in b.items()] for b in state.boards]
    return SeatView.seeing(state.hands[seat], boards[seat], boards, state.community,
                           state.burned[seat], exchanged, matched, None)


@lru_cache(maxsize=16)
def _game(players: int, rounds: int) -> AnnoGame:
    return AnnoGame(players, rounds)
