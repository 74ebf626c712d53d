"""``tabletop shortcut``: an icon to double-click, in the applications menu and on the desktop.

Linux gets a freedesktop ``.desktop`` launcher (menu and desktop), macOS a
``Tabletop.command`` on the desktop, Windows a ``Tabletop.lnk`` pointing at the
installed ``tabletop-gui`` program.  Each launcher starts this same installation.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

__all__ = ["install_shortcuts"]

DESKTOP_ENTRY = """[Desktop Entry]
Type=Application
Name=Tabletop
GenericName=Card games
Comment=Card games for one screen, against bots or with friends
Exec={exec}
Icon={icon}
Terminal=false
Categories=Game;CardGame;
StartupWMClass=tabletop
"""


def desktop_folder(home: Path) -> Path:
    """The user's desktop folder (XDG_DESKTOP_DIR if configured)."""
    config = home / ".config" / "user-dirs.dirs"
    if config.is_file():
        for line in config.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith("XDG_DESKTOP_DIR="):
                value = line.split("=", 1)[1].strip().strip('"').replace("$HOME", str(home))
                return Path(value)
    return home / "Desktop"


def _icon_png(folder: Path) -> Path:
    """Render the app icon to a PNG that launchers can show."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from tabletop.ui.assets import asset_root

    folder.mkdir(parents=True, exist_ok=True)
    target = folder / "tabletop-icon.png"
    image = pygame.image.load_sized_svg(str(asset_root() / "art" / "icon.svg"), (256, 256))
    pygame.image.save(image, str(target))
    return target


def install_shortcuts(home: Path | None = None, data: Path | None = None) -> list[Path]:
    """Create the launchers for this platform; return the files written."""
    from tabletop.storage import data_dir

    home = home or Path.home()
    data = data or data_dir()
    command = [sys.executable, "-m", "tabletop"]
    written: list[Path] = []
    if sys.platform.startswith("win"):
        written += _windows(home)
    elif sys.platform == "darwin":
        desktop = desktop_folder(home)
        desktop.mkdir(parents=True, exist_ok=True)
        script = desktop / "Tabletop.command"
        script.write_text("#!/bin/sh\nexec " + shlex.join(command) + "\n", encoding="utf-8")
        script.chmod(0o755)
        written.append(script)
    else:
        icon = _icon_png(data)
        entry = DESKTOP_ENTRY.format(exec=_desktop_exec(command), icon=icon)
        menu = home / ".local" / "share" / "applications" / "tabletop.desktop"
        menu.parent.mkdir(parents=True, exist_ok=True)
        menu.write_text(entry, encoding="utf-8")
        written.append(menu)
        desktop = desktop_folder(home)
        if desktop.is_dir():
            launcher = desktop / "tabletop.desktop"
            launcher.write_text(entry, encoding="utf-8")
            launcher.chmod(0o755)
            written.append(launcher)
            if shutil.which("gio"):  # let file managers run it without asking
                subprocess.run(["gio", "set", str(launcher), "metadata::trusted", "true"],
                               capture_output=True, check=False)
    return written


def _desktop_exec(args: list[str]) -> str:
    """Quote a command line the way the desktop entry specification asks."""
    quoted = []
    for arg in args:
        if any(ch in arg for ch in ' \t"`$\\'):
            arg = '"' + "".join("\\" + ch if ch in '"`$\\' else ch for ch in arg) + '"'
        quoted.append(arg)
    return " ".join(quoted)


def _windows(home: Path) -> list[Path]:
    scripts = Path(sys.executable).parent
    target = scripts / "tabletop-gui.exe"
    if not target.exists():
        target = scripts / "Scripts" / "tabletop-gui.exe"
    link = home / "Desktop" / "Tabletop.lnk"
    shell = ("$s = (New-Object -ComObject WScript.Shell).CreateShortcut($args[0]); "
             "$s.TargetPath = $args[1]; $s.Save()")
    subprocess.run(["powershell", "-NoProfile", "-Command", shell, str(link), str(target)],
                   check=True, capture_output=True)
    return [link]
