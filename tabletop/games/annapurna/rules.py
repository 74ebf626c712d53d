"""Annapurna: climb your mountainside together, keeping yin and yang in balance.

The rules as RULINGS.md fixes them, with the choices it leaves to us:

* Nature's first step shuffles each climber's suit: fifteen cards face down in the
  pyramid, three in the backpack.  Climber 1 starts; turns go round the table.
* The first turn of each climber (Hike to Base Camp) explores a bottom-row card.
* Explore, Trade, Hide; ``Pass`` only when none is possible.  A protecting climber
  (at the peak) may only Trade or Hide.  A card taken out by a Trade or Hide goes to
  the taker's cache — after the peak straight into the backpack, which the cache
  has joined.
* The sweep takes the largest balanced set of face-up cards (effect cards whose
  effect is done count as balanced on their own); among sets of that size the one
  lowest on the mountain.  The climber may instead leave it for a Helping Hand:
  then, before the next turn, each other climber in turn order may take one of its
  cards into their backpack, until one does.
* An effect card is swept (or offered) only once its effect is done.  A shenpa
  card's effect is done with the turn it binds: Altitude Sickness when that turn is
  skipped, the Fixed Rope as soon as that turn takes its action, whatever it is (an
  explore far off, a trade, a hide, a flag or a pass: an effect that cannot be
  followed is let go).
* On the Easy Trail and Leave No Trace Behind the climbers talk: backpacks, caches,
  trades, hides and Spyglass looks are open.  On Still Too Easy they are private.
* Flags record each summit: three for a climber balanced at the peak and at the
  end, two for balanced at the end only, one for reaching the peak.
* The season is long but not endless: an ascent still going after
  ``TURN_LIMIT`` turns a climber is lost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from tabletop.engine.protocol import NATURE, TERMINAL, Action, Deal, Event, GameState
from tabletop.engine.rng import Rng
from tabletop.engine.schema import (
    Bool, Frozen, Int, Ints, ListOf, Member, PerSeat, RngField, Seat, Shared, Text, field,
)
from tabletop.engine.snapshot import integers
from tabletop.games.annapurna.actions import (
    Decline, Explore, Hide, Leave, Look, Pass, Plant, Swap, Sweep, Take, Trade,
)
from tabletop.games.annapurna.cards import (
    CARDS_PER_SUIT, SYMBOLS, TYPES, Card, Effect, effect, suit_cards, value,
)
from tabletop.games.annapurna.events import (
    AscentEnded, BackpackFilled, Explored, FlagPlanted, HandLeft, HandTaken, Looked, MountainDealt, Passed,
    Peaked, Skipped, Swapped, Swept, Traded, TurnStarted, YetiStruck,
)
from tabletop.games.annapurna.mountain import PEAK, PLACES, balanced_set, explorable, neighbours
from tabletop.games.annapurna.observation import (
    ACT, EMPTY, LOOK, OFFER, OVER, SWAP, SWEEP, AnnapurnaObservation, Phase, observe,
)

if TYPE_CHECKING:
    from tabletop.games.annapurna.game import AnnapurnaGame

__all__ = ["AnnapurnaState", "FLAG_NAMES", "TURN_LIMIT"]

BACKPACK: Final = 3
#: Each climber's prayer flags on the Easy Trail: a single and a double pennant;
#: a flag covers a face-up card of exactly its number of symbols, which turns face down
#: and stays so (climbers walk across it as across an emptied place).
FLAG_MAX: Final = 2
FLAG_NAMES: Final = ("single", "double")
#: Turns per climber before the season ends an ascent.
TURN_LIMIT: Final = 40



def _last_card(n: int) -> int:
    return n * CARDS_PER_SUIT - 1


def _everyone(n: int) -> int:
    return (1 << n) - 1


class AnnapurnaState(GameState):
    """A moment of an ascent."""

    game: AnnapurnaGame = field(Shared())
    n: int = field(Shared(fresh=lambda n: n))
    rng: Rng = field(RngField())
    #: False until nature lays out the mountains.
    dealt: bool = field(Bool())
    #: Per seat, the card at each place of the mountainside (``EMPTY`` once taken).
    cards: list[list[int]] = field(PerSeat(Ints(EMPTY, _last_card, PLACES)))
    up: list[list[bool]] = field(PerSeat(ListOf(Bool(), PLACES)))
    #: Per face-down place, a bit per seat that knows the card there.
    know: list[list[int]] = field(PerSeat(Ints(0, _everyone, PLACES)))
    backpack: list[list[int]] = field(PerSeat(Ints(0, _last_card)))
    cache: list[list[int]] = field(PerSeat(Ints(0, _last_card)))
    location: list[int] = field(PerSeat(Int(-1, PLACES - 1, fresh=-1)))  # -1: not yet at base camp
    #: The order each climber reached the peak in (0: not yet).
    peak: list[int] = field(PerSeat(Int(0, lambda n: n)))
    peak_balanced: list[bool] = field(PerSeat(Bool()))
    #: The shenpa binding each climber's next turn: "", "altitude" or "rope".
    shenpa: list[str] = field(PerSeat(Text("", "altitude", "rope")))
    #: Where each climber planted their single and double flag (-1: not yet).
    planted: list[list[int]] = field(PerSeat(Ints(-1, PLACES - 1, FLAG_MAX)))
    #: Each climber's effect card still waiting for its turn (-1: none).
    pending: list[int] = field(PerSeat(Int(-1, PLACES - 1, fresh=-1)))
    player: int = field(Seat())
    phase: Phase = field(Member(Phase, fresh=ACT))
    rope: bool = field(Bool())  # the Fixed Rope's reach, for this turn's action
    extra: bool = field(Bool())  # a Chocolate Bar's extra turn is due
    explored: int = field(Int(-1, PLACES - 1, fresh=-1))  # the place explored this turn
    #: A Helping Hand: whose cards, which places, and who may still take one.
    offer_from: int = field(Seat(-1, fresh=-1))
    offer: tuple[int, ...] = field(Frozen(
        list, lambda data: tuple(integers(data, None, 0, PLACES - 1)), fresh=()))
    queue: list[int] = field(Ints(0, lambda n: n - 1))
    turns: int = field(Int(0, 10 ** 6))
    over: bool = field(Bool())
    won: bool = field(Bool())
    points: tuple[int, ...] = field(Frozen(list, lambda data: tuple(integers(data, None, 0, 3)), fresh=()))
    reason: str = field(Text())

    def __init__(self, game: AnnapurnaGame, rng: Rng) -> None:
        self.init_fields(game.num_players)
        self.game, self.rng = game, rng

    # -- who acts ------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if not self.dealt:
            return NATURE
        return self.player

    @property
    def everyone(self) -> int:
        """A bit for every climber (what an open card's knowers are)."""
        return (1 << self.n) - 1

    def knowers(self, seat: int, place: int) -> frozenset[int]:
        """The climbers who know the face-down card at ``place`` of ``seat``'s
        mountainside."""
        know = self.know[seat][place]
        return frozenset(m for m in range(self.n) if know >> m & 1)

    def seen_by(self, seat: int) -> int:
        """The knowledge bits a private move gives: everyone when the climbers talk."""
        return self.everyone if self.game.public else 1 << seat

    # -- reading the mountain -------------------------------------------------------------
    def balance(self, seat: int) -> int:
        """Yin and yang on ``seat``'s face-up cards: the sum of their symbols (0 is balanced)."""
        return sum([SYMBOLS[c % CARDS_PER_SUIT]
                    for c, u in zip(self.cards[seat], self.up[seat]) if u])

    def face_down(self, seat: int) -> list[bool]:
        """Which places hold a face-down card still in play (a flagged card is not)."""
        down = [c != EMPTY and not u for c, u in zip(self.cards[seat], self.up[seat])]
        for place in self.planted[seat]:
            if place >= 0:
                down[place] = False
        return down

    def flagged(self, seat: int, place: int) -> bool:
        """Whether one of ``seat``'s prayer flags lies at ``place``."""
        return place in self.planted[seat]

    def reachable(self, seat: int) -> set[int]:
        """The places ``seat`` may explore now."""
        if self.peak[seat]:
            return set()
        rope = self.rope and seat == self.player
        return explorable(self.up[seat], self.location[seat], face_down=self.face_down(seat),
                          rope=rope)

    def sweepable(self, seat: int) -> tuple[int, ...]:
        """The largest balanced set of ``seat``'s face-up cards whose effects are done."""
        cards, up, pending = self.cards[seat], self.up[seat], self.pending[seat]
        return balanced_set((p, value(cards[p])) for p in range(PLACES)
                            if up[p] and p != pending)

    # -- legal actions ---------------------------------------------------------------------
    def generate_legal(self, seat: int) -> list[Action]:
        if seat == NATURE:
            return [Deal()] if not self.dealt and not self.over else []
        if self.over or not self.dealt or seat != self.player:
            return []
        if self.phase == ACT:
            return self._act_moves(seat)
        if self.phase == LOOK:
            return [Look(m, p) for m in range(self.n) for p, down
                    in enumerate(self.face_down(m)) if down]
        if self.phase == SWAP:
            down = [p for p, d in enumerate(self.face_down(seat)) if d]
            return [Swap(a, b) for i, a in enumerate(down) for b in down[i + 1:]]
        if self.phase == SWEEP:
            return [Sweep(), Leave()]
        if self.phase == OFFER:
            return [*(Take(p) for p in self.offer), Decline()]
        return []

    def plantable(self, seat: int) -> list[int]:
        """The face-up cards a climber on the Easy Trail may plant a flag on: one with
        one or two symbols while the flag of that many pennants is theirs."""
        if self.game.level != "easy":
            return []
        cards, up, free = self.cards[seat], self.up[seat], self.planted[seat]
        return [p for p in range(PLACES)
                if up[p] and 1 <= abs(value(cards[p])) <= FLAG_MAX
                and free[abs(value(cards[p])) - 1] < 0]

    def _act_moves(self, seat: int) -> list[Action]:
        moves: list[Action] = [Explore(p) for p in sorted(self.reachable(seat))]
        moves += [Plant(p) for p in self.plantable(seat)]
        if self.location[seat] >= 0 or self.peak[seat]:
            pack = sorted(set(self.backpack[seat]))
            for m in range(self.n):
                down = [p for p, d in enumerate(self.face_down(m)) if d]
                for card in pack:
                    for p in down:
                        moves.append(Trade(card, p) if m == seat else Hide(card, m, p))
        return moves or [Pass()]

    def check_move(self, action: Action, seat: int) -> str | None:
        if not self.dealt:
            return "The mountains are not laid out yet."
        phase = self.phase
        if phase == LOOK and not isinstance(action, Look):
            return "First look at a face-down card with the Spyglass."
        if phase == SWAP and not isinstance(action, Swap):
            return "First choose the two face-down cards the Rockslide swaps."
        if phase == SWEEP and not isinstance(action, (Sweep, Leave)):
            return "Sweep the balanced cards, or leave them for a Helping Hand."
        if phase == OFFER and not isinstance(action, (Take, Decline)):
            return "Take one of the offered cards, or let the Helping Hand pass."
        if phase == ACT and isinstance(action, (Look, Swap, Sweep, Leave, Take, Decline)):
            return "First Explore, Trade or Hide."
        if isinstance(action, Explore):
            return self._check_explore(action.place, seat)
        if isinstance(action, Plant):
            return self._check_plant(action.place, seat)
        if isinstance(action, (Trade, Hide)):
            owner = seat if isinstance(action, Trade) else action.seat
            return self._check_trade(action.card, owner, action.place, seat,
                                     hide=isinstance(action, Hide))
        if isinstance(action, Pass):
            if self._act_moves(seat) != [Pass()]:
                return "You can still act: Explore, Trade or Hide."
            return None
        if isinstance(action, Look):
            if not 0 <= action.seat < self.n or not _on_mountain(action.place):
                return "There is no such place."
            if not self.face_down(action.seat)[action.place]:
                return "The Spyglass looks at a face-down card."
            return None
        if isinstance(action, Swap):
            down = self.face_down(seat)
            if not (_on_mountain(action.a) and _on_mountain(action.b)) or action.a >= action.b:
                return "Choose two different places."
            if not (down[action.a] and down[action.b]):
                return "A rockslide swaps two face-down cards of your own mountainside."
            return None
        if isinstance(action, (Sweep, Leave)):
            return None
        if isinstance(action, Take):
            if action.place not in self.offer:
                return "That card is not on offer."
            return None
        if isinstance(action, Decline):
            return None
        return "That is not a move in Annapurna."

    def _check_explore(self, place: int, seat: int) -> str | None:
        if not _on_mountain(place):
            return "There is no such place."
        if self.peak[seat]:
            return "You stand on your peak: now you Trade or Hide to help the others."
        if self.flagged(seat, place):
            return "A prayer flag stands on that card: it stays as it is."
        if not self.face_down(seat)[place]:
            return "Only a face-down card can be explored."
        if place in self.reachable(seat):
            return None
        if self.location[seat] < 0:
            return "Your first turn hikes to base camp: explore a card in the bottom row."
        return "That card is out of reach: step sideways or up from where you stand, never down."

    def _check_plant(self, place: int, seat: int) -> str | None:
        if not _on_mountain(place):
            return "There is no such place."
        if self.game.level != "easy":
            return "Prayer flags are planted on the Easy Trail only: this trail leaves no trace."
        if not self.up[seat][place] or self.cards[seat][place] == EMPTY:
            return "A flag is planted on a face-up card of your own mountainside."
        size = abs(value(self.cards[seat][place]))
        if not 1 <= size <= FLAG_MAX:
            return "A flag covers a card of one or two symbols."
        if self.planted[seat][size - 1] >= 0:
            return f"Your {FLAG_NAMES[size - 1]} flag is planted already."
        return None

    def _check_trade(self, card: int, owner: int, place: int, seat: int, *,
                     hide: bool) -> str | None:
        if self.location[seat] < 0 and not self.peak[seat]:
            return "Your first turn hikes to base camp: explore a card in the bottom row."
        if card not in self.backpack[seat]:
            return "That card is not in your backpack."
        if not 0 <= owner < self.n or not _on_mountain(place):
            return "There is no such place."
        if hide and owner == seat:
            return "A card put on your own mountainside is a Trade."
        if self.flagged(owner, place):
            return "A prayer flag stands on that card: it stays as it is."
        if not self.face_down(owner)[place]:
            return "Only a face-down card can be traded away."
        return None

    # -- applying actions -------------------------------------------------------------------
    def apply_unchecked(self, action: Action, seat: int) -> list[Event]:
        if isinstance(action, (Explore, Trade, Hide, Pass, Plant)):
            self._spend_rope(seat)
        match action:
            case Deal():
                return self._deal()
            case Explore(place=place):
                return self._explore(seat, place)
            case Trade(card=card, place=place):
                return self._trade(seat, card, seat, place)
            case Hide(card=card, seat=owner, place=place):
                return self._trade(seat, card, owner, place)
            case Pass():
                return [Passed(seat), *self._after_action(seat)]
            case Plant(place=place):
                self.up[seat][place] = False
                self.know[seat][place] = self.everyone
                self.planted[seat][abs(value(self.cards[seat][place])) - 1] = place
                card = Card(self.cards[seat][place])
                return [FlagPlanted(seat, place, card), *self._after_action(seat)]
            case Look(seat=owner, place=place):
                known = self.knowers(owner, place)
                self.know[owner][place] |= self.seen_by(seat)
                card = Card(self.cards[owner][place])
                event = Looked(seat, owner, place, card, self.game.public, known)
                return [event, *self._after_action(seat)]
            case Swap(a=a, b=b):
                for ints in (self.cards[seat], self.know[seat]):
                    ints[a], ints[b] = ints[b], ints[a]
                return [Swapped(seat, a, b), *self._after_action(seat)]
            case Sweep():
                return self._sweep(seat)
            case Leave():
                places = self.sweepable(seat)
                return [HandLeft(seat, places), *self._end_turn(seat, offer=places)]
            case Take(place=place):
                return self._take(seat, place)
            case Decline():
                self.queue.pop(0)
                if self.queue:
                    self.player = self.queue[0]
                    return []
                return self._close_offer()
        raise TypeError(f"not an Annapurna action: {action!r}")

    def _deal(self) -> list[Event]:
        for seat in range(self.n):
            cards: list[int] = [int(c) for c in suit_cards(seat)]
            self.rng.shuffle(cards)
            self.cards[seat] = cards[:PLACES]
            self.backpack[seat] = sorted(cards[PLACES:])
        self.dealt = True
        return [MountainDealt(), *self._begin_turn(0, extra=False)]

    def _begin_turn(self, seat: int, *, extra: bool) -> list[Event]:
        self.player = seat
        self.phase = ACT
        self.explored = -1
        self.rope = False
        events: list[Event] = [TurnStarted(seat, extra)]
        if self.shenpa[seat] == "altitude":
            self.shenpa[seat] = ""
            self.pending[seat] = -1
            return [*events, Skipped(seat), *self._after_action(seat)]
        if self.shenpa[seat] == "rope":
            self.shenpa[seat] = ""
            self.rope = True
        return events

    def _spend_rope(self, seat: int) -> None:
        """The turn the Fixed Rope binds takes its action, whatever it is (an explore
        far away, a trade, a hide, a flag, a pass): the rope's reach lasts for that
        action only, so its card's effect is done and the card can be swept."""
        if self.rope:
            self.rope = False
            self.pending[seat] = -1

    def _explore(self, seat: int, place: int) -> list[Event]:
        self.up[seat][place] = True
        self.location[seat] = place
        self.explored = place
        card = Card(self.cards[seat][place])
        events: list[Event] = [Explored(seat, place, card, self.knowers(seat, place))]
        kind = effect(card)
        if kind is Effect.CHOCOLATE:
            self.extra = True
        elif kind in (Effect.ALTITUDE, Effect.ROPE):
            self.shenpa[seat] = "altitude" if kind is Effect.ALTITUDE else "rope"
            self.pending[seat] = place
        elif kind is Effect.SPYGLASS:
            if any(any(self.face_down(m)) for m in range(self.n)):
                self.phase = LOOK
                return events
        elif kind is Effect.ROCKSLIDE:
            if sum(self.face_down(seat)) >= 2:
                self.phase = SWAP
                return events
        elif kind is Effect.YETI:
            down = self.face_down(seat)
            around = [p for p in neighbours(place) if down[p] and p != PEAK]
            if around:
                struck = around[self.rng.randrange(len(around))]
                self.up[seat][struck] = True
                events.append(YetiStruck(seat, struck, Card(self.cards[seat][struck])))
        return events + self._after_action(seat)

    def _trade(self, seat: int, card: int, owner: int, place: int) -> list[Event]:
        self.backpack[seat].remove(card)
        removed = self.cards[owner][place]
        known = self.knowers(owner, place)
        self.cards[owner][place] = card
        self.know[owner][place] = self.seen_by(seat)
        (self.backpack if self.peak[seat] else self.cache)[seat].append(removed)
        if self.peak[seat]:
            self.backpack[seat].sort()
        event = Traded(seat, owner, place, Card(card), Card(removed), self.game.public, known,
                       bool(self.peak[seat]))
        return [event, *self._after_action(seat)]

    def _after_action(self, seat: int) -> list[Event]:
        """The action is done: sweep (or bury) if a balanced set is there."""
        self.phase = ACT
        if self.sweepable(seat):
            self.phase = SWEEP
            return []
        return self._end_turn(seat, offer=())

    def _sweep(self, seat: int) -> list[Event]:
        places = self.sweepable(seat)
        cards = tuple(Card(self.cards[seat][p]) for p in places)
        buried = bool(self.peak[seat])
        for p in places:
            if buried:
                self.up[seat][p] = False
                self.know[seat][p] = self.everyone
            else:
                self.cache[seat].append(self.cards[seat][p])
                self.cards[seat][p] = EMPTY
                self.up[seat][p] = False
        return [Swept(seat, places, cards, buried), *self._end_turn(seat, offer=())]

    def _end_turn(self, seat: int, *, offer: tuple[int, ...]) -> list[Event]:
        self.turns += 1
        events: list[Event] = []
        if self.explored == PEAK and not self.peak[seat]:
            events += self._reach_peak(seat)
            if self.over:
                return events
        if self.turns >= TURN_LIMIT * self.n:
            return events + self._finish(False, "The season turns before the team is down: "
                                                "the ascent is lost.")
        if offer:
            self.offer_from = seat
            self.offer = offer
            self.queue = [(seat + k) % self.n for k in range(1, self.n)]
            self.phase = OFFER
            self.player = self.queue[0]
            return events
        return events + self._next_turn()

    def _reach_peak(self, seat: int) -> list[Event]:
        balanced = self.balance(seat) == 0
        self.peak[seat] = 1 + sum(1 for p in self.peak if p)
        self.peak_balanced[seat] = balanced
        moved = tuple(Card(c) for c in self.cache[seat])
        self.backpack[seat] = sorted(self.backpack[seat] + self.cache[seat])
        self.cache[seat] = []
        events: list[Event] = [Peaked(seat, self.peak[seat], balanced),
                               BackpackFilled(seat, moved, self.game.public)]
        if not balanced and self.game.level != "easy":
            return events + self._finish(False, "A climber reached the peak out of balance: "
                                                "the ascent is lost.")
        if all(self.peak):
            won = all(self.balance(s) == 0 for s in range(self.n))
            reason = ("Every mountainside is balanced: the ascent is won!" if won else
                      "Every climber is up, but not every mountainside is balanced.")
            return events + self._finish(won, reason)
        return events

    def _finish(self, won: bool, reason: str) -> list[Event]:
        self.over = True
        self.won = won
        self.phase = OVER
        self.reason = reason
        self.points = tuple(self.summit_points(s) for s in range(self.n))
        return [AscentEnded(won, self.points, reason)]

    def summit_points(self, seat: int) -> int:
        """Summit points: three balanced at the peak and now, two balanced now, one for
        reaching the peak."""
        if not self.peak[seat]:
            return 0
        balanced = self.balance(seat) == 0
        return 3 if balanced and self.peak_balanced[seat] else 2 if balanced else 1

    def _take(self, seat: int, place: int) -> list[Event]:
        giver = self.offer_from
        card = self.cards[giver][place]
        self.cards[giver][place] = EMPTY
        self.up[giver][place] = False
        self.backpack[seat].append(card)
        self.backpack[seat].sort()
        return [HandTaken(seat, giver, place, Card(card)), *self._close_offer()]

    def _close_offer(self) -> list[Event]:
        giver = self.offer_from
        self.offer_from = -1
        self.offer = ()
        self.queue = []
        self.player = giver
        return self._next_turn()

    def _next_turn(self) -> list[Event]:
        seat = self.player
        if self.extra:
            self.extra = False
            return self._begin_turn(seat, extra=True)
        return self._begin_turn((seat + 1) % self.n, extra=False)

    # -- results ---------------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Each climber's summit points (three at most)."""
        return [self.summit_points(s) for s in range(self.n)]

    def outcome(self) -> list[float]:
        return [1.0 if self.won else 0.0] * self.n

    # -- information -------------------------------------------------------------------------
    def observation(self, seat: int) -> AnnapurnaObservation:
        return observe(self, seat)

    # -- persistence ---------------------------------------------------------------------------
    def _envelope(self, body: dict[str, Any]) -> dict[str, Any]:
        return {"game": self.game.id, "version": self.game.SNAPSHOT_VERSION, "state": body}

    def restored(self) -> None:
        for seat in range(self.n):
            # An older save may hold a Fixed Rope card still waiting after its turn (a
            # flag planted or a pass on that turn left it so): its effect is done.
            if self.pending[seat] >= 0 and not self.shenpa[seat] and not (
                    seat == self.player and self.rope):
                self.pending[seat] = -1

    def waits_for_its_turn(self, seat: int) -> bool:
        """Whether ``seat``'s waiting effect card (``pending``) is rightly waiting: a
        face-up shenpa card whose climber's next turn is still to come, or the Fixed Rope
        of the turn being played, until its action."""
        place = self.pending[seat]
        if place < 0 or not self.up[seat][place]:
            return False
        if not TYPES[self.cards[seat][place] % CARDS_PER_SUIT].binds_next_turn:
            return False
        return bool(self.shenpa[seat]) or (seat == self.player and self.rope)


def _on_mountain(place: int) -> bool:
    return 0 <= place < PLACES
