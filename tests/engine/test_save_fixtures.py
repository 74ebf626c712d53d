"""Saves written by earlier versions load, rebuild the position they hold, and play on."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from tabletop.engine.match import Match, SaveDoesNotReplay, position_hash
from tabletop.engine.protocol import NATURE, stamp
from tabletop.engine.rng import Rng
from tabletop.games import REGISTRY

SAVES = sorted((Path(__file__).parents[1] / "fixtures" / "saves").glob("*.json"))


def test_every_game_has_saves_kept():
    kept = {path.name.rsplit("-", 1)[0] for path in SAVES}
    assert kept == {entry.id for entry in REGISTRY}


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_a_kept_save_loads_as_written_and_plays_on(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    match = Match.from_json(REGISTRY, data)
    assert len(match.history) == len(data["actions"])  # replayed, not patched
    assert match.state.to_json() == data["snapshot"]
    again = match.game.state_from_json(data["snapshot"])
    assert again.to_json() == data["snapshot"]
    assert again.clone().to_json() == data["snapshot"]
    bots = [match.entry.make_bot("easy") for _ in match.seats]
    rng = Rng(7)
    for _ in range(400):
        if match.is_over:
            break
        bot_step(match, bots, rng)
        assert match.state.invariant_violations() == []
    assert len(match.history) > len(data["actions"])


# -- saves of format version 3: the moves and a hash of the position ----------------------
#
# ``tests/fixtures/saves/v3/<game id>.json`` are real saves of format version 3, one per
# game, made with ``python -m tests.engine.test_save_fixtures`` (see ``write_v3_saves``):
# a human seat "Ada" and easy bots at the game's usual table, a fixed seed, the game's
# default options; ``settle`` deals, then every seat is played by an ``easy`` bot (the same
# loop as ``play_on`` below, with ``Rng(5)``) for up to ``V3_MOVES`` moves, stopping
# earlier only to keep the game unfinished; ``Match.dumps`` writes the file.  Never edit
# one: a save that stops loading is a save players would lose.

V3 = Path(__file__).parents[1] / "fixtures" / "saves" / "v3"
V3_SAVES = sorted(V3.glob("*.json"))
V3_SEED = 20261127
V3_MOVES = 60


def bot_step(match: Match, bots: list, rng: Rng) -> None:
    """One move by whoever acts first (a bot plays every seat), or a deadline falling due."""
    state = match.state
    due = state.deadline()
    plans = []
    for seat in sorted(state.acting_seats()):
        observation = state.observation(seat)
        action = bots[seat].choose(observation, state.legal_actions(seat), rng)
        at = max(getattr(action, "at", 0), getattr(observation, "now", 0))
        plans.append((at, seat, stamp(action, at)))
    plans.sort(key=lambda plan: (plan[0], plan[1]))
    if due is not None and (not plans or due.at < plans[0][0]):
        match.apply(due.action, NATURE)
    else:
        match.apply(plans[0][2], plans[0][1])
    match.settle()


def v3_match(entry) -> Match:
    """The game a version 3 fixture holds, played again as it was made."""
    from tabletop.engine.match import Seat, SeatKind

    seats = [Seat("Ada", SeatKind.HUMAN)] + [
        Seat(f"Bot {i}", SeatKind.BOT, "easy") for i in range(1, entry.default_players)]
    match = Match(entry, seats, V3_SEED, entry.default_options())
    match.settle()
    bots = [entry.make_bot("easy") for _ in seats]
    rng = Rng(5)
    while len(match.history) < V3_MOVES:
        bot_step(match, bots, rng)
        if match.is_over:  # keep it a game in progress: the last move taken back
            match.rewind(len(match.history) - 1)
            break
    return match


def write_v3_saves() -> None:
    V3.mkdir(parents=True, exist_ok=True)
    for entry in REGISTRY:
        path = V3 / f"{entry.id}.json"
        if path.exists():
            print(f"{path} is kept as it is")
            continue
        path.write_text(v3_match(entry).dumps(), encoding="utf-8")
        print(f"wrote {path}")


def play_on(match: Match, moves: int = 400) -> None:
    bots = [match.entry.make_bot("easy") for _ in match.seats]
    rng = Rng(7)
    for _ in range(moves):
        if match.is_over:
            break
        bot_step(match, bots, rng)
        assert match.state.invariant_violations() == []


def test_every_game_has_a_save_of_version_3_kept():
    assert {path.stem for path in V3_SAVES} == {entry.id for entry in REGISTRY}


@pytest.mark.parametrize("path", V3_SAVES, ids=lambda p: p.stem)
def test_a_kept_save_of_version_3_loads_and_plays_on(path):
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["version"] == 3 and "snapshot" not in data
    match = Match.from_json(REGISTRY, data)
    assert len(match.history) == len(data["actions"]) > 6
    assert position_hash(match.state) == data["position"]
    assert not match.is_over
    # Saved again, it is the same file.
    assert match.dumps() == text
    played = len(match.history)
    play_on(match)
    assert len(match.history) > played


@pytest.mark.parametrize("path", V3_SAVES, ids=lambda p: p.stem)
def test_a_save_of_version_3_whose_position_was_changed_is_refused(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    data["position"] = hashlib.sha256(b"another position").hexdigest()
    title = REGISTRY.get(data["game"]).title
    with pytest.raises(SaveDoesNotReplay) as refused:
        Match.from_json(REGISTRY, data)
    message = str(refused.value)
    assert message.startswith(f"This save of {title} does not replay:")
    assert "does not agree" in message
    assert f"its {len(data['actions'])} moves" in message


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_a_kept_save_whose_move_was_changed_is_refused_with_the_move(path):
    """An old save (with its whole position) whose moves were altered is refused with the
    number of the move where the replay stopped, never rebuilt from that position."""
    data = json.loads(path.read_text(encoding="utf-8"))
    title = REGISTRY.get(data["game"]).title
    total = len(data["actions"])
    # Every other seat makes the last move: refused, or the replay goes elsewhere.
    index = total - 1
    seat, raw = data["actions"][index]
    data["actions"][index] = [0 if seat != 0 else 1, raw]
    with pytest.raises(SaveDoesNotReplay) as refused:
        Match.from_json(REGISTRY, data)
    message = str(refused.value)
    assert message.startswith(f"This save of {title} does not replay:")
    assert (f"after {index} of its {total} moves" in message
            and f"move {index + 1}" in message) or "does not agree" in message


@pytest.mark.parametrize("game", ["enemy-anemone", "anno"])
def test_an_illegal_move_in_a_kept_save_names_its_number_and_the_move(game):
    path = next(p for p in SAVES if p.name == f"{game}-middle.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    total = len(data["actions"])
    # Move 20 played again at move 21: whatever it was, it cannot be played twice.
    data["actions"][20] = data["actions"][19]
    with pytest.raises(SaveDoesNotReplay) as refused:
        Match.from_json(REGISTRY, data)
    assert refused.value.done == 20 and refused.value.total == total
    message = str(refused.value)
    assert f"after 20 of its {total} moves, the rules refuse move 21" in message
    assert "different version of the game" in message


def test_an_old_save_whose_position_disagrees_with_its_moves_is_refused():
    path = next(p for p in SAVES if p.name == "enemy-anemone-middle.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["actions"][-1]  # the moves now stop one short of the position kept
    with pytest.raises(SaveDoesNotReplay, match="Enemy Anemone.*does not agree"):
        Match.from_json(REGISTRY, data)


@pytest.mark.parametrize("entry", list(REGISTRY), ids=lambda e: e.id)
def test_a_new_save_loads_to_the_same_position_and_hash(entry):
    match = v3_match(entry)
    data = json.loads(match.dumps())
    assert data["version"] == 3 and set(data) >= {"game", "seed", "options", "seats",
                                                  "actions", "position"}
    assert "snapshot" not in data
    loaded = Match.from_json(REGISTRY, data)
    assert loaded.state.to_json() == match.state.to_json()
    assert position_hash(loaded.state) == position_hash(match.state) == data["position"]
    assert loaded.history == match.history
    assert [e.events for e in loaded.log] == [e.events for e in match.log]


if __name__ == "__main__":
    write_v3_saves()
