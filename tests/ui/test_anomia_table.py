"""Anomia at the real table: a human racing bots by typing, and a room of humans with
buzzers; the live face-off panel; no drift after a whole round."""

from __future__ import annotations

import pygame

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.games import CATALOGUE, REGISTRY
from tabletop.games.anomia.events import Answered, FaceOffWon, Judged, VoteDecided
from tabletop.games.anomia.table.spec import BUZZER_KEYS
from tabletop.games.anomia.presenter import round_account
from tabletop.ui.flow import Home
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.table.scene import Table

from .conftest import not_blank

ANOMIA = REGISTRY.get("anomia")
LISTED = CATALOGUE.get("anomia")
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
                driver.type("qzxv")  # a miss first, now and then: alone, it may be contested
                driver.key(pygame.K_RETURN)
                assert state.phase == "vote" and "Contest it (Y)" in table.spec.prompt(table.spec.current())[0]
                driver.key(pygame.K_n)  # let the refusal stand: a strike
                assert state.phase == "faceoff" and state.faceoff.strikes[0] == 1
            answers = state.game.lexicon.answers(category)
            driver.type(answers[typed % len(answers)][0].upper())
            driver.key(pygame.K_RETURN)
            typed += 1
            last = events_of(table, Answered)[-1]
            if last.seat == 0 and last.accepted:
                right += 1
                assert table.spec.answering.verdict == (f"Right: {last.answer}", True)
    assert state.is_over, "the round did not end"
    driver.until(lambda: not table.animating)
    won = [e for e in events_of(table, FaceOffWon) if e.winner == 0]
    assert clicks > 5 and typed > 3 and right > 0 and won
    assert table.drift == 0
    # The results tell how the round went, figures that add up with the winning piles.
    account = round_account(table.match.log, 4)
    assert sum(a.faceoffs_won for a in account.seats) == sum(state.scores())
    assert account.seats[0].right >= right and account.seats[0].fastest is not None
    assert len(account.winning_answers) <= sum(state.scores())
    driver.until(lambda: isinstance(driver.top, ResultsScene), limit=2_000)
    results = driver.top
    assert results.sheet(results.chart_rect().size) is not None
    assert not any(getattr(w, "label", "") == "Show the score sheet" for w in results.widgets)
    assert not_blank(driver.shot("anomia-results"))
    # Counted in the statistics, which the main menu opens.
    records, _ = driver.ctx.storage.load_records()
    assert [(r.game, r.players, r.won) for r in records.records] == [
        ("anomia", 4, state.outcome()[0] > 0)]
    from tabletop.ui.scenes.menu import MainMenu
    from tabletop.ui.scenes.statistics import StatisticsScene

    driver.follow(Home())
    driver.frames(3)
    menu = driver.top
    assert isinstance(menu, MainMenu)
    button = next(w for w in menu.widgets if getattr(w, "label", "") == "Statistics")
    driver.click(button.rect.center)
    driver.frames(2)
    assert isinstance(driver.top, StatisticsScene) and driver.top.entry.id == "anomia"
    assert not_blank(driver.shot("statistics-after-anomia"))


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
    assert not_blank(screen) and table.spec.answering.typed == "Poodl" and first
    driver.frames(20, DT)
    assert [d.memo for d in table._live] != first  # the clock moved on


def play_buzzers(driver, table, judge, enough, limit: int = 60_000) -> None:
    """A room of humans: draw with Space, the first face-off seat buzzes (one buzz per
    race: two at once would tie), and ``judge`` gives each verdict, until ``enough``."""
    state = table.match.state
    for _ in range(limit):
        if state.is_over or enough():
            break
        driver.frames(1, DT)
        if table.animating:
            continue
        if state.phase == "draw":
            driver.key(pygame.K_SPACE)
        elif state.phase == "faceoff" and state.faceoff.pending is None:
            driver.key(BUZZER_KEYS[min(state.acting_seats())])
        elif state.phase == "judge":
            judge()


def test_a_room_of_humans_buzzes_and_judges(driver):
    match = Match(ANOMIA, seats(4, 4), seed=8)
    table = driver.open_table(match)
    state = table.match.state
    assert state.game.buzzers
    judged = 0

    def judge() -> None:
        nonlocal judged
        driver.key(pygame.K_y if judged % 3 else pygame.K_n)
        judged += 1
    play_buzzers(driver, table, judge, lambda: False)
    assert state.is_over and judged > 3
    assert sum(state.scores()) > 0
    driver.until(lambda: not table.animating)
    assert table.drift == 0


def click_button(driver, table, label: str, seat: int | None = None) -> None:
    """Click the face-off panel's button named ``label`` (for ``seat``, if given)."""
    spec = table.spec
    obs = spec.current()
    button = next(b for b in spec.panel.buttons(obs)
                  if b.label.startswith(label) and (seat is None or b.seat == seat))
    driver.click(button.rect.move(spec.panel.rect.topleft).center)


def test_judges_click_right_or_wrong_and_the_buttons_light_under_the_mouse(driver):
    match = Match(ANOMIA, seats(3, 3), seed=4)
    table = driver.open_table(match)
    state = table.match.state
    judged: list[bool] = []

    def judge() -> None:
        table.spec.answering.hover = None
        right = len(judged) % 2 == 0
        click_button(driver, table, "Right" if right else "Wrong")
        judged.append(right)
    play_buzzers(driver, table, judge, lambda: len(judged) >= 4)
    verdicts = [e.right for e in events_of(table, Judged)]
    assert verdicts[:4] == judged[:4] == [True, False, True, False]
    # The mouse over a button lights it (the panel is redrawn with it lit).
    while state.phase != "judge":
        driver.frames(1, DT)
        if not table.animating and state.phase == "draw":
            driver.key(pygame.K_SPACE)
        elif state.phase == "faceoff" and state.faceoff.pending is None:
            driver.key(BUZZER_KEYS[min(state.acting_seats())])
    button = table.spec.panel.buttons(table.spec.current())[1]
    driver.post(pygame.MOUSEMOTION, pos=button.rect.move(table.spec.panel.rect.topleft).center,
                rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(2, DT)
    assert table.spec.answering.hover == 1
    assert not_blank(driver.shot("anomia-judge"))


def play_hot_seat(driver, table, unknown: str, limit: int = 60_000) -> dict[str, int]:
    """Two humans (seats 0 and 1) and two bots: the humans take the answer box by key or
    by click, type (now and then an answer the lexicon does not know) and vote by clicking."""
    state = table.match.state
    spec = table.spec
    seen = {"claims": 0, "clicked_claims": 0, "votes": 0, "typed": 0}
    shots: dict[str, pygame.Surface] = {}
    for _ in range(limit):
        if state.is_over:
            break
        driver.frames(1, DT)
        if table.animating:
            continue
        obs = spec.current()
        for name, now in (("vote", state.phase == "vote"),
                          ("wild", state.phase == "faceoff" and state.faceoff.wild),
                          ("claim", len(spec.answering.answerers(obs)) == 2)):
            if now and name not in shots:
                shots[name] = driver.shot(f"anomia-{name}")
        if state.phase == "draw" and state.game.owner(state.turn) in (0, 1):
            driver.key(pygame.K_SPACE)
        elif state.phase == "vote":
            voter = min(state.acting_seats())
            click_button(driver, table, "Yes" if seen["votes"] % 3 else "No", voter)
            seen["votes"] += 1
        elif state.phase == "faceoff" and spec.answering.answerers(obs):
            humans = spec.answering.answerers(obs)
            if len(humans) == 2 and spec.answering.typing_seat(obs) is None:
                seat = humans[seen["claims"] % 2]
                if seen["claims"] % 2:
                    click_button(driver, table, table.session.name(seat), seat)
                    seen["clicked_claims"] += 1
                else:
                    driver.key(BUZZER_KEYS[seat])
                    driver.post(pygame.TEXTINPUT, text=str(seat + 1))  # the key's own text
                    driver.frames(1, DT)
                seen["claims"] += 1
                assert spec.answering.typing_seat(spec.current()) == seat
                assert spec.answering.typed == ""
                continue
            seat = spec.answering.typing_seat(obs)
            assert seat is not None
            category = state.asked(seat)
            if seen["typed"] % 4 == 1:
                driver.type(unknown)
            else:
                answers = state.game.lexicon.answers(category)
                driver.type(answers[seen["typed"] % len(answers)][0])
            driver.key(pygame.K_RETURN)
            seen["typed"] += 1
    assert state.is_over
    assert all(not_blank(shot) for shot in shots.values())
    return seen


def test_two_humans_race_for_the_box_and_vote_in_an_answer_that_is_remembered(driver):
    match = Match(ANOMIA, seats(2, 4, "easy"), seed=13)
    table = driver.open_table(match)
    assert not table.session.needs_curtain  # nothing is hidden: no curtain between the two
    seen = play_hot_seat(driver, table, "Zorblaxian")
    assert seen["claims"] > 2 and seen["clicked_claims"] > 0 and seen["votes"] > 0
    decided = [e for e in events_of(table, VoteDecided) if e.accepted]
    assert decided, "no answer was voted in"
    # Voted in: written to the player's own file, and a new game set up reads it.
    storage = driver.ctx.storage
    learned = storage.path("anomia/learned-answers.txt").read_text(encoding="utf-8")
    assert "Zorblaxian" in learned
    options, notices = storage.user_options(LISTED, ANOMIA.default_options())
    assert notices == [] and "Zorblaxian" in str(options["learned"])
    game = Match(ANOMIA, seats(1, 4), seed=1, options=options).game
    assert game.lexicon.judge(decided[0].category, "zorblaxian").accepted
    assert not ANOMIA.new_game(4).lexicon.judge(decided[0].category, "zorblaxian").accepted
    driver.until(lambda: not table.animating)
    assert table.drift == 0


def test_setup_switches_younger_players_and_own_categories_by_mouse(driver):
    from tabletop.ui.scenes.menu import MainMenu
    from tabletop.ui.scenes.setup import SetupScene
    from tabletop.ui.widgets.stepper import Stepper
    from tabletop.ui.widgets.toggle import Toggle

    ctx = driver.ctx
    driver.scenes.push(MainMenu(ctx))
    setup = SetupScene(ctx, ANOMIA)
    driver.scenes.push(setup)
    driver.frames(3)
    switches = [w for w in setup.widgets if isinstance(w, Toggle)]
    assert len(switches) == setup.players  # one "younger" switch per seat
    driver.click(switches[1].rect.center)
    own = next(w for w in setup.widgets if isinstance(w, Stepper)
               and getattr(w.on_change, "args", ()) == ("own",))
    driver.click((own.rect.right - 8, own.rect.centery))  # the right arrow: "Added"
    assert setup.options["younger"] == "1" and setup.options["own"] is True
    # A broken file of one's own: the setup says which line, and nothing starts.
    path = ctx.storage.path("anomia/my-categories.txt")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("apple\n== Fruit\n", encoding="utf-8")
    driver.follow(setup.start())
    driver.frames(2)
    assert driver.top is setup and "my-categories.txt, line 1" in (setup.error or "")
    # Mended, the game starts with its categories and the younger player's fixed one.
    path.write_text("== Thing in my pocket\nlevel: easy\nkey\ncoin\nphone\n", encoding="utf-8")
    driver.follow(setup.start())
    driver.frames(3)
    table = driver.scenes.find(Table)
    assert table is not None
    game = table.match.game
    assert "Thing in my pocket" in {card.category for card in game.box.cards}
    assert game.younger == frozenset({1}) and game.lexicon.judge("Thing in my pocket",
                                                                 "coins").accepted


def test_own_categories_start_from_an_example_and_a_damaged_learned_file_is_moved_aside(
        tmp_path):
    from tabletop.storage import Storage

    storage = Storage(tmp_path)
    options, notices = storage.user_options(LISTED, {**ANOMIA.default_options(), "own": True})
    assert notices == [] and "== Kitchen sound" in str(options["custom"])
    assert storage.path("anomia/my-categories.txt").exists()
    off, _ = storage.user_options(LISTED, ANOMIA.default_options())
    assert off["custom"] == "" and off["learned"] == ""
    storage.path("anomia/learned-answers.txt").write_text("okapi\n", encoding="utf-8")
    options, notices = storage.user_options(LISTED, ANOMIA.default_options())
    assert options["learned"] == "" and len(notices) == 1
    assert "learned-answers.txt could not be used" in notices[0] and "kept as" in notices[0]
    assert not storage.path("anomia/learned-answers.txt").exists()
    assert list(storage.path("anomia").glob("learned-answers.broken-*.txt"))
