"""The picture on a table: a sprite for every piece in every zone, and the decor.

The picture is keyed.  A piece keeps its sprite while it moves from zone to zone
(the card played from a hand is the card that lands in the trick), so bringing
the picture up to date with a new view — :meth:`Picture.show` — moves exactly
what moved, and only repaints what changed.  Zones drawn as one image (a pile, a
hidden hand) get one sprite, re-rendered when their contents change.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass

import pygame

from tabletop.engine.protocol import Action
from tabletop.ui.cards import CardSprite, ImageCache
from tabletop.ui.compositor import Compositor, Sprite
from tabletop.ui.motion import fly
from tabletop.ui.table.zones import BACK, Piece, Zone
from tabletop.ui.tween import Tween

__all__ = ["Decor", "Picture", "Layers"]


class Layers:
    """How high each kind of thing is drawn: the table, panels, targets, cards, what flies."""
    TABLE = 0
    PANEL = 5
    TARGET = 15
    CARD = 20
    FLYING = 60
    DRAG = 80
    HUD = 90
    TOAST = 95


@dataclass(frozen=True)
class Decor:
    """Something drawn on the table that is not a piece: a name plate, a label, an
    outline, a button.  ``build`` is called only when ``memo`` changes; a decor
    with an ``action`` is a button (clicking it applies the action, checked)."""

    key: Hashable
    memo: Hashable
    build: Callable[[], pygame.Surface]
    pos: tuple[float, float]
    layer: int = Layers.PANEL
    action: Action | None = None
    #: Where ``pos`` puts the image: "topleft", "center" or "midbottom".
    anchor: str = "topleft"


#: Draws a composite zone (a pile, a hidden hand) from its pieces.
Composer = Callable[[Zone], pygame.Surface]
#: Draws a piece's caption.
Captioner = Callable[[Hashable], pygame.Surface]
#: Moves a sprite to a pose and size, ending in a layer (``None``: jump there now).
Mover = Callable[[CardSprite, tuple[float, float, float], tuple[int, int], int], Tween | None]


class Picture:
    """The sprites of one table, kept in step with the zones and the decor."""

    def __init__(self, compositor: Compositor, faces: ImageCache, composer: Composer,
                 captioner: Captioner) -> None:
        self.compositor = compositor
        self.faces = faces
        self.composer = composer
        self.captioner = captioner
        self.captions: dict[Hashable, Sprite] = {}
        self.zones: dict[str, Zone] = {}
        self.sprites: dict[Hashable, CardSprite] = {}
        self.where: dict[Hashable, str] = {}  # piece key -> zone id
        self.composites: dict[str, Sprite] = {}
        self.decor: dict[Hashable, Sprite] = {}
        self.buttons: dict[Hashable, tuple[pygame.Rect, Action]] = {}
        self._memos: dict[Hashable, tuple[Hashable, pygame.Surface]] = {}
        #: What each composite zone's image shows, to skip redrawing the same picture.
        self._looks: dict[str, Hashable] = {}
        self._tweens: dict[Hashable, Tween] = {}
        self.raised: dict[str, frozenset[int]] = {}
        self._stale: dict[str, Zone] = {}

    # -- zones and pieces ------------------------------------------------------------
    def set_zones(self, zones: Mapping[str, Zone]) -> None:
        """New geometry (a new window size or viewer): everything is redrawn."""
        self.clear()
        self.zones = dict(zones)

    def clear(self) -> None:
        """Take every sprite off the screen (the table is about to be laid out again)."""
        for sprite in [*self.sprites.values(), *self.composites.values(), *self.decor.values(),
                       *self.captions.values()]:
            self.compositor.remove(sprite)
        self.sprites, self.where, self.composites, self.decor = {}, {}, {}, {}
        self.captions = {}
        self.buttons = {}
        self._tweens = {}
        self._stale = {}
        for zone in self.zones.values():
            zone.pieces = []

    def sprite_of(self, key: Hashable) -> CardSprite | None:
        """The sprite of the piece ``key`` (``None``: it is not drawn by itself)."""
        return self.sprites.get(key)

    def show(self, contents: Mapping[str, list[Piece]],
             move: Mover | None = None) -> list[Tween]:
        """Bring every zone up to ``contents``; pieces that moved slide there with
        ``move`` (or jump when it is ``None``).  Returns the tweens made."""
        tweens: list[Tween] = []
        seen: set[Hashable] = set()
        for zone_id, zone in self.zones.items():
            zone.pieces = list(contents.get(zone_id, []))
            if zone.composite:
                self.compose(zone)
                continue
            seen.update(p.key for p in zone.pieces)
            tweens += self.place(zone, move)
        for key in [k for k in self.sprites if k not in seen]:
            self.drop_sprite(key)
        return tweens

    def place(self, zone: Zone,
              move: Mover | None = None) -> list[Tween]:
        """Put each of a zone's pieces where the zone says (sprites made as needed)."""
        tweens: list[Tween] = []
        poses = zone.piece_poses(self.raised.get(zone.id, frozenset()))
        for i, (piece, pose) in enumerate(zip(zone.pieces, poses)):
            sprite = self.sprites.get(piece.key)
            layer = zone.layer + 2 * i
            if sprite is None:
                sprite = CardSprite(self.faces, piece.face, zone.size, True, layer)
                sprite.tag = piece.key
                sprite.set_pose(angle=pose[2], center=pose[:2])
                self.sprites[piece.key] = sprite
                self.compositor.add(sprite)
            else:
                if sprite.face != piece.face:
                    sprite.face = piece.face
                    sprite.face_up = True
                    sprite.refresh()
                old = self._tweens.pop(piece.key, None)
                if old is not None:
                    old.cancel()
                tween = move(sprite, pose, zone.size, layer) if move is not None else None
                if tween is None:
                    sprite.layer = layer
                    sprite.set_pose(size=zone.size, angle=pose[2], center=pose[:2], zoom=1.0,
                                    flip=1.0, face_up=True)
                else:
                    self._tweens[piece.key] = tween
                    tweens.append(tween)
            sprite.visible = True
            self.where[piece.key] = zone.id
            self.caption(piece, pose, zone)
        return tweens

    def caption(self, piece: Piece, pose: tuple[float, float, float], zone: Zone) -> None:
        """The words under a piece where it comes to rest (or none)."""
        sprite = self.captions.get(piece.key)
        if piece.caption is None:
            if sprite is not None:
                self.compositor.remove(self.captions.pop(piece.key))
            return
        image = self.captioner(piece.caption)
        x, y = pose[0] - image.get_width() / 2, pose[1] + zone.size[1] / 2 + zone.size[1] * 0.04
        if sprite is None:
            sprite = Sprite(image, round(x), round(y), zone.layer + 60)
            self.captions[piece.key] = sprite
            self.compositor.add(sprite)
        else:
            sprite.image = image
            sprite.move_to(round(x), round(y))

    def drop_caption(self, key: Hashable) -> None:
        """Take the words under piece ``key`` away."""
        sprite = self.captions.pop(key, None)
        if sprite is not None:
            self.compositor.remove(sprite)

    def compose(self, zone: Zone) -> None:
        """Redraw a composite zone's one image (unless it would look the same)."""
        sprite = self.composites.get(zone.id)
        look = (tuple(p.face for p in zone.pieces), zone.size, zone.center)
        if sprite is not None and self._looks.get(zone.id) == look:
            return
        self._looks[zone.id] = look
        image = self.composer(zone)
        if sprite is None:
            sprite = Sprite(image, 0, 0, zone.layer)
            self.composites[zone.id] = sprite
            self.compositor.add(sprite)
        else:
            sprite.image = image
        sprite.center_on(*zone.center)

    def compose_soon(self, zone: Zone) -> None:
        """Redraw a composite zone once this frame's moves are done (a deal takes many
        cards from one pile in a frame: one picture of it is enough)."""
        self._stale[zone.id] = zone

    def compose_stale(self) -> None:
        """Draw again the composite zones (piles, hidden hands) whose pieces changed."""
        stale, self._stale = self._stale, {}
        for zone in stale.values():
            if self.zones.get(zone.id) is zone:
                self.compose(zone)

    def drop_sprite(self, key: Hashable) -> None:
        """Take piece ``key``'s sprite off the table, with its caption and its flight."""
        sprite = self.sprites.pop(key, None)
        self.where.pop(key, None)
        self.drop_caption(key)
        tween = self._tweens.pop(key, None)
        if tween is not None:
            tween.cancel()
        if sprite is not None:
            self.compositor.remove(sprite)

    def flying(self, face: Hashable, size: tuple[int, int], at: tuple[float, float]) -> CardSprite:
        """A sprite that belongs to no zone yet (it is on its way somewhere)."""
        sprite = CardSprite(self.faces, face, size, True, Layers.FLYING)
        sprite.center_on(*at)
        self.compositor.add(sprite)
        return sprite

    def take(self, zone: Zone, key: Hashable) -> tuple[Piece, CardSprite | None] | None:
        """Take a piece out of a zone: the one called ``key``, or else (a card this viewer
        could not tell apart) the last hidden one.  Returns it with its sprite, if drawn."""
        index = next((i for i, p in enumerate(zone.pieces) if p.key == key), None)
        if index is None:
            index = next((i for i in range(len(zone.pieces) - 1, -1, -1)
                          if zone.pieces[i].hidden), None)
        if index is None:
            return None
        piece = zone.pieces.pop(index)
        if zone.composite:
            self.compose_soon(zone)
            return piece, None
        sprite = self.sprites.pop(piece.key, None)
        self.where.pop(piece.key, None)
        self.drop_caption(piece.key)
        tween = self._tweens.pop(piece.key, None)
        if tween is not None:
            tween.finish()
        return piece, sprite

    def adopt(self, key: Hashable, sprite: CardSprite) -> None:
        """A flying sprite becomes the sprite of piece ``key``."""
        old = self.sprites.get(key)
        if old is not None and old is not sprite:
            self.compositor.remove(old)
        sprite.tag = key
        self.sprites[key] = sprite

    # -- decor -------------------------------------------------------------------
    def set_decor(self, items: Iterable[Decor]) -> None:
        """Show exactly ``items``; images are rebuilt only when their memo changed."""
        wanted: set[Hashable] = set()
        self.buttons = {}
        for item in items:
            wanted.add(item.key)
            self._place(item)
        for key in [k for k in self.decor if k not in wanted]:
            self.compositor.remove(self.decor.pop(key))
        if len(self._memos) > 600:
            self._memos = {k: v for k, v in self._memos.items() if k in wanted}

    def update_decor(self, items: Iterable[Decor], gone: Iterable[Hashable] = ()) -> None:
        """Show ``items`` (new or changed) and take away ``gone``, leaving the rest: live
        decor (a clock) changes every frame while the rest stays."""
        for key in gone:
            sprite = self.decor.pop(key, None)
            if sprite is not None:
                self.compositor.remove(sprite)
            self.buttons.pop(key, None)
        for item in items:
            self._place(item)

    def _place(self, item: Decor) -> None:
        memo = self._memos.get(item.key)
        if memo is None or memo[0] != item.memo:
            image = item.build()
            self._memos[item.key] = (item.memo, image)
        else:
            image = memo[1]
        x, y = item.pos
        if item.anchor == "center":
            x, y = x - image.get_width() / 2, y - image.get_height() / 2
        elif item.anchor == "midbottom":
            x, y = x - image.get_width() / 2, y - image.get_height()
        sprite = self.decor.get(item.key)
        if sprite is None:
            sprite = Sprite(image, round(x), round(y), item.layer)
            self.decor[item.key] = sprite
            self.compositor.add(sprite)
        else:
            sprite.image = image
            sprite.move_to(round(x), round(y))
            sprite.layer = item.layer
            sprite.visible = True
        if item.action is not None:
            self.buttons[item.key] = (sprite.rect, item.action)

    def button_rect(self, action: Action) -> pygame.Rect | None:
        """Where the button that takes ``action`` lies (``None``: no such button)."""
        return next((rect for rect, a in self.buttons.values() if a == action), None)

    def button_at(self, pos: tuple[int, int]) -> Action | None:
        """The action of the button under ``pos`` (``None``: no button there)."""
        for rect, action in self.buttons.values():
            if rect.collidepoint(pos):
                return action
        return None


def glide(seconds: float, *, delay: float = 0.0, above: bool = False) -> Mover:
    """Pieces that moved slide to their new places over ``seconds`` (above everything
    on the way when ``above``)."""
    def move(sprite: CardSprite, pose: tuple[float, float, float], size: tuple[int, int],
             layer: int) -> Tween | None:
        cx, cy = sprite.center
        if (abs(cx - pose[0]) < 1 and abs(cy - pose[1]) < 1 and sprite.size == size
                and abs(sprite.angle - pose[2]) < 1 and sprite.face_up and sprite.zoom == 1.0):
            sprite.layer = layer
            return None

        def begin() -> None:
            if above:
                sprite.layer = Layers.FLYING
            else:
                sprite.layer = layer

        def done() -> None:
            sprite.layer = layer
        return fly(sprite, pose[:2], seconds, delay=delay, angle=pose[2], size=size,
                   face_up=True, begin=begin, done=done)
    return move


__all__ += ["glide", "BACK"]
