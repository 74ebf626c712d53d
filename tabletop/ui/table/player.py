"""Playing what happened: each event of an applied action becomes an animation step.

A step writes the event's log line, plays its sound, and runs the game's own
animation for it or, by default, flies the pieces of its moves from zone to zone
(face up or down as the viewer may see them; a deal's cards one after another).
After an action's last step the picture is compared with a fresh view of the game:
a difference is counted as ``drift`` and mended.

The steps act on the picture as the earlier steps left it.  Should the picture be
redrawn from the game while steps still wait (a piece gliding back from a missed drop
ends by redrawing the table, and a player may act before it lands), it already shows
what they were to show: they then only write their log lines and play their sounds,
and the comparison after the last one settles the picture.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from tabletop.engine.events import Move
from tabletop.engine.protocol import Event
from tabletop.ui.cards import CardSprite
from tabletop.ui.compositor import Sprite
from tabletop.ui.motion import fly, turn_over
from tabletop.ui.table.host import TableHost
from tabletop.ui.table.picture import Layers, glide
from tabletop.ui.table.zones import BACK, Piece, Zone
from tabletop.ui.tween import Tween

__all__ = ["EventPlayer"]


class EventPlayer:
    """Turns a table's events into animation steps."""

    def __init__(self, table: TableHost) -> None:
        self.table = table
        self.drift = 0  # how often the picture disagreed with the game after an action
        self._unplayed = 0  # applied actions whose animation has not finished
        self._effects: list[Sprite] = []
        self._counter = 0
        #: While steps wait: what the tracked zones hold as the steps so far left them.
        self._drawn: dict[str, object] | None = None
        #: The picture was redrawn from the game under the waiting steps.
        self._overtaken = False

    def reset(self) -> None:
        """The picture was redrawn from scratch: nothing is waiting to be played."""
        self._unplayed = 0
        self._drawn = None
        self._overtaken = False
        self.clear_effects()

    @property
    def overtaken(self) -> bool:
        """Whether the waiting steps found the picture redrawn from the game under them
        (they then leave it alone until the comparison after the last one)."""
        return self._overtaken

    def _contents(self) -> dict[str, object]:
        return {zone_id: zone.signature() for zone_id, zone in self.table.picture.zones.items()
                if zone.tracked}

    def _check_picture(self) -> None:
        """Before a step: has anything but the steps changed the picture since the last?"""
        if not self._overtaken and self._drawn is not None and self._contents() != self._drawn:
            self._overtaken = True

    def _drew(self, zone: Zone | None = None) -> None:
        """The steps changed the picture (all of it, or ``zone`` as a piece landed)."""
        if self._drawn is None or self._overtaken:
            return
        if zone is None:
            self._drawn = self._contents()
        elif zone.tracked:
            self._drawn[zone.id] = zone.signature()

    def play(self, events: Sequence[Event]) -> None:
        """Queue one step per event (a run of deals as one interleaved step), then the
        comparison with the game."""
        i = 0
        while i < len(events):
            event = events[i]
            group = [event]
            if event.moves() and self.table.spec.special(event) is None:
                while (i + len(group) < len(events) and type(events[i + len(group)]) is type(event)
                       and len(event.moves()) > 1):
                    group.append(events[i + len(group)])
            i += len(group)
            self.table.animator.queue(self._step(group), hold=self.table.spec.hold(group[-1]))
        if self._drawn is None:
            self._drawn = self._contents()  # the picture these steps start from
        self._unplayed += 1
        self.table.animator.queue(self.reconcile)

    def _step(self, group: Sequence[Event]) -> Callable[[], list[Tween]]:
        def start() -> list[Tween]:
            self._check_picture()
            tweens: list[Tween] = []
            for event in group:
                self.table.chrome.log_event(event)
                self.table.guide.played(event)
                sound = self.table.spec.sound(event)
                if sound:
                    self.table.ctx.audio.play(sound)
            if self._overtaken:
                return tweens
            special = self.table.spec.special(group[0]) if len(group) == 1 else None
            if special is not None:
                tweens.extend(special() or ())
            else:
                tweens.extend(self.carry(_interleave([e.moves() for e in group])))
            self._drew()
            return tweens
        return start

    def carry(self, moves: Sequence[Move], stagger: float | None = None) -> list[Tween]:
        """Fly each move's piece from its zone to the next (face up or down as the viewer
        may see it); cards of a deal leave one after another."""
        if stagger is None:
            stagger = self.table.spec.STAGGER if len(moves) > 3 else 0.0
        tweens: list[Tween] = []
        touched: set[str] = set()
        seer = self.table.session.bottom if self.table.session.private else None
        landing: dict[str, dict[Hashable, Piece]] | None = None
        for n, move in enumerate(moves):
            src_id, dst_id = self.table.spec.zone_of(move.src), self.table.spec.zone_of(move.dst)
            # The picture knows best where a piece it shows lies (a partner's shown card,
            # drawn apart from their hidden hand, is still in that hand for the rules).
            src_id = self.table.picture.where.get(move.piece, src_id)
            src = self.table.picture.zones.get(src_id or "")
            dst = self.table.picture.zones.get(dst_id or "")
            if src is None and dst is None:
                continue
            face = move.piece if move.seen_by(seer) else BACK
            taken = self.table.picture.take(src, move.piece) if src is not None else None
            sprite = taken[1] if taken is not None else None
            start = src.anchor if src is not None else (dst.anchor if dst is not None else (0, 0))
            if sprite is None:
                old = taken[0].face if taken is not None else face
                sprite = self.table.picture.flying(old, (src or dst).size, start)  # type: ignore[union-attr]
                if not src or (src.composite and n * stagger > 0):
                    sprite.visible = n * stagger <= 0
            if src is not None and not src.composite:
                touched.add(src.id)
            sprite.layer = Layers.FLYING + n
            delay = n * stagger
            if dst is None:
                tweens.append(self._vanish(sprite, start, delay))
                continue
            if dst.composite:
                tweens.append(self._into_composite(sprite, dst, move, face, delay))
                continue
            key: Hashable = move.piece if face != BACK else ("back", dst.id, self._uid())
            slot = None
            if face != BACK:
                # Where the game now shows the piece: its slot (a column, a place in a
                # row) and its face there (lit, dimmed).
                if landing is None:
                    landing = {z: {p.key: p for p in pieces}
                               for z, pieces in self.table.view().zones.items()}
                shown = landing.get(dst.id, {}).get(move.piece)
                if shown is not None:
                    slot, face = shown.slot, shown.face
            if sprite.face != face:
                sprite.face, sprite.face_up = face, False  # turns over on the way
                sprite.refresh()
            dst.insert(Piece(key, face, slot))
            self.table.picture.adopt(key, sprite)
            touched.add(dst.id)
            show = sprite

            def appear(sprite: CardSprite = show) -> None:
                sprite.visible = True
            tweens += self._relay(dst, self.table.spec.FLIGHT, delay, appear, moving=key)
        for zone_id in touched:
            zone = self.table.picture.zones[zone_id]
            if zone_id != getattr(dst, "id", None):
                tweens += self._relay(zone, 0.2)
        return tweens

    def _relay(self, zone: Zone, seconds: float, delay: float = 0.0,
               begin: Callable[[], None] | None = None, moving: Hashable = None) -> list[Tween]:
        """Lay a zone's pieces out again: the arriving one above the rest on its way."""
        tweens = []
        poses = zone.piece_poses(self.table.picture.raised.get(zone.id, frozenset()))
        for i, (piece, pose) in enumerate(zip(zone.pieces, poses)):
            sprite = self.table.picture.sprites.get(piece.key)
            if sprite is None:
                continue
            arriving = piece.key == moving
            mover = glide(seconds, delay=delay if arriving else 0.0, above=arriving)
            tween = mover(sprite, pose, zone.size, zone.layer + 2 * i)
            self.table.picture.where[piece.key] = zone.id
            if tween is not None:
                if arriving and begin is not None:
                    tween.begin = _chain(begin, tween.begin)
                tweens.append(tween)
            elif arriving and begin is not None:
                begin()
        return tweens

    def _into_composite(self, sprite: CardSprite, zone: Zone, move: Move, face: Hashable,
                        delay: float) -> Tween:
        def arrive() -> None:
            self.table.compositor.remove(sprite)
            self._check_picture()
            if self._overtaken:
                return  # the redrawn picture has it already
            zone.pieces.append(Piece(("back", zone.id, self._uid()) if face == BACK
                                     else move.piece, face))
            self.table.picture.compose_soon(zone)
            self._drew(zone)

        def appear() -> None:
            sprite.visible = True
        face_up = getattr(zone, "face_up", False) and face != BACK
        return fly(sprite, zone.anchor, self.table.spec.FLIGHT, delay=delay, size=zone.size,
                   face_up=face_up, begin=appear, done=arrive)

    def _vanish(self, sprite: CardSprite, at: tuple[float, float], delay: float) -> Tween:
        return fly(sprite, at, 0.01, delay=delay, done=lambda: self.table.compositor.remove(sprite))

    def _uid(self) -> int:
        self._counter += 1
        return self._counter

    def reconcile(self) -> list[Tween]:
        """After an action's steps: the picture must agree with the game; mend it if not.
        (In real time later actions may already be queued: the last one judges.)"""
        self.clear_effects()
        self._unplayed -= 1
        if self._unplayed > 0:
            return []
        view = self.table.view()
        for zone_id, zone in self.table.picture.zones.items():
            if not zone.tracked:
                continue
            shown = zone.signature()
            pieces, zone.pieces = zone.pieces, view.zones.get(zone_id, [])
            wanted = zone.signature()
            zone.pieces = pieces
            if shown != wanted:
                self.drift += 1
                if self.table.ctx.debug_drift:
                    print("drift in", zone_id, shown, wanted)
                break
        tweens = self.table.refresh(0.2, view)
        self._drawn = None
        self._overtaken = False
        return tweens

    def put(self, zone_id: str, piece: Piece) -> list[Tween]:
        """A special animation adds a piece that no move brought (a marker, say)."""
        zone = self.table.picture.zones[zone_id]
        zone.pieces.append(piece)
        return self.table.picture.place(zone, glide(0.2))

    def turn(self, zone_id: str, piece: Piece, seconds: float) -> list[Tween]:
        """A special animation turns over, where it lies, the piece in ``piece``'s slot
        (a face-down card explored): its sprite flips and becomes ``piece``'s."""
        picture = self.table.picture
        zone = picture.zones.get(zone_id)
        if zone is None:
            return []
        for i, old in enumerate(zone.pieces):
            if old.slot == piece.slot:
                break
        else:
            return []
        zone.pieces[i] = piece
        sprite = picture.sprites.pop(old.key, None)
        if sprite is None:
            return []
        picture.adopt(piece.key, sprite)
        picture.where.pop(old.key, None)
        picture.where[piece.key] = zone_id
        return [turn_over(sprite, piece.face, seconds)]

    def remove(self, zone_id: str, keep: Callable[[Piece], bool]) -> None:
        """A special animation takes away the pieces of a zone that ``keep`` refuses."""
        zone = self.table.picture.zones[zone_id]
        for piece in [p for p in zone.pieces if not keep(p)]:
            taken = self.table.picture.take(zone, piece.key)
            if taken is not None and taken[1] is not None:
                self.table.compositor.remove(taken[1])

    def effect(self, sprite: Sprite) -> Sprite:
        """A sprite that lasts until the end of the action's animation (a glow, a banner)."""
        self.table.compositor.add(sprite)
        self._effects.append(sprite)
        return sprite

    def clear_effects(self) -> None:
        """Take the special animations' leftovers off the table."""
        for sprite in self._effects:
            self.table.compositor.remove(sprite)
        self._effects = []


def _interleave(groups: Sequence[Sequence[Move]]) -> list[Move]:
    """Round the table: the first move of each group, then the second of each, …"""
    out: list[Move] = []
    for i in range(max((len(g) for g in groups), default=0)):
        out.extend(g[i] for g in groups if i < len(g))
    return out


def _chain(first: Callable[[], None], second: Callable[[], None] | None) -> Callable[[], None]:
    def both() -> None:
        first()
        if second is not None:
            second()
    return both

