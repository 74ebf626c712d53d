"""Pigpile on the shelf (step 5, shell side): words, the log's lines, the table (late)."""

from importlib import import_module

from tabletop.engine.protocol import Event
from tabletop.play.catalogue import Listing
from tabletop.play.words import Teller, describe_shared
from tests.sixth.pigpile import Played, Took, value


def describe(event: Event, tell: Teller) -> str | None:
    match event:
        case Played(seat=seat, card=card):
            return f"{tell.act(seat, 'plays', 'play')} {value(card)}."
        case Took(seat=seat, cards=cards):
            return f"{tell.act(seat, 'takes', 'take')} the pile of {len(cards)}."
    return describe_shared(event, tell)


LISTING = Listing(
    "pigpile", tagline="Play higher, or take the pile.", words=__name__,
    load_table=lambda: import_module("tests.sixth.table").PigpileTableSpec,
    rules_text="# Pigpile\nPlay higher than the pile, or take it.",
    summary="Play a higher card on the pile, or take the pile: the fewest taken wins.")
