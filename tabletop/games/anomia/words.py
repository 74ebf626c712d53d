"""Anomia's log: the line each event gets, as the :class:`~tabletop.play.words.Teller`
tells it (shell side: the events themselves carry no words)."""

from __future__ import annotations

from tabletop.engine.protocol import Event
from tabletop.games.anomia.events import (
    BOX, Answered, Buzzed, Disputed, Drew, FaceOffBegan, FaceOffWon, Judged, PilesSplit,
    RoundOver, TieBreakDrawn, TieCardReturned, Tied, VoteDecided, Voted, WildInPlay,
    WildSetAside,
)
from tabletop.play.words import Teller, describe_shared

__all__ = ["describe", "article"]


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


def describe(event: Event, tell: Teller) -> str | None:
    """The log line for ``event`` (``None``: no line); the engine's shared events are
    told by :func:`~tabletop.play.words.describe_shared`."""
    match event:
        case PilesSplit():
            return ("The deck is shuffled and split into two draw piles "
                    f"({event.left} and {event.right}).")
        case Drew():
            return f"{tell.act(event.seat, 'turns up', 'turn up')} {event.text}."
        case WildSetAside():
            return (f"{tell.act(event.seat, 'turns up', 'turn up')} a wild card before the first "
                    "face-off: it is set aside, and the same pile draws again.")
        case WildInPlay():
            return (f"{tell.act(event.seat, 'turns up', 'turn up')} the {event.text}: those two "
                    f"symbols now match each other. {tell.who(event.seat)} will draw again.")
        case FaceOffBegan():
            a, b = event.seats
            if event.tiebreak:
                return (f"Tie-breaker: {tell.who(a)} and {tell.whom(b)} both name "
                        f"{article(event.asks[0])}.")
            name = event.symbol.lower()
            plural = name + ("es" if name.endswith(("s", "sh", "ch", "x")) else "s")  # crosses
            why = "the wild card" if event.wild else f"two {plural}"
            return (f"Face-off ({why}): {tell.who(a)} against {tell.whom(b)}.")
        case Answered():
            said = f"{tell.who(event.seat)}: “{event.text}”"
            if event.accepted:
                return f"{said} — right ({event.answer})." if event.answer \
                    else f"{said} — right."
            if event.reason:
                return f"{said} — {event.reason[0].lower()}{event.reason[1:]}"
            return said
        case Buzzed():
            return f"{tell.who(event.seat)} buzzed!"
        case Judged():
            right = "right" if event.right else "wrong"
            return f"{tell.their(event.seat).capitalize()} answer is {right}."
        case Disputed():
            if event.contest:
                return (f"“{event.text}” is not in our list for {event.category}: it may be "
                        "contested.")
            return (f"“{event.text}” is not in our list for {event.category}: the other "
                    "players vote on it.")
        case Voted():
            return f"{tell.act(event.seat, 'votes', 'vote')} {'yes' if event.accept else 'no'}."
        case VoteDecided():
            why = f" ({event.why})" if event.why else ""
            if event.accepted:
                upheld = "upheld" if event.contested else "accepted"
                return f"“{event.text}” is {upheld} for {event.category} and remembered{why}."
            return f"“{event.text}” is rejected{why}."
        case Tied():
            return f"A tie: {event.why[0].lower()}{event.why[1:]}"
        case TieBreakDrawn():
            back = (f" ({event.wilds_put_back} wild card{'s' if event.wilds_put_back > 1 else ''} "
                    "put back first)") if event.wilds_put_back else ""
            where = "from the box" if event.side == BOX else "for the tie-breaker"
            return f"A card is drawn {where}: {event.text}{back}."
        case TieCardReturned():
            if event.side == BOX:
                return "The tie-breaker card goes back in the box."
            return "The tie-breaker card is shuffled back into its draw pile."
        case FaceOffWon():
            said = f" with “{event.answer}”" if event.answer else ""
            return (f"{tell.act(event.winner, 'wins', 'win')} the face-off{said}: "
                    f"{tell.their(event.loser)} card goes to {tell.their(event.winner)} "
                    "winning pile.")
        case RoundOver():
            best = max(event.won)
            winners = [s for s, n in enumerate(event.won) if n == best]
            names = " and ".join(tell.who(s) for s in winners)
            several = len(winners) > 1 or winners[0] == tell.you
            return (f"The draw piles are empty. {names} {'win' if several else 'wins'} "
                    f"with {best} cards.")
    return describe_shared(event, tell)
