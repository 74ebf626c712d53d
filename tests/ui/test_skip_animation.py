"""Skipping a trick's animation at any point, as a key press does, at a real Enemy
Anemone table: nothing may fail and the picture must end as the game stands.

A piece gliding back from a missed drop redraws the table when it lands; a player who
plays the trick's last card before it lands leaves the trick's steps to run against
that redrawn picture.  That is how the verdict once read an empty trick."""

from __future__ import annotations

import pygame
import pytest

from tabletop.engine.events import TrickWon
from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.engine.protocol import Event
from tabletop.games import REGISTRY
from tabletop.games.enemy_anemone.actions import Discard, Play
from tabletop.games.enemy_anemone.events import CardDiscarded, CardPlayed, TrickDecided
from tabletop.games.enemy_anemone.observation import EnemyAnemoneObservation
from tabletop.ui.compositor import Sprite
from tabletop.ui.flow import Open, Route
from tabletop.ui.scenes.menu import MainMenu
from tabletop.ui.table.scene import Table

EA = REGISTRY.get("enemy-anemone")

CARD = (CardPlayed, CardDiscarded)
#: Where in the trick the key comes: as the nth card of the trick flies in (the viewer
#: plays the fourth, the last), while the verdict glows, as the trick is taken.
POINTS = [("card", 1), ("card", 2), ("card", 3), ("card", 4), ("verdict", 1), ("taken", 1)]
KINDS: dict[str, type | tuple[type, ...]] = {
    "card": CARD, "verdict": TrickDecided, "taken": TrickWon}


class Watch:
    """A table, with the events whose steps have begun and each glow the game lit."""

    def __init__(self, driver, seed: int) -> None:  # type: ignore[no-untyped-def]
        driver.scenes.push(MainMenu(driver.ctx))
        driver.frames(2)
        seats = [Seat("Ada", SeatKind.HUMAN)] + [Seat(f"Bot {i}", SeatKind.BOT, "easy")
                                                 for i in range(1, 4)]
        self.match = Match(EA, seats, seed, {"hands": 1})
        driver.follow(Open(Route.TABLE, match=self.match))
        driver.frames(2)
        table = driver.scenes.find(Table)
        assert isinstance(table, Table)
        self.driver = driver
        self.table = table
        self.begun: list[Event] = []
        self.glows: list[Sprite] = []
        self.skips = 0
        log_event, effect, skip = table.chrome.log_event, table.player.effect, table.animator.skip

        def logged(event: Event) -> None:
            self.begun.append(event)
            log_event(event)

        def lit(sprite: Sprite) -> Sprite:
            self.glows.append(sprite)
            return effect(sprite)

        def skipped() -> None:
            self.skips += 1
            skip()
        table.chrome.log_event = logged  # type: ignore[method-assign]
        table.player.effect = lit  # type: ignore[method-assign]
        table.animator.skip = skipped  # type: ignore[method-assign]

    @property
    def obs(self) -> EnemyAnemoneObservation:
        obs = self.table.session.obs
        assert isinstance(obs, EnemyAnemoneObservation)
        return obs

    def trick_ending_with_the_viewer(self) -> None:
        """Play on (the viewer's first legal card) until a trick is about to begin in which
        the viewer plays last, with nothing moving and no bot's card applied yet."""
        table = self.table

        def ready() -> bool:
            obs = self.obs
            return (not table.animating and not self.match.is_over
                    and (table.my_turn() or (not obs.trick_flow and obs.turn_order[-1] == 0
                                             and obs.current_player == obs.turn_order[0])))
        for _ in range(40):
            self.driver.until(ready)
            obs = self.obs
            if not obs.trick_flow and obs.turn_order[-1] == 0:
                return
            table.session.apply(self.legal()[0], 0)
        raise AssertionError("no trick came up in which the viewer plays last")

    def legal(self) -> list[Play | Discard]:
        return [a for a in self.match.state.legal_actions(0) if isinstance(a, (Play, Discard))]

    def until_begun(self, kind: type | tuple[type, ...], nth: int = 1) -> None:
        """Run frames until the ``nth`` step of an event of ``kind`` has begun, counted
        from now."""
        start = len(self.begun)

        def begun() -> bool:
            return sum(isinstance(e, kind) for e in self.begun[start:]) >= nth
        self.driver.until(begun, limit=2000)

    def space_when(self, kind: type | tuple[type, ...], nth: int) -> None:
        """When the ``nth`` step of an event of ``kind`` has begun, press Space: the rest
        of the queue is played at once."""
        self.until_begun(kind, nth)
        assert self.table.animating
        skips = self.skips
        self.driver.key(pygame.K_SPACE)
        assert self.skips == skips + 1

    def missed_drop(self, card: int) -> None:
        """Drag ``card`` out of the hand to where nothing takes it: it glides back."""
        table = self.table
        rect = table.picture.sprite_of(card).rect
        corner = (table.frame.play.x + 30, table.frame.play.y + 30)
        self.driver.drag((rect.x + rect.w // 5, rect.centery - rect.h // 5), corner)
        assert table.animator.moving and not table.animating  # only the glide back

    def settle(self) -> None:
        self.driver.until(lambda: not self.table.animator.moving, limit=2000)

    def picture_agrees(self) -> bool:
        """Every tracked zone holds what the game's view puts there."""
        view = self.table.view()
        for zone_id, zone in self.table.picture.zones.items():
            if not zone.tracked:
                continue
            shown = zone.signature()
            pieces, zone.pieces = zone.pieces, view.zones.get(zone_id, [])
            wanted = zone.signature()
            zone.pieces = pieces
            if shown != wanted:
                return False
        return True


#: With a card gliding back, the trick's steps after its verdict have nothing left to
#: animate (they find the picture already redrawn), so there is no queue to skip there.
CASES = ([pytest.param(name, nth, False, id=f"{name}-{nth}") for name, nth in POINTS]
         + [pytest.param(name, nth, True, id=f"{name}-{nth}-glide-back") for name, nth in POINTS
            if name in ("card", "verdict")])


@pytest.mark.parametrize(("name", "nth", "glide_back"), CASES)
def test_a_key_skips_a_trick_at_any_point_and_the_picture_ends_right(driver, name, nth,
                                                                     glide_back):
    watch = Watch(driver, seed=11)
    table = watch.table
    watch.trick_ending_with_the_viewer()
    first = len(watch.match.log)
    if name == "card" and nth < 4:
        watch.space_when(CARD, nth)
    driver.until(lambda: table.my_turn() and not table.animating)
    assert len(watch.obs.trick_flow) == 3
    play = watch.legal()[0]
    if glide_back:
        watch.missed_drop(play.card)
    table.session.apply(play, 0)  # as Enter does, before the card gliding back has landed
    assert any(isinstance(e, TrickDecided) for e in watch.match.log[-1].events)
    if name != "card" or nth == 4:
        watch.space_when(KINDS[name], 1)
    watch.settle()
    assert table.drift == 0
    assert watch.picture_agrees()
    # every event of the trick's actions began its step (wrote its log line), in order
    happened = [e for entry in watch.match.log[first:] for e in entry.events]
    ours = {id(e) for e in happened}
    begun = [e for e in watch.begun if id(e) in ours]
    assert len(begun) == len(happened) and all(a is b for a, b in zip(begun, happened))


def test_the_verdict_lights_the_cards_the_trick_was_decided_by(driver):
    watch = Watch(driver, seed=11)
    table = watch.table
    watch.trick_ending_with_the_viewer()
    driver.until(lambda: table.my_turn() and not table.animating)
    watch.glows.clear()
    table.session.apply(watch.legal()[0], 0)
    events = watch.match.log[-1].events
    decided = next(e for e in events if isinstance(e, TrickDecided))
    cards = next(e for e in events if isinstance(e, TrickWon)).cards
    assert decided.lowest_index is not None
    watch.until_begun(TrickDecided)
    trick = table.picture.zones["trick"]
    lit = [cards[decided.winner_index], cards[decided.lowest_index]]
    slots = [next(p.slot for p in trick.pieces if p.key == card) for card in lit]
    assert len(watch.glows) == 2
    for glow, slot in zip(watch.glows, slots):
        assert glow.rect.centerx == pytest.approx(trick.slot_center(slot)[0], abs=2)
    watch.settle()
    assert table.drift == 0


def test_after_a_redraw_the_trick_steps_leave_the_redrawn_picture_alone(driver):
    """Something redraws the table from the game while the trick's steps wait (a missed
    drop gliding back used to): they find the picture already as the game stands, light
    nothing and add nothing."""
    watch = Watch(driver, seed=11)
    table = watch.table
    watch.trick_ending_with_the_viewer()
    driver.until(lambda: table.my_turn() and not table.animating)
    play = watch.legal()[0]
    watch.glows.clear()
    table.session.apply(play, 0)
    driver.frames(1)
    table.refresh()  # the picture drawn from the game, under the waiting steps
    driver.until(lambda: table.player.overtaken, limit=200)
    watch.settle()
    assert not table.player.overtaken
    assert watch.glows == []
    assert table.drift == 0
    assert watch.picture_agrees()
