"""Anno on the shelf: its words, rules page, presenter, log and table (shell side)."""

from __future__ import annotations

from tabletop.games.anno.rules_text import RULES
from tabletop.play.catalogue import Listing
from tabletop.play.presenter import Deferred

__all__ = ["LISTING"]


def _load_table() -> type:
    from tabletop.games.anno.table.spec import AnnoTableSpec

    return AnnoTableSpec


def _load_tutorial() -> type:
    from tabletop.games.anno.table.tutorial import SortTheYearScene

    return SortTheYearScene


LISTING = Listing(
    id="anno",
    tagline="Match the year to its months, from your hand or the Community Eight.",
    summary=("Lay Month cards on your board and match them with their Quarter, Days, Season "
             "and Zodiac cards, from your hand or the Community Eight. Every card on your board "
             "scores 5, every card left in hand costs 5."),
    duration="30–45 minutes",
    rules_text=RULES,
    presenter=Deferred("tabletop.games.anno.presenter", "AnnoPresenter"),
    words="tabletop.games.anno.words",
    load_table=_load_table,
    tutorial=("Sort the year", _load_tutorial),
)
