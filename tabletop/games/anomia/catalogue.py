"""Anomia on the shelf: its words, rules page, presenter, log, the player's own files and
the table (shell side)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from tabletop.games.anomia.info import LEARNED, MY_CATEGORIES
from tabletop.games.anomia.rules_text import RULES
from tabletop.play.catalogue import Listing, UserFile
from tabletop.play.presenter import Deferred

__all__ = ["LISTING", "STARTER"]

#: Written when a player first switches their own categories on.
STARTER: Final = """# Your own Anomia categories. Each starts with a line "== Name"; the lines under it
# are answers the table accepts at once (write "tomato | tomatoes" for two spellings).
# With no answers listed, an answer is put to the other humans' vote.
# "level: easy", "level: medium" or "level: hard" tells bots how hard it is.
# Lines starting with # are notes. Switch "Own categories" on in the setup to play them.

== Kitchen sound
level: easy
clatter
sizzle
whistle | whistling kettle
hum | humming fridge
ding | timer ding
"""


def _check_lexicon(source: str, need: bool) -> Callable[[str], str | None]:
    def check(text: str) -> str | None:
        from tabletop.games.anomia.lexicon import LexiconError, parse_lexicon

        try:
            found = parse_lexicon(text, source, empty_ok=True)
        except LexiconError as problem:
            return str(problem)
        if need and not found:
            return f"{source} has no categories yet: start one with a line like \"== Bird\"."
        return None
    return check


def _load_table() -> type:
    from tabletop.games.anomia.table.spec import AnomiaTableSpec

    return AnomiaTableSpec


LISTING = Listing(
    id="anomia",
    tagline="Spot the matching symbols, then race to name an example first.",
    summary=("Turn up cards in turn. When two players' symbols match, they face off: the "
             "first to name an example of the category on the other's card wins it. "
             "The most cards won wins the round."),
    duration="15–25 minutes",
    rules_text=RULES,
    user_files=(
        UserFile("custom", MY_CATEGORIES, _check_lexicon("my-categories.txt", True),
                 enabled_by="own", starter=STARTER),
        UserFile("learned", LEARNED, _check_lexicon("learned-answers.txt", False),
                 kept_by_app=True),
    ),
    presenter=Deferred("tabletop.games.anomia.presenter", "AnomiaPresenter"),
    words="tabletop.games.anomia.words",
    load_table=_load_table,
)
