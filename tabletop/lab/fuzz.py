"""Random games against the rules, checking every invariant after every action.

For each registered game, player count and variant: play random legal moves to the
end, and after each move check the protocol (legal actions exist until the end and
not after, illegal moves leave the state untouched) and the game's own invariants
(``GameState.invariant_violations``: cards conserved, no card in two places, scores
equal a recount).  Every so often the state also goes through a JSON round trip and
a clone.  A failure names the seed, so ``replay`` reproduces it exactly.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.engine.protocol import NATURE, GameState, IllegalAction, Timed, stamp
from tabletop.engine.registry import GameEntry

__all__ = ["FuzzFailure", "FuzzReport", "fuzz_game", "fuzz_entry", "variants"]

MAX_MOVES = 20_000


class FuzzFailure(AssertionError):
    """An invariant broke; the message says how to replay it."""


@dataclass
class FuzzReport:
    game: str
    players: int
    options: dict[str, Any]
    games: int = 0
    moves: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "games": self.games,
            "moves": self.moves,
            "games_per_second": round(self.games / self.seconds, 1) if self.seconds else 0.0,
            "failures": self.failures[:5],
        }


def variants(entry: GameEntry) -> Iterator[tuple[int, dict[str, Any]]]:
    """Every player count with every value of every option (one option varied at a time)."""
    for players in range(entry.min_players, entry.max_players + 1):
        yield players, {}
        for spec in entry.options:
            for value in spec.choices:
                if value != spec.default:
                    yield players, {spec.key: value}


def _check(state: GameState, where: str) -> None:
    problems = state.invariant_violations()
    if problems:
        raise FuzzFailure(f"{where}: {problems[0]}")


def fuzz_game(entry: GameEntry, players: int, options: dict[str, Any], seed: int,
              deep_every: int = 25) -> int:
    """Play one random game, checking as it goes; return the number of moves."""
    game = entry.new_game(players, options)
    state = game.new_state(seed)
    chooser = random.Random(seed ^ 0x5F5E100)
    where = f"{entry.id} players={players} options={options} seed={seed}"
    _check(state, f"{where} at the deal")
    moves = 0
    while not state.is_over:
        if moves >= MAX_MOVES:
            raise FuzzFailure(f"{where}: no end after {MAX_MOVES} moves")
        step = state.nature_action()
        if step is not None:
            if state.acting_seats():
                raise FuzzFailure(f"{where}: players may act while nature's step is due")
            state.apply(step, NATURE)
            moves += 1
            _check(state, f"{where} after nature's {step}")
            continue
        seats = sorted(state.acting_seats())
        due = state.deadline()
        if due is not None and (not seats or chooser.random() < 0.3):
            state.apply(due.action, NATURE)  # a real-time game's clock runs out
            moves += 1
            _check(state, f"{where} after the timeout {due.action}")
            continue
        if not seats:
            raise FuzzFailure(f"{where}: nobody may act at move {moves}")
        seat = chooser.choice(seats)
        legal = state.legal_actions(seat)
        if not legal:
            raise FuzzFailure(f"{where}: no legal action at move {moves}")
        if moves % deep_every == 0:
            _deep_checks(game, state, seat, legal, chooser, f"{where} move {moves}")
        action = chooser.choice(legal)
        if isinstance(action, Timed):  # real time: let a little time pass, as it would
            later = stamp(action, action.at + chooser.randrange(0, 2000))
            action = later if state.check(later, seat) is None else action
        state.apply(action, seat)
        moves += 1
        _check(state, f"{where} after move {moves}")
    if any(state.legal_actions(seat) for seat in range(game.num_players)):
        raise FuzzFailure(f"{where}: legal actions after the end")
    if not entry.cooperative and abs(sum(state.outcome()) - 1.0) > 1e-9:
        raise FuzzFailure(f"{where}: win shares do not add up to one")
    return moves


def _deep_checks(game: Any, state: GameState, seat: int, legal: Sequence[Any],
                 chooser: random.Random, where: str) -> None:
    for action in legal:
        if state.check(action, seat) is not None:
            raise FuzzFailure(f"{where}: {action} is listed as legal but check refuses it")
    before = state.to_json()
    restored = game.state_from_json(json.loads(json.dumps(before)))
    if restored.to_json() != before:
        raise FuzzFailure(f"{where}: the JSON round trip changed the state")
    twin = state.clone()
    twin.apply(chooser.choice(legal), seat)
    if state.to_json() != before:
        raise FuzzFailure(f"{where}: playing on a clone changed the original")
    others = [s for s in range(game.num_players) if s not in state.acting_seats()]
    if others:
        try:
            state.apply(legal[0], others[0])
        except IllegalAction:
            pass
        else:
            raise FuzzFailure(f"{where}: a seat acted out of turn")
        if state.to_json() != before:
            raise FuzzFailure(f"{where}: a refused action changed the state")


def fuzz_entry(entry: GameEntry, games_per_variant: int, seed: int = 0,
               time_limit: float | None = None,
               clock: Callable[[], float] = time.perf_counter) -> list[FuzzReport]:
    """Fuzz every variant of a game; failures are collected, not raised.  A variant stops
    early once it has taken ``time_limit`` seconds by ``clock``."""
    reports = []
    for players, options in variants(entry):
        report = FuzzReport(entry.id, players, options)
        started = clock()
        for i in range(games_per_variant):
            game_seed = seed * 1_000_003 + i
            try:
                report.moves += fuzz_game(entry, players, options, game_seed)
            except FuzzFailure as failure:
                report.failures.append(str(failure))
            except Exception as error:  # a crash is a finding too
                report.failures.append(f"{entry.id} players={players} options={options} "
                                       f"seed={game_seed}: {type(error).__name__}: {error}")
            report.games += 1
            if time_limit is not None and clock() - started > time_limit:
                break
        report.seconds = clock() - started
        reports.append(report)
    return reports
