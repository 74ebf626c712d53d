"""Annapurna teammates.

Levels:

* ``random`` — any legal step.
* ``easy`` — the ``normal`` climber on four mountains instead of eight, with a third of
  its steps at random.
* ``normal`` — weighs each step on a few mountains dealt from what it knows
  (:meth:`Game.sample_state`): it finishes its own turn the simple way and scores
  the team's position — how high each climber stands, whether each can still be
  balanced with the cards they know of, who peaked balanced.
* ``hard`` — the same on many more mountains, and it looks further: on each mountain
  the friend who acts next takes their turn before the step is scored, in the style
  the table shows they climb in (:mod:`.reading`: weighing each step for the team as
  ``normal`` does, exploring only the lowest card in reach, or any step at all), and
  then it weighs its own next step.

Two more teammates are kept for measuring only (``tabletop tournament --partners``),
never offered at the table: ``erratic``, the ``normal`` climber with a quarter of its
steps at random, and ``scripted``, a plain style of its own (:func:`scripted`).

Every level decides from its own observation: a face-down card it was never shown
is a guess, and on Still Too Easy the friends' backpacks are guesses too.  The
``ceiling`` climber (for measurements only, never offered to players) scores the
true position instead: it knows every card, so what it wins bounds what honest
climbers can.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from tabletop.bots.base import Erratic, PolicyBot, RandomBot
from tabletop.engine.protocol import Action, Bot, Observation
from tabletop.engine.rng import Rng
from tabletop.games.annapurna.actions import (
    Decline, Explore, Hide, Leave, Look, Pass, Swap, Sweep, Trade,
)
from tabletop.games.annapurna.cards import effect, value
from tabletop.games.annapurna.mountain import PEAK, PLACES, row_of
from tabletop.games.annapurna.observation import AnnapurnaObservation
from tabletop.games.annapurna.rules import FLAG_MAX, AnnapurnaState
from tabletop.games.annapurna.observation import ACT, LOOK, OFFER, SWAP, SWEEP
from tabletop.games.annapurna.game import AnnapurnaGame
from tabletop.games.annapurna.reading import EXPLORER, WILD, read_friends

__all__ = ["BOT_LEVELS", "ClimberBot", "make_bot", "scripted", "team_value"]

BOT_LEVELS = ("random", "easy", "normal", "hard")
WIN = 1000.0
#: What a card in a backpack is worth: it is what balances a climber in the end.
BACKPACK_WORTH = 1.5
#: What a prayer flag not yet planted is worth (Easy Trail), and what being out of
#: balance costs a climber whose flags can mend it.
FLAG_WORTH = 1.0
FLAG_COST = 2.5


#: ``hard``'s time for a decision (the steps not weighed by then are left out).
HARD_SECONDS = 1.6


def make_bot(level: str) -> Bot:
    """The climber of ``level``: ``random``, ``easy``, ``normal`` or ``hard``; for
    measuring, ``erratic`` and ``scripted``."""
    if level == "random":
        return RandomBot()
    if level == "erratic":
        return Erratic("erratic", make_bot("normal"), 0.25)
    if level == "scripted":
        return PolicyBot("scripted", scripted)
    if level == "easy":
        return ClimberBot("easy", samples=4, noise=0.33)
    if level == "normal":
        return ClimberBot("normal", samples=8)
    if level == "hard":
        return ClimberBot("hard", samples=16, lookahead=True, friends=read_friends,
                          seconds=HARD_SECONDS)
    raise ValueError(f"Annapurna has no bot level {level!r}")


def scripted(observation: Observation, legal: Sequence[Action], rng: Rng) -> Action:
    """A plain climber with a style of its own: it always explores the lowest card it can
    reach (the leftmost of a row), never trades, hides or plants, sweeps every balanced
    set, declines a Helping Hand, and uses a Spyglass or Rockslide on the first card it
    may."""
    return plain_step(legal)


def plain_step(legal: Sequence[Action]) -> Action:
    """The scripted climber's step among ``legal`` (:func:`scripted`)."""
    explores = [a for a in legal if isinstance(a, Explore)]
    if explores:
        return min(explores, key=lambda a: (row_of(a.place), a.place))
    for kind in (Sweep, Decline, Pass):
        for action in legal:
            if isinstance(action, kind):
                return action
    return legal[0]


class ClimberBot:
    """Scores each candidate step over sampled mountains and takes the best."""

    def __init__(self, level: str, samples: int, noise: float = 0.0,
                 lookahead: bool = False,
                 friends: Callable[[AnnapurnaObservation],
                                   Sequence[Sequence[float]]] | None = None,
                 seconds: float | None = None) -> None:
        self.level = level
        self.samples = samples
        self.noise = noise
        self.lookahead = lookahead
        #: Reads how the friends climb (per seat, weights over
        #: :data:`.reading.FRIEND_STYLES`); with it the friend who acts next plays their
        #: turn in the imagined mountains.
        self.friends = friends
        #: At most this long a decision: steps not yet weighed by then are left out.
        self.seconds = seconds
        self.clock: Callable[[], float] = time.perf_counter

    def choose(self, observation: Observation, legal: Sequence[Action], rng: Rng) -> Action:
        """The step that scores best for the team, looked at over sampled mountains."""
        assert isinstance(observation, AnnapurnaObservation)
        if len(legal) == 1:
            return legal[0]
        if self.noise and rng.random() < self.noise:
            return rng.choice(legal)
        clock = self.clock
        deadline = None if self.seconds is None else clock() + self.seconds
        game = AnnapurnaGame(observation.players, observation.level)
        samples = [game.sample_state(observation, rng) for _ in range(self.samples)]
        friends = self.friends(observation) if self.friends is not None else ()
        return decide(samples, observation.seat, legal, lookahead=self.lookahead,
                      friends=friends, rng=rng, deadline=deadline, clock=clock)


def decide(samples: Sequence[AnnapurnaState], seat: int, legal: Sequence[Action], *,
           lookahead: bool = False, friends: Sequence[Sequence[float]] = (),
           rng: Rng | None = None, deadline: float | None = None,
           clock: Callable[[], float] = time.perf_counter) -> Action:
    """The candidate whose result scores best on average over ``samples`` (with
    ``lookahead``, scored by the best of the climber's own next steps too: a trade
    into the peak is worth what exploring it next turn brings).

    ``friends``: for each seat, weights over :data:`.reading.FRIEND_STYLES`; with them,
    on each sample the friend who acts next plays their turn first, in a style drawn
    from their weights (the same draw for every candidate on that sample).

    ``deadline`` (by ``clock``): the candidates not yet weighed when it passes are left
    out (the first is always weighed)."""
    state = samples[0]
    if state.phase == LOOK:
        return _look(state, seat, legal)
    if state.phase == SWAP:
        return _swap(state, seat, legal)
    if state.phase == SWEEP:
        return _sweep_or_leave(state, seat)
    candidates = _prune(state, seat, legal)
    styles = ([[_draw(w, rng) for w in friends] for _ in samples]
              if friends and rng is not None else [])
    best: tuple[float, int] | None = None
    for i, action in enumerate(candidates):
        if i and deadline is not None and clock() > deadline:
            break
        total = 0.0
        for k, sample in enumerate(samples):
            twin = sample.clone()
            twin.apply_unchecked(action, seat)
            _finish_turn(twin, seat)
            if styles and not twin.over and twin.player != seat:
                _friend_turn(twin, seat, styles[k][twin.player], k)
            total += _next_best(twin, seat) if lookahead else team_value(twin)
        key = (total / len(samples), -i)
        if best is None or key > best:
            best = key
    assert best is not None
    return candidates[-best[1]]


def _draw(weights: Sequence[float], rng: Rng) -> int:
    pick = rng.random()
    for style, weight in enumerate(weights):
        pick -= weight
        if pick < 0:
            return style
    return len(weights) - 1


def _friend_turn(state: AnnapurnaState, seat: int, style: int, salt: int) -> None:
    """Play the turn of the friend now to act (a Helping Hand on offer included) in
    ``style``, until it is someone else's turn."""
    if state.over or state.player == seat:
        return
    friend = state.player
    wild = 0x9E3779B1 * (salt + 1)
    for _ in range(12):
        if state.over or state.player != friend:
            return
        legal = state.generate_legal(friend)
        if not legal:
            return
        if style == EXPLORER:
            action = plain_step(legal)
        elif style == WILD:
            wild = (wild * 1103515245 + 12345) & 0x7FFFFFFF
            action = legal[wild % len(legal)]
        elif state.phase == LOOK:
            action = _look(state, friend, legal)
        elif state.phase == SWAP:
            action = _swap(state, friend, legal)
        elif state.phase == SWEEP:
            action = _sweep_or_leave(state, friend)
        else:
            action = _greedy(state, friend, legal)
        state.apply_unchecked(action, friend)


def _greedy(state: AnnapurnaState, seat: int, legal: Sequence[Action]) -> Action:
    """The step that scores best for the team on this very position (one sample): the
    ``normal`` climber's choice, had it seen this mountain."""
    best, best_value = legal[0], -1e18
    for action in _prune(state, seat, legal):
        twin = state.clone()
        twin.apply_unchecked(action, seat)
        _finish_turn(twin, seat)
        worth = team_value(twin)
        if worth > best_value:
            best, best_value = action, worth
    return best


def _next_best(state: AnnapurnaState, seat: int) -> float:
    """The position's worth once ``seat`` has also taken its best next step (its own
    Explores and Trades; the friends' turns in between are left out)."""
    now = team_value(state)
    if state.over or state.phase == OFFER or state.peak[seat]:
        return now
    probe = state.clone()
    probe._begin_turn(seat, extra=False)
    if probe.over or probe.player != seat or probe.phase != ACT:
        return now
    best = now
    own = [a for a in probe.generate_legal(seat) if not isinstance(a, Hide)]
    for action in _prune(probe, seat, own):
        twin = probe.clone()
        twin.apply_unchecked(action, seat)
        _finish_turn(twin, seat)
        best = max(best, team_value(twin))
    return 0.5 * (now + best)


def _prune(state: AnnapurnaState, seat: int, legal: Sequence[Action]) -> list[Action]:
    """Steps worth weighing: every Explore, Take and Decline; Trades and Hides only of one
    card per value, onto a peak or a place its climber can reach."""
    chosen: list[Action] = []
    seen: set[tuple[object, ...]] = set()
    reach: dict[int, set[int]] = {}
    for action in legal:
        if isinstance(action, (Trade, Hide)):
            owner = seat if isinstance(action, Trade) else action.seat
            if owner not in reach:
                reach[owner] = state.reachable(owner)
            if action.place != PEAK and action.place not in reach[owner]:
                continue
            key = (owner, action.place, value(action.card), _is_effect(action.card))
            if key in seen:
                continue
            seen.add(key)
        chosen.append(action)
    return chosen or list(legal)


def _is_effect(card: int) -> bool:
    return effect(card) is not None


def _finish_turn(state: AnnapurnaState, seat: int) -> None:
    """Play the rest of ``seat``'s turn the simple way (look at your peak, sweep)."""
    for _ in range(8):
        if state.over or state.player != seat:
            return
        if state.phase == LOOK:
            legal = state.generate_legal(seat)
            state.apply_unchecked(_look(state, seat, legal), seat)
        elif state.phase == SWAP:
            legal = state.generate_legal(seat)
            state.apply_unchecked(_swap(state, seat, legal), seat)
        elif state.phase == SWEEP:
            state.apply_unchecked(Sweep(), seat)
        else:
            return


def _look(state: AnnapurnaState, seat: int, legal: Sequence[Action]) -> Action:
    """Look at your own peak, else at the unknown card nearest your path, else a friend's peak."""
    me = 1 << seat
    order = [(seat, PEAK)]
    order += [(seat, p) for p in sorted(state.reachable(seat), key=lambda p: -row_of(p))]
    order += [(m, PEAK) for m in range(state.n) if m != seat]
    for m, place in order:
        action = Look(m, place)
        if action in legal and not state.know[m][place] & me:
            return action
    return legal[0]


def _swap(state: AnnapurnaState, seat: int, legal: Sequence[Action]) -> Action:
    """Bring a known card that would balance you onto your peak, if one lies face down."""
    need = -state.balance(seat)
    me = 1 << seat
    down = state.face_down(seat)
    if down[PEAK]:
        for p in range(PLACES - 1):
            if down[p] and state.know[seat][p] & me and value(state.cards[seat][p]) == need:
                action = Swap(p, PEAK)
                if action in legal:
                    return action
    return legal[0]


def _sweep_or_leave(state: AnnapurnaState, seat: int) -> Action:
    """Leave the balanced set when a friend taking one of its cards helps the team."""
    places = state.sweepable(seat)
    base = team_value(state)
    for friend in range(state.n):
        if friend == seat:
            continue
        for place in places:
            twin = state.clone()
            card = twin.cards[seat][place]
            twin.cards[seat][place] = -1
            twin.up[seat][place] = False
            twin.backpack[friend].append(card)
            if team_value(twin) > base + 1.0:
                return Leave()
    return Sweep()


def team_value(state: AnnapurnaState) -> float:
    """How well the team stands: a won ascent is worth most, a lost one least; else each
    climber's height and how easily they can still be balanced."""
    if state.over:
        return (WIN + 10 * sum(state.points)) if state.won else -WIN
    total = 0.0
    strict = state.game.level != "easy"
    for s in range(state.n):
        b = state.balance(s)
        if not strict:
            total += FLAG_WORTH * sum(1 for f in state.planted[s] if f < 0)
        if state.peak[s] or (state.explored == PEAK and s == state.player):
            if b == 0:
                total += 30.0
            else:
                used = _flags_to_mend(state, s, b)
                mend = 0.0 if used is None else 45.0 - FLAG_WORTH * used
                total += -WIN if strict else -25.0 + max(8.0 * _fixable_by_friends(state, s, b),
                                                         mend)
            continue
        where = state.location[s]
        total += 4.0 * (row_of(where) + 1 if where >= 0 else 0)
        total -= fix_cost(state, s, b)
        total += BACKPACK_WORTH * len(state.backpack[s])
    return total


def fix_cost(state: AnnapurnaState, seat: int, balance: int) -> float:
    """How hard it is for a climber still climbing to reach the peak balanced from
    ``balance``, by the cards they know of: their backpack, and the face-down cards of
    their mountain they were shown (the peak's above all: it is the last card turned);
    on the Easy Trail, their prayer flags too."""
    cards, up, know = state.cards[seat], state.up[seat], state.know[seat]
    me = 1 << seat
    peak = value(cards[PEAK]) if cards[PEAK] >= 0 and not up[PEAK] and know[PEAK] & me \
        else None
    cost = _route_cost(state, seat, balance, peak)
    if state.game.level == "easy":
        target = balance + (peak or 0)
        if target == 0 and any(f < 0 for f in state.planted[seat]):
            return min(cost, FLAG_COST)    # the flags are there for whatever turns up
        used = _flags_to_mend(state, seat, target, () if peak is None else (peak,))
        if used is not None:
            return min(cost, FLAG_COST + FLAG_WORTH * used)
    return cost


def _route_cost(state: AnnapurnaState, seat: int, balance: int, peak: int | None) -> float:
    pack = [value(c) for c in state.backpack[seat]]
    me = 1 << seat
    cards, up, know = state.cards[seat], state.up[seat], state.know[seat]
    flags = state.planted[seat]
    if peak is not None:
        final = balance + peak
        if final == 0:
            return 0.0
        if -balance in pack:
            return 3.5
        if any(final + value(cards[p]) == 0 for p in _shown(cards, up, know, me, flags)):
            return 4.0
        return 6.0 + 2.0 * abs(final)
    if -balance in pack:
        return 3.0
    if pack and any(balance + value(cards[p]) + j == 0
                    for p in _shown(cards, up, know, me, flags) for j in pack):
        return 4.5
    return 6.0 + 2.0 * abs(balance)


def _shown(cards: list[int], up: list[bool], know: list[int], me: int,
           flags: list[int]) -> list[int]:
    """The face-down places below the peak, not under a flag, whose card ``me`` was shown."""
    return [p for p in range(PLACES - 1)
            if know[p] & me and cards[p] >= 0 and not up[p] and p not in flags]


def _flags_to_mend(state: AnnapurnaState, seat: int, balance: int,
                   extra: Sequence[int] = ()) -> int | None:
    """How few of the flags a climber still holds mend ``balance`` (``None``: they
    cannot): each covers one face-up card (or one of ``extra``, cards about to turn up)
    of exactly its size, and the covered cards' symbols must add up to the surplus (a
    single flag on a yin 1 and a double on a yang 2 mend a surplus of 1)."""
    if state.game.level != "easy":
        return None
    cards, up, flags = state.cards[seat], state.up[seat], state.planted[seat]
    shown = {value(cards[p]) for p in range(PLACES) if up[p]} | set(extra)
    fewest = {0: 0}
    for size in range(1, FLAG_MAX + 1):
        if flags[size - 1] < 0:
            for total, used in list(fewest.items()):
                for v in (size, -size):
                    if v in shown and fewest.get(total + v, 99) > used + 1:
                        fewest[total + v] = used + 1
    return fewest.get(balance)


def _fixable_by_friends(state: AnnapurnaState, seat: int, balance: int) -> float:
    """A climber out of balance at the peak can be mended if a balanced set of theirs
    holds a card of exactly their surplus (a friend takes it)."""
    places = state.sweepable(seat)
    return 1.0 if any(value(state.cards[seat][p]) == balance for p in places) else 0.0

