"""The double-click folder: built with PyInstaller, then started with no Python of ours
around it, headless, to the menu; a game's rules, content and table work inside it."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytest.importorskip("PyInstaller", reason="the bundle is built with PyInstaller ('.[bundle]')")


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("bundle")
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "build_bundle.py"),
                           "--dist", str(out / "dist"), "--work", str(out / "work")],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    return out / "dist"


def run(program: Path, *args: str, home: Path, timeout: float = 120
        ) -> subprocess.CompletedProcess[str]:
    # Nothing of the build's Python leaks in: no virtual environment, no PYTHONPATH.
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TABLETOP_HOME=str(home),
               TABLETOP_STARTUP_PROBE="1", PATH="/usr/bin:/bin")
    return subprocess.run([str(program), *args], env=env, capture_output=True, text=True,
                          timeout=timeout, cwd=home)


def test_the_bundle_starts_to_the_menu_and_plays_a_game_headless(bundle: Path,
                                                                  tmp_path: Path) -> None:
    folder = bundle / "Tabletop"
    program = folder / ("Tabletop.exe" if os.name == "nt" else "Tabletop")
    assert program.is_file()
    inside = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}
    for needed in ("tabletop/_data/art/fonts/Lato-Bold.ttf", "tabletop/_data/art/icon.svg",
                   "tabletop/_data/sounds/flip.wav",
                   "tabletop/games/anomia/content/lexicon.txt"):
        assert any(name.endswith(needed) for name in inside), f"{needed} is not in the bundle"
    begin = time.perf_counter()
    started = run(program, home=tmp_path)
    seconds = time.perf_counter() - begin
    assert started.returncode == 0, started.stderr
    assert "tabletop-first-frame" in started.stdout
    assert seconds < 60
    # The rules, bots and content load inside the bundle, and so do a table's art and fonts.
    played = run(program, "simulate", "anomia", "--players", "3", "--games", "1",
                 "--seats", "easy,normal,hard", "--jobs", "1", home=tmp_path)
    assert played.returncode == 0 and "Anomia: 1 games" in played.stdout, played.stderr
    table = run(program, "autoplay", "anno", "--players", "2", "--seed", "3", "--frames", "300",
                home=tmp_path)
    assert table.returncode == 0 and "frames" in table.stdout, table.stderr
    # The zip holds the same folder.
    zipped = next(bundle.glob("Tabletop-*.zip"))
    with zipfile.ZipFile(zipped) as archive:
        names = archive.namelist()
    assert "Tabletop/" + program.name in names
    assert len([n for n in names if not n.endswith("/")]) == len(inside)
