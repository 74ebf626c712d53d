"""Settings and saves on disk: atomic, fsynced writes, and damaged files moved aside.

Everything lives in one folder: the user data folder from platformdirs, or
``$TABLETOP_HOME`` when set (tests and portable installs use it).  A file that
cannot be read is never deleted and never crashes the program: it is renamed to
``NAME.broken-YYYYmmdd-HHMMSS.json`` beside the original and the caller gets a
sentence explaining what happened.  No pygame here.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import asdict, dataclass, field, fields
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from tabletop.engine.match import Match, SaveDoesNotReplay
from tabletop.engine.protocol import SnapshotError
from tabletop.engine.registry import OptionValue, Registry
from tabletop.play.catalogue import Listing

if TYPE_CHECKING:
    from tabletop.records import Records

__all__ = ["MAX_FILE_BYTES", "Settings", "Storage", "data_dir"]

T = TypeVar("T")

APP_NAME = "tabletop"
#: Files larger than this are not read (a save is a few tens of kilobytes).
MAX_FILE_BYTES = 4 * 1024 * 1024
ANIMATION_SPEEDS = ("instant", "fast", "normal", "slow")
#: How the message about a save that could not be read begins.
UNRESTORED = "A saved game could not be restored:"


def data_dir() -> Path:
    """The folder for settings and saves."""
    override = os.environ.get("TABLETOP_HOME")
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


@dataclass
class Settings:
    """Preferences kept between runs.  Unknown or bad values fall back to defaults."""

    volume: float = 0.7
    muted: bool = False
    animation_speed: str = "normal"
    fullscreen: bool = False
    window_width: int = 1600
    window_height: int = 900
    #: Per game id: the last setup (players, seats, options) to prefill the setup screen.
    last_setup: dict[str, Any] = field(default_factory=dict)
    #: The game last chosen or played: the main menu opens on it.
    last_game: str = ""
    #: First-game tips: shown at all, and those already shown ("game:note").
    guide: bool = True
    guide_seen: list[str] = field(default_factory=list)
    #: The name last given when joining a table on the network.
    player_name: str = ""

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        if not isinstance(data, dict):
            raise ValueError("the settings file is not a JSON object")
        settings = cls()
        for spec in fields(cls):
            if spec.name in data:
                setattr(settings, spec.name, data[spec.name])
        settings.clean()
        return settings

    def clean(self) -> None:
        """Clamp every value into its allowed range, replacing garbage by defaults."""
        defaults = Settings()
        if isinstance(self.volume, bool) or not isinstance(self.volume, (int, float)):
            self.volume = defaults.volume
        self.volume = min(1.0, max(0.0, float(self.volume)))
        if not isinstance(self.muted, bool):
            self.muted = defaults.muted
        if self.animation_speed not in ANIMATION_SPEEDS:
            self.animation_speed = defaults.animation_speed
        if not isinstance(self.fullscreen, bool):
            self.fullscreen = defaults.fullscreen
        for name, low, high in (("window_width", 640, 7680), ("window_height", 480, 4320)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                value = getattr(defaults, name)
            setattr(self, name, min(high, max(low, value)))
        if not isinstance(self.last_setup, dict):
            self.last_setup = {}
        if not isinstance(self.last_game, str):
            self.last_game = ""
        if not isinstance(self.guide, bool):
            self.guide = defaults.guide
        if not isinstance(self.guide_seen, list):
            self.guide_seen = []
        self.guide_seen = [k for k in self.guide_seen if isinstance(k, str)][-500:]
        if not isinstance(self.player_name, str):
            self.player_name = ""
        self.player_name = self.player_name[:40]

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class Storage:
    """Reads and writes Tabletop's files in one folder."""

    SETTINGS = "settings.json"
    #: Where games in progress are kept, one file per game.
    SAVES = "saves"
    #: The one save of earlier versions, moved to its game's place when first seen.
    LEGACY_SAVE = "current-game.json"

    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else data_dir()

    # -- low level ------------------------------------------------------------
    def path(self, name: str) -> Path:
        return self.root / name

    def write_json(self, name: str, data: Any) -> None:
        self.write_text(name, json.dumps(data, separators=(",", ":"), ensure_ascii=False))

    def write_text(self, name: str, text: str) -> None:
        """Write atomically: a temporary file, fsync, rename over the old one, fsync the folder."""
        folder = self.path(name).parent
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{Path(name).name}.", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, self.path(name))
        except BaseException:
            try:
                os.unlink(tmp)
            except FileNotFoundError:
                pass
            raise
        _fsync_dir(folder)

    def read_json(self, name: str) -> tuple[Any, str | None]:
        """``(data, None)``, or ``(None, problem)`` after moving a damaged file aside.

        A missing file is ``(None, None)``: nothing to read, nothing wrong.
        """
        path = self.path(name)
        try:
            size = path.stat().st_size
        except FileNotFoundError:
            return None, None
        except OSError as error:
            return None, f"{name} could not be read ({error.strerror})."
        if size > MAX_FILE_BYTES:
            return None, self.move_aside(name, f"it is too large ({size // 1024} KB)")
        try:
            raw = path.read_bytes()
            text = raw.decode("utf-8")
            return json.loads(text), None
        except UnicodeDecodeError:
            return None, self.move_aside(name, "it is not text")
        except json.JSONDecodeError:
            reason = "it is empty" if not raw.strip() else "it is not valid JSON (maybe cut short)"
            return None, self.move_aside(name, reason)
        except RecursionError:
            return None, self.move_aside(name, "it is nested too deeply")
        except OSError as error:
            return None, f"{name} could not be read ({error.strerror})."

    def move_aside(self, name: str, reason: str) -> str:
        """Rename a damaged file out of the way; return the message for the player."""
        target = self._rename_aside(name)
        if target is None:
            return f"{name} could not be used because {reason}, and it could not be moved aside."
        return f"{name} could not be used because {reason}. It was kept as {target.name}."

    def _rename_aside(self, name: str) -> Path | None:
        """Rename ``name`` to ``NAME.broken-YYYYmmdd-HHMMSS.json`` beside it (its bytes
        untouched); the new path, or ``None`` if it could not be renamed."""
        path = self.path(name)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = path.with_name(f"{path.stem}.broken-{stamp}{path.suffix}")
        counter = 1
        while target.exists():
            counter += 1
            target = path.with_name(f"{path.stem}.broken-{stamp}-{counter}{path.suffix}")
        try:
            os.replace(path, target)
        except OSError:
            return None
        return target

    # -- settings -------------------------------------------------------------
    def load_settings(self) -> tuple[Settings, str | None]:
        data, problem = self.read_json(self.SETTINGS)
        if data is None:
            return Settings(), problem
        try:
            return Settings.from_json(data), None
        except ValueError as error:
            return Settings(), self.move_aside(self.SETTINGS, str(error).removeprefix("the settings file "))

    def save_settings(self, settings: Settings) -> None:
        self.write_json(self.SETTINGS, settings.to_json())

    # -- other documents (a campaign, statistics) --------------------------------
    def load_document(self, name: str, parse: Callable[[Any], T],
                      fresh: Callable[[], T]) -> tuple[T, str | None]:
        """``parse`` the JSON file ``name`` (it raises ``ValueError`` with a reason if the
        data is damaged); a missing or damaged file gives ``fresh()``, the latter with
        the file moved aside and a message."""
        data, problem = self.read_json(name)
        if data is None:
            return fresh(), problem
        try:
            return parse(data), None
        except ValueError as error:
            return fresh(), self.move_aside(name, str(error))

    # -- statistics -------------------------------------------------------------
    def load_records(self) -> tuple[Records, str | None]:
        """Every finished game; a damaged file is moved aside (and the count restarts)."""
        from tabletop.records import Records  # only the statistics need it

        return self.load_document(Records.NAME, Records.from_json, Records)

    def record_game(self, match: Match) -> str | None:
        """Count a finished match in the statistics (once); a message if that failed."""
        from tabletop.records import Records, record_of

        record = record_of(match)
        if record is None:
            return None
        records, problem = self.load_records()
        if records.add(record):
            try:
                self.write_json(Records.NAME, records.to_json())
            except OSError as error:
                return f"The statistics could not be saved ({error.strerror})."
        return problem

    # -- the player's own files (their categories, answers voted in) ------------
    def user_options(self, listing: Listing, options: dict[str, OptionValue]
                     ) -> tuple[dict[str, OptionValue], list[str]]:
        """``options`` with the text of each of ``listing``'s user files filled in, and
        messages about files that were moved aside.  A file switched on but missing is
        started from the game's example; a problem in a file the player writes raises
        ``ValueError`` naming the file and line (nothing is changed)."""
        filled = dict(options)
        notices: list[str] = []
        for user in listing.user_files:
            filled[user.option] = ""
            if user.enabled_by is not None and not options.get(user.enabled_by):
                continue
            path = self.path(user.name)
            if not path.exists():
                if not user.starter:
                    continue
                self.write_text(user.name, user.starter)
            problem: str | None
            try:
                if path.stat().st_size > MAX_FILE_BYTES:
                    text, problem = "", "it is too large to be a list of categories"
                else:
                    text = path.read_text(encoding="utf-8")
                    problem = user.check(text)
            except UnicodeError:
                text, problem = "", "it is not a text file"
            except OSError as error:
                text, problem = "", f"it could not be read ({error.strerror})"
            if problem is None:
                filled[user.option] = text
            elif user.kept_by_app:
                reason = problem if problem.startswith("it ") else f"of a problem in it ({problem})"
                notices.append(self.move_aside(user.name, reason))
            else:
                raise ValueError(f"{problem} (in the folder {path.parent})")
        return filled, notices

    def update_text(self, name: str, update: Callable[[str], str]) -> str | None:
        """Rewrite the text file ``name`` as ``update`` makes it from what it holds now
        (empty when missing); a message if it could not be written."""
        try:
            old = self.path(name).read_text(encoding="utf-8") if self.path(name).exists() else ""
            self.write_text(name, update(old))
        except (OSError, UnicodeError, ValueError) as error:
            return f"{name} could not be updated ({error})."
        return None

    # -- games in progress (one per game) ------------------------------------
    def save_name(self, game_id: str) -> str:
        """The file that keeps ``game_id``'s game in progress (relative to the root)."""
        return f"{self.SAVES}/{game_id}.json"

    def table_name(self, game_id: str) -> str:
        """The file that keeps a hosted game's table: its join code and who sat where,
        with the tokens that let them take their seats back."""
        return f"{self.SAVES}/{game_id}.table"

    def keep_table(self, game_id: str, table: dict[str, Any]) -> None:
        name = self.table_name(game_id)
        self.write_json(name, table)
        self.path(name).chmod(0o600)  # its tokens let whoever reads them sit down

    def kept_table(self, game_id: str) -> dict[str, Any] | None:
        """The table kept for ``game_id``'s hosted game, if any (a damaged one is moved
        aside: the players then join again with a new code)."""
        data, _ = self.read_json(self.table_name(game_id))
        if isinstance(data, dict) and isinstance(data.get("code"), str) \
                and isinstance(data.get("places"), list):
            return data
        return None

    #: The seats this computer took at tables hosted elsewhere: the tokens to take them
    #: back (after a crash, say), by table address and join code.
    SEATS = "seats-taken.json"

    def seat_token(self, table: str) -> str:
        """The token of the seat taken at ``table`` ("address code"), if any."""
        data, _ = self.read_json(self.SEATS)
        token = data.get(table) if isinstance(data, dict) else None
        return token if isinstance(token, str) else ""

    def keep_seat_token(self, table: str, token: str) -> None:
        data, _ = self.read_json(self.SEATS)
        kept = {k: v for k, v in (data.items() if isinstance(data, dict) else ())
                if isinstance(v, str)}
        kept.pop(table, None)
        kept[table] = token
        self.write_json(self.SEATS, dict(list(kept.items())[-20:]))  # the newest twenty
        self.path(self.SEATS).chmod(0o600)

    def has_match(self, game_id: str) -> bool:
        return self.path(self.save_name(game_id)).exists()

    def save_match(self, match: Match) -> None:
        self.write_json(self.save_name(match.entry.id), match.to_json())

    def load_match(self, registry: Registry, game_id: str) -> tuple[Match | None, str | None]:
        """``game_id``'s game in progress; a damaged save is moved aside with a message."""
        return self._load(registry, self.save_name(game_id))

    def saved_matches(self, registry: Registry) -> tuple[list[Match], list[str]]:
        """Every game in progress, the most recently played first, and what went wrong
        with any save that could not be read (moved aside)."""
        problems = self._adopt_legacy(registry)
        found: list[tuple[float, Match]] = []
        folder = self.path(self.SAVES)
        for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
            if ".broken-" in path.name:
                continue  # moved aside: kept for the player, never read again
            name = f"{self.SAVES}/{path.name}"
            match, problem = self._load(registry, name)
            if problem:
                problems.append(problem)
            elif match is not None:
                try:
                    found.append((path.stat().st_mtime, match))
                except OSError:
                    continue
        found.sort(key=lambda item: -item[0])
        return [match for _, match in found], problems

    def delete_match(self, game_id: str) -> None:
        for name in (self.save_name(game_id), self.table_name(game_id)):
            try:
                self.path(name).unlink()
            except FileNotFoundError:
                pass

    def _load(self, registry: Registry, name: str) -> tuple[Match | None, str | None]:
        """A saved match, or ``(None, message)`` with the file moved aside (a missing
        file is ``(None, None)``).  A save that does not replay is explained in the
        game's words; the file keeps its bytes under its new name."""
        data, problem = self.read_json(name)
        if data is None:
            return None, problem and f"{UNRESTORED} {problem}"
        try:
            return Match.from_json(registry, data), None
        except SaveDoesNotReplay as error:
            target = self._rename_aside(name)
            if target is None:
                return None, f"{error} The file {name} could not be moved aside."
            return None, (f"{error} The file {name} was kept, unchanged, "
                          f"as {target.name}.")
        except SnapshotError as error:
            return None, f"{UNRESTORED} {self.move_aside(name, str(error))}"
        except (RecursionError, MemoryError):
            return None, f"{UNRESTORED} {self.move_aside(name, 'it is not a readable save')}"

    def _adopt_legacy(self, registry: Registry) -> list[str]:
        """Move the single save of earlier versions to its game's place (once)."""
        if not self.path(self.LEGACY_SAVE).exists():
            return []
        match, problem = self._load(registry, self.LEGACY_SAVE)
        if match is not None:
            if not self.has_match(match.entry.id):
                self.save_match(match)
            try:
                self.path(self.LEGACY_SAVE).unlink()
            except OSError:
                pass
        return [problem] if problem else []


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # not supported here (Windows): the rename is still atomic
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
