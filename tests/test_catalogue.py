"""The catalogue: the shell's listing of every game beside the engine's entry, which
games the shelf shows, and that listing a game loads neither pygame nor its rules."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tabletop.engine.registry import GameEntry, Registry, UnknownGame
from tabletop.games import CATALOGUE, REGISTRY
from tabletop.play.catalogue import Catalogue, Listing
from tabletop.play.presenter import Deferred, Presenter

#: A game's modules that hold or need its rules (its listing and presenter load none).
RULES_SIDE = ("rules", "game", "events", "actions", "observation", "sampling", "audit", "bot",
              "coach", "words", "lexicon", "table")


def _entry(game_id: str) -> GameEntry:
    return GameEntry(id=game_id, title=game_id.title(), min_players=2, max_players=4,
                     default_players=2, make_game=lambda n, o: None,  # type: ignore[arg-type,return-value]
                     make_bot=lambda level: None,  # type: ignore[arg-type,return-value]
                     bot_levels=("easy",), default_bot_level="easy")


def test_every_registered_game_has_a_listing_and_every_listing_a_game():
    assert CATALOGUE.ids() == REGISTRY.ids()
    for listing in CATALOGUE:
        entry = REGISTRY.get(listing.id)
        assert listing.tagline and listing.summary and listing.rules_text, entry.id
        assert isinstance(listing.presenter, Deferred), entry.id
        assert listing.words == f"{entry.make_game.__module__}.words", entry.id


def test_the_shelf_shows_the_games_with_a_table_in_the_catalogues_order():
    plain, tabled, other = _entry("plain"), _entry("tabled"), _entry("other")
    catalogue = Catalogue([Listing("tabled", load_table=lambda: object), Listing("plain"),
                           Listing("other", load_table=lambda: object)])
    assert catalogue.playable(Registry([other, plain, tabled])).ids() == ["tabled", "other"]
    assert catalogue.playable(Registry([plain])).ids() == []
    assert CATALOGUE.playable(REGISTRY).ids() == REGISTRY.ids()
    with pytest.raises(UnknownGame):
        catalogue.get("missing")
    with pytest.raises(ValueError):
        Catalogue([Listing("plain"), Listing("plain")])
    assert catalogue.adding(Listing("late")).ids() == ["tabled", "plain", "other", "late"]


def test_a_listing_without_words_tells_the_engines_shared_events():
    from tabletop.engine.events import Dealt, GameOver, Zone, ZoneKind
    from tabletop.play.words import Teller

    bare = Listing("bare")
    tell = Teller(("Ada", "Bo"), viewer=0, you=0)
    assert bare.describe(GameOver((0.0, 1.0)), tell) == "Bo wins the game!"
    assert bare.describe(Dealt(0, (1, 2), Zone(ZoneKind.DECK)), tell) is None
    assert isinstance(bare.presenter, Presenter) and bare.presenter.explain(None, None) == ""  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", REGISTRY.ids())
def test_a_listing_and_its_presenter_load_no_pygame_and_no_rules(game_id):
    package = REGISTRY.get(game_id).make_game.__module__
    code = (
        "import sys\n"
        f"from {package}.catalogue import LISTING\n"
        "presenter = LISTING.presenter.real\n"
        "assert type(presenter).__module__ == "
        f"{package + '.presenter'!r}, type(presenter)\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('tabletop.ui') or any(\n"
        f"    m == '{package}.' + part or m.startswith('{package}.' + part + '.')\n"
        f"    for part in {RULES_SIDE!r}))\n"
        "assert not loaded, loaded\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr


def test_a_cooperative_game_says_what_each_partner_level_is():
    """The setup and the rules page describe each level of a cooperative game's partner;
    a note is only for a level the game has."""
    for entry in REGISTRY:
        listing = CATALOGUE.get(entry.id)
        assert {level for level, _ in listing.level_notes} <= set(entry.bot_levels), entry.id
        if entry.cooperative:
            assert all(listing.level_note(level) for level in entry.bot_levels), entry.id
