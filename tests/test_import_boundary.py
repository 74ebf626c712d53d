"""Rules code never imports pygame: engine, bots, each game's rules, content and bots, and
the play session, network play."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "tabletop"
#: A game's table scene (pygame) lives in its ``table`` subpackage; everything else is rules.
UI_PARTS = {"table"}


def rules_modules() -> list[Path]:
    paths = list((ROOT / "engine").rglob("*.py")) + list((ROOT / "bots").rglob("*.py"))
    for path in (ROOT / "games").rglob("*.py"):
        parts = set(path.relative_to(ROOT).with_suffix("").parts)
        if not parts & UI_PARTS:
            paths.append(path)
    # The lab's game runners need no screen either (autoplay, the monkey and the
    # endurance run drive the real table, so they do).
    paths += [ROOT / "lab" / name for name in ("simulate.py", "tournament.py", "fuzz.py")]
    # The session (turns, curtain, take-backs, saves, the bot worker) is pygame-free too,
    # so that a host without a screen can drive one.
    paths += list((ROOT / "play").rglob("*.py"))
    # And so is network play: the host and its clients run without a screen.
    paths += list((ROOT / "net").rglob("*.py"))
    return sorted(paths)


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


@pytest.mark.parametrize("path", rules_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_pygame_in_rules_code(path):
    bad = {m for m in imported_modules(path) if m.split(".")[0] in {"pygame", "pygame_gui"}}
    bad |= {m for m in imported_modules(path) if m.startswith("tabletop.ui")}
    assert not bad, f"{path.name} imports {sorted(bad)}"


def game_of(path: Path) -> str | None:
    """The game package a module belongs to (``None`` outside ``tabletop/games``)."""
    parts = path.relative_to(ROOT).parts
    return parts[1] if parts[0] == "games" and len(parts) > 2 else None


def package_modules(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


@pytest.mark.parametrize("path", package_modules("engine") + package_modules("bots"),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_engine_and_bots_import_no_game(path):
    bad = {m for m in imported_modules(path) if m.startswith("tabletop.games")}
    assert not bad, f"{path.name} imports {sorted(bad)}"


@pytest.mark.parametrize("path", sorted((ROOT / "games").rglob("*.py")),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_no_game_imports_another_and_rules_import_no_table(path):
    mine = game_of(path)
    imported = imported_modules(path)
    # ``tabletop/games/__init__.py`` is no game: it lists them all (the registry, the catalogue).
    others = {m for m in imported
              if m.startswith("tabletop.games.") and m.split(".")[2] != mine} \
        if path != ROOT / "games" / "__init__.py" else set()
    assert not others, f"{path.name} imports another game: {sorted(others)}"
    parts = path.relative_to(ROOT).parts
    # The game's catalogue listing loads its table (and screens) lazily, by design.
    if mine is not None and "table" not in parts and parts[-1] != "catalogue.py":
        tables = {m for m in imported if ".table" in m}
        assert not tables, f"{path.name} (rules) imports its table: {sorted(tables)}"


def test_importing_every_game_and_simulating_loads_no_pygame():
    code = (
        "import sys\n"
        "from tabletop.games import REGISTRY\n"
        "import tabletop.lab.simulate, tabletop.lab.tournament, tabletop.lab.fuzz, tabletop.cli\n"
        "for entry in REGISTRY:\n"
        "    state = entry.new_game(entry.default_players).start(1)\n"
        "    entry.make_bot('hard')\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_nothing_outside_the_lab_imports_it():
    """The lab measures the app: the app, its games and its rules never need it (the
    command line only reaches it inside the commands that run it)."""
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT).parts
        if parts[0] == "lab" or parts == ("cli.py",):
            continue
        bad = {m for m in imported_modules(path) if m.startswith("tabletop.lab")}
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"
