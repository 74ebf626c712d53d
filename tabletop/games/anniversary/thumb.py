"""Anniversary's rule of thumb, and how the search bots imagine their partner with it.

Each Date, decide whether you want to foot it (your gestures pull one way, your
partner's the other) and play the card that does so; the careful form keeps the cards
a "win with" gesture needs until one can win (:func:`_choose_card`'s ``keep`` and
``shed``).  :class:`AnniversaryHints` tells the search (:mod:`tabletop.games.anniversary.bot`)
and the solver how to play a chapter out with it.
"""


from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import TypeVar

from tabletop.bots.ismcts import Move
from tabletop.engine.cards import rank_of, suit_of
from tabletop.engine.protocol import Action, GameState, Observation
from tabletop.engine.rng import RandomSource, Rng
from tabletop.games.anniversary.actions import Pass, Pick, Place, Play, Ready, Take, Unpick
from tabletop.games.anniversary.cards import BOTTOM, DECK, POSITION, TOP, AnniversaryCard
from tabletop.games.anniversary.content import GESTURE_BY_ID
from tabletop.games.anniversary.fast import PLAY, TAKES_OVER, FastDates, FastDeal, standing
from tabletop.games.anniversary.feasibility import sharing_possible
from tabletop.games.anniversary.gestures import (
    AT_LEAST, COLOUR_MASKS, EXACTLY_DATES, FIRST_DATE, LAST_DATE, NO_COLOUR, NO_DATE, PENDING,
    RANK_MASKS, TWO_IN_A_ROW, WIN_CONTAINING, WIN_WITH_CARD, WIN_WITH_RANK, Kind, Status, mask_of,
)
from tabletop.games.anniversary.observation import AnniversaryObservation, Phase
from tabletop.games.anniversary.rules import AnniversaryState, gem_positions
from tabletop.games.anniversary.game import AnniversaryGame
from tabletop.games.anniversary.styles import BOLD_STYLE, CAREFUL, PLAIN, WILD

__all__ = ["AnniversaryHints", "game_for", "policy", "share_choice", "want_to_foot"]

C = TypeVar("C", bound=int)
#: Reads a partner's style from an observation: weights over :data:`.styles.STYLES`.
Reader = Callable[[AnniversaryObservation, Random], tuple[float, ...]]

#: The share of the rule of thumb's plays made at random in the search's play-outs.
ROLLOUT_NOISE = 0.15

#: The careful rule of thumb (``hard``'s play-outs): playing a card that a pending "win
#: with" gesture needs where it cannot win (leading it while a card that would beat it
#: is still in either hand, or following with it without taking the Date) costs
#: :data:`WASTE`; a card of its colour that would beat it earns :data:`SHED` for going.
WASTE = 6.0
SHED = 0.8

def share_choice(obs: AnniversaryObservation, legal: Sequence[Action]) -> Action:
    """Show a card one of my gestures needs (so my partner can set it up), else Ready.
    A card already on the gem spot gets the first true gem."""
    if obs.picked is not None:
        return next((a for a in legal if isinstance(a, Place)), Unpick())
    shown = {card for card, _ in obs.shown(obs.seat)}
    needed: set[int] = set()
    for gid, owner, mark in zip(obs.gestures, obs.owners, obs.settled):
        g = GESTURE_BY_ID[gid]
        if owner == obs.seat and mark is Status.PENDING and g.card is not None \
                and g.kind in (Kind.WIN_WITH_CARD, Kind.WIN_CONTAINING):
            needed.add(g.card)
    for action in legal:
        if isinstance(action, Pick) and action.card in needed and action.card not in shown:
            return action
    return Ready()


# -- the rule of thumb ---------------------------------------------------------------
def want_to_foot(seat: int, gestures: Sequence[int], owners: Sequence[int],
                 settled: Sequence[Status], footers: Sequence[int], date: int, total: int,
                 cards: int) -> int:
    """+ if ``seat`` would like to foot the Date in play, - if not, 0 if it does not care
    (:meth:`Outlook.lean`).

    ``cards`` is a bit mask of the cards in the Date so far (and the one about to go).
    """
    return Outlook(gestures, owners, settled).lean(seat, footers, date, total, cards)


def _choose_card(seat: int, playable: Sequence[C], led: int, best_seat: int, best_card: int,
                 desire: int, wanted: set[int], theirs: set[int], rng: RandomSource,
                 keep: int = 0, shed: int = 0, cost: Sequence[float] | None = None) -> C:
    """The card that best serves ``desire`` (and any "win with" gesture): ``wanted`` and
    ``theirs`` are the cards each side would like to win a Date with
    (:func:`_wanted_winners` of ``seat`` and of its partner).  The Date so far is its
    :func:`~.fast.standing`: the colour led (-1 before the first card) and the play
    that wins it so far.

    Each card scores: for a Date it would win, ``desire`` (+4 if it is a card we want
    to win with, -1.5 for spending the Top or Bottom card on nothing); for one it would
    leave to the other side, ``-desire`` (+4 if they want to win with the card that
    holds it); less a little for a higher card; plus a little noise.

    The careful form (:meth:`AnniversaryHints.care`) adds two bit masks: a card in
    ``keep`` costs :data:`WASTE` when it is led or does not take the Date over, one in
    ``shed`` earns :data:`SHED`.  ``cost``: what playing each card costs (by default
    :data:`_SPEND`; the bold style's :data:`BOLD` rewards high cards instead)."""
    best = playable[0]
    best_score = -1e9
    random = rng.random
    if cost is None:
        cost = _SPEND
    held = best_seat == seat
    winning_card: int
    takes_over = TAKES_OVER[best_card] if led >= 0 else _LEADS
    for card in playable:
        if takes_over[card]:
            mine, winning_card = True, card  # it leads, or takes the Date over
        else:
            mine, winning_card = held, best_card
        score = 0.0
        if mine:
            score += desire
            if winning_card in wanted:
                score += 4
            if (card == _TOP or card == _BOTTOM) and card not in wanted:
                score -= 1.5  # keep the trumps for when they matter
        else:
            score -= desire
            if winning_card in theirs:
                score += 4
        if keep >> card & 1 and (led < 0 or not takes_over[card]):
            score -= WASTE
        if shed >> card & 1:
            score += SHED
        score -= cost[card]
        score += random() * 0.3
        if score > best_score:
            best, best_score = card, score
    return best


def unsafe_to_lead(keep: int, around: int) -> int:
    """The cards of ``keep`` (a bit mask) that a card of ``around`` would beat if led."""
    unsafe, rest = 0, keep
    while rest:
        bit = rest & -rest
        rest ^= bit
        if BEATERS[bit.bit_length() - 1] & around:
            unsafe |= bit
    return unsafe


def card_scores(seat: int, playable: Sequence[int], led: int, best_seat: int, best_card: int,
                desire: int, wanted: set[int], theirs: set[int], keep: int = 0, shed: int = 0,
                cost: Sequence[float] | None = None) -> list[float]:
    """What :func:`_choose_card` makes of each card of ``playable``, without its noise:
    it picks the card scoring highest (a test holds the two together).  A partner's
    style is read from these scores (:mod:`.reading`)."""
    spend = _SPEND if cost is None else cost
    takes_over = TAKES_OVER[best_card] if led >= 0 else _LEADS
    scores = []
    for card in playable:
        if takes_over[card]:
            mine, winning_card = True, card
        else:
            mine, winning_card = best_seat == seat, best_card
        score: float
        if mine:
            score = desire + (4 if winning_card in wanted else 0)
            if (card == _TOP or card == _BOTTOM) and card not in wanted:
                score -= 1.5
        else:
            score = -desire + (4 if winning_card in theirs else 0)
        if keep >> card & 1 and (led < 0 or not takes_over[card]):
            score -= WASTE
        if shed >> card & 1:
            score += SHED
        scores.append(score - spend[card])
    return scores


class Outlook:
    """What the rule of thumb makes of a set of pending gestures, worked out once: how
    much each seat would like to foot the Date in play, as a few sums (:meth:`lean`: each
    gesture pulls for its owner and against the other), the cards each seat would like
    to win a Date with (:func:`_wanted_winners`), and for the careful rule of thumb, by
    seat, the cards it must win a Date with (``fragile``: a "win with" gesture's card,
    but the Top card, which cannot be beaten, or the colour cards of its rank) and the
    cards it had better get rid of (``shed``: the ones of a single such card's colour
    that would beat it, its own excepted)."""

    __slots__ = ("wanted", "fragile", "shed", "const", "masks", "first", "last", "exact",
                 "rows")

    def __init__(self, gestures: Sequence[int], owners: Sequence[int],
                 settled: Sequence[Status]) -> None:
        self.wanted = [_wanted_winners(s, gestures, owners, settled) for s in (0, 1)]
        self.fragile = [0, 0]
        beaters = 0
        for gid, owner, mark in zip(gestures, owners, settled):
            if mark is not PENDING:
                continue
            g = GESTURE_BY_ID[gid]
            if g.kind is WIN_WITH_CARD and g.card is not None and g.card != _TOP:
                self.fragile[owner] |= 1 << g.card
                if g.card != _BOTTOM:
                    beaters |= BEATERS[g.card]
            elif g.kind is WIN_WITH_RANK and g.rank is not None:
                # Any card of the rank will do: each is kept, none is in the way.
                self.fragile[owner] |= RANK_MASKS[g.rank]
        self.shed = [beaters & ~self.fragile[0], beaters & ~self.fragile[1]]
        # Seat 0's pulls (seat 1's are the same, negated: every pull counts for its
        # owner and against the other).
        self.const = self.first = self.last = 0
        self.masks: list[tuple[int, int]] = []       # (cards, pull if any is in the Date)
        self.exact: list[tuple[int, int, int]] = []  # (owner, count, sign)
        self.rows: list[tuple[int, int]] = []        # (owner, sign)
        for gid, owner, mark in zip(gestures, owners, settled):
            if mark is not PENDING:
                continue
            g = GESTURE_BY_ID[gid]
            k = g.kind
            sign = 1 if owner == 0 else -1
            if k is WIN_CONTAINING:
                if g.card is not None:
                    self.masks.append((1 << g.card, 2 * sign))
            elif k is NO_COLOUR:
                self.masks.append((COLOUR_MASKS[g.colour or 0], -2 * sign))
            elif k is AT_LEAST:
                self.masks.append((COLOUR_MASKS[g.colour or 0], sign))
            elif k is NO_DATE:
                self.const -= 3 * sign
            elif k is EXACTLY_DATES:
                self.exact.append((owner, g.count, sign))
            elif k is FIRST_DATE:
                self.first += 3 * sign
            elif k is LAST_DATE:
                self.last += 3 * sign
            elif k is TWO_IN_A_ROW:
                self.rows.append((owner, sign))

    def lean(self, seat: int, footers: Sequence[int], date: int, total: int, cards: int) -> int:
        """How much ``seat`` would like to foot the Date in play: + yes, - no, 0 no matter
        (``cards``: a bit mask of the cards in it so far, and the one about to go)."""
        score = self.const
        for mask, pull in self.masks:
            if cards & mask:
                score += pull
        if date == 1:
            score += self.first
        if date == total:
            score += self.last
        for owner, count, sign in self.exact:
            score += sign if footers.count(owner) < count else -3 * sign
        if self.rows:
            last = footers[-1] if footers else -1
            for owner, sign in self.rows:
                score += 2 * sign if last == owner else sign
        return score if seat == 0 else -score


#: What playing a card costs the rule of thumb, by card: a little more for a higher
#: colour card, most for the Top or Bottom card.
_SPEND = [(card & 31) * 0.05 if card >> 5 != POSITION else 0.4 for card in range(max(DECK) + 1)]
#: The bold style's costs: a high card is worth playing (it plays its high cards
#: early, as a partner who leads with strength does).
BOLD = [-(card & 31) * 0.5 if card >> 5 != POSITION else 0.4 for card in range(len(_SPEND))]
_TOP, _BOTTOM = int(TOP), int(BOTTOM)
_LEADS = [True] * len(_SPEND)  # (the first card of a Date takes it, whatever it is)


def _beaters(card: int) -> int:
    """:data:`BEATERS` of one card number."""
    if card == _BOTTOM:
        return 1 << _TOP
    if card not in DECK or card == _TOP:
        return 0
    return mask_of(c for c in DECK if suit_of(c) == suit_of(card) and c > card)


#: ``BEATERS[card]``: the cards that would beat ``card`` led, as a bit mask (the higher
#: ones of its colour; for the Bottom card, the Top card; for the Top card, none).  The
#: position cards beat a colour card too, but only from a partner out of its colour, and
#: the rule of thumb does not spend one on a Date its partner wants to win with a card,
#: so they are left out.
BEATERS = [_beaters(card) for card in range(len(_SPEND))]


def _wanted_winners(seat: int, gestures: Sequence[int], owners: Sequence[int],
                    settled: Sequence[Status]) -> set[int]:
    wanted: set[int] = set()
    for gid, owner, mark in zip(gestures, owners, settled):
        if owner != seat or mark is not PENDING:
            continue
        g = GESTURE_BY_ID[gid]
        if g.kind is WIN_WITH_CARD and g.card is not None:
            wanted.add(g.card)
        elif g.kind is WIN_WITH_RANK:
            wanted.update(c for c in _COLOUR_CARDS if rank_of(c) == g.rank)
    return wanted


_COLOUR_CARDS = [s << 5 | r for s in range(4) for r in range(1, 7)]


def _outlook(state: AnniversaryState | FastDates) -> Outlook:
    """The :class:`Outlook` of ``state``'s gestures; a :class:`FastDates` keeps them in
    its memo, by the gestures still pending (nothing else they depend on changes)."""
    if type(state) is FastDates:
        outlook = state.memo.get(state.pending)
        if outlook is None:
            outlook = state.memo[state.pending] = Outlook(state.gestures, state.owners,
                                                          state.settled)
        return outlook
    return Outlook(state.gestures, state.owners, state.settled)


def policy(observation: Observation, legal: Sequence[Action], rng: Rng) -> Action:
    """The easy partner: sensible, quick, and never looks at hidden cards."""
    assert isinstance(observation, AnniversaryObservation)
    obs = observation
    if obs.phase is Phase.DRAFT:
        return draft_choice(obs, legal)
    if obs.phase is Phase.SHARE:
        return share_choice(obs, legal)
    playable = [a.card for a in legal if isinstance(a, Play)]
    footers = [d.footer for d in obs.history]
    cards = 0
    for _, c in obs.plays:
        cards |= 1 << c
    desire = want_to_foot(obs.seat, obs.gestures, obs.owners, obs.settled, footers, obs.date,
                          obs.total_dates, cards)
    card = _choose_card(obs.seat, playable, *standing(obs.plays), desire,
                        _wanted_winners(obs.seat, obs.gestures, obs.owners, obs.settled),
                        _wanted_winners(obs.partner, obs.gestures, obs.owners, obs.settled), rng)
    return Play(card)


def draft_choice(obs: AnniversaryObservation, legal: Sequence[Action]) -> Action:
    """The least sweet gesture that still leaves a way to perform them all.

    A gesture only the other partner could ever perform (the Top card winning for the
    bottom, say) is left for them, or passed when it is the only one.
    """
    takes = [a for a in legal if isinstance(a, Take)]
    sharable = [a for a in takes if _sharing_left(obs, a.gesture, obs.seat)]
    if not sharable and Pass() in legal and _sharing_left(obs, obs.offer[0], obs.partner):
        return Pass()
    pool = sharable or takes
    return min(pool, key=lambda a: GESTURE_BY_ID[a.gesture].sweetness) if pool else legal[0]


def _sharing_left(obs: AnniversaryObservation, gid: int, taker: int) -> bool:
    """Whether, after ``taker`` takes ``gid``, the rest of the draft could still share out
    the gestures so that all of them can be performed (the next pick is the other's)."""
    taken = [(GESTURE_BY_ID[g], o) for g, o in zip(obs.gestures, obs.owners)]
    taken.append((GESTURE_BY_ID[gid], taker))
    rest = [GESTURE_BY_ID[g] for g in obs.offer if g != gid]
    return sharing_possible(taken, rest, 1 - taker, obs.top, obs.total_dates)


# -- search hints ------------------------------------------------------------------------
class AnniversaryHints:
    """Tells :class:`ISMCTSBot` how to search Anniversary (rollouts to the chapter's end).

    Its imagined partners play the rule of thumb, or with ``careful`` its careful form
    (:meth:`care`).  With ``reading``, each imagined chapter's partner plays a style
    drawn from what the partner's plays so far point to (:mod:`.reading`: careful,
    plain, bold or wild), while the bot imagines itself playing its own way."""

    def __init__(self, careful: bool = False, reading: Reader | None = None) -> None:
        self._deal: FastDeal | None = None
        self.careful = careful
        #: Reads the partner's style from an observation (:func:`.reading.read_partner`).
        self.reading = reading
        own = CAREFUL if careful else PLAIN
        #: The style of each seat in the chapter being imagined (by seat).
        self.styles = [own, own]
        self.own = own
        #: The posterior over the partner's styles (``reading``), for the observation
        #: being searched.
        self.weights: tuple[float, ...] = ()

    @staticmethod
    def care(state: AnniversaryState | FastDates, seat: int, led: int,
             outlook: Outlook) -> tuple[int, int]:
        """The careful rule of thumb's ``keep`` and ``shed`` (:func:`_choose_card`) for
        ``seat``: keep the cards it must win a Date with; in the lead, only those that a
        card still in either hand would beat (in an imagined chapter the partner's hand
        is there to look at, as the search imagines it)."""
        keep = outlook.fragile[seat]
        if keep and led < 0:
            keep = unsafe_to_lead(keep, mask_of(state.hands[0]) | mask_of(state.hands[1]))
        return keep, outlook.shed[seat]

    def sample(self, observation: Observation, rng: RandomSource) -> GameState:
        """During the Dates, a :class:`FastDates` (the rest of the chapter in plain
        numbers); in the draft, a full state.  With ``reading``, the imagined partner's
        style is drawn for it from the posterior."""
        assert isinstance(observation, AnniversaryObservation)
        if observation.phase is not Phase.DATE:
            return game_for(observation).sample_state(observation, rng)
        deal = self._deal
        if deal is None or deal.observation is not observation:
            deal = self._deal = FastDeal(observation)
            if self.reading is not None:
                self.weights = self.reading(observation, Random(int(rng.random() * 2**32)))
        if self.reading is not None:
            pick, style = rng.random(), 0
            for style, weight in enumerate(self.weights):
                pick -= weight
                if pick < 0:
                    break
            self.styles[observation.partner] = style
            self.styles[observation.seat] = self.own
        return deal.sample(rng)  # type: ignore[return-value]

    def candidates(self, state: object) -> Sequence[Move]:
        """The legal actions, without taking a picked card back (a step that undoes one)."""
        if type(state) is FastDates:  # the cards it may play, as plain numbers (see edge)
            return state.playable(state.current_player)
        assert isinstance(state, AnniversaryState)
        return [a for a in state.generate_legal(state.current_player) if type(a) is not Unpick]

    def rollout(self, state: object, rng: RandomSource) -> Move:
        if type(state) is not FastDates:
            assert isinstance(state, AnniversaryState)
            phase = state.phase
            if phase is Phase.SHARE:
                if state.picked is not None:
                    return Place(gem_positions(state.hands[state.current_player],
                                               state.picked)[0])
                return Ready()
            if phase is Phase.DRAFT:
                offer = state.offer
                return Take(offer[rng.randrange(len(offer))])
        card = self._pick(state, state.current_player, rng)
        return card if type(state) is FastDates else PLAY[card]  # (plain cards: see edge)

    def _pick(self, state: AnniversaryState | FastDates, seat: int,
              rng: RandomSource) -> AnniversaryCard:
        """The card ``seat`` plays in an imagined chapter: the rule of thumb in its
        style (a random one :data:`ROLLOUT_NOISE` of the time, and always when wild)."""
        playable = state.playable(seat)
        if len(playable) == 1:
            return playable[0]
        style = self.styles[seat]
        if style == WILD or rng.random() < ROLLOUT_NOISE:
            return playable[int(rng.random() * len(playable))]
        if type(state) is FastDates:
            led, best_seat, best_card, cards = (state.led, state.best_seat, state.best_card,
                                                state.in_date)
        else:
            led, best_seat, best_card = standing(state.plays)
            cards = mask_of(c for _, c in state.plays)
        outlook = _outlook(state)
        wanted = outlook.wanted
        keep, shed = self.care(state, seat, led, outlook) if style == CAREFUL else (0, 0)
        return _choose_card(
            seat, playable, led, best_seat, best_card,
            outlook.lean(seat, state.footers, state.date, state.total_dates, cards),
            wanted[seat], wanted[1 - seat], rng, keep, shed,
            BOLD if style == BOLD_STYLE else None)

    def play_out(self, state: object, marker: object, rng: RandomSource) -> None:
        """Play the rest of a chapter's Dates as :meth:`rollout` would, move for move
        (``test_fast.py`` plays both ways and checks that it is the very same chapter),
        on a :class:`FastDates`, without making actions.  A full state (the draft) is
        left to :meth:`rollout`."""
        if type(state) is not FastDates:
            return
        pick, play = self._pick, state.play
        while state.result is None:
            seat = state.current_player
            play(seat, pick(state, seat, rng))

    def edge(self, action: Action) -> object:
        """A :class:`FastDates` plays cards by their plain numbers (no action made, and a
        tree edge hashed in C): a root Play is its card."""
        return action.card if type(action) is Play else action

    def horizon(self, root: Observation) -> object:
        return None

    def stop(self, state: GameState, marker: object) -> bool:
        return False

    def evaluate(self, state: GameState) -> Sequence[float]:
        assert isinstance(state, (AnniversaryState, FastDates))
        if state.result:
            return (1.0, 1.0)
        done = sum(1 for s in state.settled if s is Status.DONE)
        partial = 0.1 * done / max(1, len(state.settled))
        return (partial, partial)


_GAMES: dict[tuple[object, ...], AnniversaryGame] = {}


def game_for(obs: AnniversaryObservation) -> AnniversaryGame:
    key = (obs.chapter,)
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = AnniversaryGame(obs.chapter)
    return game
