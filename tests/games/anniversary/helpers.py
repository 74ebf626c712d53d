"""Build Anniversary positions by hand for golden tests, or at random."""

from __future__ import annotations

import random
from dataclasses import dataclass

from tabletop.engine.rng import Rng
from tabletop.games.anniversary.cards import BOTTOM, COLOUR_NAMES, DECK, TOP, AnniversaryCard
from tabletop.games.anniversary.content import GESTURES
from tabletop.games.anniversary.gestures import Status
from tabletop.games.anniversary.rules import AnniversaryState
from tabletop.games.anniversary.game import AnniversaryGame


def c(text: str) -> AnniversaryCard:
    """``c("Teal 6")``, ``c("Top")``, ``c("Bottom")``."""
    if text == "Top":
        return TOP
    if text == "Bottom":
        return BOTTOM
    name, rank = text.rsplit(" ", 1)
    return AnniversaryCard.of(COLOUR_NAMES.index(name), int(rank))


def cards(text: str) -> list[AnniversaryCard]:
    return [c(part.strip()) for part in text.split(",") if part.strip()]


def gesture(title: str) -> int:
    return next(g.id for g in GESTURES if g.title == title)


def table(hands: dict[int, str], gestures: dict[str, int], *, top: int = 0, leader: int | None = None,
          chapter: int = 1, hc: tuple[int, int] = (0, 0), bounty: str | None = None,
          aside: str | None = None) -> AnniversaryState:
    """A position just before the first Date: the given hands, gestures (title -> owner)
    already taken; every other card goes to the draw pile (last listed is drawn first)."""
    game = AnniversaryGame(chapter, bounty is not None, hc)
    state = AnniversaryState(game, Rng(1))
    state.dealt = True
    state.hands = [sorted(cards(hands.get(0, ""))), sorted(cards(hands.get(1, "")))]
    held = set(state.hands[0]) | set(state.hands[1])
    state.aside = cards(aside) if aside is not None else [x for x in DECK if x not in held]
    state.top = top
    for title, owner in gestures.items():
        state.gestures.append(gesture(title))
        state.owners.append(owner)
        state.settled.append(Status.PENDING)
    state.bounty = gesture(bounty) if bounty else None
    first = leader if leader is not None else (state.bottom if game.chapter.bottom_leads else top)
    state._prepare_date(first)
    return state


def play(state: AnniversaryState, *moves: str) -> list:
    """Play cards by name in turn order (checked) and return all events."""
    from tabletop.games.anniversary.actions import Play

    events = []
    for move in moves:
        events.extend(state.apply(Play(c(move)), state.current_player))
    return events


def share(state: AnniversaryState, card: str, gem: object) -> list:
    """Show ``card`` with Healthy Communication: pick it, then place the gem (checked)."""
    from tabletop.games.anniversary.actions import Pick, Place

    seat = state.current_player
    return state.apply(Pick(c(card)), seat) + state.apply(Place(gem), seat)  # type: ignore[arg-type]


@dataclass(frozen=True)
class RandomDate:
    """A Date at random: its plays so far, a hand's cards that may follow, the gestures
    taken, their owners and marks."""

    plays: list[tuple[int, AnniversaryCard]]
    playable: list[AnniversaryCard]
    gids: list[int]
    owners: list[int]
    settled: list[Status]


def random_date(r: random.Random, settled: bool = True) -> RandomDate:
    """A :class:`RandomDate` drawn with ``r``: up to three cards played, one to seven
    cards to choose from, one to four gestures; with ``settled``, some of them performed
    or lost, else all pending."""
    deck = list(DECK)
    r.shuffle(deck)
    k = r.randrange(0, 4)
    plays = [(i % 2, deck[i]) for i in range(k)]
    playable = sorted(deck[k:k + r.randrange(1, 8)])
    gestures = r.sample(GESTURES, r.randrange(1, 5))
    gids = [g.id for g in gestures]
    owners = [r.randrange(2) for _ in gestures]
    marks = ([r.choice([Status.PENDING, Status.PENDING, Status.DONE, Status.FAILED])
              for _ in gestures] if settled else [Status.PENDING] * len(gestures))
    return RandomDate(plays, playable, gids, owners, marks)
