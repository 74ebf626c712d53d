"""Anniversary: two partners go on Dates (four-card tricks) without talking, each
trying to perform the Sweet Gestures they took.

One game here is one attempt at one chapter of the storybook.  The rules as
RULINGS.md fixes them, with the choices it leaves open:

* A player may use any number of Healthy Communication (HC) cards before a Date,
  one card at a time; the Date's leader decides first, then the other player.
  A card that is the only one of its colour is also its highest and lowest, so
  any gem position is true for it.
* Before Dates 2–5 the leader of the coming Date draws first.
* The gestures are judged as soon as the last one is taken: one that can already
  never be performed (the Top card winning for the bottom) loses the chapter before
  the first Date, exactly as a gesture lost after a Date would.
* Gestures are judged from everything both partners can see (never a hidden hand):
  besides the record, the cards each partner can be seen never to hold again
  (:func:`~.gestures.barred_cards`: the other's shown cards, and once the pile set
  aside is used up, a colour not followed and what a gem rules out).  So they are
  judged again whenever a card is shown with Healthy Communication: the top showing
  the Teal 6 loses the bottom's "foot a Date with the Teal 6" on the spot, since
  nobody but the top can ever win with it.  A card on the gem spot is not shown yet
  (it may be taken back); it is judged once its gem is placed.  A colour not followed
  counts when the Date ends, as every play does.
* The bounty is judged for both players after every Date; if both perform it at
  the same moment both earn it.  It is judged for the last time when the chapter
  ends, so a bounty still pending then earns nothing.
* HC cards earned from a bounty are kept even if the chapter fails.

The deal is nature's first step (:data:`~tabletop.engine.protocol.NATURE`); sharing
a card is two steps, ``Pick`` then ``Place`` (the picked card is on the table, so
both partners know it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from tabletop.engine.cards import RANK_BITS, rank_of, suit_of
from tabletop.engine.events import Dealt, GameOver
from tabletop.engine.protocol import (
    NATURE, TERMINAL, Action, Deal, Event, GameState, Zone, ZoneKind,
)
from tabletop.engine.rng import Rng
from tabletop.engine.schema import (
    Bool, Card, Cards, Derived, DerivedList, Frozen, Int, Ints, ListOf, Maybe, Member, RngField,
    Seat, Shared, Tuple, Value, field,
)
from tabletop.games.anniversary.actions import (
    Gem, Pass, Pick, Place, Play, Ready, Take, Unpick,
)
from tabletop.games.anniversary.cards import BOTTOM, DECK, POSITION, TOP, AnniversaryCard
from tabletop.games.anniversary.content import GESTURE_BY_ID, GESTURES
from tabletop.games.anniversary.events import (
    BountySettled, CardDrawn, CardPicked, CardPlayed, CardShared, CardUnpicked, ChapterEnded,
    DateFooted, DateStarted, GesturePassed, GestureSettled, GestureTaken, GesturesDrawn, TopFound,
)
from tabletop.games.anniversary.feasibility import possible
from tabletop.games.anniversary.gestures import (
    LAST_DRAW_DATE, Gesture, Status, barred_cards, mask_of, status,
)
from tabletop.games.anniversary.observation import (
    AnniversaryObservation, DateRecord, Phase, hc_after, observe,
)

if TYPE_CHECKING:
    from tabletop.games.anniversary.game import AnniversaryGame

__all__ = ["AnniversaryState", "draw_gestures", "gem_positions", "winning_play"]

HAND_SIZE: Final = 9
ASIDE: Final = 8
ALL_MASK: Final = mask_of(DECK)
DECK_ZONE = Zone(ZoneKind.DECK)


def winning_play(plays: Sequence[tuple[int, int]]) -> int:
    """The index of the play that foots the bill: the Top card, else the Bottom card,
    else the highest card of the colour led."""
    cards = [card for _, card in plays]
    if TOP in cards:
        return cards.index(TOP)
    if BOTTOM in cards:
        return cards.index(BOTTOM)
    led = cards[0] >> RANK_BITS
    best = 0
    for i, card in enumerate(cards):  # within a colour, the higher card is the higher int
        if card >> RANK_BITS == led and card > cards[best]:
            best = i
    return best


def gem_positions(hand: Sequence[int], card: int) -> list[Gem]:
    """Where a gem may truthfully sit on ``card`` shared from ``hand``."""
    if suit_of(card) == POSITION:
        return []
    same = [rank_of(c) for c in hand if suit_of(c) == suit_of(card)]
    rank = rank_of(card)
    gems = []
    if rank == max(same):
        gems.append(Gem.TOP)
    if len(same) == 1:
        gems.append(Gem.MIDDLE)
    if rank == min(same):
        gems.append(Gem.BOTTOM)
    return gems


def draw_gestures(sweetness: int, rng: Rng, bounty: bool, top: int, dates: int = 6,
                  ) -> tuple[list[Gesture], Gesture | None]:
    """Draw gestures until their sweetness adds up to ``sweetness`` exactly, skipping
    cards that would overshoot; replace cards one by one while no assignment of the
    set to the two players could be performed.  Then the optional bounty."""
    deck = list(GESTURES)
    rng.shuffle(deck)
    drawn: list[Gesture] = []
    total = 0
    pile = deck
    while total < sweetness:
        for i, g in enumerate(pile):
            if total + g.sweetness <= sweetness:
                drawn.append(g)
                total += g.sweetness
                del pile[i]
                break
        else:  # pragma: no cover - the deck has many one-candy cards
            raise RuntimeError("the gesture deck cannot reach that sweetness")
    replaced = 0
    while not possible(drawn, top, dates):
        # Replace the latest card with the next card of the same sweetness.
        out = drawn.pop(replaced % len(drawn))
        candidates = [g for g in pile if g.sweetness == out.sweetness]
        if not candidates:
            candidates = [g for g in pile if g.sweetness <= out.sweetness]
        pick = candidates[0]
        pile.remove(pick)
        pile.append(out)
        drawn.insert(replaced % (len(drawn) + 1), pick)
        total += pick.sweetness - out.sweetness
        while total < sweetness:  # a smaller replacement: top the sweetness up again
            extra = next(g for g in pile if total + g.sweetness <= sweetness)
            pile.remove(extra)
            drawn.append(extra)
            total += extra.sweetness
        replaced += 1
        if replaced > 200:  # pragma: no cover - defensive; never seen
            raise RuntimeError("could not draw a possible set of gestures")
    chosen_bounty = pile.pop(0) if bounty else None
    return drawn, chosen_bounty


# -- the snapshot's pieces ------------------------------------------------------------
def _gesture(value: Any) -> int:
    if isinstance(value, bool) or value not in GESTURE_BY_ID:
        raise ValueError(f"{value!r} is not a gesture")
    return int(value)


#: A card played to a Date: (seat, card).
PLAY = Tuple(Seat(), Card(AnniversaryCard.parse))
#: A finished Date as saved: its leader and its four plays.
DATE = Tuple(Seat(), ListOf(PLAY, 4))


def _date_from_json(data: Any) -> DateRecord:
    """A finished Date from its leader and plays (who footed it follows from the plays)."""
    leader, plays = DATE.load(data, 2)
    footer, winner = plays[winning_play(plays)]
    return DateRecord(leader, tuple(plays), footer, winner)


class AnniversaryState(GameState):
    """A position in one chapter of Anniversary."""

    game: AnniversaryGame = field(Shared())
    rng: Rng = field(RngField())
    hands: list[list[AnniversaryCard]] = field(ListOf(Cards(AnniversaryCard.parse), 2))  # sorted
    aside: list[AnniversaryCard] = field(Cards(AnniversaryCard.parse))  # drawn from the end
    top: int = field(Int(0, 1))
    phase: Phase = field(Member(Phase, fresh=Phase.DRAFT))
    offer: list[int] = field(ListOf(Value(_gesture)))
    drafter: int = field(Int(0, 1))
    passed: bool = field(Bool())
    gestures: list[int] = field(ListOf(Value(_gesture)))
    owners: list[int] = field(Ints(0, 1))
    settled: list[Status] = field(ListOf(Member(Status)))
    bounty: int | None = field(Maybe(Value(_gesture)))
    bounty_status: Status = field(Member(Status, fresh=Status.PENDING))
    hc: list[int] = field(ListOf(Int(low=0), 2))
    hc_used: list[int] = field(ListOf(Int(low=0), 2))
    #: Every card shown with HC: (seat, card, gem, the Date it was shown before).
    shared: list[tuple[int, AnniversaryCard, Gem, int]] = field(
        ListOf(Tuple(Seat(), Card(AnniversaryCard.parse), Member(Gem), Int(low=0))))
    queue: list[int] = field(Ints(0, 1))  # seats still to decide on HC before this Date
    date: int = field(Int(low=0))  # 1-based Date in play (0 before the first)
    leader: int = field(Int(0, 1))
    plays: list[tuple[int, AnniversaryCard]] = field(ListOf(PLAY))
    history: list[DateRecord] = field(ListOf(Frozen(
        lambda d: DATE.dump((d.leader, d.plays)), _date_from_json)))
    #: What the finished Dates add up to (worked out again from ``history`` on loading).
    footers: list[int] = field(DerivedList())
    winners: list[int] = field(DerivedList())
    date_masks: list[int] = field(DerivedList())
    won: list[int] = field(DerivedList(fresh=lambda n: [0] * n))
    unplayed: int = field(Derived(fresh=ALL_MASK))
    draws_before: list[int] = field(Ints(low=0))
    result: bool | None = field(Maybe(Bool()))
    dealt: bool = field(Bool())
    #: The card on the gem spot, waiting for its gem (``Pick`` then ``Place``).
    picked: AnniversaryCard | None = field(Maybe(Card(AnniversaryCard.parse)))

    def __init__(self, game: AnniversaryGame, rng: Rng) -> None:
        self.init_fields(2)
        self.game, self.rng = game, rng
        self.hc = list(game.hc)

    def restored(self) -> None:
        if not len(self.gestures) == len(self.owners) == len(self.settled):
            raise ValueError("gestures, owners and marks disagree")
        for hand in self.hands:
            hand.sort()
        for record in self.history:
            self._count_date(record)

    # -- setup --------------------------------------------------------------------
    def _deal(self) -> list[Event]:
        """Shuffle, redeal while the Top card is set aside, find the top, draw gestures."""
        self.dealt = True
        redeals = -1
        while True:
            redeals += 1
            cards = list(DECK)
            self.rng.shuffle(cards)
            if TOP not in cards[:ASIDE]:
                break
        self.aside = cards[:ASIDE]
        self.hands = [sorted(cards[ASIDE:ASIDE + HAND_SIZE]),
                      sorted(cards[ASIDE + HAND_SIZE:])]
        if self.game.chapter.first_is_top and TOP in self.hands[1]:
            self.hands.reverse()
        self.top = 0 if TOP in self.hands[0] else 1
        events: list[Event] = [Dealt(s, tuple(self.hands[s]), DECK_ZONE) for s in (0, 1)]
        events.append(TopFound(self.top, redeals))
        preset = self.game.preset or self.game.chapter.gesture_ids
        if preset:
            drawn = [GESTURE_BY_ID[g] for g in preset]
            bounty = None
            if self.game.bounty:
                kinds = {g.kind for g in drawn}  # a bounty never repeats a gesture's task
                rest = [g for g in GESTURES if g.id not in preset and g.kind not in kinds]
                bounty = rest[self.rng.randbelow(len(rest))]
        else:
            drawn, bounty = draw_gestures(self.game.chapter.sweetness, self.rng,
                                          self.game.bounty, self.top, self.total_dates)
        self.offer = [g.id for g in drawn]
        self.bounty = bounty.id if bounty is not None else None
        self.drafter = self.top
        events.append(GesturesDrawn(tuple(self.offer), self.bounty))
        return events

    @property
    def total_dates(self) -> int:
        """The Dates of this chapter."""
        return self.game.chapter.dates

    @property
    def dates_left(self) -> int:
        """Dates not yet finished, the one in play included."""
        return self.total_dates - len(self.footers)

    @property
    def bottom(self) -> int:
        """The seat holding the Bottom card."""
        return 1 - self.top

    @property
    def barred(self) -> list[int]:
        """Per seat, the cards the open table shows it will never hold again
        (:func:`~.gestures.barred_cards`), as the gestures are judged by."""
        dates: list[tuple[int, Sequence[tuple[int, int]]]] = [
            (number, record.plays) for number, record in enumerate(self.history, 1)]
        if self.plays:
            dates.append((self.date, self.plays))
        return barred_cards(dates, self.shared)

    # -- who acts -------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if not self.dealt:
            return NATURE
        phase = self.phase
        if phase is Phase.DATE:
            return self.leader if len(self.plays) % 2 == 0 else 1 - self.leader
        if phase is Phase.SHARE:
            return self.queue[0]
        if phase is Phase.DRAFT:
            return self.drafter
        return TERMINAL

    # -- legality -------------------------------------------------------------------
    def playable(self, seat: int) -> list[AnniversaryCard]:
        """Cards ``seat`` may play now: follow the suit led if able."""
        hand = self.hands[seat]
        if not self.plays:
            return list(hand)
        led = suit_of(self.plays[0][1])
        follow = [c for c in hand if suit_of(c) == led]
        return follow or list(hand)

    def can_share(self, seat: int) -> bool:
        """Whether ``seat`` could use Healthy Communication now: a colour card that is the
        highest or lowest of its colour in hand (so some gem is true) and not yet shown."""
        if self.game.chapter.no_hc or self.hc[seat] <= 0:
            return False
        shown = {card for s, card, _, _ in self.shared if s == seat}
        by_colour: dict[int, list[AnniversaryCard]] = {}
        for card in self.hands[seat]:
            if card >> 5 != POSITION:
                by_colour.setdefault(card >> 5, []).append(card)
        return any(min(cards) not in shown or max(cards) not in shown
                   for cards in by_colour.values())

    def _pickable(self, seat: int) -> list[AnniversaryCard]:
        """Cards ``seat`` could share now: not shown yet, and some gem tells the truth."""
        hand = self.hands[seat]
        shown = {card for s, card, _, _ in self.shared if s == seat}
        return [c for c in hand if c not in shown and gem_positions(hand, c)]

    def generate_legal(self, seat: int) -> list[Action]:
        player = self.current_player
        if seat != player or player == TERMINAL:
            return []
        if player == NATURE:
            return [Deal()]
        phase = self.phase
        if phase is Phase.DATE:
            return [Play(c) for c in self.playable(player)]
        if phase is Phase.SHARE:
            if self.picked is not None:
                gems: list[Action] = [Place(g) for g in gem_positions(self.hands[player],
                                                                      self.picked)]
                return gems + [Unpick()]
            if self.hc[player] <= 0:
                return [Ready()]
            return [Ready(), *(Pick(c) for c in self._pickable(player))]
        actions: list[Action] = [Take(g) for g in self.offer]
        if self._may_pass():
            actions.append(Pass())
        return actions

    def _may_pass(self) -> bool:
        return (len(self.offer) == 1 and not self.gestures and not self.passed
                and self.drafter == self.top)

    def check_move(self, action: Action, seat: int) -> str | None:
        phase = self.phase
        if isinstance(action, Play):
            if phase is not Phase.DATE:
                return "Cards are played during a Date; the Date has not started yet."
            card = action.card
            if card not in self.hands[seat]:
                return f"You do not hold the {card}."
            if card in self.playable(seat):
                return None
            led = self.plays[0][1]
            if suit_of(led) == POSITION:
                return "A position card was led: you must follow with your position card."
            return f"{led.suit_name} was led: you must follow {led.suit_name} while you can."
        if isinstance(action, (Take, Pass)):
            if phase is not Phase.DRAFT:
                return "The gestures have all been taken."
            if isinstance(action, Pass):
                if self._may_pass():
                    return None
                return "You may pass only when a single gesture was drawn and you are the top."
            return None if action.gesture in self.offer else "That gesture is not on the table."
        if isinstance(action, (Pick, Place, Unpick, Ready)):
            if phase is not Phase.SHARE:
                if isinstance(action, Ready):
                    return "There is nothing to be ready for now."
                return "Healthy Communication is used before a Date, never during one."
            return self._check_share(action, seat)
        if isinstance(action, Deal):
            return "The cards are dealt by the table, not by a player."
        return "That is not a move in Anniversary."

    def _check_share(self, action: Action, seat: int) -> str | None:
        picked = self.picked
        if isinstance(action, Ready):
            if picked is not None:
                return f"Place the gem on the {picked} or take it back first."
            return None
        if isinstance(action, Unpick):
            return None if picked is not None else "No card is waiting for its gem."
        if isinstance(action, Place):
            if picked is None:
                return "Put a card on the gem spot first."
            if action.gem in gem_positions(self.hands[seat], picked):
                return None
            return (f"The gem cannot go at the {action.gem.value}: the {picked} is not your "
                    f"{action.gem.meaning} {picked.suit_name} card.")
        assert isinstance(action, Pick)
        if picked is not None:
            return f"The {picked} is already waiting for its gem."
        if self.game.chapter.no_hc:
            return "No Healthy Communication may be used in this chapter."
        if self.hc[seat] <= 0:
            return "You have no Healthy Communication cards."
        card = action.card
        if card not in self.hands[seat]:
            return f"You do not hold the {card}."
        if suit_of(card) == POSITION:
            return "Position cards cannot be shared."
        if any(s == seat and c == card for s, c, _, _ in self.shared):
            return f"The {card} is already shown."
        if not gem_positions(self.hands[seat], card):
            return (f"The {card} is neither your highest, only nor lowest {card.suit_name}: "
                    "no gem can tell the truth about it.")
        return None

    # -- applying -------------------------------------------------------------------
    def apply_unchecked(self, action: Action, seat: int) -> list[Event]:
        kind = type(action)
        if kind is Deal:
            return self._deal()
        if kind is Play:
            assert isinstance(action, Play)
            return self._play(seat, action.card)
        if kind is Ready:
            self.queue.pop(0)
            return [] if self.queue else self._begin_date()
        if kind is Pick:
            assert isinstance(action, Pick)
            self.picked = action.card
            return [CardPicked(seat, action.card)]
        if kind is Unpick:
            card, self.picked = self.picked, None
            assert card is not None
            return [CardUnpicked(seat, card)]
        if kind is Place:
            assert isinstance(action, Place) and self.picked is not None
            card, self.picked = self.picked, None
            self.hc[seat] -= 1
            self.hc_used[seat] += 1
            self.shared.append((seat, card, action.gem, self.date))
            events: list[Event] = [CardShared(seat, card, action.gem)]
            events.extend(self._settle())  # a gesture may be out of reach now
            if self.result is not None:
                return events
            if not self.can_share(seat):
                self.queue.pop(0)
                if not self.queue:
                    events.extend(self._begin_date())
            return events
        if kind is Pass:
            self.passed = True
            self.drafter = 1 - seat
            return [GesturePassed(seat)]
        assert isinstance(action, Take)
        self.offer.remove(action.gesture)
        self.gestures.append(action.gesture)
        self.owners.append(seat)
        self.settled.append(Status.PENDING)
        self.drafter = 1 - seat
        taken: list[Event] = [GestureTaken(seat, action.gesture)]
        if not self.offer:
            taken.extend(self._settle())  # a gesture may be out of reach already
            if self.result is None:
                first = self.bottom if self.game.chapter.bottom_leads else self.top
                taken.extend(self._prepare_date(first))
        return taken

    def _prepare_date(self, leader: int) -> list[Event]:
        """Draws (before Dates 2–5) and the HC window before the next Date."""
        self.date = len(self.footers) + 1
        self.leader = leader
        events: list[Event] = []
        if 2 <= self.date <= LAST_DRAW_DATE and self.aside:
            self.draws_before.append(self.date)
            for seat in (leader, 1 - leader):
                card = self.aside.pop()
                self.hands[seat].append(card)
                self.hands[seat].sort()
                events.append(CardDrawn(seat, card))
        self.queue = [s for s in (leader, 1 - leader) if self.can_share(s)]
        if self.queue:
            self.phase = Phase.SHARE
            return events
        events.extend(self._begin_date())
        return events

    def _begin_date(self) -> list[Event]:
        self.phase = Phase.DATE
        self.plays = []
        return [DateStarted(self.date, self.total_dates, self.leader)]

    def _play(self, seat: int, card: AnniversaryCard) -> list[Event]:
        self.hands[seat].remove(card)
        self.plays.append((seat, card))
        events: list[Event] = [CardPlayed(seat, card)]
        if len(self.plays) == 4:
            events.extend(self._finish_date())
        return events

    def _finish_date(self) -> list[Event]:
        plays = self.plays
        footer, winner = plays[winning_play(plays)]
        cards = tuple(card for _, card in plays)
        self.file_date(DateRecord(self.leader, tuple(plays), footer, winner))
        self.plays = []
        events: list[Event] = [DateFooted(len(self.footers), footer, winner, cards)]
        events.extend(self._settle())
        if self.result is None:
            events.extend(self._prepare_date(footer))
        return events

    def file_date(self, record: DateRecord) -> None:
        """Add a finished Date to the record (and the figures derived from it)."""
        self.history.append(record)
        self._count_date(record)

    def _count_date(self, record: DateRecord) -> None:
        """Add a Date of the record to the figures derived from it."""
        mask = mask_of(c for _, c in record.plays)
        self.footers.append(record.footer)
        self.winners.append(record.winner)
        self.date_masks.append(mask)
        self.won[record.footer] |= mask
        self.unplayed &= ~mask

    def _settle(self) -> list[Event]:
        """Judge every gesture and the bounty after a Date, after a card is shown, and once
        when the last gesture is taken, before any Date; end the chapter if decided."""
        events: list[Event] = []
        failed = False
        for i, (gid, owner) in enumerate(zip(self.gestures, self.owners)):
            if self.settled[i] is not Status.PENDING:
                continue
            now = status(GESTURE_BY_ID[gid], owner, self)
            if now is not Status.PENDING:
                self.settled[i] = now
                events.append(GestureSettled(owner, gid, now))
            failed |= now is Status.FAILED
        all_done = all(s is Status.DONE for s in self.settled)
        events.extend(self._settle_bounty(final=failed or all_done))
        if failed:
            lost = next(GESTURE_BY_ID[g] for g, s in zip(self.gestures, self.settled)
                        if s is Status.FAILED)
            events.extend(self._end(False, f"“{lost.title}” can no longer be performed."))
        elif all_done:
            events.extend(self._end(True, "every Sweet Gesture has been performed."))
        return events

    def _settle_bounty(self, final: bool) -> list[Event]:
        if self.bounty is None or self.bounty_status is not Status.PENDING:
            return []
        g = GESTURE_BY_ID[self.bounty]
        marks = [status(g, seat, self) for seat in (0, 1)]
        earners = tuple(s for s in (0, 1) if marks[s] is Status.DONE)
        if earners:
            cards = g.sweetness * self.game.chapter.bounty_factor
            for seat in earners:
                self.hc[seat] += cards
            self.bounty_status = Status.DONE
            return [BountySettled(g.id, earners, cards)]
        if final or all(m is Status.FAILED for m in marks):
            self.bounty_status = Status.FAILED
            return [BountySettled(g.id, (), 0)]
        return []

    def _end(self, success: bool, reason: str) -> list[Event]:
        self.result = success
        self.phase = Phase.OVER
        self.queue = []
        shares = (1.0, 1.0) if success else (0.0, 0.0)
        return [ChapterEnded(success, reason), GameOver(shares)]

    # -- results --------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Gestures each partner has performed."""
        return [sum(1 for o, s in zip(self.owners, self.settled) if o == seat and s is Status.DONE)
                for seat in (0, 1)]

    def outcome(self) -> list[float]:
        return [1.0, 1.0] if self.result else [0.0, 0.0]

    def hc_after(self) -> tuple[int, int]:
        """Each player's HC cards once the chapter is over: used ones come back on failure."""
        return hc_after((self.hc[0], self.hc[1]), (self.hc_used[0], self.hc_used[1]),
                        self.result)

    # -- information ----------------------------------------------------------------
    def observation(self, seat: int) -> AnniversaryObservation:
        return observe(self, seat)
