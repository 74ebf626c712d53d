"""Pigpile's table: its art and its spec for the table kit (the steps that draw)."""

from collections.abc import Iterable

import pygame

from tabletop.engine.protocol import Action, Observation, Zone as EngineZone, ZoneKind
from tabletop.ui.cards import ImageCache
from tabletop.ui.table.frame import Frame
from tabletop.ui.table.spec import Control, Gesture, InfoLine, TableSpec, View, Way
from tabletop.ui.table.zones import BACK, Fan, Hidden, Pile, Piece, Zone
from tests.sixth.pigpile import Play, PigView, Take, value


def card_art(face: object, size: tuple[int, int]) -> pygame.Surface:
    """A pink card with its number, or a back with a snout."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    pygame.draw.rect(image, (120, 50, 70) if face == BACK else (250, 222, 228), image.get_rect(),
                     border_radius=w // 10)
    pygame.draw.rect(image, (90, 30, 50), image.get_rect(), 2, border_radius=w // 10)
    if face == BACK:
        pygame.draw.ellipse(image, (240, 160, 180), (w // 4, h // 3, w // 2, h // 3))
    else:
        font = pygame.font.Font(None, h // 2)
        text = font.render(str(value(int(face))), True, (90, 30, 50))  # type: ignore[call-overload]
        image.blit(text, text.get_rect(center=(w // 2, h // 2)))
    return image


class PigpileTableSpec(TableSpec):
    """One hand at the bottom, the others' backs at the top, the pile in the middle."""

    _faces = ImageCache(card_art)

    @property
    def faces(self) -> ImageCache:
        return self._faces

    def layout(self, frame: Frame, bottom: int) -> dict[str, Zone]:
        play, card = frame.play, frame.card((90, 126))
        middle = (play.centerx, play.centery - card[1] * 0.3)
        zones: dict[str, Zone] = {
            "hand": Fan("hand", card, (play.centerx, play.bottom - card[1] * 0.7), ordered=True),
            "pile": Pile("pile", card, middle, face_up=True, label="Pile"),
        }
        others = [s for s in range(len(self.table.match.seats)) if s != bottom]
        for i, seat in enumerate(others):
            zones[f"hidden{seat}"] = Hidden(f"hidden{seat}", frame.card((40, 56)), (
                play.left + play.w * (i + 1) / (len(others) + 1), play.top + card[1] * 0.6))
        self.slots["take"] = pygame.Rect(0, 0, frame.px(180), frame.px(44))
        self.slots["take"].center = (round(middle[0]), round(middle[1] + card[1] * 0.85))
        return zones

    def zone_of(self, zone: EngineZone) -> str | None:
        bottom = self.table.bottom
        return {ZoneKind.HAND: "hand" if zone.seat == bottom else f"hidden{zone.seat}",
                ZoneKind.TRICK: "pile"}.get(zone.kind)

    def view(self, obs: Observation) -> View:
        assert isinstance(obs, PigView)
        view = View()
        hand = obs.hand if self.table.private else (BACK,) * len(obs.hand)
        view.zones["hand"] = [Piece(c if c != BACK else ("back", i), c) for i, c in enumerate(hand)]
        view.zones["pile"] = [Piece(c, c) for c in obs.pile]
        for seat, size in enumerate(obs.hand_sizes):
            if seat != self.table.bottom:
                view.zones[f"hidden{seat}"] = [Piece(("h", seat, i), BACK) for i in range(size)]
        taken = tuple((self.table.name(s), str(len(w))) for s, w in enumerate(obs.won))
        view.info = [InfoLine("Play higher than the pile, or take it."),
                     InfoLine("Cards taken", "title", taken)]
        return view

    def ways(self, action: Action, obs: Observation) -> Iterable[Way]:
        if isinstance(action, Play):
            return (Gesture(action.card, "hand", "pile", "Play", f"play the {value(action.card)}"),)
        if isinstance(action, Take):
            return (Control("Take the pile", "take the pile", "take"),)
        return ()
