"""Where everything lies at the Enemy Anemone table.

The viewer's hand is fanned at the bottom between their name plate (with their
anemones under it and the readied ones above it) and their score pile; the others
sit on an arc, each with a hidden hand, a plate, a pile and anemones; the trick lies
in a row in the middle, one slot per turn.  The anemone supply (and with two
players the draw pile) lies beside the trick where the others leave room, else
under its ends; tips and news take the widest free room above the prompt.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import pygame

from tabletop.ui.table.cluster import GLOW, seat_cluster
from tabletop.ui.table.frame import Frame
from tabletop.ui.table.picture import Layers
from tabletop.ui.table.zones import Fan, Pile, Row, Tray, Zone

__all__ = ["CARD", "SMALL", "SMALL_TOKEN", "TOKEN", "Places", "place"]

#: Angles (degrees, 0 = right, 90 = top) of the other seats, by how many there are.
OTHER_ANGLES = {
    1: (90.0,),
    2: (155.0, 25.0),
    3: (180.0, 90.0, 0.0),
    4: (186.0, 125.0, 55.0, -6.0),
    5: (190.0, 140.0, 90.0, 40.0, -10.0),
}
#: Sizes in design units: cards in the hand and the trick, the others' small cards,
#: anemone tokens (the viewer's, the others'), name plates.
CARD = (104, 146)
SMALL = (48, 67)
TOKEN = 44
SMALL_TOKEN = 34
PANEL = (232, 118)
#: The supply's picture: a little stack of tokens over its count.
SUPPLY = (84, TOKEN + 34)


@dataclass
class Places:
    zones: dict[str, Zone]
    #: Name plates and anemone strips, by seat.
    panels: dict[int, pygame.Rect]
    trays: dict[int, pygame.Rect]
    supply: pygame.Rect
    #: The free room above the prompt for tips and news (it ends where the prompt
    #: begins), when the supply or the draw pile lies under the trick; else ``None``.
    news: pygame.Rect | None


def place(frame: Frame, bottom: int, players: int, turns: int) -> Places:
    """Every zone and plate for ``players`` with ``bottom`` the seat at the bottom."""
    px, play = frame.px, frame.play
    card, small = frame.card(CARD), frame.card(SMALL)
    zones: dict[str, Zone] = {}
    mid_y = play.y + play.h * 0.43
    trick = Row("trick", card, (play.centerx, mid_y), slots=turns, gap=px(14))
    zones["trick"] = trick
    # The viewer's corner: plate and anemones at the left, score pile at the right.
    panel = pygame.Rect(play.x + px(6), play.bottom - px(PANEL[1] + 52), px(PANEL[0]),
                        px(PANEL[1]))
    panels = {bottom: panel}
    token = px(TOKEN)
    trays = {bottom: pygame.Rect(panel.x, panel.bottom + GLOW + px(4), panel.w, token)}
    pile_size = (round(card[0] * 0.7), round(card[1] * 0.7))
    pile_at = (play.right - pile_size[0] / 2 - px(18), play.bottom - pile_size[1] / 2 - px(22))
    zones[f"pile{bottom}"] = Pile(f"pile{bottom}", pile_size, pile_at, label="your pile")
    left, right = panel.right + px(24), pile_at[0] - pile_size[0] / 2 - px(24)
    hand_y = play.bottom - card[1] / 2 - px(30)
    zones["hand"] = Fan("hand", card, ((left + right) / 2, hand_y),
                        max_width=min(right - left - card[0] * 0.3, px(820)), layer=30,
                        ordered=True)
    zones["tokens"] = Tray("tokens", (token, token), trays[bottom].center, width=panel.w,
                           focusable=True, layer=70)
    armed = Tray("armed", (token, token), (panel.centerx, panel.y - token * 0.7),
                 width=panel.w, focusable=True, layer=70)
    zones["armed"] = armed
    boxes = [armed.rect.inflate(0, px(48))]  # with the words above the readied anemones
    others = [(bottom + i) % players for i in range(1, players)]
    rx, ry = play.w * 0.40, play.h * 0.33
    for seat, angle in zip(others, OTHER_ANGLES.get(len(others), ())):
        x = play.centerx + rx * math.cos(math.radians(angle))
        y = mid_y + px(16) - ry * math.sin(math.radians(angle))
        corner = seat_cluster(frame, seat, (x, y), card=SMALL,
                              plate=(PANEL[0] - 22, PANEL[1]), tray=SMALL_TOKEN,
                              keep_clear=trick.rect)
        assert corner.pile is not None
        zones[corner.hand.id] = corner.hand
        zones[corner.pile.id] = corner.pile
        panels[seat] = corner.plate
        trays[seat] = corner.tray
        boxes.append(corner.box)
    # Beside the trick if the others leave room there, else just under its ends, clear
    # of the names below its cards.
    below = trick.rect.bottom + px(44) + small[1] / 2
    supply = beside(frame, trick.rect, pygame.Rect(0, 0, px(SUPPLY[0]), px(SUPPLY[1])), 1, boxes)
    if supply is None:
        supply = pygame.Rect(0, 0, px(SUPPLY[0]), px(SUPPLY[1]))
        supply.center = (round(trick.rect.right - small[0]), round(below))
    under = [supply] if supply.top > trick.rect.bottom else []
    if turns == 4 and players == 2:
        deck = beside(frame, trick.rect, pygame.Rect(0, 0, small[0], small[1] + px(24)), -1,
                      boxes)
        if deck is None:
            deck = pygame.Rect(0, 0, small[0], small[1] + px(24))
            deck.midtop = (round(trick.rect.left + small[0]), round(below - small[1] / 2))
            under.append(deck)
        zones["deck"] = Pile("deck", small, (deck.centerx, deck.y + small[1] / 2),
                             label="Draw pile", layer=Layers.PANEL)
    else:  # only seen while dealing
        zones["deck"] = Pile("deck", card, trick.center, layer=Layers.PANEL)
    news = None
    if under:
        top = trick.rect.bottom + px(48)
        band = pygame.Rect(play.x, top, play.w, round(hand_y - card[1] / 2) - top)
        x0, x1 = widest_gap(band.left + px(12), band.right - px(12),
                            (r.inflate(px(32), 0) for r in [*under, *boxes]
                             if r.colliderect(band)))
        news = pygame.Rect(x0, band.top, x1 - x0, band.h)
    return Places(zones, panels, trays, supply, news)


def beside(frame: Frame, trick: pygame.Rect, rect: pygame.Rect, side: int,
           boxes: list[pygame.Rect]) -> pygame.Rect | None:
    """``rect`` beside the trick's right (``side`` 1) or left (-1) end at its height, if
    that lies in the play area clear of every box."""
    placed = rect.copy()
    if side > 0:
        placed.midleft = (trick.right + frame.px(28), trick.centery)
    else:
        placed.midright = (trick.left - frame.px(28), trick.centery)
    clear = placed.inflate(frame.px(24), frame.px(16))
    if not frame.play.contains(clear) or any(clear.colliderect(box) for box in boxes):
        return None
    return placed


def widest_gap(lo: int, hi: int, taken: Iterable[pygame.Rect]) -> tuple[int, int]:
    """The widest stretch of ``lo``..``hi`` that no rectangle of ``taken`` spans."""
    best, x = (lo, lo), lo
    for rect in [*sorted(taken, key=lambda r: r.left), pygame.Rect(hi, 0, 0, 0)]:
        if min(rect.left, hi) - x > best[1] - best[0]:
            best = (x, min(rect.left, hi))
        x = max(x, rect.right)
    return best
