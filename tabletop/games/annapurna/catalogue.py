"""Annapurna on the shelf: its words, rules page, presenter, log and table (shell side)."""

from __future__ import annotations

from tabletop.games.annapurna.rules_text import RULES
from tabletop.play.catalogue import Listing
from tabletop.play.presenter import Deferred

__all__ = ["LISTING"]


def _load_table() -> type:
    from tabletop.games.annapurna.table.spec import AnnapurnaTableSpec

    return AnnapurnaTableSpec


LISTING = Listing(
    id="annapurna",
    tagline="Climb your mountainsides together, keeping yin and yang in balance.",
    summary=("Each climber turns up the cards of their own mountainside on the way to its "
             "peak. Yin cancels yang: help each other so that every mountainside ends "
             "balanced."),
    duration="20–40 minutes",
    rules_text=RULES,
    stats_by=("level", "Level"),
    level_notes=(
        ("random", "takes any step it may, at random: for trying the table out, not for "
                   "winning."),
        ("easy", "weighs its steps as Normal does but on four mountains, and takes a third "
                 "of its steps at random."),
        ("normal", "weighs each step on eight mountains dealt from what it knows, and "
                   "scores how high the team stands and whether each climber can still end "
                   "balanced."),
        ("hard", "the same on sixteen mountains, and it looks further: on each it lets the "
                 "next climber take their turn first, the way it has seen them climb "
                 "(weighing their steps, only exploring upward, or anything at all), "
                 "then weighs its own next step too."),
    ),
    presenter=Deferred("tabletop.games.annapurna.presenter", "AnnapurnaPresenter"),
    words="tabletop.games.annapurna.words",
    load_table=_load_table,
)
