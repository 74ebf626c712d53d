"""Anno: match primary cards to the Month cards on your board (2–4 players).

The rules as RULINGS.md fixes them, with the choices it leaves open:

* Finding the first dealer is nature's first step: one card each, round after
  round, until a Month turns up; the latest month in the year deals.  The cards go
  back and the dealer deals 6 each (from the player after the dealer) and 8 face up
  to the Community Eight; the player after the dealer starts; the deal passes on.
* A match is declared, staged and committed (or made in one step, :class:`Match`).
  A month is declared only when some match to it can be made now (the rulebook: a
  month "cannot be laid down ... until the player is ready to match cards to it").
  A declaration is final (a player "may not change their mind and change their
  declare"): no other month can be declared that turn, nor a Blue Moon exchanged
  (the exchange "must be the first thing that a player does in their turn").  Staged
  cards can be taken back one by one; taking the declaration back (``Withdraw``)
  gives up matching for the turn: the staged cards return to where they came from, a
  laid month to the hand, and only the burn is left.
* A card is staged only if the staged cards with it can still become a match with
  cards of the same source still free, so what is staged can always be confirmed.
* Any Blue Moon in the Community Eight is dead: it cannot be taken.
* A lone Cusp is no match (the rulebook: it "cannot be played alone").
* Burn and turn: the burn is made first; when the draw finds the deck empty, the
  round ends.  A refill fills the places it can, in order; if the deck runs out, the
  round ends once the refill is done.  A match that empties the hand ends the round
  at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from tabletop.engine.events import Dealt, GameOver, Scored
from tabletop.engine.protocol import NATURE, TERMINAL, Action, Deal, Event, GameState, Zone
from tabletop.engine.rng import Rng
from tabletop.engine.schema import (
    Bool, Card, Cards, Int, Ints, ListOf, MapOf, Maybe, PerSeat, RngField, Shared, field,
)
from tabletop.games.anno.actions import (
    Burn, Commit, Declare, Exchange, Match, Stage, Unstage, Withdraw,
)
from tabletop.games.anno.cards import DECK, AnnoCard, Kind, is_month, kind_of, parse_card
from tabletop.games.anno.events import (
    BURN, COMMUNITY, DECK as DECK_ZONE, CardBurned, CardDrawn, CardStaged, CardsGathered,
    CardUnstaged, CommunityDealt, CommunityRefilled, DealerFound, Declared, Exchanged, Matched,
    RoundEnded, RoundStarted, Withdrawn, board, hand,
)
from tabletop.games.anno.matching import legal_matches, match_problem, stage_problem, stageable
from tabletop.games.anno.observation import EMPTY, AnnoObservation, observe

if TYPE_CHECKING:
    from tabletop.games.anno.game import AnnoGame

__all__ = ["AnnoState", "HAND_SIZE", "COMMUNITY_SIZE", "POINTS"]

HAND_SIZE: Final = 6
COMMUNITY_SIZE: Final = 8
POINTS: Final = 5
MONTH_IN_COMMUNITY = "Months in the Community Eight can only be taken with a Blue Moon exchange."
DEAD_MOON = "A Blue Moon in the Community Eight stays there for the rest of the round."


class Columns(MapOf):
    """A board: month -> the cards matched to it, saved as columns ``[month, *cards]``."""

    def __init__(self) -> None:
        super().__init__(Cards(parse_card))

    def dump(self, value: dict[AnnoCard, list[AnnoCard]]) -> list[list[int]]:
        return [[int(m), *map(int, cards)] for m, cards in value.items()]

    def dump_code(self, src: str) -> str:
        return f"[[int(m), *map(int, cards)] for m, cards in {src}.items()]"

    def load(self, data: Any, n: int) -> dict[AnnoCard, list[AnnoCard]]:
        if not isinstance(data, list):
            raise ValueError(f"expected a list of columns, not {data!r}")
        columns: dict[AnnoCard, list[AnnoCard]] = {}
        for column in data:
            cards = self.item.load(column, n)
            if not cards or not is_month(cards[0]):
                raise ValueError("a board column does not start with a month")
            columns[cards[0]] = cards[1:]
        return columns


class AnnoState(GameState):
    """A position in a game of Anno."""

    # The saved fields are declared in the order the snapshot has always held them.
    game: AnnoGame = field(Shared())
    n: int = field(Shared(fresh=lambda n: n))
    rng: Rng = field(RngField())
    hands: list[list[AnnoCard]] = field(PerSeat(Cards(parse_card)))
    #: Per seat: month -> cards matched to it (dicts keep the order months were laid).
    boards: list[dict[AnnoCard, list[AnnoCard]]] = field(PerSeat(Columns()))
    community: list[int] = field(Ints(EMPTY, len(DECK) - 1, COMMUNITY_SIZE))
    deck: list[AnnoCard] = field(Cards(parse_card, fresh=lambda n: list(DECK)))  # the top is the end
    burned: list[list[AnnoCard]] = field(PerSeat(Cards(parse_card)))  # per seat, this round
    burn: list[AnnoCard] = field(Cards(parse_card))
    round_no: int = field(Int(low=0))  # 0-based
    dealer: int = field(Int(low=-1, fresh=-1))  # found by the first deal
    dealt: bool = field(Bool())
    player: int = field(Int(low=0))
    exchanged: bool = field(Bool())
    declared: AnnoCard | None = field(Maybe(Card(parse_card)))
    declared_new: bool = field(Bool())
    staged: list[AnnoCard] = field(Cards(parse_card))
    #: Where each staged card came from: its Community Eight place, or -1 (the hand).
    staged_places: list[int] = field(Ints(low=-1, high=COMMUNITY_SIZE - 1))
    staged_from_community: bool = field(Bool())
    matched: bool = field(Bool())
    totals: list[int] = field(PerSeat(Int()))
    round_plus: list[list[int]] = field(ListOf(PerSeat(Int())))
    round_minus: list[list[int]] = field(ListOf(PerSeat(Int())))
    over: bool = field(Bool())
    #: The month whose declaration was taken back this turn (only the burn is left);
    #: written only when set, as saves have always held it.
    withdrawn: AnnoCard | None = field(Maybe(Card(parse_card), default=None, sparse=True))

    def __init__(self, game: AnnoGame, rng: Rng) -> None:
        self.init_fields(game.num_players)
        self.game, self.rng = game, rng

    def restored(self) -> None:
        if self.round_no >= self.game.rounds:
            raise ValueError(f"round_no: {self.round_no!r} is out of range")
        if self.dealer >= self.n or self.player >= self.n:
            raise ValueError("the dealer or the player is not a seat")
        if self.withdrawn is not None and not is_month(self.withdrawn):
            raise ValueError("a declaration taken back is not of a month")

    # -- who acts -------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        return self.player if self.dealt else NATURE

    # -- the deal ---------------------------------------------------------------------
    def _find_dealer(self) -> DealerFound:
        cards = list(DECK)
        self.rng.shuffle(cards)
        draws: list[list[AnnoCard]] = [[] for _ in range(self.n)]
        while True:
            months = []
            for seat in range(self.n):
                card = cards.pop()
                draws[seat].append(card)
                if is_month(card):
                    months.append((card, seat))
            if months:
                month, dealer = max(months)
                self.dealer = dealer
                return DealerFound(tuple(tuple(d) for d in draws), dealer, month)

    def _deal(self) -> list[Event]:
        events: list[Event] = []
        if self.dealer < 0:
            events.append(self._find_dealer())
        gathered: list[tuple[Zone, AnnoCard]] = []
        for seat in range(self.n):
            gathered += [(hand(seat), c) for c in self.hands[seat]]
            for month, cards in self.boards[seat].items():
                gathered += [(board(seat), month)] + [(board(seat), c) for c in cards]
        gathered += [(COMMUNITY, AnnoCard(c)) for c in self.community if c != EMPTY]
        gathered += [(BURN, c) for c in self.burn]
        if gathered:
            events.append(CardsGathered(tuple(gathered)))
        deck = list(DECK)
        self.rng.shuffle(deck)
        self.deck = deck
        self.hands = [[] for _ in range(self.n)]
        self.boards = [{} for _ in range(self.n)]
        self.burn = []
        self.burned = [[] for _ in range(self.n)]
        first = (self.dealer + 1) % self.n
        events.append(RoundStarted(self.round_no + 1, self.game.rounds, self.dealer, first))
        for _ in range(HAND_SIZE):
            for step in range(self.n):
                self.hands[(first + step) % self.n].append(deck.pop())
        for seat in range(self.n):
            self.hands[seat].sort()
            events.append(Dealt(seat, tuple(self.hands[seat]), DECK_ZONE))
        self.community = [deck.pop() for _ in range(COMMUNITY_SIZE)]
        events.append(CommunityDealt(tuple(AnnoCard(c) for c in self.community)))
        self.dealt = True
        self._begin_turn(first)
        return events

    def _begin_turn(self, seat: int) -> None:
        self.player = seat
        self.exchanged = False
        self.declared = None
        self.declared_new = False
        self.staged = []
        self.staged_places = []
        self.staged_from_community = False
        self.withdrawn = None
        self.matched = False

    # -- where cards are ------------------------------------------------------------------
    def open_community(self) -> list[AnnoCard]:
        """Community Eight cards that can be matched (not Months, not Blue Moons)."""
        return [AnnoCard(c) for c in self.community
                if c != EMPTY and kind_of(c) is not Kind.MONTH and kind_of(c) is not Kind.BLUE_MOON]

    def own_months(self, seat: int) -> list[AnnoCard]:
        """Months ``seat`` could declare: on its board, then in its hand."""
        return [*self.boards[seat], *(c for c in self.hands[seat] if is_month(c))]

    # -- actions --------------------------------------------------------------------------
    def generate_legal(self, seat: int) -> list[Action]:
        player = self.current_player
        if seat != player or player == TERMINAL:
            return []
        if player == NATURE:
            return [Deal()]
        held = self.hands[seat]
        if self.declared is not None:
            month = self.declared
            cards = self._month_cards(seat)
            actions: list[Action] = []
            if not self.staged or not self.staged_from_community:
                room = stageable(month, cards, self.staged, self._pool(seat, False))
                actions += [Stage(c) for c in held if c in room]
            if not self.staged or self.staged_from_community:
                community = self.open_community()
                room = stageable(month, cards, self.staged, community)
                actions += [Stage(c) for c in community if c in room]
            actions += [Unstage(c) for c in self.staged]
            if match_problem(month, cards, self.staged) is None:
                actions.append(Commit())
            actions.append(Withdraw())
            return actions
        actions = []
        if not self.matched and self.withdrawn is None:
            if not self.exchanged:
                moons = [c for c in held if kind_of(c) is Kind.BLUE_MOON]
                for moon in moons:
                    actions += [Exchange(moon, p) for p, c in enumerate(self.community)
                                if c != EMPTY and kind_of(c) is not Kind.BLUE_MOON]
            matches = self.matches(seat)
            matchable = {a.month for a in matches if isinstance(a, Match)}
            actions += [Declare(m) for m in self.own_months(seat) if m in matchable]
            actions += matches
        actions += [Burn(c) for c in held]
        return actions

    def matches(self, seat: int) -> list[Action]:
        """Every legal one-step :class:`Match` for ``seat`` now."""
        held = self.hands[seat]
        community = self.open_community()
        found: list[Action] = []
        for month in self.own_months(seat):
            cards = self.boards[seat].get(month, [])
            from_hand = [c for c in held if c != month]
            for source in (from_hand, community):
                found += [Match(month, combo) for combo in legal_matches(month, cards, source)]
        return found

    def check_move(self, action: Action, seat: int) -> str | None:
        if isinstance(action, Deal):
            return "The cards are dealt by the table, not by a player."
        held = self.hands[seat]
        if self.declared is not None:
            return self._check_staging(action, seat)
        if self.withdrawn is not None and not isinstance(action, Burn):
            return self._check_after_withdrawal(action)
        if isinstance(action, (Stage, Unstage, Commit, Withdraw)):
            if self.matched:
                return "You have made your match this turn: burn a card to end it."
            return ("Declare a month first: lay one from your hand on your board, "
                    "or choose one already on your board.")
        if isinstance(action, Burn):
            if action.card not in held:
                return f"You do not hold the {action.card}."
            return None
        if not isinstance(action, (Exchange, Declare, Match)):
            return "That is not a move in Anno."
        if self.matched:
            return "You have made your match this turn: burn a card to end it."
        if isinstance(action, Exchange):
            if self.exchanged:
                return "You have already made your Blue Moon exchange this turn."
            if kind_of(action.blue_moon) is not Kind.BLUE_MOON:
                return "Only a Blue Moon can be exchanged for a Community Eight card."
            if action.blue_moon not in held:
                return "You do not hold that Blue Moon."
            if not 0 <= action.position < COMMUNITY_SIZE or self.community[action.position] == EMPTY:
                return "There is no card in that place."
            if kind_of(self.community[action.position]) is Kind.BLUE_MOON:
                return DEAD_MOON
            return None
        month = action.month
        reason = self._check_month(month, seat)
        if reason is not None:
            return reason
        cards = self.boards[seat].get(month, [])
        if isinstance(action, Declare):
            if legal_matches(month, cards, self._pool(seat, False, month)) \
                    or legal_matches(month, cards, self.open_community()):
                return None
            if month in self.boards[seat]:
                return (f"Nothing in your hand or the Community Eight can be added to {month} "
                        f"now, so it cannot be declared.")
            return (f"Nothing in your hand or the Community Eight can be matched to {month} "
                    f"now: a month is laid down only to match cards to it.")
        if len(set(action.cards)) != len(action.cards):
            return "The same card cannot be matched twice."
        in_hand = [c for c in action.cards if c in held and c != month]
        in_community = [c for c in action.cards if c in self.community]
        if len(in_hand) != len(action.cards) and len(in_community) != len(action.cards):
            if in_hand and in_community:
                return ("A match takes its cards all from your hand or all from the "
                        "Community Eight, never from both.")
            missing = next(c for c in action.cards if c not in held and c not in self.community)
            return f"The {missing} is neither in your hand nor in the Community Eight."
        if in_community:
            for card in in_community:
                if is_month(card):
                    return MONTH_IN_COMMUNITY
                if kind_of(card) is Kind.BLUE_MOON:
                    return DEAD_MOON
        return match_problem(month, cards, action.cards)

    def _check_month(self, month: AnnoCard, seat: int) -> str | None:
        if not is_month(month):
            return "Only a Month card can be declared."
        if month in self.boards[seat] or month in self.hands[seat]:
            return None
        if month in self.community:
            return MONTH_IN_COMMUNITY
        return f"You hold no {month}: lay down a month from your hand or choose one on your board."

    def _check_after_withdrawal(self, action: Action) -> str:
        """Why ``action`` (not a burn) is refused once the declaration was taken back."""
        month = self.withdrawn
        assert month is not None
        if isinstance(action, Exchange):
            return (f"The Blue Moon exchange must come first in your turn, and you declared "
                    f"{month} this turn.")
        if isinstance(action, (Declare, Match)):
            return (f"You declared {month} this turn and took it back: a declaration can't be "
                    f"changed, so burn a card to end your turn.")
        if isinstance(action, (Stage, Unstage, Commit, Withdraw)):
            return (f"You took back your declaration of {month}: there is no match this turn, "
                    f"so burn a card to end it.")
        return "That is not a move in Anno."

    def _check_staging(self, action: Action, seat: int) -> str | None:
        month = self.declared
        assert month is not None
        if isinstance(action, Withdraw):
            return None
        if isinstance(action, Commit):
            return match_problem(month, self._month_cards(seat), self.staged)
        if isinstance(action, Unstage):
            if action.card not in self.staged:
                return "That card is not part of this match."
            return None
        if isinstance(action, Stage):
            card = action.card
            if card in self.staged:
                return f"The {card} is already on {month}."
            from_community = card in self.community
            if not from_community and (card not in self.hands[seat] or card == month):
                return f"The {card} is neither in your hand nor in the Community Eight."
            if from_community:
                if is_month(card):
                    return MONTH_IN_COMMUNITY
                if kind_of(card) is Kind.BLUE_MOON:
                    return DEAD_MOON
            if self.staged and from_community != self.staged_from_community:
                if self.staged_from_community:
                    return ("This match takes its cards from the Community Eight: "
                            "it cannot take cards from your hand too.")
                return ("This match takes its cards from your hand: "
                        "it cannot take cards from the Community Eight too.")
            return stage_problem(month, self._month_cards(seat), self.staged, card,
                                 self._pool(seat, from_community), from_community)
        if isinstance(action, Burn):
            return ("Confirm your match before you burn a card, or take the declaration back "
                    "to give up matching this turn.")
        if isinstance(action, Exchange):
            return (f"The Blue Moon exchange must come first in your turn, and you have "
                    f"declared {month} this turn.")
        if isinstance(action, (Declare, Match)):
            if action.month != month:
                return f"You declared {month} this turn: a declaration can't be changed."
            return f"You have declared {month} already: add cards to it, then confirm."
        return "That is not a move in Anno."

    def _month_cards(self, seat: int) -> list[AnnoCard]:
        assert self.declared is not None
        return [] if self.declared_new else self.boards[seat][self.declared]

    def _pool(self, seat: int, from_community: bool, month: int | None = None) -> list[AnnoCard]:
        """The cards a match to ``month`` (by default the one declared) may still take
        from one source: the hand (less that month), or the open Community Eight."""
        if from_community:
            return self.open_community()
        if month is None:
            month = self.declared
        return [c for c in self.hands[seat] if c != month]

    def apply_unchecked(self, action: Action, seat: int) -> list[Event]:
        kind = type(action)
        if kind is Deal:
            return self._deal()
        if kind is Burn:
            assert isinstance(action, Burn)
            return self._burn(seat, action.card)
        if kind is Match:
            assert isinstance(action, Match)
            return self._match(seat, action.month, action.cards, moved=True)
        if kind is Exchange:
            assert isinstance(action, Exchange)
            taken = AnnoCard(self.community[action.position])
            self.hands[seat].remove(action.blue_moon)
            self.hands[seat].append(taken)
            self.hands[seat].sort()
            self.community[action.position] = action.blue_moon
            self.exchanged = True
            return [Exchanged(seat, action.blue_moon, action.position, taken)]
        if kind is Declare:
            assert isinstance(action, Declare)
            month = action.month
            new = month not in self.boards[seat]
            if new:
                self.hands[seat].remove(month)
            self.declared = month
            self.declared_new = new
            return [Declared(seat, month, new)]
        if kind is Stage:
            assert isinstance(action, Stage)
            card = action.card
            from_community = card in self.community
            if from_community:
                place = self.community.index(card)
                self.community[place] = EMPTY
            else:
                place = -1
                self.hands[seat].remove(card)
            self.staged.append(card)
            self.staged_places.append(place)
            self.staged_from_community = from_community
            return [CardStaged(seat, card, from_community)]
        if kind is Unstage:
            assert isinstance(action, Unstage)
            card = action.card
            at = self.staged.index(card)
            del self.staged[at]
            self._put_back(seat, card, self.staged_places.pop(at))
            return [CardUnstaged(seat, card, self.staged_from_community)]
        if kind is Withdraw:
            declared = self.declared
            assert declared is not None
            staged = tuple(self.staged)
            for card, place in zip(staged, self.staged_places):
                self._put_back(seat, card, place)
            new = self.declared_new
            if new:
                self.hands[seat].append(declared)
                self.hands[seat].sort()
            event = Withdrawn(seat, declared, new, staged, self.staged_from_community)
            self.withdrawn = declared
            self.declared = None
            self.declared_new = False
            self.staged = []
            self.staged_places = []
            return [event]
        if kind is Commit:
            committed = self.declared
            assert committed is not None
            staged = tuple(sorted(self.staged))
            emptied = sorted(p for p in self.staged_places if p >= 0)
            laid = self.declared_new
            if laid:
                self.boards[seat][committed] = []
            self.declared = None
            self.declared_new = False
            self.staged = []
            self.staged_places = []
            return self._finish_match(seat, committed, staged, emptied, laid, moved=False)
        raise AssertionError(f"unknown action {action!r}")

    def _put_back(self, seat: int, card: AnnoCard, place: int) -> None:
        """A staged card returns to its Community Eight place, or to the hand."""
        if place >= 0:
            self.community[place] = card
        else:
            self.hands[seat].append(card)
            self.hands[seat].sort()

    def _match(self, seat: int, month: AnnoCard, cards: tuple[AnnoCard, ...],
               moved: bool) -> list[Event]:
        """A one-step match: take the month and the cards from where they are."""
        held = self.hands[seat]
        laid = month not in self.boards[seat]
        if laid:
            held.remove(month)
            self.boards[seat][month] = []
        emptied: list[int] = []
        for card in cards:
            if card in held:
                held.remove(card)
            else:
                place = self.community.index(card)
                self.community[place] = EMPTY
                emptied.append(place)
        return self._finish_match(seat, month, cards, sorted(emptied), laid, moved)

    def _finish_match(self, seat: int, month: AnnoCard, cards: tuple[AnnoCard, ...],
                      emptied: list[int], laid: bool, moved: bool) -> list[Event]:
        """The cards are off the hand or the Community Eight: put them on the month,
        refill the places they left, and end the round if that is due."""
        self.boards[seat][month].extend(cards)
        self.matched = True
        events: list[Event] = [Matched(seat, month, cards, bool(emptied), laid, moved)]
        if not self.hands[seat]:
            return events + self._end_round(cleared_by=seat)
        if emptied:
            filled = []
            for place in emptied:
                if not self.deck:
                    break
                card = self.deck.pop()
                self.community[place] = card
                filled.append((place, card))
            if filled:
                events.append(CommunityRefilled(tuple(p for p, _ in filled),
                                                tuple(c for _, c in filled)))
            if len(filled) < len(emptied):
                return events + self._end_round(cleared_by=-1)
        return events

    def _burn(self, seat: int, card: AnnoCard) -> list[Event]:
        self.hands[seat].remove(card)
        self.burn.append(card)
        self.burned[seat].append(card)
        events: list[Event] = [CardBurned(seat, card)]
        if not self.deck:
            return events + self._end_round(cleared_by=-1)
        drawn = self.deck.pop()
        self.hands[seat].append(drawn)
        self.hands[seat].sort()
        events.append(CardDrawn(seat, drawn))
        self._begin_turn((seat + 1) % self.n)
        return events

    # -- the end of a round ----------------------------------------------------------------
    def board_count(self, seat: int) -> int:
        """How many cards lie on ``seat``'s board, months included."""
        return sum(1 + len(cards) for cards in self.boards[seat].values())

    def round_points(self) -> list[int]:
        """What each seat would score if the round ended now."""
        return [POINTS * (self.board_count(s) - len(self.hands[s])) for s in range(self.n)]

    def _end_round(self, cleared_by: int) -> list[Event]:
        plus = [POINTS * self.board_count(s) for s in range(self.n)]
        minus = [POINTS * len(self.hands[s]) for s in range(self.n)]
        for seat in range(self.n):
            self.totals[seat] += plus[seat] - minus[seat]
        self.round_plus.append(plus)
        self.round_minus.append(minus)
        events: list[Event] = [Scored(s, plus[s] - minus[s], self.totals[s]) for s in range(self.n)]
        events.append(RoundEnded(self.round_no + 1, tuple(plus), tuple(minus), tuple(self.totals),
                                 cleared_by))
        self._begin_turn(self.player)
        if self.round_no + 1 >= self.game.rounds:
            self.over = True
            events.append(GameOver(tuple(self.outcome())))
            return events
        self.round_no += 1
        self.dealer = (self.dealer + 1) % self.n
        self.dealt = False
        return events

    # -- results ------------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return self.totals[:]

    def outcome(self) -> list[float]:
        """The highest total wins; ties share the win."""
        best = max(self.totals)
        tied = [s for s in range(self.n) if self.totals[s] == best]
        return [1.0 / len(tied) if s in tied else 0.0 for s in range(self.n)]

    # -- information ------------------------------------------------------------------------------
    def observation(self, seat: int) -> AnnoObservation:
        return observe(self, seat)
