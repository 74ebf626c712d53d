"""Where everything sits at the Anomia table.

Each seat has a cluster: its play piles (two each with two or three players), its
winning pile beside them and its name plate.  The viewer's cluster is at the bottom,
over the prompt; the others go round the edge of the play area in turn order — up the
left side, along the top, down the right side — so that the middle stays free for the
draw piles and the wild card, and for the face-off panel that covers them while a
face-off lasts.  A cluster in the top or bottom row has its plate beside its cards when
the row is wide enough, else under them, as in the side columns.  Cards get smaller
only when the middle would be too small for the panel.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tabletop.ui.table.frame import Frame
from tabletop.ui.table.zones import Pile, Zone

__all__ = ["Places", "place"]

#: Where the seats sit, by table size, the viewer's first: Bottom, Left, Top, Right.
EDGES = {2: "BT", 3: "BTT", 4: "BLTR", 5: "BLTTR", 6: "BLLTRR"}
#: Design units: the tallest card, the face-off panel, the room kept for the prompt.
CARD = 176
PANEL = (600, 300)
PROMPT = 90
#: The kit's name plate at full size: 236 wide, 64 tall and 28 more per line of figures.
PLATE = (236, 64, 28)
#: Plates are never drawn at a smaller scale than this, so they read in a small window.
PLATE_SCALE = 0.75


@dataclass
class Places:
    """The layout's result: the zones, each seat's plate, the card size, the face-off
    panel, the free corner where tips and news go, and the plates' scale."""

    zones: dict[str, Zone]
    plates: dict[int, pygame.Rect]
    card: tuple[int, int]
    panel: pygame.Rect
    toasts: pygame.Rect | None
    plate_scale: float


@dataclass
class Cluster:
    """One seat's play piles, winning pile and plate (moved into place as one)."""

    piles: list[pygame.Rect]
    won: pygame.Rect
    plate: pygame.Rect

    @property
    def rect(self) -> pygame.Rect:
        return self.won.unionall([*self.piles, self.plate])

    def move_to(self, x: float, y: float) -> Cluster:
        """The cluster with its bounding box's top-left corner at (x, y)."""
        box = self.rect
        dx, dy = round(x) - box.x, round(y) - box.y
        return Cluster([r.move(dx, dy) for r in self.piles], self.won.move(dx, dy),
                       self.plate.move(dx, dy))


def cluster(per: int, card: tuple[int, int], plate: tuple[int, int], beside: bool,
            frame: Frame) -> Cluster:
    px = frame.px
    small = (round(card[0] * 0.62), round(card[1] * 0.62))
    piles = [pygame.Rect(k * (card[0] + px(10)), 0, *card) for k in range(per)]
    won = pygame.Rect(piles[-1].right + px(12), card[1] - small[1], *small)
    if beside:  # bottom-aligned with the cards, to their right
        return Cluster(piles, won, pygame.Rect(won.right + px(14), card[1] - plate[1], *plate))
    under = pygame.Rect(0, card[1] + px(12), *plate)
    under.centerx = won.right // 2
    return Cluster(piles, won, under)


def place(frame: Frame, piles: list[tuple[int, ...]], bottom: int, lines: list[int]) -> Places:
    """The table with ``bottom`` at the bottom: ``piles[seat]`` are the seat's play
    piles, ``lines[seat]`` how many lines of figures its plate shows."""
    px = frame.px
    players = len(piles)
    scale = max(frame.scale, PLATE_SCALE)
    plates = [(round(PLATE[0] * scale), round((PLATE[1] + PLATE[2] * n) * scale))
              for n in lines]
    card_h = min(px(CARD), round(frame.play.h * (0.21 if players <= 4 else 0.19)))
    while True:
        card = (round(card_h * 0.71), card_h)
        places, clusters = arrange(frame, piles, bottom, card, plates)
        apart = not any(a.colliderect(b) for k, a in enumerate(clusters) for b in clusters[:k])
        if apart and places.panel.h >= px(PANEL[1]) and places.panel.w >= px(PANEL[0]) * 0.8 \
                or card_h <= px(CARD) * 0.6:
            places.plate_scale = scale
            return places
        card_h -= px(8)


def arrange(frame: Frame, piles: list[tuple[int, ...]], bottom: int, card: tuple[int, int],
            plates: list[tuple[int, int]]) -> tuple[Places, list[pygame.Rect]]:
    """The places for cards of size ``card``, and each cluster's rectangle."""
    px = frame.px
    players, per = len(piles), len(piles[0])
    gap = px(20)
    area = pygame.Rect(frame.play.x + px(16), frame.play.y + px(16), frame.play.w - px(32),
                       frame.play.h - px(16) - px(PROMPT))
    seats = [(index, (bottom + index) % players) for index in range(players)]
    by_edge = {edge: [seat for index, seat in seats if EDGES[players][index] == edge]
               for edge in "BLTR"}
    placed: dict[int, Cluster] = {}

    def row(edge: str, y: int, from_bottom: bool) -> None:
        """A row of clusters spread evenly over the area's width."""
        members = by_edge[edge]
        if not members:
            return
        beside = sum(cluster(per, card, plates[s], True, frame).rect.w for s in members) \
            + gap * (len(members) - 1) <= area.w
        for k, seat in enumerate(members):
            c = cluster(per, card, plates[seat], beside, frame)
            cx = area.x + area.w * (2 * k + 1) / (2 * len(members))
            left = min(max(area.x, cx - c.rect.w / 2), area.right - c.rect.w)
            placed[seat] = c.move_to(left, y - c.rect.h if from_bottom else y)

    row("B", area.bottom, True)
    row("T", area.y, False)
    row_top = max((placed[s].rect.bottom for s in by_edge["T"]), default=area.y - gap) + gap
    row_bottom = min(placed[s].rect.top for s in by_edge["B"]) - gap
    for edge in "LR":
        members = by_edge[edge][::-1] if edge == "L" else by_edge[edge]  # top to bottom
        column = [cluster(per, card, plates[s], False, frame) for s in members]
        if len(column) == 1:  # level with the middle
            y = (row_top + row_bottom - column[0].rect.h) / 2
            ys = [max(area.y, y)]
        else:  # from the top of the area down to the bottom row
            ys = [area.y + k * (row_bottom - area.y - column[-1].rect.h) / (len(column) - 1)
                  for k in range(len(column))]
        for seat, c, y in zip(members, column, ys):
            x = area.x if edge == "L" else area.right - c.rect.w
            placed[seat] = c.move_to(x, y)
    left = max((placed[s].rect.right for s in by_edge["L"]), default=area.x - gap) + gap
    right = min((placed[s].rect.left for s in by_edge["R"]), default=area.right + gap) - gap
    middle = pygame.Rect(left, row_top, right - left, row_bottom - row_top)
    panel = pygame.Rect(0, 0, min(px(PANEL[0]), middle.w), min(px(PANEL[1]), middle.h))
    panel.center = middle.center
    zones = middle_zones(middle.center, card, frame)
    for index, seat in seats:
        c = placed[seat]
        for pile, rect in zip(piles[seat], c.piles):
            zones[f"pile{pile}"] = Pile(f"pile{pile}", rect.size, rect.center, face_up=True,
                                        layer=20 + index, focusable=False)
        zones[f"won{seat}"] = Pile(f"won{seat}", c.won.size, c.won.center, layer=18)
    mine = placed[bottom].rect
    # Tips and news: beside the viewer's cards (too narrow: over the prompt, as by default).
    corner = pygame.Rect(mine.right + gap, mine.top, area.right - mine.right - gap, mine.h)
    return (Places(zones, {s: c.plate for s, c in placed.items()}, card, panel,
                   corner if corner.w >= px(260) else None, 1.0),
            [c.rect.inflate(px(8), px(8)) for c in placed.values()])


def middle_zones(center: tuple[int, int], card: tuple[int, int], frame: Frame) -> dict[str, Zone]:
    """The two draw piles with the wild card between them; a tie-breaker card lies on
    the wild spot, under the face-off panel that names it."""
    deck = (round(card[0] * 0.86), round(card[1] * 0.86))
    step = deck[0] + frame.px(18)
    cx, cy = center
    return {"draw0": Pile("draw0", deck, (cx - step, cy), label="Draw", layer=10),
            "wild": Pile("wild", deck, (cx, cy), face_up=True, label="Wild", layer=11),
            "draw1": Pile("draw1", deck, (cx + step, cy), label="Draw", layer=10),
            "tie": Pile("tie", deck, (cx, cy), face_up=True, layer=12)}
