"""Enemy Anemone's own animations: a card played into the trick, a discard leaving
its marker there, the verdict's glows, the trick taken, an anemone flying to its new
owner, the hand's summary and the news of a new hand.

Each is a step for the kit's event player (called when the event's turn comes, it
returns the tweens it started) and reads the picture as the steps so far left it,
never the match.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tabletop.engine.events import HandEnded, HandStarted, TrickWon
from tabletop.games.enemy_anemone.events import CardDiscarded, CardPlayed, TrickDecided
from tabletop.games.enemy_anemone.table.art import DISCARDED
from tabletop.games.enemy_anemone.table.pictures import glow_image, summary_image
from tabletop.ui import theme
from tabletop.ui.compositor import Sprite
from tabletop.ui.motion import move_center, pop_in
from tabletop.ui.table.picture import Layers
from tabletop.ui.table.zones import Piece, Row
from tabletop.ui.tween import Tween, ease_out_back

if TYPE_CHECKING:
    from tabletop.ui.table.sight import Sight

__all__ = ["discard_marker", "discarded", "fly_token", "news", "played", "summary", "taken",
           "verdict"]


def trick_row(table: Sight) -> Row:
    trick = table.picture.zones["trick"]
    assert isinstance(trick, Row)
    return trick


def discard_marker(turn: int, seat: int) -> Piece:
    """The ``turn`` of the trick where ``seat`` discarded instead, named under it."""
    return Piece(("discard", turn), DISCARDED, turn, ("discarded", seat, 0, 0))


def discarded(table: Sight, event: CardDiscarded) -> list[Tween]:
    """The card goes face down onto its player's pile; their turn in the trick shows a
    marker saying so."""
    marker = discard_marker(len(trick_row(table).pieces), event.seat)
    return table.carry(event.moves()) + table.put("trick", marker)


def taken(table: Sight, event: TrickWon, glows: list[Sprite]) -> list[Tween]:
    """The trick's cards fly to the taker's pile; the discard markers and the verdict's
    glows go."""
    for glow in glows:
        glow.visible = False
    glows.clear()
    table.remove("trick", lambda p: isinstance(p.key, int))
    return table.carry(event.moves())


def played(table: Sight, event: CardPlayed) -> list[Tween]:
    """The card flies to its turn's place in the trick, its player's name under it
    there.  The picture the game gives after the trick's last card has no trick, so
    that card keeps its turn and caption from here (the verdict shows the caption)."""
    tweens = table.carry(event.moves())
    trick = trick_row(table)
    for i, piece in enumerate(trick.pieces):
        if piece.key == event.card:
            trick.pieces[i] = Piece(piece.key, piece.face, i if piece.slot is None else piece.slot,
                                    ("played", event.seat, event.ones, event.twos))
    return tweens


def verdict(table: Sight, event: TrickDecided, glows: list[Sprite]) -> list[Tween]:
    """Glows on the card that takes the trick and on the lowest one (kept in ``glows``
    until the trick is taken), where the trick shows them: the event counts the cards
    played in the order they were played, the order of the trick's cards (its discard
    markers aside)."""
    trick = trick_row(table)
    played = [(piece, pose) for piece, pose in zip(trick.pieces, trick.piece_poses())
              if isinstance(piece.key, int)]
    for piece, pose in played:  # the last card's name, which no picture of the game has
        table.picture.caption(piece, pose, trick)
    tags: dict[int, list[tuple[theme.Color, tuple[str, ...]]]] = {}
    tags.setdefault(event.winner_index, []).append((theme.GOLD, ("takes", "the trick")))
    if event.lowest_index is not None:
        tags.setdefault(event.lowest_index, []).append((theme.CORAL, ("lowest:", "+1 anemone")))
    room = round(trick.size[0] + trick.gap) - table.frame.px(6)
    glows.clear()
    for index, marks in tags.items():
        if not 0 <= index < len(played):
            continue
        image, lift = glow_image(table.ctx.text, table.frame, trick.size, marks, room)
        cx, cy, _ = played[index][1]
        glows.append(table.effect(Sprite(image, cx - image.get_width() / 2,
                                         cy - trick.size[1] / 2 - lift, trick.layer - 1)))
    return [pop_in(glow) for glow in glows]


def fly_token(table: Sight, token: pygame.Surface, start: tuple[float, float],
              end: tuple[float, float]) -> list[Tween]:
    """An anemone token flies from ``start`` to ``end``."""
    sprite = table.effect(Sprite(token, 0, 0, Layers.FLYING + 2))
    sprite.center_on(*start)
    return [move_center(sprite, end, 0.5, ease=ease_out_back)]


def summary(table: Sight, event: HandEnded) -> None:
    """The hand's points and totals, over the middle of the table for a moment."""
    frame = table.frame
    names = [table.name(seat) for seat in range(len(event.points))]
    image = summary_image(table.ctx.text, frame, event.number, names, event.points,
                          event.totals)
    sprite = table.effect(Sprite(image, 0, 0, Layers.TOAST - 1))
    sprite.center_on(frame.play.centerx, frame.play.y + frame.play.h * 0.43)


def news(table: Sight, event: HandStarted) -> None:
    """A new hand is dealt: say so."""
    table.toast(table.describe(event) or "", seconds=2.4)
