"""Enemy Anemone on the shelf: its words, rules page, presenter, log and table (shell
side)."""

from __future__ import annotations

from tabletop.games.enemy_anemone.rules_text import RULES
from tabletop.play.catalogue import Listing
from tabletop.play.presenter import Deferred

__all__ = ["LISTING"]


def _load_table() -> type:
    from tabletop.games.enemy_anemone.table.spec import EnemyAnemoneTableSpec

    return EnemyAnemoneTableSpec


LISTING = Listing(
    id="enemy-anemone",
    tagline="Trick-taking where you must never follow suit.",
    summary=("Every card you add to a trick must be a creature that is not there yet. "
             "The highest card takes the trick; the lowest earns an anemone that lifts a later "
             "card. Four hands, and the most points wins."),
    duration="20–30 minutes",
    rules_text=RULES,
    presenter=Deferred("tabletop.games.enemy_anemone.presenter", "EnemyAnemonePresenter"),
    words="tabletop.games.enemy_anemone.words",
    load_table=_load_table,
)
