"""Recorded log lines: games played at random, with every event's line as each viewer
reads it, kept in ``tests/fixtures/log_lines.json`` so that the words can move without
a line changing (``tests/games/test_log_lines.py`` plays the games again).

    python -m tests.games.log_lines     # records the fixture again
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.engine.protocol import Event
from tabletop.engine.registry import GameEntry
from tabletop.play.catalogue import Listing
from tabletop.play.words import Teller

FIXTURE = Path(__file__).parents[1] / "fixtures" / "log_lines.json"
NAMES = ("Ada", "Bo", "Cy", "Di", "Eve", "Flo")
#: Moves played at most per game, and events kept of each kind for each player count,
#: so the fixture stays small.
MOVES = 2500
KEEP = 40

#: A log line maker: (event, names, viewer, you) -> line.
Describe = Callable[[Event, tuple[str, ...], "int | None", "int | None"], "str | None"]


def variants(entry: GameEntry) -> Iterator[tuple[int, dict[str, Any], tuple[int, ...]]]:
    """Every player count; then every value of every shown option, one at a time; human
    seats: the first seat, or two seats (a game whose humans vote)."""
    for players in range(entry.min_players, entry.max_players + 1):
        yield players, {}, (0,)
    yield entry.default_players, {}, (0, 1)
    yield entry.default_players, {}, tuple(range(entry.default_players))
    for spec in entry.options:
        if spec.hidden or spec.per_seat:
            continue
        value = next(value for value in spec.choices if value != spec.default)
        yield entry.default_players, {spec.key: value}, (0,)


def seats(players: int, humans: Sequence[int], entry: GameEntry) -> list[Seat]:
    return [Seat(NAMES[s], SeatKind.HUMAN) if s in humans
            else Seat(NAMES[s], SeatKind.BOT, entry.default_bot_level) for s in range(players)]


def play(entry: GameEntry, players: int, options: dict[str, Any], humans: Sequence[int],
         seed: int) -> Match:
    """A match played with random legal moves (each seat that may act, in turn)."""
    match = Match(entry, seats(players, humans, entry), seed, options)
    rng = random.Random(seed)
    while not match.is_over and len(match.history) < MOVES:
        match.settle()
        if match.is_over:
            break
        seat = rng.choice(sorted(match.state.acting_seats()))
        match.apply(rng.choice(match.state.generate_legal(seat)), seat)
    return match


def tellings(players: int) -> list[tuple[int | None, int | None]]:
    """Who reads the log: a shared screen, and each seat as "you"."""
    return [(None, None)] + [(seat, seat) for seat in range(players)]


def extras(game_id: str) -> list[Event]:
    """Events random play seldom or never reaches (a pass with nothing to do; a judge's
    word, which needs a table of only humans to buzz and then judge)."""
    if game_id == "annapurna":
        from tabletop.games.annapurna.events import Passed

        return [Passed(0), Passed(1)]
    if game_id == "anomia":
        from tabletop.games.anomia.events import Judged

        return [Judged(0, True), Judged(1, False), Judged(2, True)]
    return []


def lines(events: Sequence[Event], players: int, describe: Describe) -> dict[str, list[Any]]:
    """Each event's lines for every reader, by the event's repr."""
    names = NAMES[:players]
    return {repr(event): [describe(event, names, viewer, you)
                          for viewer, you in tellings(players)] for event in events}


def games(entry: GameEntry) -> Iterator[tuple[dict[str, Any], Match]]:
    """The recorded games of ``entry``, played again."""
    for number, (players, options, humans) in enumerate(variants(entry)):
        seed = 1000 * number + 1
        yield ({"players": players, "options": options, "humans": list(humans), "seed": seed},
               play(entry, players, options, humans, seed))


def record(entries: Sequence[GameEntry], describe: Describe) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for entry in entries:
        played, told = [], {}
        for setup, match in games(entry):
            players = setup["players"]
            events = [e for logged in match.log for e in logged.events]
            played.append({**setup, "moves": len(match.history)})
            kept = told.setdefault(str(players), {})
            for event in events:
                kind = type(event).__name__
                if sum(1 for told_of in kept if told_of.startswith(kind + "(")) < KEEP:
                    kept.update(lines([event], players, describe))
        extra = lines(extras(entry.id), 3, describe)
        found[entry.id] = {"games": played, "lines": told, "extras": extra}
    return found


def told_by(listing: Listing) -> Describe:
    """The lines as the game's listing tells them."""
    def describe(event: Event, names: tuple[str, ...], viewer: int | None,
                 you: int | None) -> str | None:
        return listing.describe(event, Teller(names, viewer, you))
    return describe


if __name__ == "__main__":
    from tabletop.games import CATALOGUE, REGISTRY

    FIXTURE.write_text(json.dumps(
        {entry.id: record([entry], told_by(CATALOGUE.get(entry.id)))[entry.id]
         for entry in REGISTRY}, indent=0, ensure_ascii=False, sort_keys=True) + "\n")
