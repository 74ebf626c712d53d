"""Build Tabletop as a folder that runs without Python installed, zipped for sharing.

    .venv/bin/pip install -e '.[bundle]'
    .venv/bin/python tools/build_bundle.py

This makes ``dist/Tabletop/`` (double-click ``Tabletop`` inside it, ``Tabletop.exe`` on
Windows) and ``dist/Tabletop-<version>-<platform>.zip``.  It is a PyInstaller one-folder
build: one-file builds unpack themselves at every start, which is slower and upsets
virus scanners.  The fonts, art and sounds go inside, where the program looks for them
(``tabletop/_data``), as do the games' own content files (Anomia's lexicon).
"""

from __future__ import annotations

import argparse
import platform
import subprocess
import sys
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "Tabletop"


def build(dist: Path, work: Path) -> Path:
    """Run PyInstaller; the folder of the finished program."""
    command = [
        sys.executable, "-m", "PyInstaller", str(ROOT / "tools" / "bundle_main.py"),
        "--name", NAME, "--onedir", "--windowed", "--noconfirm", "--clean",
        "--log-level", "WARN",
        "--distpath", str(dist), "--workpath", str(work / "build"), "--specpath", str(work),
        "--add-data", f"{ROOT / 'art'}:tabletop/_data/art",
        "--add-data", f"{ROOT / 'sounds'}:tabletop/_data/sounds",
        # Games load their rules, bots and tables when a game starts: take every module,
        # and every package data file (lexicons, word lists).
        "--collect-submodules", "tabletop",
        "--collect-data", "tabletop",
        # Rules code never needs these; leaving them out keeps the folder small.
        "--exclude-module", "tkinter", "--exclude-module", "pytest",
        "--exclude-module", "hypothesis", "--exclude-module", "mypy",
    ]
    if platform.system() == "Linux":
        command.append("--strip")  # debug symbols: a third of the folder, of no use to players
    subprocess.run(command, check=True, cwd=ROOT)
    return dist / NAME


def archive(folder: Path) -> Path:
    """Zip the program folder (keeping the executable bit where the system has one)."""
    from tabletop import __version__

    system = {"Darwin": "macos"}.get(platform.system(), platform.system().lower())
    target = folder.parent / f"{NAME}-{__version__}-{system}-{platform.machine().lower()}.zip"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as zipped:
        for path in sorted(folder.rglob("*")):
            name = str(Path(NAME) / path.relative_to(folder))
            if path.is_symlink() or path.is_file():
                info = zipfile.ZipInfo.from_file(path, name)
                info.compress_type = zipfile.ZIP_DEFLATED
                zipped.writestr(info, path.read_bytes())
    return target


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist",
                        help="where the program folder and zip go (default: dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "bundle",
                        help="PyInstaller's working folder (default: build/bundle/)")
    parser.add_argument("--no-zip", action="store_true", help="build the folder only")
    args = parser.parse_args(argv)
    begin = time.perf_counter()
    folder = build(args.dist, args.work)
    built = time.perf_counter() - begin
    print(f"built {folder} ({folder_size(folder) / 2**20:.1f} MB) in {built:.0f} s")
    if not args.no_zip:
        zipped = archive(folder)
        print(f"zipped {zipped} ({zipped.stat().st_size / 2**20:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
