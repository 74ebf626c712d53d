"""Settings: volume, animation speed and full screen, saved between runs."""

from __future__ import annotations

import pygame

from tabletop.storage import ANIMATION_SPEEDS
from tabletop.ui.audio import Sound
from tabletop.ui import theme
from tabletop.ui.context import Context
from tabletop.ui.flow import Back, Flow
from tabletop.ui.scenes.base import OverlayScene
from tabletop.ui.widgets.base import Widget
from tabletop.ui.widgets.button import Button
from tabletop.ui.widgets.slider import Slider
from tabletop.ui.widgets.stepper import Stepper
from tabletop.ui.widgets.toggle import Toggle

__all__ = ["SettingsScene"]

SPEED_LABELS = {"instant": "Instant", "fast": "Fast", "normal": "Normal", "slow": "Slow"}


class SettingsScene(OverlayScene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)

    def build(self) -> None:
        w, h = self.size
        px = self.px
        settings = self.ctx.settings
        self.box = pygame.Rect(0, 0, px(760), px(640))
        self.box.center = (w // 2, h // 2)
        x = self.box.x + px(300)
        y = self.box.y + px(130)
        row = px(84)
        self.rows = ["Volume", "Sound", "Animations", "Full screen", "First-game tips"]
        widgets: list[Widget] = [
            Slider((x, y, px(380), px(40)), settings.volume, self.set_volume),
            Toggle((x, y + row, px(86), px(40)), not settings.muted, self.set_sound),
            Stepper((x, y + 2 * row - px(6), px(300), px(52)), list(ANIMATION_SPEEDS),
                    settings.animation_speed, self.ctx.text, self.set_speed,
                    label=lambda s: SPEED_LABELS[s], font_size=px(21)),
            Toggle((x, y + 3 * row, px(86), px(40)), settings.fullscreen, self.set_fullscreen),
            Toggle((x, y + 4 * row, px(86), px(40)), settings.guide, self.set_guide),
            Button((self.box.centerx - px(120), self.box.bottom - px(96), px(240), px(62)),
                   "Done", self.ctx.text, self.back, primary=True, font_size=px(24)),
        ]
        self.row_y = [y + k * row + px(20) for k in range(5)]
        self.set_widgets(widgets)

    def paint(self, surface: pygame.Surface) -> None:
        super().paint(surface)
        px = self.px
        self.panel(surface, self.box, theme.PANEL_SOLID)
        self.heading(surface, "Settings", (self.box.centerx, self.box.y + px(60)), 48)
        for label, y in zip(self.rows, self.row_y):
            image = self.ctx.text.render(label, px(24), theme.INK_SOFT, bold=True)
            surface.blit(image, (self.box.x + px(60), y - image.get_height() // 2))

    def set_volume(self, value: float) -> None:
        self.ctx.settings.volume = value
        self.ctx.audio.set_volume(value)
        self.ctx.audio.play(Sound.CLICK)

    def set_sound(self, on: bool) -> None:
        self.ctx.settings.muted = not on
        self.ctx.audio.set_volume(self.ctx.settings.volume, muted=not on)

    def set_speed(self, speed: str) -> None:
        self.ctx.settings.animation_speed = speed

    def set_guide(self, on: bool) -> None:
        """Tips on again: every tip shows again, as in a first game."""
        self.ctx.settings.guide = on
        if on:
            self.ctx.settings.guide_seen = []

    def set_fullscreen(self, on: bool) -> None:
        self.ctx.set_fullscreen(on)

    def back(self) -> Flow:
        self.ctx.save_settings()
        return Back()
