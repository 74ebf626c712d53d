"""Anomia: symbol matches and real-time face-offs naming examples of categories
(3–6 players; with 2 or 3, each defends two play piles).

The entry below is all the shell needs to list the game; the rules, lexicon, bots
and table load when a game is made (keeping the program's start quick).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from tabletop.engine.protocol import Bot, Game, GameInfo, Secrets, TurnStyle
from tabletop.engine.registry import GameEntry, OptionSpec, OptionValue
from tabletop.games.anomia.presenter import AnomiaPresenter
from tabletop.games.anomia.rules_text import RULES

__all__ = ["BOT_LEVELS", "ENTRY", "INFO"]

BOT_LEVELS: Final = ("easy", "normal", "hard")
#: Everything lies open on the table; face-offs are races.
INFO: Final = GameInfo(TurnStyle.REAL_TIME, cooperative=False, secrets=Secrets.NONE)


CUSTOM_EXAMPLE: Final = "== Kitchen sound\nlevel: easy\nclatter\nsizzle\nwhistle\n"


def _seats(value: object) -> bool:
    return isinstance(value, str) and all(p.strip().isdigit() for p in value.split(",") if p)


def _text(value: object) -> bool:
    return isinstance(value, str)


def _make_game(players: int, options: Mapping[str, OptionValue]) -> Game:
    from tabletop.games.anomia.rules import AnomiaGame

    return AnomiaGame(players, deck=str(options.get("deck", "1")),
                      no_repeat=bool(options.get("no_repeat", False)),
                      younger=str(options.get("younger", "")),
                      young_category=str(options.get("young_category", "Animal")),
                      humans=str(options.get("humans", "")),
                      custom=str(options.get("custom", "")))


def _make_bot(level: str) -> Bot:
    from tabletop.games.anomia.bot import make_bot

    return make_bot(level)


def _load_table() -> type:
    from tabletop.games.anomia.table.spec import AnomiaTableSpec

    return AnomiaTableSpec


def _seat_options(bots: Sequence[bool]) -> dict[str, OptionValue]:
    """Which seats are humans: they vote on answers the lexicon does not know, and a
    table of only humans plays with buzzers."""
    return {"humans": ",".join(str(s) for s, bot in enumerate(bots) if not bot)}


ENTRY = GameEntry(
    id="anomia",
    title="Anomia",
    tagline="Spot the matching symbols, then race to name an example first.",
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
        # Open-ended (set by the shell); the choices listed are examples the fuzzer tries.
        OptionSpec("younger", "Younger players", ("", "1"), "", hidden=True, accepts=_seats),
        OptionSpec("young_category", "Younger players' category", ("Animal", "Fruit"),
                   "Animal", hidden=True, accepts=_text),
        OptionSpec("humans", "Human seats", ("", "0", "0,1"), "", hidden=True, accepts=_seats),
        OptionSpec("custom", "Your own categories", ("", CUSTOM_EXAMPLE), "", hidden=True,
                   accepts=_text),
    ),
    info=INFO,
    presenter=AnomiaPresenter(),
    seat_options=_seat_options,
    load_table=_load_table,
    rules_text=RULES,
    summary=("Turn up cards in turn. When two players' symbols match, they face off: the "
             "first to name an example of the category on the other's card wins it. "
             "The most cards won wins the round."),
    duration="15–25 minutes",
)
