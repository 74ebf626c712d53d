"""A question over the screen below: a title, a sentence, and two or three answers."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import pygame

from tabletop.ui import theme
from tabletop.ui.context import Context
from tabletop.ui.flow import Answer, Back, Flow, then
from tabletop.ui.scenes.base import OverlayScene
from tabletop.ui.widgets.base import Widget
from tabletop.ui.widgets.button import Button

__all__ = ["ChoiceScene"]


class ChoiceScene(OverlayScene):
    """Each answer closes the question, then does its job; Esc takes the last answer
    (the one that changes nothing)."""

    def __init__(self, ctx: Context, title: str, message: str, answers: Sequence[Answer]) -> None:
        super().__init__(ctx)
        self.title = title
        self.message = message
        self.answers = list(answers)

    def build(self) -> None:
        w, h = self.size
        px = self.px
        self.box = pygame.Rect(0, 0, min(w - px(60), px(880)), px(330))
        self.box.center = (w // 2, h // 2)
        gap = px(20)
        width = (self.box.w - px(80) - gap * (len(self.answers) - 1)) // len(self.answers)
        x = self.box.x + px(40)
        widgets: list[Widget] = []
        for answer in self.answers:
            widgets.append(Button((x, self.box.bottom - px(96), width, px(60)), answer.label,
                                  self.ctx.text, partial(self.choose, answer),
                                  primary=answer.primary, font_size=px(21)))
            x += width + gap
        self.set_widgets(widgets)
        primary = next((b for b, a in zip(widgets, self.answers) if a.primary), widgets[-1])
        self.focus.focus(primary)

    def paint(self, surface: pygame.Surface) -> None:
        super().paint(surface)
        px = self.px
        self.panel(surface, self.box, theme.PANEL_SOLID)
        self.heading(surface, self.title, (self.box.centerx, self.box.y + px(54)), 38)
        body = self.ctx.text.block(self.message, px(21), theme.INK, self.box.w - px(80),
                                   align="center")
        surface.blit(body, (self.box.x + px(40), self.box.y + px(100)))

    def choose(self, answer: Answer) -> Flow:
        return then(Back(), answer.then())

    def back(self) -> Flow:
        return self.choose(self.answers[-1])
