"""The face-off panel in the middle of the Anomia table, and what goes with it.

The panel names both players and the category each must answer, shows both cards (a
tie-breaker's too), each side's tries, and a bottom row: the answer box, the judges'
Right / Wrong, each voter's Yes / No, or the two humans' buttons to take the box.  The
clock is a bar of its own under it (it moves every frame; the panel does not), and each
pile in the face-off has a halo in its symbol's colour.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from tabletop.play.words import Teller
from tabletop.engine.protocol import Action
from tabletop.games.anomia.actions import Judge, Vote
from tabletop.games.anomia.rules import voters_of
from tabletop.games.anomia.words import article
from tabletop.games.anomia.observation import AnomiaView
from tabletop.games.anomia.game import AnomiaGame
from tabletop.games.anomia.table.art import GOLD, SYMBOL_COLORS, AnomiaArt, halo_image
from tabletop.ui import theme
from tabletop.ui.table.picture import Decor, Layers
from tabletop.ui.widgets.base import copy_image, panel_surface

if TYPE_CHECKING:
    from tabletop.ui.table.sight import Sight

__all__ = ["AnswerBox", "FaceOffPanel", "PanelButton", "agree"]


def agree(tell: Teller, seat: int, verb: str, you_verb: str) -> str:
    """The verb alone, agreeing with the player as its subject ("names", "name" for
    you): for a line under the player's name."""
    return tell.act(seat, verb, you_verb).removeprefix(tell.who(seat) + " ")


@dataclass(frozen=True, slots=True)
class PanelButton:
    """A button on the face-off panel (``rect`` in the panel's own coordinates): a
    judge's verdict, one voter's yes or no, or a human taking the answer box."""

    rect: pygame.Rect
    label: str
    seat: int
    action: Action | None  # None: ``seat`` takes the answer box
    good: bool = True


class AnswerBox(Protocol):
    """What the panel shows of the answer being given (the table's
    :class:`~tabletop.games.anomia.table.answering.Answering`, which owns the panel)."""

    @property
    def typed(self) -> str:
        """What has been typed so far."""

    @property
    def verdict(self) -> tuple[str, bool] | None:
        """The last word on a typed answer, and whether it was good."""

    @property
    def hover(self) -> int | None:
        """The panel button under the pointer."""

    def current(self) -> AnomiaView: ...

    def answerers(self, obs: AnomiaView) -> list[int]: ...

    def typing_seat(self, obs: AnomiaView) -> int | None: ...

    def first_to_act(self, obs: AnomiaView) -> int | None: ...


class FaceOffPanel:
    """The panel's picture and buttons; ``rect`` and ``card`` (the table's card size)
    are set by the layout, what is typed and pointed at is ``answering``'s."""

    def __init__(self, table: Sight, game: AnomiaGame, art: AnomiaArt,
                 answering: AnswerBox) -> None:
        self.table, self.game, self.art, self.answering = table, game, art, answering
        self.ctx = table.ctx
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.card = (0, 0)

    # -- the decor ------------------------------------------------------------------------
    def decor(self, obs: AnomiaView) -> Decor:
        fo = obs.faceoff
        assert fo is not None
        answering = self.answering
        typist = answering.typing_seat(obs)
        memo = (obs.phase, fo.serial, fo.tiebreaks, fo.strikes, fo.pending, fo.asks, obs.wild,
                typist, answering.typed, answering.verdict, obs.votes, obs.dispute, obs.judge,
                answering.hover, self.rect.size, self.table.frame.scale)
        return Decor("faceoff", memo, lambda: self.image(obs, typist), self.rect.topleft,
                     Layers.HUD - 1)

    def halo(self, pile: int, top: int) -> Decor:
        """A glow round a play pile in the face-off, in its top card's symbol colour."""
        zone = self.table.picture.zones.get(f"pile{pile}")
        size = zone.size if zone is not None else self.card
        pad = self.table.frame.px(16)
        card = self.game.box[top] if top >= 0 else None
        color = SYMBOL_COLORS[card.symbol] if card is not None and card.category else GOLD
        at = zone.rect.center if zone is not None else (0, 0)
        return Decor(("halo", pile), (color, size, pad), lambda: halo_image(color, size, pad),
                     at, Layers.TARGET, anchor="center")

    def clock(self, obs: AnomiaView, now: int) -> Decor | None:
        """The face-off's clock: a bar that shrinks as the time runs out (its own small
        image, so the panel is not redrawn as it moves)."""
        fo = obs.faceoff
        if fo is None or obs.phase != "faceoff":
            return None
        px = self.table.frame.px
        bar = pygame.Rect(0, 0, self.rect.w - px(40), px(10))
        share = max(0.0, min(1.0, (fo.ends - now) / max(1, fo.ends - fo.started)))
        steps = round(share * 120)

        def build() -> pygame.Surface:
            image = pygame.Surface(bar.size, pygame.SRCALPHA)
            pygame.draw.rect(image, (50, 58, 76), bar, border_radius=bar.h // 2)
            fill = bar.copy()
            fill.w = max(bar.h, round(bar.w * steps / 120))
            color = theme.GOLD if steps > 30 else (230, 90, 70)
            pygame.draw.rect(image, color, fill, border_radius=bar.h // 2)
            return image
        at = (self.rect.x + px(20), self.rect.bottom - px(26))
        return Decor("clock", (steps, bar.size), build, at, Layers.HUD)

    # -- the buttons ----------------------------------------------------------------------
    def answer_row(self) -> pygame.Rect:
        """The panel's bottom row: the answer box, or the judges' or voters' buttons."""
        px = self.table.frame.px
        return pygame.Rect(px(20), self.rect.h - px(84), self.rect.w - px(40), px(46))

    def buttons(self, obs: AnomiaView) -> list[PanelButton]:
        fo = obs.faceoff
        if fo is None:
            return []
        px = self.table.frame.px
        row = self.answer_row()
        half = (row.w - px(16)) // 2
        left, right = pygame.Rect(row.x, row.y, half, row.h), \
            pygame.Rect(row.right - half, row.y, half, row.h)
        if obs.phase == "judge":
            judge = self.answering.first_to_act(obs)
            if judge is None:
                return []
            return [PanelButton(left, "Right (Y)", judge, Judge(True)),
                    PanelButton(right, "Wrong (N)", judge, Judge(False), good=False)]
        if obs.phase == "vote" and obs.dispute is not None:
            voted = dict(obs.votes)
            buttons = []
            # A lone player contests the refusal, or lets it stand (keys Y and N).
            yes_no = ("Contest (Y)", "Let it stand (N)") if self.contest(obs) else ("Yes", "No")
            for seat, chip in self.vote_chips(obs, row):
                if seat in voted:
                    continue
                bw = self.vote_button_width(chip)
                yes = pygame.Rect(chip.right - 2 * bw - px(6), chip.y + px(4), bw, chip.h - px(8))
                buttons.append(PanelButton(yes, yes_no[0], seat, Vote(True)))
                buttons.append(PanelButton(yes.move(bw + px(4), 0), yes_no[1], seat,
                                           Vote(False), good=False))
            return buttons
        humans = self.answering.answerers(obs)
        if len(humans) == 2 and self.answering.typing_seat(obs) is None:
            tell = self.table.teller()
            return [PanelButton(rect, f"{tell.act(seat, 'answers', 'answer')} ({seat + 1})",
                                seat, None) for rect, seat in zip((left, right), humans)]
        return []

    def vote_chips(self, obs: AnomiaView, row: pygame.Rect) -> list[tuple[int, pygame.Rect]]:
        """Each voter's part of the panel's bottom row (everyone human but the answerer)."""
        fo = obs.faceoff
        assert fo is not None and obs.dispute is not None
        voters = voters_of(self.game.humans, fo.seats[obs.dispute[0]])
        gap = self.table.frame.px(10)
        chip_w = (row.w - gap * (len(voters) - 1)) // max(1, len(voters))
        return [(seat, pygame.Rect(row.x + k * (chip_w + gap), row.y, chip_w, row.h))
                for k, seat in enumerate(voters)]

    def contest(self, obs: AnomiaView) -> bool:
        """Whether the vote is a lone player's contest of their own refused answer."""
        fo = obs.faceoff
        return (fo is not None and obs.dispute is not None
                and voters_of(self.game.humans, fo.seats[obs.dispute[0]])
                == (fo.seats[obs.dispute[0]],))

    def vote_button_width(self, chip: pygame.Rect) -> int:
        wide = 150 if self.contest(self.answering.current()) else 64
        return min(self.table.frame.px(wide), (chip.w - self.table.frame.px(8)) // 3)

    # -- the picture ----------------------------------------------------------------------
    def image(self, obs: AnomiaView, typist: int | None) -> pygame.Surface:
        fo = obs.faceoff
        assert fo is not None
        frame = self.table.frame
        px, font = frame.px, frame.font
        text = self.ctx.text
        tell = self.table.teller()
        rect = self.rect
        image = copy_image(panel_surface(rect.size, (14, 22, 38, 255), px(18), theme.GOLD, 3))
        title = "Tie-breaker!" if fo.tiebreaks else ("Wild face-off!" if fo.wild else "Face-off!")
        head = text.render(title, font(30), theme.GOLD, bold=True, shadow=(0, 0, 0))
        spot = head.get_rect(midtop=(rect.w // 2, px(10)))
        image.blit(head, spot)
        if fo.wild and obs.wild >= 0:
            # The wild card that matched them, small, in the title's row.
            mini = (round(self.card[0] * 0.26), round(self.card[1] * 0.26))
            for x in (spot.x - px(10) - mini[0], spot.right + px(10)):
                image.blit(self.art.cards.base(obs.wild, mini), (x, px(6)))
        for side in (0, 1):
            self.draw_side(image, obs, side, typist, tell)
        # The answer box, the judges' or the voters' buttons.
        row = self.answer_row()
        above = row.move(0, -row.h + px(8))
        buttons = self.buttons(obs)
        words = ""
        if obs.phase == "vote" and obs.dispute is not None:
            side, said = obs.dispute
            words = (f"Does {tell.their(fo.seats[side])} “{said}” count as "
                     f"{article(fo.asks[side])}?")
            self.draw_voters(image, obs, row)
        elif obs.phase == "judge":
            words = "Was the answer said aloud right?"
        elif typist is not None:
            self.draw_box(image, row, typist, tell)
        elif self.game.buzzers and obs.phase == "faceoff" and fo.pending is None:
            keys = "   ·   ".join(f"{tell.who(seat)}: key {seat + 1}" for side, seat
                                 in enumerate(fo.seats) if fo.strikes[side] < 2)
            label = text.render(f"Buzz first, then say it aloud   —   {keys}", font(18),
                                theme.INK_SOFT, max_width=row.w)
            image.blit(label, label.get_rect(center=row.center))
        elif buttons:
            label = text.render("Press your key or click to take the answer box", font(17),
                                theme.INK_SOFT, max_width=row.w)
            image.blit(label, label.get_rect(center=above.center))
        elif self.answering.verdict is not None:
            self.draw_verdict(image, row)
        if words:
            label = text.render(words, font(18), theme.INK, bold=True, max_width=row.w)
            image.blit(label, label.get_rect(center=above.center))
        for k, button in enumerate(buttons):
            self.draw_button(image, button, k == self.answering.hover)
        return image

    def draw_side(self, image: pygame.Surface, obs: AnomiaView, side: int, typist: int | None,
                  tell: Teller) -> None:
        """One player's card, name, the category they must answer and how they are doing."""
        fo = obs.faceoff
        assert fo is not None
        px, font = self.table.frame.px, self.table.frame.font
        text = self.ctx.text
        card = (round(self.card[0] * 0.5), round(self.card[1] * 0.5))
        column_w = (self.rect.w - card[0] * 2 - px(60)) // 2
        seat, pile = fo.seats[side], fo.piles[side]
        x0 = px(16) if side == 0 else self.rect.w - px(16) - card[0]
        if obs.piles[pile]:
            image.blit(self.art.cards.base(("glow", obs.piles[pile][-1]), card), (x0, px(56)))
        tx = x0 + card[0] + px(12) if side == 0 else x0 - px(12) - column_w
        name = text.render(tell.who(seat), font(21), theme.INK, bold=True, max_width=column_w)
        image.blit(name, (tx, px(56)))
        ask = text.block(f"{agree(tell, seat, 'names', 'name')} {article(fo.asks[side])}",
                         font(19), theme.HIGHLIGHT, column_w, bold=True)
        image.blit(ask, (tx, px(84)))
        status = "× one try left" if fo.strikes[side] == 1 else ""
        if fo.pending is not None and fo.pending[0] == side:
            status = f"got it: {fo.pending[2]}" if fo.pending[2] else "buzzed!"
        elif obs.phase == "judge" and obs.judge == side:
            status = f"{agree(tell, seat, 'is', 'are')} answering aloud…"
        elif fo.strikes[side] >= 2:
            status = "out of tries"
        elif seat == typist and len(self.answering.answerers(obs)) == 2:
            status = f"{agree(tell, seat, 'is', 'are')} typing…"
        line = text.render(status or "thinking…", font(17), theme.INK_SOFT, max_width=column_w)
        image.blit(line, (tx, px(84) + ask.get_height() + px(4)))

    def draw_voters(self, image: pygame.Surface, obs: AnomiaView, row: pygame.Rect) -> None:
        """Each voter's name (and vote, once cast) at the left of their part of the row."""
        px, font = self.table.frame.px, self.table.frame.font
        voted = dict(obs.votes)
        tell = self.table.teller()
        for seat, chip in self.vote_chips(obs, row):
            image.blit(panel_surface(chip.size, (30, 40, 60, 255), px(10), theme.INK_DIM, 1),
                       chip)
            bw = self.vote_button_width(chip)
            room = chip.w - px(14) - (0 if seat in voted else 2 * bw + px(10))
            name = tell.who(seat)
            words = f"{name}: {'yes' if voted[seat] else 'no'}" if seat in voted else name
            label = self.ctx.text.render(words, font(17), theme.INK, bold=True, max_width=room)
            image.blit(label, label.get_rect(midleft=(chip.x + px(8), chip.centery)))

    def draw_button(self, image: pygame.Surface, button: PanelButton, hover: bool) -> None:
        px, font = self.table.frame.px, self.table.frame.font
        base = (46, 120, 78) if button.good else (150, 60, 52)
        if button.action is None:
            base = (40, 96, 120)
        fill = tuple(min(255, c + 36) for c in base) if hover else base
        pygame.draw.rect(image, fill, button.rect, border_radius=px(10))
        pygame.draw.rect(image, theme.INK if hover else theme.INK_SOFT, button.rect, 2,
                         border_radius=px(10))
        label = self.ctx.text.render(button.label, font(17), theme.INK, bold=True,
                                     max_width=button.rect.w - px(8))
        image.blit(label, label.get_rect(center=button.rect.center))

    def draw_box(self, image: pygame.Surface, box: pygame.Rect, typist: int,
                 tell: Teller) -> None:
        frame = self.table.frame
        fill = panel_surface(box.size, (8, 28, 32, 240), box.h // 3, theme.HIGHLIGHT, 2)
        image.blit(fill, box)
        who = "" if typist == tell.you else f"{tell.who(typist)}: "
        shown = self.answering.typed
        content = self.ctx.text.render(f"{who}{shown}|" if shown or who else "Type your answer…|",
                                       frame.font(21), theme.INK if shown else theme.INK_DIM,
                                       max_width=box.w - frame.px(24))
        image.blit(content, content.get_rect(midleft=(box.x + frame.px(12), box.centery)))
        if self.answering.verdict is not None:
            self.draw_verdict(image, box.move(0, -box.h - frame.px(4)))

    def draw_verdict(self, image: pygame.Surface, where: pygame.Rect) -> None:
        """The verdict on the viewer's last answer: a drawn tick or cross, then words."""
        assert self.answering.verdict is not None
        message, good = self.answering.verdict
        px = self.table.frame.px
        color = (120, 220, 140) if good else (240, 120, 100)
        size = px(18)
        label = self.ctx.text.render(message, self.table.frame.font(18), color, bold=True,
                                     max_width=where.w - size - px(8), shadow=(0, 0, 0))
        whole = pygame.Rect(0, 0, size + px(8) + label.get_width(), max(size, label.get_height()))
        whole.center = where.center
        icon = pygame.Rect(whole.x, 0, size, size)
        icon.centery = whole.centery
        width = max(2, size // 6)
        if good:
            pygame.draw.lines(image, color, False, [(icon.x, icon.centery),
                                                   (icon.x + size * 0.4, icon.bottom - 2),
                                                   (icon.right, icon.y + 2)], width)
        else:
            pygame.draw.line(image, color, icon.topleft, icon.bottomright, width)
            pygame.draw.line(image, color, icon.topright, icon.bottomleft, width)
        image.blit(label, label.get_rect(midleft=(icon.right + px(8), whole.centery)))
