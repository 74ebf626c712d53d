"""Pigpile, the toy sixth game (``tests/sixth``), played to the end at the real table by
mouse: the kit needs nothing from it but its spec."""

from __future__ import annotations

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.ui.scenes.results import ResultsScene
from tests.sixth import ENTRY
from tests.sixth.catalogue import LISTING
from tests.sixth.pigpile import Play, Take

from .conftest import not_blank


def test_a_person_plays_pigpile_by_mouse_to_the_results(driver):
    driver.ctx.catalogue = driver.ctx.catalogue.adding(LISTING)
    match = Match(ENTRY, [Seat("Ada", SeatKind.HUMAN), Seat("Bot 1", SeatKind.BOT, "easy"),
                          Seat("Bot 2", SeatKind.BOT, "random")], 8, {})
    table = driver.open_table(match)
    shot = driver.shot("sixth_table")
    assert not_blank(shot)
    moves = 0
    while not match.is_over:
        driver.until(lambda: match.is_over or (table.my_turn() and not table.animating))
        if match.is_over:
            break
        legal = list(match.state.legal_actions(0))
        plays = [a for a in legal if isinstance(a, Play)]
        before = len(match.history)
        if plays:
            card = min(plays, key=lambda a: a.card).card
            sprite = table.picture.sprite_of(card)
            start = (sprite.rect.x + sprite.rect.w // 5, sprite.rect.centery - sprite.rect.h // 5)
            driver.drag(start, table.picture.zones["pile"].rect.center)
            assert match.history[before][1] == Play(card)
        else:
            assert Take() in legal
            driver.click(table.spec.slots["take"].center)
            assert match.history[before][1] == Take()
        moves += 1
    driver.until(lambda: driver.scenes.find(ResultsScene) is not None)
    assert moves >= 3
    assert any(line.startswith("You play ") for line in table.chrome.log_lines)
    assert sum(match.state.outcome()) == 1
