"""Interaction derived once per position from the legal actions: what one drop costs,
and the kit's moves agreeing with the rules in every turn-based game."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop.engine.match import Match
from tabletop.games import REGISTRY
from tabletop.games.enemy_anemone.actions import Play

from ..play import solo, solo_for


def count_calls(monkeypatch, cls, name: str, counts: Counter, seat_arg: int | None,  # type: ignore[no-untyped-def]
                table) -> None:
    """Count ``cls.name`` calls made for the viewer (seat 0) before a bot starts thinking
    about its own move."""
    original = getattr(cls, name)

    def counted(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        mine = seat_arg is None or (len(args) > seat_arg and args[seat_arg] == 0)
        if mine and not table.session.thinking:
            counts[name] += 1
        return original(self, *args, **kwargs)
    monkeypatch.setattr(cls, name, counted)


@pytest.mark.parametrize("game", ["enemy-anemone", "anniversary"])
def test_one_drop_checks_at_most_twice_and_builds_one_observation_and_one_view(
        driver, monkeypatch, game):
    entry = REGISTRY.get(game)
    players = 3 if game == "enemy-anemone" else 2
    options = {"chapter": 1} if game == "anniversary" else {}
    match = Match(entry, solo(players, "easy"), seed=4, options=options)
    table = driver.open_table(match)
    for _ in range(30):  # the first move that is a card dropped into the middle
        driver.until(lambda: table.my_turn() and not table.animating)
        drops = [o for o in table.moves().options
                 if o.gesture.target in ("trick", "date") and len(o.steps) == 1]
        if drops:
            break
        table.session.act(table.moves().options[0].steps if table.moves().options
                  else table.moves().live()[0].steps)
    option = drops[0]
    driver.frames(30)  # tips and the first turn's news have had their moment
    state_cls = type(match.state)
    counts: Counter = Counter()
    count_calls(monkeypatch, state_cls, "check", counts, 1, table)
    count_calls(monkeypatch, state_cls, "observation", counts, 0, table)
    count_calls(monkeypatch, type(table.spec), "view", counts, None, table)
    sprite = table.picture.sprite_of(option.gesture.piece)
    target = table.picture.zones[option.gesture.target].rect.center
    before = len(match.history)
    driver.drag(sprite.rect.center, target)
    assert len(match.history) == before + 1 and match.history[-1][1] == option.steps[0]
    driver.until(lambda: not table.animating or len(match.history) > before + 1)
    assert counts["check"] <= 2, counts
    assert counts["observation"] == 1, counts
    assert counts["view"] == 1, counts


def test_moves_are_derived_once_per_position(driver):
    entry = REGISTRY.get("enemy-anemone")
    match = Match(entry, solo(3, "easy"), seed=4)
    table = driver.open_table(match)
    driver.until(lambda: table.my_turn() and not table.animating)
    first = table.moves()
    driver.frames(5)
    assert table.moves() is first  # nothing changed: the same map
    cards = {a.card for a in match.state.legal_actions(0) if isinstance(a, Play)}
    assert {o.gesture.piece for o in first.options if isinstance(o.steps[0], Play)} == cards
    table.session.act(next(o.steps for o in first.options if isinstance(o.steps[0], Play)))
    assert table.moves() is not first


@pytest.mark.parametrize("game", ["enemy-anemone", "anniversary", "anno", "annapurna"])
def test_every_lit_move_is_legal_and_every_legal_move_with_a_piece_is_lit(driver, game):
    """The moves the kit offers are exactly the legal actions the spec has a way for:
    nothing lit that the rules refuse, nothing legal left dark."""
    entry = REGISTRY.get(game)
    options = {"enemy-anemone": {"hands": 1}, "anno": {"rounds": 1},
               "annapurna": {"level": "easy"}, "anniversary": {"chapter": 2}}[game]
    match = Match(entry, solo_for(entry, 2 if game != "enemy-anemone" else 3), seed=3,
                  options=options)
    table = driver.open_table(match)
    for turn in range(25):
        driver.until(lambda: match.is_over or (table.my_turn() and not table.animating))
        if match.is_over:
            break
        moves = table.moves()
        legal = list(match.state.legal_actions(0))
        for option in moves.options:
            probe = match.state.clone()
            for step in option.steps:
                assert probe.check(step, 0) is None, (game, option)
                probe.apply_unchecked(step, 0)
        for press in moves.live():
            assert press.steps[0] in legal, (game, press)
        obs = table.session.obs
        for action in legal:
            if any(True for _ in table.spec.ways(action, obs)):
                assert moves.find(action) is not None, (game, action)
        steps = (moves.options[turn % len(moves.options)].steps if moves.options
                 else moves.live()[0].steps)
        assert table.session.act(steps)
