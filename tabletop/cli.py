"""The ``tabletop`` command: open the window, or play bots-only games for measurement.

    tabletop                       open the card table
    tabletop autoplay GAME ...     a bots-only game through the real table scene
    tabletop simulate GAME ...     engine-only games between bot levels
    tabletop shortcut              put a Tabletop icon in the app menu and on the desktop
    tabletop bench [--quick]       speed, bots and robustness of every game, as JSON
    tabletop tournament ...        a round-robin of bot levels over every game, with CIs
    tabletop host GAME --seats ... host a table on the network, without a window
    tabletop join ADDRESS ...      play a seat of a hosted table with a bot
    tabletop tables                the tables hosted on the local network
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tabletop import __version__

__all__ = ["main", "main_gui"]

GAME_IDS_HELP = "anniversary, anno, anomia, enemy-anemone or annapurna"


class UsageError(Exception):
    """A command-line argument that parsed but makes no sense."""


#: The port a table is hosted on unless another is asked for.
DEFAULT_PORT = 47_470


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (0 to 65535)")
    return value


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least 1")
    return value


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 0 <= value < 2**63:
        raise argparse.ArgumentTypeError("the seed must be between 0 and 2**63 - 1")
    return value


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1920x1080") from None
    if not (320 <= width <= 7680 and 240 <= height <= 4320):
        raise argparse.ArgumentTypeError(f"{text!r} is outside 320x240 … 7680x4320")
    return width, height


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tabletop",
        description="Tabletop: a desktop card table. With no command, opens the window.",
    )
    parser.add_argument("--version", action="version", version=f"tabletop {__version__}")
    parser.add_argument("--windowed", action="store_true", help="start in a window")
    parser.add_argument("--fullscreen", action="store_true", help="start full screen")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    auto = commands.add_parser(
        "autoplay", help="play a bots-only game through the real table and report frame times")
    auto.add_argument("game", metavar="GAME", help=GAME_IDS_HELP)
    auto.add_argument("--players", type=_positive, required=True)
    auto.add_argument("--seed", type=_seed, default=1)
    auto.add_argument("--frames", type=_positive, default=None,
                      help="stop after this many frames (default: play to the end)")
    auto.add_argument("--size", type=_size, default=(1920, 1080), help="window size, e.g. 1920x1080")
    auto.add_argument("--screenshot", metavar="PNG", default=None,
                      help="save the last frame to this PNG file")
    auto.add_argument("--level", default="easy", help="bot level for every seat (default easy)")
    auto.add_argument("--hands", type=_positive, default=None, help="number of hands, if the game has hands")
    auto.add_argument("--rounds", type=_positive, default=None, help="number of rounds, if the game has rounds")
    auto.add_argument("--speed", choices=("instant", "fast", "normal", "slow"), default="fast",
                      help="animation speed (default fast)")
    auto.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                      help="a game option, e.g. level=trace for annapurna (repeatable)")
    auto.add_argument("--realtime", action="store_true",
                      help="pace frames at 60 per second instead of running flat out")
    auto.add_argument("--hints", action="store_true",
                      help="the first seat is a person who takes a hint every turn (H, Enter); "
                           "reports the frames while hints are worked out")
    auto.add_argument("--json", action="store_true", help="print one JSON object")

    tables = commands.add_parser("tables", help="list the tables hosted on the local network")
    tables.add_argument("--seconds", type=float, default=2.0, help="how long to listen (default 2)")
    tables.add_argument("--json", action="store_true", help="print one JSON object")

    commands.add_parser("shortcut", help="put a Tabletop icon in the app menu and on the desktop")

    bench = commands.add_parser("bench", help="measure speed, bots and robustness of every game")
    bench.add_argument("--quick", action="store_true", help="a short run (under two minutes)")
    bench.add_argument("--games", default=None, help="game ids, comma-separated (default: all)")
    bench.add_argument("--json", action="store_true", help="print one JSON object")

    tour = commands.add_parser(
        "tournament", help="a seeded round-robin of bot levels over every game, on all cores")
    tour.add_argument("--games", type=_positive, default=100,
                      help="games per pairing (default 100; heads-up deals are played from "
                           "both seats)")
    tour.add_argument("--only", default=None, help="game ids, comma-separated (default: all)")
    tour.add_argument("--levels", default=None,
                      help="bot levels to pit, comma-separated (default: each game's own)")
    tour.add_argument("--seed", type=_seed, default=1)
    tour.add_argument("--jobs", type=_positive, default=None, help="worker processes (default: cores)")
    tour.add_argument("--option", action="append", default=[], metavar="GAME:KEY=VALUE",
                      help="a game option, e.g. anno:rounds=1 or anniversary:chapter=5 "
                           "(repeatable)")
    tour.add_argument("--partners", default=None, metavar="LEVELS",
                      help="cooperative games: also seat each level beside each of these "
                           "partners and compare the levels on the same deals; 'all' is "
                           "every level and the measuring partners (erratic, scripted)")
    tour.add_argument("--players", type=_positive, default=None,
                      help="seats, in the games that allow that many (default: the fewest)")
    tour.add_argument("--record", type=Path, default=None, metavar="FILE",
                      help="append every finished game to FILE and skip the games already "
                           "in it (a stopped tournament resumes)")
    tour.add_argument("--json", action="store_true", help="print one JSON object")

    host = commands.add_parser("host", help="host a table on the network, without a window")
    host.add_argument("game", metavar="GAME", nargs="?", help=GAME_IDS_HELP)
    host.add_argument("--seats", default=None,
                      help="each seat, comma-separated: 'remote' (someone joins it) or a bot "
                           "level, e.g. remote,remote,normal")
    host.add_argument("--code", default=None, help="the join code (default: a new one)")
    host.add_argument("--port", type=_port, default=DEFAULT_PORT,
                      help=f"the port to listen on (default {DEFAULT_PORT}; 0: any free one)")
    host.add_argument("--address", default="0.0.0.0",
                      help="the address to listen on (default: every network of this computer)")
    host.add_argument("--seed", type=_seed, default=None, help="the deal (default: a new one)")
    host.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                      help="a game option, e.g. rounds=1 for anno (repeatable)")
    host.add_argument("--pause", type=float, default=1.0,
                      help="how long bots seem to think, as a factor (default 1; 0: at once)")
    host.add_argument("--save", type=Path, default=None, metavar="FILE",
                      help="keep the game in FILE after every move (and the table, its "
                           "code and seats, in FILE.table)")
    host.add_argument("--clock-rate", type=float, default=1.0, metavar="RATE",
                      help="run a real-time game's clock RATE times as fast (for tests and "
                           "measuring; default 1)")
    host.add_argument("--name", default="", help="what the table is called on the local "
                      "network's list (default: the game's title)")
    host.add_argument("--quiet", action="store_true",
                      help="do not announce the table on the local network")
    host.add_argument("--stand-in", default=None, metavar="LEVEL",
                      help="a bot of LEVEL plays for a player gone 20 s, until they come back "
                           "(default: their seat waits)")
    host.add_argument("--resume", type=Path, default=None, metavar="FILE",
                      help="open again the table kept with --save FILE, where its game stands")

    join = commands.add_parser("join", help="play a seat of a hosted table with a bot")
    join.add_argument("address", metavar="ADDRESS", help="the host, as HOST:PORT or ws://HOST:PORT")
    join.add_argument("--code", required=True, help="the table's join code")
    join.add_argument("--bot", required=True, metavar="LEVEL", help="the bot level that plays")
    join.add_argument("--name", default="", help="the name the table shows")
    join.add_argument("--seat", type=_positive, default=None, help="the seat to take (default: a free one)")
    join.add_argument("--seed", type=_seed, default=1, help="the bot's own randomness")
    join.add_argument("--rejoin", type=Path, default=None, metavar="FILE",
                      help="keep the seat's token in FILE; if FILE holds one, take that seat back")
    join.add_argument("--wait", type=float, default=60.0, metavar="SECONDS",
                      help="how long to keep trying to reach a table that went away (default 60)")
    join.add_argument("--json", action="store_true", help="print the result as one JSON object")

    sim = commands.add_parser("simulate", help="engine-only games between bot levels")
    sim.add_argument("game", metavar="GAME", help=GAME_IDS_HELP)
    sim.add_argument("--players", type=_positive, required=True)
    sim.add_argument("--games", type=_positive, required=True)
    sim.add_argument("--seats", required=True, help="bot level per seat, e.g. hard,normal")
    sim.add_argument("--seed", type=_seed, default=1)
    sim.add_argument("--hands", type=_positive, default=None, help="number of hands, if the game has hands")
    sim.add_argument("--rounds", type=_positive, default=None, help="number of rounds, if the game has rounds")
    sim.add_argument("--jobs", type=_positive, default=None, help="worker processes (default: cores)")
    sim.add_argument("--chapter", type=_positive, default=None,
                     help="the storybook chapter, if the game has chapters")
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                     help="a game option, e.g. level=trace for annapurna (repeatable)")
    sim.add_argument("--ceiling", action="store_true",
                     help="also play the same deals with every card visible (anniversary, "
                          "annapurna)")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def _entry(game_id: str) -> Any:
    from tabletop.engine.registry import UnknownGame
    from tabletop.games import ALL_GAME_IDS, REGISTRY

    try:
        return REGISTRY.get(game_id)
    except UnknownGame as error:
        if game_id in ALL_GAME_IDS:
            raise UsageError(f"{game_id} is not playable in this version of Tabletop yet "
                             f"(available: {', '.join(REGISTRY.ids())})") from None
        raise UsageError(str(error)) from None


def _options(entry: Any, hands: int | None, chapter: int | None = None,
             rounds: int | None = None, extra: Sequence[str] = ()) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for item in extra:
        key, sep, raw = item.partition("=")
        if not sep or not key:
            raise UsageError(f"--option wants KEY=VALUE, not {item!r}")
        if key not in entry.default_options():
            raise UsageError(f"{entry.title} has no option {key!r} "
                             f"(its options: {', '.join(entry.default_options()) or 'none'})")
        options[key] = _option_value(entry.default_options()[key], raw)
    for key, value in (("hands", hands), ("chapter", chapter), ("rounds", rounds)):
        if value is None:
            continue
        if key not in entry.default_options():
            raise UsageError(f"{entry.title} has no --{key} option")
        options[key] = value
    return options


def _option_value(default: Any, raw: str) -> Any:
    """``raw`` read as the kind of value the option takes (its default's)."""
    if isinstance(default, bool):
        if raw.lower() in ("true", "yes", "on", "1"):
            return True
        if raw.lower() in ("false", "no", "off", "0"):
            return False
        return raw  # refused by the option's own check, with its message
    if isinstance(default, int):
        return int(raw) if raw.lstrip("-").isdigit() else raw
    return raw


def _run_simulate(args: argparse.Namespace) -> int:
    from tabletop.lab.simulate import simulate

    entry = _entry(args.game)
    levels = [level.strip() for level in args.seats.split(",") if level.strip()]
    options = _options(entry, args.hands, args.chapter, args.rounds, args.option)
    if args.ceiling and entry.id not in ("anniversary", "annapurna"):
        raise UsageError(f"{entry.title} has no solver: --ceiling is for anniversary and "
                         "annapurna")
    try:
        entry.check_options(args.players, options)
        report = simulate(entry, args.players, args.games, levels, args.seed,
                          options, args.jobs, progress=_progress)
        if args.ceiling and entry.id == "anniversary":
            from tabletop.games.anniversary.ceiling import ceiling

            report.update(ceiling(entry, options, args.games, args.seed, args.jobs))
        elif args.ceiling:
            from tabletop.games.annapurna.ceiling import ceiling as seeing

            report.update(seeing(entry, args.players, options, args.games, args.seed,
                                 args.jobs))
    except ValueError as error:
        raise UsageError(str(error)) from None
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{entry.title}: {report['games']} games, {args.players} players, seed {args.seed}")
        if "success_rate" in report:
            print(f"  success rate {report['success_rate']:.1%}")
        if "ceiling" in report:
            undecided = (f" (undecided {report['undecided']:.1%})" if "undecided" in report
                         else " (every card visible)")
            print(f"  ceiling {report['ceiling']:.1%}{undecided}")
        for seat, level in enumerate(report["seats"]):
            ms = report["decision_ms"][seat]
            react = ""
            if "reaction_ms" in report:
                r = report["reaction_ms"][seat]
                react = f"  reaction p50 {r['p50'] / 1000:5.2f} s  p90 {r['p90'] / 1000:5.2f} s"
            print(f"  seat {seat + 1} {level:>7}: win share {report['win_share'][seat]:6.1%}  "
                  f"decision p50 {ms['p50']:8.2f} ms  p95 {ms['p95']:8.2f} ms{react}")
    return 0


def _progress(done: int, total: int) -> None:
    """A progress line on stderr every tenth of the way (stdout stays clean JSON)."""
    if done == total or done % max(1, total // 10) == 0:
        print(f"played {done}/{total} games", file=sys.stderr, flush=True)


def _run_tournament(args: argparse.Namespace) -> int:
    from tabletop.games import REGISTRY
    from tabletop.lab.tournament import format_table, tournament

    ids = [g.strip() for g in args.only.split(",") if g.strip()] if args.only else REGISTRY.ids()
    entries = [_entry(game_id) for game_id in ids]
    levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()] if args.levels else None
    for level in levels or ():
        if not any(level in entry.bot_levels for entry in entries):
            raise UsageError(f"no chosen game has a bot level {level!r}")
    partners: list[str] | None = None
    if args.partners == "all":
        partners = list(dict.fromkeys(lv for e in entries if e.cooperative
                                      for lv in e.bot_levels + e.partner_levels))
    elif args.partners:
        partners = [lv.strip() for lv in args.partners.split(",") if lv.strip()]
        for level in partners:
            if not any(e.cooperative and level in e.bot_levels + e.partner_levels
                       for e in entries):
                raise UsageError(f"no chosen cooperative game has a partner {level!r}")
    if args.players is not None and not any(
            e.min_players <= args.players <= e.max_players for e in entries):
        raise UsageError(f"no chosen game is for {args.players} players")
    options: dict[str, dict[str, Any]] = {}
    for item in args.option:
        game_id, sep, rest = item.partition(":")
        if not sep:
            raise UsageError(f"--option wants GAME:KEY=VALUE, not {item!r}")
        entry = _entry(game_id)
        if entry not in entries:
            raise UsageError(f"--option names {game_id}, which is not in this tournament")
        options.setdefault(entry.id, {}).update(_options(entry, None, extra=[rest]))
    try:
        report = tournament(entries, args.games, args.seed, levels, options, args.jobs,
                            progress=_progress, record=args.record, partners=partners,
                            players=args.players)
    except ValueError as error:
        raise UsageError(str(error)) from None
    except OSError as error:
        raise UsageError(f"cannot keep the record {args.record}: "
                         f"{error.strerror or error}") from None
    if args.json:
        print(json.dumps(report))
    else:
        print("\n".join(format_table(report, {e.id: e.title for e in entries})))
    return 0


def _run_autoplay(args: argparse.Namespace) -> int:
    from tabletop.games import CATALOGUE

    entry = _entry(args.game)
    if entry.id not in CATALOGUE or CATALOGUE.get(entry.id).load_table is None:
        raise UsageError(f"{entry.title} has no table in this version of Tabletop; "
                         f"its rules can be played with `tabletop simulate {entry.id}`")
    try:
        options = entry.check_options(args.players, _options(entry, args.hands, rounds=args.rounds,
                                                             extra=args.option))
    except ValueError as error:
        raise UsageError(str(error)) from None
    if args.level not in entry.bot_levels:
        raise UsageError(f"{entry.title} has no bot level {args.level!r} "
                         f"(choose from {', '.join(entry.bot_levels)})")
    from tabletop.engine.protocol import TurnStyle

    if args.hints and entry.info.turns is TurnStyle.REAL_TIME:
        raise UsageError(f"--hints plays a turn-based game; {entry.title} is played in real time")
    from tabletop.lab.autoplay import autoplay

    report = autoplay(entry, args.players, args.seed, options=options, level=args.level,
                      frames=args.frames, size=args.size, screenshot=args.screenshot,
                      speed=args.speed, realtime=args.realtime, hints=args.hints)
    if args.json:
        print(json.dumps(report))
    else:
        ms = report["frame_ms"]
        print(f"{report['frames']} frames: p50 {ms['p50']:.2f} ms, p99 {ms['p99']:.2f} ms, "
              f"max {ms['max']:.2f} ms; over: {report['over']}; scores: {report['scores']}"
              + (f"; bot failures: {report['bot_failures']}" if report["bot_failures"] else ""))
    return 0


def _run_bench(args: argparse.Namespace) -> int:
    from tabletop.lab.bench import run_bench
    from tabletop.games import REGISTRY

    ids = [g.strip() for g in args.games.split(",") if g.strip()] if args.games else REGISTRY.ids()
    entries = [_entry(game_id) for game_id in ids]
    report = run_bench(entries, args.quick,
                       progress=lambda message: print(f"bench: {message}", file=sys.stderr))
    if args.json:
        print(json.dumps(report))
    else:
        print(json.dumps(report, indent=2))
    return 0


def _run_host(args: argparse.Namespace) -> int:
    import asyncio
    import secrets
    import threading

    from tabletop.engine.match import Match, Seat, SeatKind
    from tabletop.net.host import Host, lan_address
    from tabletop.play.worker import ProcessBotWorker
    from tabletop.storage import Storage

    table: dict[str, Any] | None = None
    if args.resume is not None:
        if args.game is not None or args.seats is not None:
            raise UsageError("--resume opens a kept table: give no GAME or --seats with it")
        match, table = _kept_table(args.resume)
        entry = match.entry
        save_to: Path | None = args.save or args.resume
    else:
        if args.game is None or args.seats is None:
            raise UsageError("name the GAME and its --seats (or --resume a kept table)")
        entry = _entry(args.game)
        wanted = [s.strip() for s in args.seats.split(",") if s.strip()]
        seats = []
        for number, kind in enumerate(wanted, 1):
            if kind == "remote":
                seats.append(Seat(f"Player {number}", SeatKind.REMOTE))
            elif kind in entry.bot_levels:
                seats.append(Seat(f"{kind.capitalize()} bot {number}", SeatKind.BOT, kind))
            else:
                raise UsageError(f"a seat is 'remote' or one of {entry.title}'s bot levels "
                                 f"({', '.join(entry.bot_levels)}), not {kind!r}")
        if not any(seat.is_remote for seat in seats):
            raise UsageError("a hosted table needs at least one 'remote' seat")
        seed = args.seed if args.seed is not None else secrets.randbits(48)
        try:
            options = _options(entry, None, extra=args.option)
            match = Match(entry, seats, seed, options)
        except ValueError as error:
            raise UsageError(str(error)) from None
        save_to = args.save
    if args.code is not None and not args.code.strip():
        raise UsageError("the join code may not be empty")
    save = keep = None
    if save_to is not None:
        folder = Storage(save_to.parent)
        game_file, table_file = save_to.name, save_to.name + ".table"

        def save(text: str) -> None:
            folder.write_text(game_file, text)

        def keep(kept: dict[str, Any]) -> None:
            folder.write_json(table_file, kept)
            folder.path(table_file).chmod(0o600)  # the tokens let whoever reads them sit down
    worker = ProcessBotWorker()
    worker.start()
    code = args.code.strip().upper() if args.code else None
    if not 0 < args.clock_rate <= 1000:
        raise UsageError("--clock-rate is a number above 0 and at most 1000")
    if args.stand_in is not None and args.stand_in not in entry.bot_levels:
        raise UsageError(f"--stand-in is one of {entry.title}'s bot levels "
                         f"({', '.join(entry.bot_levels)})")
    from tabletop.games import CATALOGUE

    host = Host(match, worker, code=code, speed=max(0.0, args.pause), save=save, keep=keep,
                table=table, clock_rate=args.clock_rate, listing=CATALOGUE.get(entry.id),
                stand_in=args.stand_in)
    if keep is not None:
        keep(host.table())
    if save is not None:
        save(match.dumps())

    adverts: list[Any] = []

    def ready(h: Host) -> None:
        print(f"Hosting {entry.title} at ws://{lan_address()}:{h.port} with join code "
              f"{h.code}", flush=True)
        print(json.dumps({"port": h.port, "code": h.code}), flush=True)
        if not args.quiet:
            threading.Thread(target=announce, args=(h.port, h.free_seats()), daemon=True).start()

    def announce(port: int, free: int) -> None:
        from tabletop.net.lan import Advert

        try:
            adverts.append(Advert(args.name or entry.title, lan_address(), port, entry.id, free))
        except OSError as error:  # no multicast here: players type the address
            print(f"tabletop: the table is not on the local network's list ({error})",
                  file=sys.stderr)

    def seated(free: int) -> None:
        if adverts:
            threading.Thread(target=adverts[0].seats_free, args=(free,), daemon=True).start()

    host.seated = seated
    try:
        asyncio.run(host.run(args.address, args.port, ready=ready))
    except OSError as error:
        raise UsageError(f"cannot listen on port {args.port}: {error.strerror or error}") from None
    except KeyboardInterrupt:
        again = f"; `tabletop host --resume {save_to}` opens it again" if save_to else ""
        print(f"The table is closed{again}.", flush=True)
        return 130
    finally:
        worker.close()
        for advert in adverts:
            advert.close()
    print(f"The game is over: {', '.join(f'{x:g}' for x in match.state.outcome())}", flush=True)
    return 0


def _kept_table(path: Path) -> tuple[Any, dict[str, Any]]:
    """The match and the table kept by ``tabletop host --save PATH``."""
    from tabletop.engine.match import Match
    from tabletop.engine.protocol import SnapshotError
    from tabletop.games import REGISTRY

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        table = json.loads(path.with_name(path.name + ".table").read_text(encoding="utf-8"))
        match = Match.from_json(REGISTRY, data)
    except OSError as error:
        raise UsageError(f"cannot read the kept table {path}: {error.strerror or error}") from None
    except (ValueError, SnapshotError) as error:
        raise UsageError(f"{path} is not a table that can be opened again: {error}") from None
    if not (isinstance(table, dict) and isinstance(table.get("code"), str)
            and isinstance(table.get("places"), list)):
        raise UsageError(f"{path}.table does not say which code and seats the table had")
    return match, table


def _run_tables(args: argparse.Namespace) -> int:
    from tabletop.net.lan import browse

    found = browse(max(0.2, args.seconds))
    if args.json:
        print(json.dumps({"tables": [{"name": t.name, "game": t.game, "address": t.uri,
                                      "free": t.free, "version": t.version} for t in found]}))
        return 0
    if not found:
        print("No table is hosted on this network (or the network lets no announcement "
              "through: ask the host for the address).")
    for table in found:
        print(f"{table.name}: {table.game}, {table.free} seat{'s' if table.free != 1 else ''} "
              f"free, {table.address}:{table.port}")
    return 0


def _run_join(args: argparse.Namespace) -> int:
    import asyncio

    from tabletop.games import REGISTRY
    from tabletop.net.client import JoinRefused, play_with_bot

    address = args.address if "://" in args.address else f"ws://{args.address}"
    if ":" not in address.split("://", 1)[1]:
        address += f":{DEFAULT_PORT}"
    token = None
    if args.rejoin is not None and args.rejoin.exists():
        token = args.rejoin.read_text(encoding="utf-8").strip() or None

    def kept(seat: Any) -> None:
        if args.rejoin is not None:
            args.rejoin.write_text(seat.token, encoding="utf-8")
            args.rejoin.chmod(0o600)

    try:
        me = asyncio.run(play_with_bot(address, args.code, args.bot, REGISTRY, name=args.name,
                                       seat=None if args.seat is None else args.seat - 1,
                                       seed=args.seed, token=token, on_join=kept,
                                       wait=max(0.0, args.wait)))
    except JoinRefused as refused:
        print(f"tabletop: the table said no: {refused}", file=sys.stderr)
        return 1
    except (OSError, TimeoutError) as error:
        print(f"tabletop: cannot reach {address}: {error}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({"seat": me.seat, "over": me.over, "outcome": me.outcome,
                          "moves": me.seq}))
    else:
        print(f"Seat {me.seat + 1}: {'the game is over' if me.over else 'the table closed'}; "
              f"outcome {me.outcome}")
    return 0 if me.over else 1


def _run_shortcut() -> int:
    from tabletop.shortcut import install_shortcuts

    try:
        written = install_shortcuts()
    except (OSError, subprocess.SubprocessError) as error:
        print(f"tabletop: could not create the shortcut: {error}", file=sys.stderr)
        return 1
    for path in written:
        print(f"created {path}")
    print("Double-click Tabletop to play.")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "simulate":
            return _run_simulate(args)
        if args.command == "autoplay":
            return _run_autoplay(args)
        if args.command == "shortcut":
            return _run_shortcut()
        if args.command == "bench":
            return _run_bench(args)
        if args.command == "tournament":
            return _run_tournament(args)
        if args.command == "host":
            return _run_host(args)
        if args.command == "join":
            return _run_join(args)
        if args.command == "tables":
            return _run_tables(args)
        if args.windowed and args.fullscreen:
            raise UsageError("choose either --windowed or --fullscreen")
    except UsageError as error:
        sub = _subparser(parser, args.command)
        (sub or parser).print_usage(sys.stderr)
        print(f"tabletop: error: {error}", file=sys.stderr)
        return 2
    from tabletop.games import CATALOGUE, REGISTRY
    from tabletop.ui.app import NoDisplay, run

    fullscreen = True if args.fullscreen else False if args.windowed else None
    try:
        return run(CATALOGUE.playable(REGISTRY), CATALOGUE, fullscreen=fullscreen)
    except NoDisplay as error:
        print(f"tabletop: {error}", file=sys.stderr)
        return 3


def _subparser(parser: argparse.ArgumentParser, name: str | None) -> argparse.ArgumentParser | None:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and name in action.choices:
            chosen: argparse.ArgumentParser = action.choices[name]
            return chosen
    return None


def main_gui() -> int:
    """Entry point for launchers without a console (double-click)."""
    return main([])


if __name__ == "__main__":
    sys.exit(main())
