"""The table kit drives a real-time game: several bots react at once, each at its own
moment; a human may act while cards still fly; a timeout is nature's action; and a
seed plus the stamped actions replays the race exactly.

The game is the tiny Snap of ``tests/engine/toys.py`` with a table spec of a dozen
lines: a deck, the card turned up, and a pile per player.
"""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.engine.protocol import NATURE, Action, Observation, Zone as EngineZone, ZoneKind
from tabletop.engine.registry import GameEntry
from tabletop.play.catalogue import Listing
from tabletop.ui.cards import ImageCache
from tabletop.ui.table.frame import Frame
from tabletop.ui.table.scene import Table
from tabletop.ui.table.spec import Control, TableSpec, View, Way
from tabletop.ui.table.zones import BACK, Pile, Piece, Row, Zone

from ..engine.toys import Claim, Flip, Lapse, Reflex, SnapGame, SnapView


class SnapSpec(TableSpec):
    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self._faces = ImageCache(lambda key, size: pygame.Surface(size))

    @property
    def faces(self) -> ImageCache:
        return self._faces

    def layout(self, frame: Frame, bottom: int) -> dict[str, Zone]:
        size = frame.card((80, 112))
        play = frame.play
        zones: dict[str, Zone] = {"up": Row("up", size, play.center, slots=1),
                                  "deck": Pile("deck", size, (play.x + 100, play.y + 100))}
        for seat in range(self.table.match.game.num_players):
            zones[f"won{seat}"] = Pile(f"won{seat}", size,
                                       (play.x + 100 + 150 * seat, play.bottom - 100))
        return zones

    def zone_of(self, zone: EngineZone) -> str | None:
        if zone.kind is ZoneKind.WON:
            return f"won{zone.seat}"
        return {ZoneKind.DECK: "deck", ZoneKind.COMMUNITY: "up"}.get(zone.kind)

    def view(self, obs: Observation) -> View:
        assert isinstance(obs, SnapView)
        zones = {"up": [Piece(obs.up, obs.up)] if obs.up is not None else [],
                 "deck": [Piece(("back", "deck", i), BACK) for i in range(obs.deck)]}
        for seat, count in enumerate(obs.taken):
            zones[f"won{seat}"] = [Piece(("back", seat, i), BACK) for i in range(count)]
        return View(zones, prompt="Space: claim it!" if obs.up is not None else "")

    def ways(self, action: Action, obs: Observation) -> list[Way]:
        return [Control("Claim", "claim it", primary=True)] if isinstance(action, Claim) else []


def snap_entry(reactions: dict[str, int]) -> GameEntry:
    return GameEntry(
        id="snap", title="Snap", min_players=2, max_players=4, default_players=3,
        make_game=lambda players, options: SnapGame(players),
        make_bot=lambda level: Reflex(reactions[level]), bot_levels=tuple(reactions),
        default_bot_level=next(iter(reactions)), info=SnapGame.info)


#: Snap on the shelf: only its table.
SNAP = Listing(id="snap", load_table=lambda: SnapSpec)


@pytest.fixture(autouse=True)
def listed(driver):
    driver.ctx.catalogue = driver.ctx.catalogue.adding(SNAP)


@pytest.fixture
def snap(driver):
    entry = snap_entry({"quick": 400, "slow": 650})
    seats = [Seat("Ada", SeatKind.HUMAN), Seat("Quick", SeatKind.BOT, "quick"),
             Seat("Slow", SeatKind.BOT, "slow")]
    match = Match(entry, seats, seed=5)
    table = Table(driver.ctx, match, autosave=False)
    driver.scenes.push(table)
    driver.frames(1)
    return match, table


def flips(match):
    return [i for i, (seat, action) in enumerate(match.history) if isinstance(action, Flip)]


def test_the_quickest_bot_takes_each_card_a_human_does_not_claim(driver, snap):
    match, table = snap
    driver.until(lambda: match.is_over, limit=5000)
    assert table.drift == 0
    claims = [(seat, action) for seat, action in match.history if isinstance(action, Claim)]
    assert len(claims) == 6 and {seat for seat, _ in claims} == {1}
    for i in flips(match):
        flip, (seat, claim) = match.history[i][1], match.history[i + 1]
        assert seat == 1 and claim.at - flip.at == 400  # its reaction, to the millisecond
    assert match.state.taken == [0, 6, 0]


def test_a_human_may_claim_while_the_card_is_still_arriving(driver, snap):
    match, table = snap
    driver.until(lambda: match.state.up is not None)
    assert table.animating  # the card is still being drawn in
    driver.frames(6)  # a tenth of a second later
    flipped = len(match.history)
    driver.key(pygame.K_SPACE)
    seat, claim = match.history[flipped]
    assert seat == 0 and isinstance(claim, Claim)
    assert 90 <= claim.at - match.history[flipped - 1][1].at < 400  # quicker than any bot
    assert match.state.taken[0] == 1


def test_a_timeout_is_natures_and_the_race_replays_from_the_save(driver):
    entry = snap_entry({"sleepy": 5000})
    match = Match(entry, [Seat("Ada", SeatKind.HUMAN), Seat("Zed", SeatKind.BOT, "sleepy")], 2)
    table = Table(driver.ctx, match, autosave=False)
    driver.scenes.push(table)
    driver.frames(1)
    driver.until(lambda: any(isinstance(a, Lapse) for _, a in match.history), limit=2000)
    seat, lapse = next((s, a) for s, a in match.history if isinstance(a, Lapse))
    assert seat == NATURE and lapse.at == match.history[0][1].at + 2000
    driver.key(pygame.K_SPACE)  # the next card: the human takes it
    driver.until(lambda: any(isinstance(a, Claim) for _, a in match.history))
    replay = SnapGame(2).new_state(2)
    for seat, action in match.history:
        replay.apply(action, seat)
    assert replay.log == match.state.log


def test_a_bot_that_fails_sits_the_card_out_and_the_race_goes_on(driver, capsys):
    """A real-time bot that fails (a bug in it) is told on standard error and counted;
    the others race on without it, and so does it, at the next card."""

    class Clumsy(Reflex):
        def choose(self, observation, legal, rng):  # type: ignore[no-untyped-def]
            if not getattr(self, "failed", False):
                self.failed = True
                raise ValueError("dropped the card")
            return super().choose(observation, legal, rng)

    entry = replace(snap_entry({"quick": 400, "slow": 650}), make_bot=lambda level: (
        Clumsy(400) if level == "quick" else Reflex(650)))
    seats = [Seat("Ada", SeatKind.HUMAN), Seat("Quick", SeatKind.BOT, "quick"),
             Seat("Slow", SeatKind.BOT, "slow")]
    match = Match(entry, seats, seed=5)
    table = Table(driver.ctx, match, autosave=False)
    driver.scenes.push(table)
    driver.until(lambda: match.is_over, limit=5000)
    assert table.session.bot_failures == [
        "snap: the quick bot of seat 2 failed (ValueError: dropped the card)"]
    assert "it sits this position out\nTraceback" in capsys.readouterr().err
    claims = [seat for seat, action in match.history if isinstance(action, Claim)]
    assert claims[0] == 2 and set(claims[1:]) == {1}  # the slow bot took the first card
