"""Anomia: symbol matches and real-time face-offs naming examples of categories
(3–6 players; with 2 or 3, each defends two play piles).

The entry below is what the engine needs (its listing on the shelf, with the
player's own files, is in :mod:`.catalogue`); the rules, lexicon and bots load when
a game is made (keeping the program's start quick).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from tabletop.engine.protocol import Bot, Game
from tabletop.engine.registry import GameEntry, OptionSpec, OptionValue
from tabletop.games.anomia.info import BOT_LEVELS, INFO

__all__ = ["BOT_LEVELS", "ENTRY", "INFO"]


CUSTOM_EXAMPLE: Final = "== Kitchen sound\nlevel: easy\nclatter\nsizzle\nwhistle\n"
YOUNG_CATEGORIES: Final = ("Animal", "Fruit", "Colour", "Toy", "Sport", "Job", "Vegetable",
                           "Body part")


def _seats(value: object) -> bool:
    return isinstance(value, str) and all(p.strip().isdigit() for p in value.split(",") if p)


def _text(value: object) -> bool:
    return isinstance(value, str)


def _make_game(players: int, options: Mapping[str, OptionValue]) -> Game[Any]:
    from tabletop.games.anomia.game import AnomiaGame

    return AnomiaGame(players, deck=str(options.get("deck", "1")),
                      no_repeat=bool(options.get("no_repeat", False)),
                      younger=str(options.get("younger", "")),
                      young_category=str(options.get("young_category", "Animal")),
                      humans=str(options.get("humans", "")),
                      remote=str(options.get("remote", "")),
                      custom=str(options.get("custom", "")),
                      learned=str(options.get("learned", "")),
                      pace=str(options.get("pace", "level")))


def _make_bot(level: str) -> Bot:
    from tabletop.games.anomia.bot import make_bot

    return make_bot(level)


def _seat_options(kinds: Sequence[str]) -> dict[str, OptionValue]:
    """Which seats are people: they vote on answers the lexicon does not know, and a
    table of only people at one screen plays with buzzers (people at other computers
    type their answers)."""
    remote = ",".join(str(s) for s, kind in enumerate(kinds) if kind == "remote")
    return {"humans": ",".join(str(s) for s, kind in enumerate(kinds) if kind != "bot"),
            **({"remote": remote} if remote else {})}


ENTRY = GameEntry(
    id="anomia",
    title="Anomia",
    min_players=2,
    max_players=6,
    default_players=4,
    make_game=_make_game,
    make_bot=_make_bot,
    bot_levels=BOT_LEVELS,
    default_bot_level="normal",
    options=(
        OptionSpec("deck", "Deck", ("1", "2", "both"), "1",
                   "Each deck has its own 80 categories; both together make a long round.",
                   labels=("First deck", "Second deck", "Both decks")),
        OptionSpec("no_repeat", "Repeats", (False, True), False,
                   "With no repeats, an answer that has been said cannot win again this round.",
                   labels=("Allowed", "Not allowed")),
        OptionSpec("own", "Own categories", (False, True), False,
                   "Adds the categories you write in {data}/anomia/my-categories.txt.",
                   labels=("Not used", "Added")),
        OptionSpec("younger", "Younger", ("", "1"), "", accepts=_seats, per_seat=True,
                   help="A younger player always names an example of one category."),
        OptionSpec("young_category", "Younger ones name", YOUNG_CATEGORIES, "Animal",
                   "The category a younger player names in every face-off.",
                   accepts=_text),
        OptionSpec("pace", "Bots' pace", ("level", "yours"), "level",
                   "Match my pace: bots answer about as quickly as you have so far.",
                   labels=("Their level", "Match my pace")),
        # Open-ended (set by the shell); the choices listed are examples the fuzzer tries.
        OptionSpec("humans", "Human seats", ("", "0", "0,1"), "", hidden=True, accepts=_seats),
        OptionSpec("remote", "Seats at other computers", ("", "1"), "", hidden=True,
                   accepts=_seats, newer=True),
        OptionSpec("custom", "Your own categories", ("", CUSTOM_EXAMPLE), "", hidden=True,
                   accepts=_text),
        OptionSpec("learned", "Answers voted in", ("", "== Animal\nokapi\n"), "", hidden=True,
                   accepts=_text),
    ),
    info=INFO,
    seat_options=_seat_options,
)
