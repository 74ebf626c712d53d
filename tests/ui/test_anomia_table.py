"""Anomia at the real table: a human racing bots by typing, and a room of humans with
buzzers; the live face-off panel; no drift after a whole round."""

from __future__ import annotations

import pygame

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.games import REGISTRY
from tabletop.games.anomia.events import Answered, FaceOffWon
from tabletop.games.anomia.table.spec import BUZZER_KEYS
from tabletop.ui.table.scene import Table

from .conftest import not_blank

ANOMIA = REGISTRY.get("anomia")
DT = 1 / 30


def seats(humans: int, players: int, level: str = "normal") -> list[Seat]:
    return [Seat(f"P{i + 1}", SeatKind.HUMAN) if i < humans
            else Seat(f"Bot {i}", SeatKind.BOT, level) for i in range(players)]


def events_of(table: Table, kind: type) -> list:
    return [e for entry in table.match.log for e in entry.events if isinstance(e, kind)]


def test_a_human_draws_by_mouse_and_key_and_wins_face_offs_by_typing(driver):
    match = Match(ANOMIA, seats(1, 4, "easy"), seed=21)
    table = driver.open_table(match)
    state = table.match.state
    typed = right = clicks = 0
    for _ in range(60_000):
        if state.is_over:
            break
        driver.frames(1, DT)
        if table.animating:
            continue
        if state.phase == "draw" and state.game.owner(state.turn) == 0:
            if clicks % 2 == 0:
                driver.click(table.picture.zones["draw0" if state.draw[0] else "draw1"].rect.center)
            else:
                driver.key(pygame.K_SPACE)
            clicks += 1
        elif state.phase == "faceoff" and 0 in state.acting_seats():
            category = state.asked(0)
            if typed % 5 == 4:
                driver.type("qzxv")  # a miss first, now and then
                driver.key(pygame.K_RETURN)
                assert table.spec.verdict is not None and not table.spec.verdict[1]
            answers = state.game.lexicon.answers(category)
            driver.type(answers[typed % len(answers)][0].upper())
            driver.key(pygame.K_RETURN)
            typed += 1
            last = events_of(table, Answered)[-1]
            if last.seat == 0 and last.accepted:
                right += 1
                assert table.spec.verdict == (f"✓ {last.answer}", True)
    assert state.is_over, "the round did not end"
    driver.until(lambda: not table.animating)
    won = [e for e in events_of(table, FaceOffWon) if e.winner == 0]
    assert clicks > 5 and typed > 3 and right > 0 and won
    assert table.drift == 0


def test_the_face_off_panel_shows_the_live_clock_and_what_is_typed(driver):
    match = Match(ANOMIA, seats(1, 4, "easy"), seed=5)
    table = driver.open_table(match)
    state = table.match.state
    for _ in range(20_000):
        if state.phase == "faceoff" and 0 in state.acting_seats():
            break
        if state.phase == "draw" and state.game.owner(state.turn) == 0 and not table.animating:
            driver.key(pygame.K_SPACE)
        driver.frames(1, DT)
    assert state.phase == "faceoff"
    driver.until(lambda: not table.animating)
    driver.type("Poodl")
    first = [d.memo for d in table._live]
    screen = driver.shot("anomia-faceoff")
    assert not_blank(screen) and table.spec.typed == "Poodl" and first
    driver.frames(20, DT)
    assert [d.memo for d in table._live] != first  # the clock moved on


def test_a_room_of_humans_buzzes_and_judges(driver):
    match = Match(ANOMIA, seats(4, 4), seed=8)
    table = driver.open_table(match)
    state = table.match.state
    assert state.game.buzzers
    judged = 0
    for _ in range(60_000):
        if state.is_over:
            break
        driver.frames(1, DT)
        if table.animating:
            continue
        if state.phase == "draw":
            driver.key(pygame.K_SPACE)
        elif state.phase == "faceoff" and state.faceoff.pending is None:
            seat = min(state.acting_seats())  # one buzz per race: two at once would tie
            driver.key(BUZZER_KEYS[seat])
        elif state.phase == "judge":
            driver.key(pygame.K_y if judged % 3 else pygame.K_n)
            judged += 1
    assert state.is_over and judged > 3
    assert sum(state.scores()) > 0
    driver.until(lambda: not table.animating)
    assert table.drift == 0
