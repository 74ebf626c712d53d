"""Enemy Anemone's own animations: a discard leaving its marker in the trick, the
trick taken, the verdict's glows, an anemone flying to its new owner, the hand's
summary and the news of a new hand.

Each is a step for the kit's event player (called when the event's turn comes, it
returns the tweens it started) and reads only the picture as the steps so far left it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tabletop.engine.events import HandEnded, HandStarted, TrickWon
from tabletop.games.enemy_anemone.events import CardDiscarded, TrickDecided
from tabletop.games.enemy_anemone.table.pictures import glow_image, summary_image
from tabletop.ui import theme
from tabletop.ui.compositor import Sprite
from tabletop.ui.motion import move_center, pop_in
from tabletop.ui.table.picture import Layers
from tabletop.ui.table.zones import Piece, Row
from tabletop.ui.tween import Tween, ease_out_back

if TYPE_CHECKING:
    from tabletop.ui.table.scene import Table

__all__ = ["discarded", "fly_token", "news", "summary", "taken", "verdict"]


def trick_row(table: Table) -> Row:
    trick = table.picture.zones["trick"]
    assert isinstance(trick, Row)
    return trick


def discarded(table: Table, event: CardDiscarded) -> list[Tween]:
    """The card goes face down onto its player's pile; their turn in the trick shows a
    marker saying so."""
    turn = len(trick_row(table).pieces)
    marker = Piece(("discard", turn), ("discarded", table.name(event.seat)), turn)
    return table.carry(event.moves()) + table.put("trick", marker)


def taken(table: Table, event: TrickWon) -> list[Tween]:
    """The trick's cards fly to the taker's pile; the discard markers go."""
    table.remove("trick", lambda p: isinstance(p.key, int))
    return table.carry(event.moves())


def verdict(table: Table, event: TrickDecided) -> list[Tween]:
    """Glows on the card that takes the trick and on the lowest one, each where the
    trick shows it (none for a card the picture no longer shows there)."""
    trick = trick_row(table)
    cards = decided_cards(table, event)
    marks = [(event.winner_index, theme.GOLD, "takes the trick")]
    if event.lowest_index is not None:
        marks.append((event.lowest_index, theme.CORAL, "lowest: +1 anemone"))
    shown = {p.key: p for p in trick.pieces if isinstance(p.key, int)}
    tweens = []
    for index, color, words in marks:
        piece = shown.get(cards[index]) if 0 <= index < len(cards) else None
        if piece is None:
            continue
        image, lift = glow_image(table.ctx.text, table.frame, trick.size, color, words)
        cx, cy = trick.slot_center(piece.slot if piece.slot is not None else 0)
        glow = Sprite(image, cx - image.get_width() / 2, cy - trick.size[1] / 2 - lift,
                      trick.layer - 1)
        tweens.append(pop_in(table.effect(glow)))
    return tweens


def decided_cards(table: Table, event: TrickDecided) -> tuple[int, ...]:
    """The cards played in the trick ``event`` decided, in the order they were played
    (the order its indices count in): the cards its ``TrickWon`` carries."""
    for entry in reversed(table.match.log):
        for i, logged in enumerate(entry.events):
            if logged is event:
                return next((e.cards for e in entry.events[i + 1:]
                             if isinstance(e, TrickWon)), ())
    return ()


def fly_token(table: Table, token: pygame.Surface, start: tuple[float, float],
              end: tuple[float, float]) -> list[Tween]:
    """An anemone token flies from ``start`` to ``end``."""
    sprite = table.effect(Sprite(token, 0, 0, Layers.FLYING + 2))
    sprite.center_on(*start)
    return [move_center(sprite, end, 0.5, ease=ease_out_back)]


def summary(table: Table, event: HandEnded) -> None:
    """The hand's points and totals, over the middle of the table for a moment."""
    frame = table.frame
    names = [table.name(seat) for seat in range(len(event.points))]
    image = summary_image(table.ctx.text, frame, event.number, names, event.points,
                          event.totals)
    sprite = table.effect(Sprite(image, 0, 0, Layers.TOAST - 1))
    sprite.center_on(frame.play.centerx, frame.play.y + frame.play.h * 0.43)


def news(table: Table, event: HandStarted) -> None:
    """A new hand is dealt: say so."""
    table.toast(event.describe(table.teller()) or "", seconds=2.4)
