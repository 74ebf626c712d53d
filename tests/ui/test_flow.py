"""Screens lead to each other by the requests scenes return (``tabletop.ui.flow``):
the ways through the app, end to end, with what each scene asked for on the way."""

from __future__ import annotations

import ast
import dataclasses
import os
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.games import REGISTRY
from tabletop.ui.flow import Answer, Back, Home, Open, Route, Swap, requests
from tabletop.ui.scenes.choice import ChoiceScene
from tabletop.ui.scenes.curtain import Curtain
from tabletop.ui.scenes.menu import GameCover, MainMenu
from tabletop.ui.scenes.pause import PauseScene
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.setup import SetupScene
from tabletop.ui.table.scene import Table

EA = REGISTRY.get("enemy-anemone")
ROOT = Path(__file__).resolve().parents[2] / "tabletop"


@pytest.fixture
def asked(driver):
    """Every request the scenes return, in order, as the router receives them (from
    the handlers through the app, and from ``enter`` through the stack)."""
    seen: list = []
    follow = driver.app.router.follow

    def record(flow):
        seen.extend(requests(flow))
        follow(flow)

    driver.app.router.follow = record
    driver.scenes.follow = record
    return seen


def seats(players: int, humans: int = 1) -> list[Seat]:
    return [Seat(("Ada", "Ben")[i], SeatKind.HUMAN) if i < humans else
            Seat(f"Bot {i}", SeatKind.BOT, "easy") for i in range(players)]


def finished_match(humans: int = 1) -> Match:
    match = Match(EA, seats(3, humans), 9, {"hands": 1})
    rng = random.Random(2)
    while not match.is_over:
        match.settle()
        seat = match.state.current_player
        match.apply(rng.choice(match.state.legal_actions(seat)), seat)
    return match


def button(scene, label: str):
    return next(w for w in scene.widgets if getattr(w, "label", None) == label)


def stack(driver) -> list[type]:
    return [type(scene) for scene in driver.scenes]


def test_requests_are_plain_immutable_values():
    request = Open(Route.RULES, entry=EA)
    assert request == Open(Route.RULES, entry=EA)
    assert request != Swap(Route.RULES, entry=EA)  # push and replace are different asks
    assert request != Open(Route.RULES, entry=REGISTRY.get("anno"))
    assert Back() == Back() and Home() == Home() and Back() != Home()
    with pytest.raises(dataclasses.FrozenInstanceError):
        request.route = Route.SETTINGS  # type: ignore[misc]
    with pytest.raises(TypeError):
        request.args["entry"] = None  # type: ignore[index]
    assert requests(None) == () and requests(Back()) == (Back(),)
    assert requests((Back(), Home())) == (Back(), Home())


def test_menu_setup_table_pause_and_back_to_the_menu(driver, asked):
    driver.scenes.push(MainMenu(driver.ctx))
    driver.frames(2)
    cover = next(w for w in driver.top.widgets if isinstance(w, GameCover) and w.entry is EA)
    driver.click(cover.rect.center)
    driver.frames(2)
    assert asked == [Open(Route.SETUP, entry=EA)]
    setup = driver.top
    assert isinstance(setup, SetupScene) and setup.entry is EA
    assert stack(driver) == [MainMenu, SetupScene]

    driver.click(button(setup, "Start game").rect.center)
    driver.frames(2)
    started = asked[1]
    assert isinstance(started, Swap) and started.route is Route.TABLE
    match = started.args["match"]
    assert match.entry is EA and len(asked) == 2  # one human: no curtain asked for
    table = driver.top
    assert isinstance(table, Table) and table.match is match
    assert stack(driver) == [MainMenu, Table]  # the table took the setup's place
    assert driver.ctx.storage.has_match(EA.id)  # saved at once, so Continue finds it

    driver.until(lambda: not table.animating)
    driver.key(pygame.K_PAUSE)
    assert asked[2:] == [Open(Route.PAUSE, table=table)]
    pause = driver.top
    assert isinstance(pause, PauseScene) and stack(driver) == [MainMenu, Table, PauseScene]

    driver.click(button(pause, "Save and leave to menu").rect.center)
    driver.frames(2)
    assert asked[3:] == [Home()]
    assert stack(driver) == [MainMenu]
    assert len(driver.top.saved) == 1 and driver.top.saved[0].entry is EA  # Continue it


def test_a_new_game_over_one_in_progress_is_asked_about_first(driver, asked):
    saved = Match(EA, seats(3), 5, {"hands": 1})
    driver.ctx.storage.save_match(saved)
    driver.scenes.push(MainMenu(driver.ctx))
    driver.scenes.push(SetupScene(driver.ctx, EA))
    driver.frames(3)
    setup = driver.top

    driver.key(pygame.K_RETURN)  # Enter starts the game as set up: not without asking
    question = asked[-1]
    assert isinstance(question, Open) and question.route is Route.ASK
    assert [a.label for a in question.args["answers"]] == ["Replace it", "Continue it", "Cancel"]
    assert all(isinstance(a, Answer) for a in question.args["answers"])
    dialog = driver.top
    assert isinstance(dialog, ChoiceScene) and stack(driver) == [MainMenu, SetupScene, ChoiceScene]

    before = len(asked)
    driver.key(pygame.K_ESCAPE)  # Esc takes the last answer: Cancel changes nothing
    assert asked[before:] == [Back()]
    assert driver.top is setup
    assert driver.ctx.storage.load_match(REGISTRY, EA.id)[0].seed == saved.seed

    driver.key(pygame.K_RETURN)
    before = len(asked)
    driver.click(button(driver.top, "Continue it").rect.center)
    driver.frames(2)
    back, table = asked[before:]
    assert back == Back()
    assert isinstance(table, Swap) and table.route is Route.TABLE and table.args["resumed"]
    assert table.args["match"].seed == saved.seed
    assert stack(driver) == [MainMenu, Table]  # the question closed, the setup gave way
    assert driver.top.match.seed == saved.seed


def test_the_curtain_asks_before_leaving_and_stays_when_told(driver, asked):
    driver.scenes.push(MainMenu(driver.ctx))
    driver.frames(2)
    driver.follow(Open(Route.TABLE, match=Match(EA, seats(3, humans=2), 4, {"hands": 1})))
    driver.frames(3)
    curtain = asked[-1]  # asked by the table as it opened
    assert isinstance(curtain, Open) and curtain.route is Route.CURTAIN
    first = curtain.args["name"]
    assert first in ("Ada", "Ben") and curtain.args["on_menu"]() == Home()
    assert isinstance(driver.top, Curtain) and stack(driver) == [MainMenu, Table, Curtain]

    driver.key(pygame.K_ESCAPE)
    assert asked[-1].route is Route.ASK and isinstance(driver.top, ChoiceScene)
    before = len(asked)
    driver.click(button(driver.top, "Stay").rect.center)
    assert asked[before:] == [Back()]
    assert isinstance(driver.top, Curtain)

    driver.key(pygame.K_RETURN)  # Ready: the curtain lifts on that player's side of the table
    assert asked[-1] == Back()
    table = driver.top
    assert isinstance(table, Table) and table.match.seats[table.session.viewer].name == first

    driver.key(pygame.K_PAUSE)
    driver.click(button(driver.top, "Save and leave to menu").rect.center)
    driver.frames(2)
    assert asked[-1] == Home() and stack(driver) == [MainMenu]


def test_results_lead_back_to_the_menu_or_to_the_same_game_again(driver, asked):
    match = finished_match()
    driver.ctx.storage.save_match(match)
    driver.scenes.push(MainMenu(driver.ctx))
    driver.scenes.push(ResultsScene(driver.ctx, match))
    driver.frames(3)
    driver.click(button(driver.top, "Main menu").rect.center)
    driver.frames(2)
    assert asked == [Home()]
    assert stack(driver) == [MainMenu]
    assert not driver.ctx.storage.has_match(EA.id)  # a finished game is not continued

    driver.scenes.push(Table(driver.ctx, match))
    driver.scenes.push(ResultsScene(driver.ctx, match))
    driver.frames(3)
    driver.click(button(driver.top, "Play again").rect.center)
    driver.frames(2)
    back, again = asked[1:]
    assert back == Back() and isinstance(again, Swap) and again.route is Route.TABLE
    fresh = again.args["match"]
    assert fresh.seats == match.seats and fresh.options == match.options
    assert fresh.seed != match.seed and all(seat < 0 for seat, _ in fresh.history)  # dealt only
    assert stack(driver) == [MainMenu, Table] and driver.top.match is fresh
    assert driver.ctx.storage.has_match(EA.id)


def test_a_finished_table_asks_for_its_results(driver, asked):
    match = finished_match(humans=0)
    driver.scenes.push(MainMenu(driver.ctx))
    driver.frames(2)
    driver.follow(Open(Route.TABLE, match=match))
    driver.until(lambda: isinstance(driver.top, ResultsScene), limit=600)
    results = asked[-1]
    assert results.route is Route.RESULTS and results.args["match"] is match
    assert stack(driver) == [MainMenu, Table, ResultsScene]


def imports_of(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_scenes_know_only_the_flow_not_each_other_nor_the_router():
    scenes = sorted((ROOT / "ui" / "scenes").glob("*.py"))
    tables = sorted((ROOT / "ui" / "table").glob("*.py")) + sorted(ROOT.glob("games/*/table/*.py"))
    for path in scenes + tables:
        imported = imports_of(path)
        assert "tabletop.ui.router" not in imported, path
        assert "tabletop.ui.app" not in imported, path
        others = {m for m in imported if m.startswith("tabletop.ui.scenes.")
                  and m.split(".")[3] not in ("base", path.stem)}
        assert not others, f"{path.name} imports other scenes: {sorted(others)}"
    for path in ROOT.rglob("*.py"):
        assert "ctx.nav" not in path.read_text(encoding="utf-8"), path


def test_no_import_circle_among_the_screens_the_table_kit_and_the_session():
    """Every import counts, a function's own too (only a game's rules, bots and package
    are left out: their circles through the registry are the games' own)."""
    def ours(name: str) -> bool:
        parts = name.split(".")
        return parts[:2] in (["tabletop", "ui"], ["tabletop", "play"]) or (
            parts[:2] == ["tabletop", "games"] and len(parts) > 3 and parts[3] == "table")

    paths = {module_name(p): p for p in ROOT.rglob("*.py")}
    graph = {m: {t for t in imports_of(p) if t in paths and t != m and ours(t)}
             for m, p in paths.items() if ours(m)}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: list[str] = []
    circles = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        on.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = on[on.index(v):]
            del on[on.index(v):]
            if len(part) > 1:
                circles.append(sorted(part))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    assert circles == []


def test_the_main_menu_comes_up_without_the_table_kit(tmp_path):
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from tabletop.games import CATALOGUE, REGISTRY\n"
        "from tabletop.storage import Storage\n"
        "from tabletop.ui.app import App, init_pygame\n"
        "from tabletop.ui.context import Context\n"
        "init_pygame()\n"
        f"ctx = Context.create(CATALOGUE.playable(REGISTRY), CATALOGUE, "
        f"Storage(Path({str(tmp_path)!r})))\n"
        "app = App(ctx, (1280, 720))\n"
        "app.scenes.push(app.router.home())\n"
        "for _ in range(3):\n"
        "    app.frame(1 / 60)\n"
        "assert type(app.scenes.top).__name__ == 'MainMenu'\n"
        "kit = sorted(m for m in sys.modules if m.startswith(('tabletop.ui.table', "
        "'tabletop.play.session')) or '.table.' in m)\n"
        "assert not kit, kit\n"
        "rules = sorted(m for m in sys.modules if m.startswith('tabletop.games.') and "
        "m.rsplit('.', 1)[-1] in ('rules', 'game', 'events', 'words', 'bot', 'presenter'))\n"
        "assert not rules, rules\n"
        "app.close()\n"
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
