"""Anniversary on the shelf: its words, rules page, presenter, log, storybook and table
(shell side)."""

from __future__ import annotations

from tabletop.games.anniversary.rules_text import RULES
from tabletop.play.catalogue import Listing
from tabletop.play.presenter import Deferred

__all__ = ["LISTING"]


def _load_table() -> type:
    from tabletop.games.anniversary.table.spec import AnniversaryTableSpec

    return AnniversaryTableSpec


def _load_storybook() -> type:
    from tabletop.games.anniversary.table.storybook import StorybookScene

    return StorybookScene


LISTING = Listing(
    id="anniversary",
    tagline="Two partners, one storybook, and not a word between you.",
    summary=("A cooperative campaign for two. Take on Sweet Gestures — foot the first Date, "
             "never foot a skull — then play silent four-card Dates to perform them all. "
             "Twelve chapters, each sweeter than the last."),
    duration="10–15 minutes a chapter",
    rules_text=RULES,
    bot_names=("Robin", "Sam"),
    stats_by=("chapter", "Chapter"),
    level_notes=(
        ("random", "plays any card it may, at random: for trying the table out, not for "
                   "winning."),
        ("easy", "plays a quick rule of thumb and slips now and then: it foots the Dates its "
                 "own gestures want and leaves you the ones yours want."),
        ("normal", "imagines a few hundred ways the rest of the chapter could go, expecting "
                   "you to play that rule of thumb, and plays the card that wins most of "
                   "them."),
        ("hard", "imagines three thousand ways the chapter could go, with you playing "
                 "the way your cards so far this chapter suggest; in the draft and from "
                 "the third Date it checks its card against every way the cards could "
                 "lie."),
    ),
    presenter=Deferred("tabletop.games.anniversary.presenter", "AnniversaryPresenter"),
    words="tabletop.games.anniversary.words",
    load_table=_load_table,
    load_prelude=_load_storybook,
)
