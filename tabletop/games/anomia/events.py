"""What happened at the Anomia table: the events, each with its log line.

Zones a table animates: the two draw piles (``DECK``, seat 0 = left, 1 = right), the
play piles (``BOARD``, numbered by pile, not by seat), each player's winning pile
(``WON``), the wild spot (``COMMUNITY``), the tie-breaker spot (``SPOT``) and the
wild cards set aside before the first face-off (``DISCARD``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.events import Move, Teller
from tabletop.engine.protocol import Event, Zone, ZoneKind

__all__ = [
    "Answered", "Buzzed", "Disputed", "Drew", "FaceOffBegan", "FaceOffWon", "Judged",
    "PilesSplit", "RoundOver", "TieBreakDrawn", "TieCardReturned", "Tied", "VoteDecided",
    "Voted", "WildInPlay", "WildSetAside", "article", "draw_pile", "play_pile",
]

SIDES = ("left", "right")
BOX = 2  # a tie-breaker card taken from the box, not from a draw pile


def draw_pile(side: int) -> Zone:
    return Zone(ZoneKind.DECK, side)


def play_pile(pile: int) -> Zone:
    return Zone(ZoneKind.BOARD, pile)


def _from(side: int) -> Zone:
    return Zone(ZoneKind.SUPPLY) if side == BOX else draw_pile(side)


@dataclass(frozen=True, slots=True)
class PilesSplit(Event):
    left: int
    right: int

    def describe(self, tell: Teller) -> str | None:
        return f"The deck is shuffled and split into two draw piles ({self.left} and {self.right})."


@dataclass(frozen=True, slots=True)
class Drew(Event):
    seat: int
    pile: int
    card: int
    side: int
    text: str  # the card as the log names it

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, draw_pile(self.side), play_pile(self.pile)),)

    def describe(self, tell: Teller) -> str | None:
        return f"{tell.act(self.seat, 'turns up', 'turn up')} {self.text}."


@dataclass(frozen=True, slots=True)
class WildSetAside(Event):
    seat: int
    card: int
    side: int

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, draw_pile(self.side), Zone(ZoneKind.DISCARD)),)

    def describe(self, tell: Teller) -> str | None:
        return (f"{tell.act(self.seat, 'turns up', 'turn up')} a wild card before the first "
                "face-off: it is set aside, and the same pile draws again.")


@dataclass(frozen=True, slots=True)
class WildInPlay(Event):
    seat: int
    card: int
    side: int
    text: str

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, draw_pile(self.side), Zone(ZoneKind.COMMUNITY)),)

    def describe(self, tell: Teller) -> str | None:
        return (f"{tell.act(self.seat, 'turns up', 'turn up')} the {self.text}: those two "
                f"symbols now match each other. {tell.who(self.seat)} will draw again.")


@dataclass(frozen=True, slots=True)
class FaceOffBegan(Event):
    piles: tuple[int, int]
    seats: tuple[int, int]
    #: The category each side must name an example of.
    asks: tuple[str, str]
    wild: bool
    tiebreak: bool
    symbol: str  # the symbol that matched ("" for a wild match)

    def describe(self, tell: Teller) -> str | None:
        a, b = self.seats
        if self.tiebreak:
            return (f"Tie-breaker: {tell.who(a)} and {tell.whom(b)} both name "
                    f"{article(self.asks[0])}.")
        name = self.symbol.lower()
        plural = name + ("es" if name.endswith(("s", "sh", "ch", "x")) else "s")  # crosses
        why = "the wild card" if self.wild else f"two {plural}"
        return (f"Face-off ({why}): {tell.who(a)} against {tell.whom(b)}.")


def article(category: str) -> str:
    """"a fruit", "an animal", "a US state", "a unit of measurement", "a Greek or Roman
    god": a category as the thing to name, with the article its sound asks for;
    "something in a garden" and "a word that rhymes with ..." as they are said."""
    first, _, rest = category.partition(" ")
    if first.lower() in ("something", "someone", "somewhere", "anything", "anyone"):
        return f"{first.lower()} {rest}" if rest else first.lower()
    if first.lower() in ("rhymes", "starts", "ends"):  # a word's property, not a thing
        return f"a word that {first.lower()} {rest}"
    acronym = len(first) > 1 and first.isupper()
    proper = any(word[:1].isupper() for word in rest.split())
    word = first if acronym or proper else first.lower()
    if acronym:  # said letter by letter: "an MP3 player", "a US state"
        vowel = first[0] in "AEFHILMNORSX"
    elif word.lower().startswith(("uni", "use", "usu", "eu", "one", "ewe")):
        vowel = False  # "a unicorn": a "you" sound
    elif word.lower().startswith(("hour", "honest", "honour", "heir")):
        vowel = True
    else:
        vowel = word[:1].lower() in "aeiou"
    named = f"{word} {rest}" if rest else word
    return f"{'an' if vowel else 'a'} {named}"


@dataclass(frozen=True, slots=True)
class Answered(Event):
    seat: int
    text: str
    category: str
    accepted: bool
    answer: str | None  # what it was taken for
    reason: str

    def describe(self, tell: Teller) -> str | None:
        said = f"{tell.who(self.seat)}: “{self.text}”"
        if self.accepted:
            return f"{said} — right ({self.answer})." if self.answer else f"{said} — right."
        return f"{said} — {self.reason[0].lower()}{self.reason[1:]}" if self.reason else said


@dataclass(frozen=True, slots=True)
class Buzzed(Event):
    seat: int

    def describe(self, tell: Teller) -> str | None:
        return f"{tell.who(self.seat)} buzzed!"


@dataclass(frozen=True, slots=True)
class Judged(Event):
    seat: int  # whose answer
    right: bool

    def describe(self, tell: Teller) -> str | None:
        return f"{tell.their(self.seat).capitalize()} answer is {'right' if self.right else 'wrong'}."


@dataclass(frozen=True, slots=True)
class Disputed(Event):
    seat: int
    text: str
    category: str
    voters: tuple[int, ...]

    @property
    def contest(self) -> bool:
        """A lone player's answer: they may contest the refusal (no one else votes)."""
        return self.voters == (self.seat,)

    def describe(self, tell: Teller) -> str | None:
        if self.contest:
            return (f"“{self.text}” is not in our list for {self.category}: it may be "
                    "contested.")
        return (f"“{self.text}” is not in our list for {self.category}: the other players "
                "vote on it.")


@dataclass(frozen=True, slots=True)
class Voted(Event):
    seat: int
    accept: bool

    def describe(self, tell: Teller) -> str | None:
        return f"{tell.act(self.seat, 'votes', 'vote')} {'yes' if self.accept else 'no'}."


@dataclass(frozen=True, slots=True)
class VoteDecided(Event):
    seat: int
    text: str
    category: str
    accepted: bool
    #: A lone player's contest, and what decided it ("" when the players voted).
    contested: bool = False
    why: str = ""

    def describe(self, tell: Teller) -> str | None:
        why = f" ({self.why})" if self.why else ""
        if self.accepted:
            upheld = "upheld" if self.contested else "accepted"
            return f"“{self.text}” is {upheld} for {self.category} and remembered{why}."
        return f"“{self.text}” is rejected{why}."


@dataclass(frozen=True, slots=True)
class Tied(Event):
    seats: tuple[int, int]
    why: str

    def describe(self, tell: Teller) -> str | None:
        return f"A tie: {self.why[0].lower()}{self.why[1:]}"


@dataclass(frozen=True, slots=True)
class TieBreakDrawn(Event):
    card: int
    side: int  # a draw pile, or BOX
    wilds_put_back: int
    text: str

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, _from(self.side), Zone(ZoneKind.SPOT)),)

    def describe(self, tell: Teller) -> str | None:
        back = (f" ({self.wilds_put_back} wild card{'s' if self.wilds_put_back > 1 else ''} "
                "put back first)") if self.wilds_put_back else ""
        where = "from the box" if self.side == BOX else "for the tie-breaker"
        return f"A card is drawn {where}: {self.text}{back}."


@dataclass(frozen=True, slots=True)
class TieCardReturned(Event):
    card: int
    side: int

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, Zone(ZoneKind.SPOT), _from(self.side), False),)

    def describe(self, tell: Teller) -> str | None:
        if self.side == BOX:
            return "The tie-breaker card goes back in the box."
        return "The tie-breaker card is shuffled back into its draw pile."


@dataclass(frozen=True, slots=True)
class FaceOffWon(Event):
    winner: int
    loser: int
    loser_pile: int
    card: int
    answer: str

    def moves(self) -> tuple[Move, ...]:
        return (Move(self.card, play_pile(self.loser_pile), Zone(ZoneKind.WON, self.winner),
                     False),)

    def describe(self, tell: Teller) -> str | None:
        said = f" with “{self.answer}”" if self.answer else ""
        return (f"{tell.act(self.winner, 'wins', 'win')} the face-off{said}: "
                f"{tell.their(self.loser)} card goes to {tell.their(self.winner)} winning pile.")


@dataclass(frozen=True, slots=True)
class RoundOver(Event):
    won: tuple[int, ...]

    def describe(self, tell: Teller) -> str | None:
        best = max(self.won)
        winners = [s for s, n in enumerate(self.won) if n == best]
        names = " and ".join(tell.who(s) for s in winners)
        plural = len(winners) > 1 or winners[0] == tell.you
        return f"The draw piles are empty. {names} {'win' if plural else 'wins'} with {best} cards."
