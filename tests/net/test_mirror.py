"""What a seat's client works out from its observation alone: a position sampled from
it (``Game.sample_state``) holds everything the seat knows as the host has it, and
offers the seat exactly the host's legal actions (and refuses the others for the host's
reasons), at every position of whole games of every game, and shows the same results at
the end.  The table at a joined seat runs on such a position (``net/mirror.py``)."""

from __future__ import annotations

import pytest

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.engine.protocol import NATURE, IllegalAction
from tabletop.engine.rng import Rng
from tabletop.engine.wire import to_wire
from tabletop.games import CATALOGUE, REGISTRY

GAMES = [
    ("enemy-anemone", {"hands": 1}, 3),
    ("anniversary", {"chapter": 5}, 2),
    ("anno", {"rounds": 1}, 3),
    ("annapurna", {}, 2),
    ("annapurna", {"level": "still"}, 3),  # (backpacks private)
    ("anomia", {}, 3),
]


@pytest.mark.parametrize(("game", "options", "players"), GAMES,
                         ids=[f"{g[0]}-{g[2]}" for g in GAMES])
def test_a_position_sampled_from_a_seats_view_agrees_with_the_host_on_all_it_knows(
        game, options, players):
    entry = REGISTRY.get(game)
    level = "random" if "random" in entry.bot_levels else "easy"
    checked = 0
    for seed in range(31, 41):  # whole games, until a few hundred positions are checked
        if checked > 200:
            break
        match = Match(entry, [Seat(f"B{i}", SeatKind.BOT, level) for i in range(players)], seed,
                      options)
        bots = [entry.make_bot(level) for _ in range(players)]
        rng = Rng(5)
        for step in range(5000):
            state = match.state
            if state.is_over:
                break
            if (nature := state.nature_action()) is not None:
                match.apply(nature, NATURE)
                continue
            acting = sorted(state.acting_seats())
            # Moves a seat might try (anyone's legal moves now): the reason each is refused
            # at a joined seat is the host's reason.
            tried = {a for s in acting for a in state.legal_actions(s)}
            for seat in range(players):
                obs = state.observation(seat)
                sampled = match.game.sample_state(obs, Rng(step * 7 + seat))
                assert to_wire(sampled.observation(seat)) == to_wire(obs), (seat, step)
                mine = (list(sampled.legal_actions(seat)) if seat in sampled.acting_seats()
                        else [])
                theirs = list(state.legal_actions(seat)) if seat in acting else []
                assert mine == theirs, (seat, step)
                assert sorted(sampled.acting_seats()) == acting, (seat, step)  # who is awaited
                for action in tried:
                    assert sampled.check(action, seat) == state.check(action, seat), action
                checked += 1
            due = state.deadline()
            if not acting:
                assert due is not None
                match.apply(due.action, NATURE)
                continue
            seat = acting[0]
            action = bots[seat].choose(state.observation(seat), state.legal_actions(seat), rng)
            try:
                match.apply(action, seat)
            except IllegalAction:  # a real-time move timed after the deadline: time is up
                assert due is not None
                match.apply(due.action, NATURE)
        assert match.is_over
        # The results at a joined seat are read from its sample of the ending: the same
        # outcome, scores, lines and chart as the host's.
        presenter = CATALOGUE.get(game).presenter
        names = [seat.name for seat in match.seats]
        real = match.state
        for seat in range(players):
            ending = match.game.sample_state(real.observation(seat), Rng(seat))
            assert ending.is_over and ending.outcome() == real.outcome()
            assert ending.scores() == real.scores()
            assert presenter.results_lines(ending, names) == presenter.results_lines(real, names)
            assert presenter.score_history(ending) == presenter.score_history(real)
            assert presenter.tie_break_note(ending) == presenter.tie_break_note(real)
    assert checked > 200
