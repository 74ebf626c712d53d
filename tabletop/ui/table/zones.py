"""Zones: the places on a table that own the pieces shown there.

A zone knows where each of its pieces goes (``poses``), which piece is under the
pointer (``hit``), where a piece enters or leaves when it is not drawn on its own
(``anchor``) and what rectangle takes drops (``rect``).  The table kit keeps the
pieces and their sprites; a game only says which zones it has, where they sit, and
which pieces lie in each.

Every game's table is made of these few shapes: a hand fan, a row of slots (a
trick, a Date, the Community Eight), a pile, a fan of hidden cards, a grid of
columns (Anno's month boards), a pyramid (Annapurna) and a tray of tokens.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

import pygame

__all__ = [
    "BACK",
    "Fan",
    "Grid",
    "Hidden",
    "Pile",
    "Piece",
    "Pose",
    "Pyramid",
    "Row",
    "Tray",
    "Zone",
]

#: The face of a card whose face this viewer may not see.
BACK = "back"

#: Centre x, centre y, angle in degrees (counter-clockwise).
Pose = tuple[float, float, float]


@dataclass(frozen=True, slots=True)
class Piece:
    """One thing in a zone: ``key`` names it across zones (a card id, ``("gesture", 7)``;
    anonymous backs get keys of their own), ``face`` is what the art draws for it.
    ``slot`` pins it to a place in a row, grid column or pyramid (else: in order)."""

    key: Hashable
    face: Hashable
    slot: int | None = None
    #: Words drawn under the piece while it lies in this zone (who played it, say).
    caption: Hashable = None

    @property
    def hidden(self) -> bool:
        """Whether the piece shows its back."""
        return self.face == BACK


@dataclass(eq=False)
class Zone:
    """A place for pieces.  ``size`` is its pieces' size in pixels."""

    id: str
    size: tuple[int, int]
    center: tuple[float, float] = (0.0, 0.0)
    #: Drawn as one composite image (a pile, a hidden hand) rather than a sprite each.
    composite: bool = False
    #: Keyboard focus may visit its pieces.
    focusable: bool = False
    layer: int = 20
    #: Its pieces come and go only by the events' moves, so after an action the
    #: picture must already agree with the game (a tray of tokens is simply redrawn).
    tracked: bool = True
    #: Keeps its pieces in the order of their keys (a hand sorted by card).
    ordered: bool = False
    #: Extra room around it that still takes drops (x, y), e.g. a spot larger than its card.
    pad: tuple[float, float] = (0.0, 0.0)
    pieces: list[Piece] = field(default_factory=list)

    def insert(self, piece: Piece) -> None:
        """Add an arriving piece: at the end, or in its place when the zone is ordered —
        by key, or by slot (after the pieces already in its slot or before it)."""
        if piece.slot is not None and not self.ordered:
            at = len(self.pieces)
            while at > 0 and (self.pieces[at - 1].slot is None
                              or self.pieces[at - 1].slot > piece.slot):  # type: ignore[operator]
                at -= 1
            self.pieces.insert(at, piece)
            return
        self.pieces.append(piece)
        if self.ordered:
            try:
                self.pieces.sort(key=lambda p: p.key)  # type: ignore[arg-type, return-value]
            except TypeError:
                pass  # keys that do not compare (hidden and known cards): keep arrival order

    def poses(self, count: int, raised: frozenset[int] = frozenset()) -> list[Pose]:
        """Where each of ``count`` pieces goes (the default: all on the centre)."""
        x, y = self.center
        return [(x, y, 0.0)] * count

    def piece_poses(self, raised: frozenset[int] = frozenset()) -> list[Pose]:
        """Poses of the pieces it holds now (slots respected)."""
        return self.poses(len(self.pieces), raised)

    @property
    def anchor(self) -> tuple[float, float]:
        """Where a piece enters or leaves the zone when it is not drawn by itself."""
        return self.center

    @property
    def rect(self) -> pygame.Rect:
        """The area that takes drops and clicks."""
        w, h = self.size
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (round(self.center[0]), round(self.center[1]))
        return rect.inflate(round(2 * self.pad[0]), round(2 * self.pad[1]))

    def bounds(self) -> pygame.Rect:
        """Everything the zone may cover (for layout checks)."""
        return self.rect

    def hit(self, pos: tuple[int, int], raised: frozenset[int] = frozenset()) -> int | None:
        """The topmost piece under ``pos`` (later pieces lie on top)."""
        if self.composite:
            return None
        w, h = self.size
        poses = self.piece_poses(raised)
        for i in range(len(poses) - 1, -1, -1):
            cx, cy, _ = poses[i]
            if abs(pos[0] - cx) <= w / 2 and abs(pos[1] - cy) <= h / 2:
                return i
        return None

    def signature(self) -> object:
        """Which pieces lie here, as moves change it (faces may change by themselves:
        a card dimmed, a gem placed); compared with the game's view after each action."""
        if self.composite:
            return len(self.pieces)
        return tuple((p.key, i if p.slot is None else p.slot) for i, p in enumerate(self.pieces))


@dataclass(eq=False)
class Fan(Zone):
    """A hand of cards fanned in a gentle arc; hovered or chosen cards rise."""

    max_width: float = 900.0
    max_step_degrees: float = 3.0
    total_degrees: float = 26.0
    lift: float = 0.22  # how far a raised card rises, in card heights
    focusable: bool = True

    def spacing(self, count: int) -> float:
        """How far apart ``count`` cards lie along the fan (closer as the hand grows)."""
        if count <= 1:
            return 0.0
        w = self.size[0]
        return min(w * 0.74, (self.max_width - w) / (count - 1))

    def poses(self, count: int, raised: frozenset[int] = frozenset()) -> list[Pose]:
        spacing = self.spacing(count)
        step = min(self.max_step_degrees, self.total_degrees / max(1, count))
        middle = (count - 1) / 2
        h = self.size[1]
        drop = h * 0.007
        cx, cy = self.center
        poses = []
        for i in range(count):
            offset = i - middle
            y = cy + drop * offset * offset - (h * self.lift if i in raised else 0.0)
            poses.append((cx + offset * spacing, y, -offset * step))
        return poses

    def hit(self, pos: tuple[int, int], raised: frozenset[int] = frozenset()) -> int | None:
        w, h = self.size
        poses = self.piece_poses(raised)
        for i in range(len(poses) - 1, -1, -1):
            cx, cy, _ = poses[i]
            reach = h * self.lift if i in raised else 0.0
            if abs(pos[0] - cx) <= w / 2 and -h / 2 <= pos[1] - cy <= h / 2 + reach:
                return i
        return None

    @property
    def rect(self) -> pygame.Rect:
        w, h = self.size
        rect = pygame.Rect(0, 0, round(self.max_width), h)
        rect.center = (round(self.center[0]), round(self.center[1]))
        return rect

    def bounds(self) -> pygame.Rect:
        rect = self.rect.inflate(self.size[0] * 0.3, 0)
        rect.top -= round(self.size[1] * (self.lift + 0.05))
        return rect


@dataclass(eq=False)
class Row(Zone):
    """Slots in a line (or ``rows`` lines): a trick, a Date, the Community Eight."""

    slots: int = 4
    rows: int = 1
    gap: float = 16.0
    #: Fewer pieces than slots sit in the middle of the row (the gestures on offer).
    centered: bool = False

    @property
    def per_row(self) -> int:
        """Slots in each line."""
        return math.ceil(self.slots / self.rows)

    @property
    def width(self) -> float:
        """The row's width in pixels, gaps included."""
        n = self.per_row
        return n * self.size[0] + (n - 1) * self.gap

    @property
    def height(self) -> float:
        """The row's height in pixels, gaps included."""
        return self.rows * self.size[1] + (self.rows - 1) * self.gap

    def slot_center(self, index: int) -> tuple[float, float]:
        """The centre of slot ``index`` (lines fill left to right, top to bottom)."""
        row, col = divmod(index, self.per_row)
        w, h = self.size
        left = self.center[0] - self.width / 2 + w / 2
        top = self.center[1] - self.height / 2 + h / 2
        return left + col * (w + self.gap), top + row * (h + self.gap)

    def slot_rect(self, index: int) -> pygame.Rect:
        """The card-sized rectangle of slot ``index``."""
        rect = pygame.Rect(0, 0, *self.size)
        x, y = self.slot_center(index)
        rect.center = (round(x), round(y))
        return rect

    def piece_poses(self, raised: frozenset[int] = frozenset()) -> list[Pose]:
        poses = []
        shift = (self.slots - len(self.pieces)) / 2 * (self.size[0] + self.gap) \
            if self.centered and self.rows == 1 else 0.0
        for i, piece in enumerate(self.pieces):
            x, y = self.slot_center(piece.slot if piece.slot is not None else i)
            x += shift
            poses.append((x, y - (self.size[1] * 0.12 if i in raised else 0.0), 0.0))
        return poses

    def poses(self, count: int, raised: frozenset[int] = frozenset()) -> list[Pose]:
        return [(*self.slot_center(i), 0.0) for i in range(count)]

    @property
    def anchor(self) -> tuple[float, float]:
        return self.slot_center(min(len(self.pieces), self.slots - 1))

    @property
    def rect(self) -> pygame.Rect:
        rect = pygame.Rect(0, 0, round(self.width), round(self.height))
        rect.center = (round(self.center[0]), round(self.center[1]))
        return rect.inflate(round(2 * self.pad[0]), round(2 * self.pad[1]))


@dataclass(eq=False)
class Pile(Zone):
    """A stack of cards drawn as one image with its count (a deck, a score pile).
    ``face_up`` piles show their top card."""

    composite: bool = True
    face_up: bool = False
    label: str = ""

    def signature(self) -> object:
        return len(self.pieces)


@dataclass(eq=False)
class Hidden(Zone):
    """Someone else's hand: small backs fanned, with a count badge."""

    composite: bool = True

    def signature(self) -> object:
        return len(self.pieces)


@dataclass(eq=False)
class Grid(Zone):
    """Columns of cards tucked under each other (Anno's month boards): ``slot`` is
    the column; pieces of one column overlap by ``tuck`` of a card height."""

    columns: int = 12
    gap: float = 8.0
    tuck: float = 0.22

    @property
    def used(self) -> int:
        """Columns in use: more than ``columns`` squeeze together, overlapping."""
        return max(self.columns, 1 + max((p.slot or 0 for p in self.pieces), default=0))

    def column_center(self, column: int) -> tuple[float, float]:
        """The centre of the top card of ``column`` (columns squeeze when more are used)."""
        w, _ = self.size
        width = self.columns * w + (self.columns - 1) * self.gap
        left = self.center[0] - width / 2 + w / 2
        used = self.used
        step = w + self.gap if used <= self.columns else (width - w) / (used - 1)
        return left + column * step, self.center[1]

    def piece_poses(self, raised: frozenset[int] = frozenset()) -> list[Pose]:
        depth: dict[int, int] = {}
        poses = []
        for i, piece in enumerate(self.pieces):
            column = piece.slot if piece.slot is not None else i % self.columns
            x, y = self.column_center(column)
            n = depth.get(column, 0)
            depth[column] = n + 1
            poses.append((x, y + n * self.size[1] * self.tuck, 0.0))
        return poses

    @property
    def rect(self) -> pygame.Rect:
        w, h = self.size
        width = self.columns * w + (self.columns - 1) * self.gap
        rect = pygame.Rect(0, 0, round(width), round(h * (1 + 3 * self.tuck)))
        rect.midtop = (round(self.center[0]), round(self.center[1] - h / 2))
        return rect


@dataclass(eq=False)
class Pyramid(Zone):
    """Fifteen places in rows of 5-4-3-2-1 (Annapurna's mountainside): ``slot`` 0–4
    is the bottom row, 5–8 the next, up to 14 at the peak.  Rows overlap by
    ``overlap`` of a card height, the lower row in front, so every card shows its top
    (where its index is); pieces are kept from the peak down, the front ones last."""

    overlap: float = 0.45
    gap: float = 6.0
    rows: Sequence[int] = (5, 4, 3, 2, 1)

    def insert(self, piece: Piece) -> None:
        slot = piece.slot if piece.slot is not None else -1
        at = 0
        while at < len(self.pieces) and (self.pieces[at].slot or 0) > slot:
            at += 1
        self.pieces.insert(at, piece)

    def place_rect(self, slot: int) -> pygame.Rect:
        """The rectangle of place ``slot`` (the part in front of the row above included)."""
        x, y = self.place(slot)
        w, h = self.size
        return pygame.Rect(round(x - w / 2), round(y - h / 2), w, h)

    def place(self, slot: int) -> tuple[float, float]:
        """The centre of place ``slot`` (rows from the bottom of the pyramid up)."""
        w, h = self.size
        row = 0
        while slot >= self.rows[row]:
            slot -= self.rows[row]
            row += 1
        count = self.rows[row]
        width = count * w + (count - 1) * self.gap
        x = self.center[0] - width / 2 + w / 2 + slot * (w + self.gap)
        total = h + (len(self.rows) - 1) * h * (1 - self.overlap)
        bottom = self.center[1] + total / 2 - h / 2
        return x, bottom - row * h * (1 - self.overlap)

    def piece_poses(self, raised: frozenset[int] = frozenset()) -> list[Pose]:
        """Each piece on its place; one not yet given a place (a card arriving face
        down, before the picture is mended) waits at the middle."""
        places = sum(self.rows)
        return [(*(self.place(p.slot) if p.slot is not None and 0 <= p.slot < places
                   else self.center), 0.0) for p in self.pieces]

    @property
    def rect(self) -> pygame.Rect:
        w, h = self.size
        n = self.rows[0]
        total_h = h + (len(self.rows) - 1) * h * (1 - self.overlap)
        rect = pygame.Rect(0, 0, round(n * w + (n - 1) * self.gap), round(total_h))
        rect.center = (round(self.center[0]), round(self.center[1]))
        return rect


@dataclass(eq=False)
class Tray(Zone):
    """Tokens side by side (anemones), overlapping when there are many."""

    width: float = 300.0
    tracked: bool = False

    def poses(self, count: int, raised: frozenset[int] = frozenset()) -> list[Pose]:
        w = self.size[0]
        step = min(w * 1.08, (self.width - w) / max(1, count - 1)) if count > 1 else 0.0
        left = self.center[0] - self.width / 2 + w / 2
        return [(left + i * step, self.center[1] - (w * 0.3 if i in raised else 0.0), 0.0)
                for i in range(count)]

    @property
    def rect(self) -> pygame.Rect:
        rect = pygame.Rect(0, 0, round(self.width), self.size[1])
        rect.center = (round(self.center[0]), round(self.center[1]))
        return rect
