"""Rules code never imports pygame: engine, bots, and each game's rules, content and bots."""

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
    paths.append(ROOT / "simulate.py")
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


def test_importing_every_game_and_simulating_loads_no_pygame():
    code = (
        "import sys\n"
        "from tabletop.games import REGISTRY\n"
        "import tabletop.simulate, tabletop.cli\n"
        "for entry in REGISTRY:\n"
        "    state = entry.new_game(entry.default_players).new_state(1)\n"
        "    entry.make_bot('hard')\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
