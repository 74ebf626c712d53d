"""The Anomia table: play piles round an oval, the draw piles and the wild card in
the middle, and a face-off panel with the typing box and a live clock.

Every seat has its play piles (two each with two or three players) with its winning
pile beside them and its name plate under them; the viewer sits at the bottom and
the others round the oval in turn order.  The pile whose turn it is to draw is
named on its plate; piles in a face-off glow in their symbol's colour.

In a face-off the panel in the middle names both players and the category each must
answer, shows both cards (and a tie-breaker's), each side's tries and a clock bar.
The viewer types into the box and presses Enter; the box says at once whether the
answer counted.  In a game of only humans each player has a buzzer key (1–6, shown
on the plates) and the others judge with Right / Wrong; an answer the lexicon does
not know is put to the other humans with Yes / No buttons per voter.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from tabletop.engine.protocol import Action, Event, Observation, Zone as EngineZone, ZoneKind
from tabletop.games.anomia.actions import MAX_ANSWER, Answer, Buzz, Draw, Judge, Vote
from tabletop.games.anomia.events import (
    Answered, Buzzed, Disputed, Drew, FaceOffBegan, FaceOffWon, Judged, PilesSplit, RoundOver,
    TieBreakDrawn, Tied, VoteDecided, WildInPlay, WildSetAside, article,
)
from tabletop.games.anomia import LEARNED
from tabletop.games.anomia.lexicon import learned_text
from tabletop.games.anomia.observation import AnomiaView
from tabletop.games.anomia.presenter import round_account
from tabletop.games.anomia.rules import AnomiaGame
from tabletop.games.anomia.table.art import GOLD, AnomiaArt, SYMBOL_COLORS
from tabletop.ui import theme
from tabletop.ui.audio import Sound
from tabletop.ui.cards import ImageCache
from tabletop.ui.table.frame import Frame
from tabletop.ui.table.picture import Decor, Layers
from tabletop.ui.table.guide import GuideNote
from tabletop.ui.table.spec import InfoLine, Step, TableSpec, View
from tabletop.ui.table.zones import BACK, Pile, Piece, Zone
from tabletop.ui.widgets.base import panel_surface
from tabletop.ui.widgets.seat_panel import PLAYER_COLORS, SeatInfo

if TYPE_CHECKING:
    from tabletop.ui.table.sight import Sight

__all__ = ["AnomiaTableSpec", "BUZZER_KEYS"]

#: Buzzer keys by seat (a game of only humans).
BUZZER_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6)
PLATE = (196, 62)
PANEL = (600, 300)


@dataclass(frozen=True, slots=True)
class PanelButton:
    """A button on the face-off panel (``rect`` in the panel's own coordinates): a
    judge's verdict, one voter's yes or no, or a human taking the answer box."""

    rect: pygame.Rect
    label: str
    seat: int
    action: Action | None  # None: ``seat`` takes the answer box
    good: bool = True


class AnomiaTableSpec(TableSpec):
    CARD_BACK = "anomia/back.svg"
    FLIGHT = 0.26
    #: The face-off panel shows what is typed and the clock: the view is live.
    CACHE_VIEWS = False
    OWN_KEYS = {**{key: f"player {n + 1}'s buzzer" for n, key in enumerate(BUZZER_KEYS)},
                pygame.K_y: "yes: the answer is right", pygame.K_n: "no: the answer is wrong"}

    def __init__(self, table: Sight) -> None:
        super().__init__(table)
        game = table.match.state.game
        assert isinstance(game, AnomiaGame)
        self.game = game
        self.art = AnomiaArt(table.ctx.assets, table.ctx.text, game.box)
        self.plates: dict[int, pygame.Rect] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.card_size = (0, 0)
        #: What the viewer is typing, and the verdict on their last answer.
        self.typed = ""
        self.verdict: tuple[str, bool] | None = None
        self.race: tuple[int, int] | None = None
        #: In a face-off between two humans, who took the answer box (their key or a click).
        self.typist: int | None = None
        #: The digit that took the box also arrives as typed text: it is not an answer.
        self.swallow = False
        #: The panel button under the mouse.
        self.hover: int | None = None
        self._seen: AnomiaView | None = None
        self._seen_at: tuple[int, int] = (-1, -1)

    @property
    def faces(self) -> ImageCache:
        return self.art.cards

    def hints(self) -> tuple[str, ...]:
        if self.game.buzzers:
            return ("Face-off? Press your buzzer key (on your plate) and say your answer; "
                    "the others judge it.",)
        if len(self.table.humans) > 1:
            return ("Click a draw pile or press Space to turn up a card. When two of you face "
                    "off, press your key (on your plate) to take the answer box, then type.",)
        return ("Click a draw pile or press Space to turn up a card. In a face-off, type an "
                "example of the category you are given and press Enter.",)

    # -- where everything sits ----------------------------------------------------------------
    def seat_at(self, index: int) -> int:
        return (self.table.bottom + index) % self.game.players

    def guide(self) -> tuple[GuideNote, ...]:
        """The game's terms, each explained the first time it comes up."""
        return (
            GuideNote("faceoff", "A face-off!",
                      "Two top cards show the same symbol. Each of you names an example of the "
                      "category on the other's card: the first right answer wins that card.",
                      "", FaceOffBegan),
            GuideNote("wild", "A wild card",
                      "While it lies in the middle, its two symbols match each other: a player "
                      "showing one faces off with a player showing the other.", "wild",
                      WildInPlay),
            GuideNote("tie", "A tie-breaker",
                      "Both name an example of the category on one fresh card; the winner takes "
                      "the first face-off's card.", "", Tied),
        )

    def layout(self, frame: Frame, bottom: int) -> dict[str, Zone]:
        game = self.game
        play = frame.play
        px = frame.px
        per = 2 if game.piles > game.players else 1
        n = game.players
        card_h = min(px(176), round(play.h * (0.21 if n <= 4 else 0.19)))
        card = (round(card_h * 0.71), card_h)
        self.card_size = card
        small = (round(card[0] * 0.62), round(card[1] * 0.62))
        plate = (px(PLATE[0]), px(PLATE[1]))
        zones: dict[str, Zone] = {}
        cluster_w = per * card[0] + (per - 1) * px(10) + px(12) + small[0]
        cluster_h = card[1] + px(14) + plate[1]
        # The oval of seats leaves room for the prompt under the bottom seat.
        cx, cy = play.centerx, play.centery - px(36)
        rx = (play.w - cluster_w) / 2 - px(8)
        ry = (play.h - cluster_h) / 2 - px(40)
        self.plates = {}
        for index in range(n):
            seat = (bottom + index) % n
            angle = math.pi / 2 + 2 * math.pi * index / n
            x = cx + rx * math.cos(angle)
            y = cy + ry * math.sin(angle)
            top = y - cluster_h / 2
            left = x - cluster_w / 2
            for k, pile in enumerate(game.seat_piles(seat)):
                at = (left + card[0] / 2 + k * (card[0] + px(10)), top + card[1] / 2)
                zones[f"pile{pile}"] = Pile(f"pile{pile}", card, at, face_up=True,
                                            layer=20 + index, focusable=False)
            won_at = (left + cluster_w - small[0] / 2, top + card[1] - small[1] / 2)
            zones[f"won{seat}"] = Pile(f"won{seat}", small, won_at, layer=18)
            rect = pygame.Rect(0, 0, *plate)
            rect.midtop = (round(x), round(top + card[1] + px(14)))
            self.plates[seat] = rect
        # The middle: the two draw piles with the wild card between them.
        deck = (round(card[0] * 0.86), round(card[1] * 0.86))
        gap = px(18)
        zones["draw0"] = Pile("draw0", deck, (cx - deck[0] - gap, cy), label="Draw", layer=10)
        zones["wild"] = Pile("wild", deck, (cx, cy), face_up=True, label="Wild", layer=11)
        zones["draw1"] = Pile("draw1", deck, (cx + deck[0] + gap, cy), label="Draw", layer=10)
        # A tie-breaker card lies on the wild spot, under the face-off panel that names it.
        zones["tie"] = Pile("tie", deck, (cx, cy), face_up=True, layer=12)
        panel = pygame.Rect(0, 0, min(px(PANEL[0]), round(rx * 1.5)), px(PANEL[1]))
        panel.center = (cx, cy)
        self.panel = panel
        return zones

    def zone_of(self, zone: EngineZone) -> str | None:
        kind, seat = zone.kind, zone.seat
        if kind is ZoneKind.DECK:
            return f"draw{seat}"
        if kind is ZoneKind.BOARD:
            return f"pile{seat}"
        if kind is ZoneKind.WON:
            return f"won{seat}"
        if kind is ZoneKind.COMMUNITY:
            return "wild"
        if kind is ZoneKind.SPOT:
            return "tie"
        return None

    def compose(self, zone: Zone) -> pygame.Surface:
        if zone.id.startswith("pile") and zone.pieces:
            # The top card, lit while it is in the face-off.
            return self.faces.base(zone.pieces[-1].face, zone.size)
        return super().compose(zone)

    # -- what the viewer sees ---------------------------------------------------------------------
    def view(self, obs: Observation) -> View:
        assert isinstance(obs, AnomiaView)
        view = View()
        zones = view.zones
        game = self.game
        fo = obs.faceoff if obs.phase in ("faceoff", "judge", "vote") else None
        lit = set(fo.piles) if fo is not None else set()
        for pile, cards in enumerate(obs.piles):
            zones[f"pile{pile}"] = [
                Piece(c, ("glow", c) if pile in lit and i == len(cards) - 1 else c)
                for i, c in enumerate(cards)]
        for seat, cards in enumerate(obs.won):
            zones[f"won{seat}"] = [Piece(c, BACK) for c in cards]
        for side in (0, 1):
            zones[f"draw{side}"] = [Piece(("draw", side, i), BACK) for i in range(obs.draw[side])]
        zones["wild"] = [Piece(c, c) for c in (*obs.covered, obs.wild) if c >= 0]
        zones["tie"] = [Piece(fo.tie_card, fo.tie_card)] if fo is not None and fo.tie_card >= 0 else []
        drawer = game.owner(obs.turn) if obs.phase == "draw" else None
        for seat in range(game.players):
            view.decor.append(self.plate(seat, self.plates[seat], self.seat_info(obs, seat, drawer)))
        if fo is not None:
            view.decor.extend(self.halo(pile, obs.piles[pile][-1] if obs.piles[pile] else -1)
                              for pile in fo.piles)
            view.decor.append(self.faceoff_panel(obs))
        view.prompt, view.urgent = self.prompt(obs)
        view.info = self.info(obs)
        return view

    def seat_info(self, obs: AnomiaView, seat: int, drawer: int | None) -> SeatInfo:
        match = self.table.match
        won = len(obs.won[seat])
        lines = [("Won", str(won))]
        if self.game.buzzers:
            lines.append(("Buzzer", str(seat + 1)))
        elif seat in self.table.humans and len(self.table.humans) > 1:
            lines.append(("Key", str(seat + 1)))
        note = "draws next" if seat == drawer else ""
        s = match.seats[seat]
        return SeatInfo(self.table.name(seat), s.is_bot, s.level, seat, seat == drawer,
                        tuple(lines), note)

    def prompt(self, obs: AnomiaView) -> tuple[str, bool]:
        table = self.table
        if obs.phase == "over":
            return "The draw piles are empty: the round is over.", False
        fo = obs.faceoff
        if obs.phase == "draw":
            drawer = self.game.owner(obs.turn)
            if drawer in table.humans:
                again = " again (a wild card)" if obs.again else ""
                who = "Your" if table.name(drawer) == "You" else f"{table.name(drawer)}'s"
                return f"{who} turn to draw{again}: click a draw pile or press Space.", True
            return f"{table.name(drawer)} turns up a card…", False
        assert fo is not None
        if obs.phase == "judge":
            return (f"Was {table.name(fo.seats[obs.judge])}'s answer right? "
                    "The other players decide.", True)
        if obs.phase == "vote":
            return "Vote: does the answer count?", True
        if self.game.buzzers:
            return "Face-off! Buzz when you have an answer, then say it aloud.", True
        if len(self.answerers(obs)) == 2 and self.typing_seat(obs) is None:
            keys = " or ".join(str(s + 1) for s in self.answerers(obs))
            return f"Face-off! Press your key ({keys}) to take the answer box.", True
        mine = [s for s in fo.seats if s in table.humans]
        if mine:
            return "Face-off! Type your answer and press Enter.", True
        return "Face-off!", False

    def info(self, obs: AnomiaView) -> list[InfoLine]:
        table = self.table
        lines = [InfoLine("Anomia", "title"),
                 InfoLine(f"Cards left to draw: {obs.draw[0] + obs.draw[1]}")]
        if obs.wild >= 0:
            wild = self.game.box[obs.wild]
            lines.append(InfoLine("Wild card: " + " matches ".join(s.label for s in wild.symbols),
                                  "accent"))
        if obs.queue:
            a, b, _ = obs.queue[0]
            names = " vs ".join(table.name(self.game.owner(p)) for p in (a, b))
            more = f" (+{len(obs.queue) - 1} more)" if len(obs.queue) > 1 else ""
            lines.append(InfoLine(f"Next face-off: {names}{more}", "soft"))
        if self.game.no_repeat:
            lines.append(InfoLine("No repeats this round", "soft"))
        standings = sorted(range(self.game.players), key=lambda s: -len(obs.won[s]))
        lines.append(InfoLine("  ·  ".join(f"{table.name(s)} {len(obs.won[s])}"
                                          for s in standings)))
        return lines

    # -- the face-off panel ---------------------------------------------------------------------
    def answerers(self, obs: AnomiaView) -> list[int]:
        """The humans in the face-off who may type an answer now."""
        fo = obs.faceoff
        if obs.phase != "faceoff" or fo is None or self.game.buzzers:
            return []
        return [s for side, s in enumerate(fo.seats) if s in self.table.humans
                and fo.strikes[side] < 2
                and not (fo.pending is not None and fo.pending[0] == side)]

    def typing_seat(self, obs: AnomiaView) -> int | None:
        """The human whose answer the keyboard types now (``None``: nobody types).  Alone
        in a face-off, a human just types; two humans race to take the box first."""
        humans = self.answerers(obs)
        if len(humans) == 1:
            return humans[0]
        return self.typist if self.typist in humans else None

    def halo(self, pile: int, top: int) -> Decor:
        """A glow round a play pile in the face-off, in its top card's symbol colour."""
        zone = self.table.picture.zones.get(f"pile{pile}")
        size = self.card_size
        pad = self.table.frame.px(16)
        card = self.game.box[top] if top >= 0 else None
        color = SYMBOL_COLORS[card.symbol] if card is not None and card.category else GOLD

        def build() -> pygame.Surface:
            w, h = size[0] + 2 * pad, size[1] + 2 * pad
            image = pygame.Surface((w, h), pygame.SRCALPHA)
            for step in range(pad, 0, -2):  # soft: fainter outward
                alpha = round(200 * (1 - step / pad) ** 1.5) + 30
                rect = pygame.Rect(pad - step, pad - step, size[0] + 2 * step,
                                   size[1] + 2 * step)
                pygame.draw.rect(image, (*color, alpha), rect, 2,
                                 border_radius=max(4, size[0] // 12) + step)
            pygame.draw.rect(image, (255, 255, 255, 255), (pad - 3, pad - 3, size[0] + 6,
                                                            size[1] + 6), 3,
                             border_radius=max(4, size[0] // 12) + 3)
            return image
        at = zone.rect.center if zone is not None else (0, 0)
        return Decor(("halo", pile), (color, size, pad), build, at, Layers.TARGET,
                     anchor="center")

    def faceoff_panel(self, obs: AnomiaView) -> Decor:
        fo = obs.faceoff
        assert fo is not None
        typist = self.typing_seat(obs)
        memo = (obs.phase, fo.serial, fo.tiebreaks, fo.strikes, fo.pending, fo.asks, obs.wild,
                typist, self.typed, self.verdict, obs.votes, obs.dispute, obs.judge,
                self.hover, self.panel.size, self.table.frame.scale)
        return Decor("faceoff", memo, lambda: self.panel_image(obs, typist),
                     self.panel.topleft, Layers.HUD - 1)

    def clock_bar(self, obs: AnomiaView, now: int) -> Decor | None:
        """The face-off's clock: a bar that shrinks as the time runs out (its own small
        image, so the panel is not redrawn as it moves)."""
        fo = obs.faceoff
        if fo is None or obs.phase != "faceoff":
            return None
        px = self.table.frame.px
        bar = pygame.Rect(0, 0, self.panel.w - px(40), px(10))
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
        at = (self.panel.x + px(20), self.panel.bottom - px(26))
        return Decor("clock", (steps, bar.size), build, at, Layers.HUD)

    def answer_row(self) -> pygame.Rect:
        """The panel's bottom row: the answer box, or the judges' or voters' buttons."""
        px = self.table.frame.px
        return pygame.Rect(px(20), self.panel.h - px(84), self.panel.w - px(40), px(46))

    def panel_buttons(self, obs: AnomiaView) -> list[PanelButton]:
        fo = obs.faceoff
        if fo is None:
            return []
        px = self.table.frame.px
        row = self.answer_row()
        table = self.table
        if obs.phase == "judge":
            judges = sorted(table.match.state.acting_seats())
            if not judges:
                return []
            half = (row.w - px(16)) // 2
            return [PanelButton(pygame.Rect(row.x, row.y, half, row.h), "Right (Y)",
                                judges[0], Judge(True)),
                    PanelButton(pygame.Rect(row.right - half, row.y, half, row.h),
                                "Wrong (N)", judges[0], Judge(False), good=False)]
        if obs.phase == "vote" and obs.dispute is not None:
            voted = dict(obs.votes)
            buttons = []
            for seat, chip in self.vote_chips(obs, row):
                if seat in voted:
                    continue
                bw = self.vote_button_width(chip)
                yes = pygame.Rect(chip.right - 2 * bw - px(6), chip.y + px(4), bw, chip.h - px(8))
                buttons.append(PanelButton(yes, "Yes", seat, Vote(True)))
                buttons.append(PanelButton(yes.move(bw + px(4), 0), "No", seat, Vote(False),
                                           good=False))
            return buttons
        humans = self.answerers(obs)
        if len(humans) == 2 and self.typing_seat(obs) is None:
            half = (row.w - px(16)) // 2
            return [PanelButton(pygame.Rect(row.x if side == 0 else row.right - half, row.y,
                                            half, row.h),
                                f"{table.name(seat)} answers ({seat + 1})", seat, None)
                    for side, seat in enumerate(humans)]
        return []

    def panel_image(self, obs: AnomiaView, typist: int | None) -> pygame.Surface:
        fo = obs.faceoff
        assert fo is not None
        table = self.table
        frame = table.frame
        px, font = frame.px, frame.font
        text = self.ctx.text
        rect = self.panel
        image = panel_surface(rect.size, (14, 22, 38, 255), px(18), theme.GOLD, 3).copy()
        title = "Tie-breaker!" if fo.tiebreaks else ("Wild face-off!" if fo.wild else "Face-off!")
        head = text.render(title, font(30), theme.GOLD, bold=True, shadow=(0, 0, 0))
        image.blit(head, head.get_rect(midtop=(rect.w // 2, px(10))))
        if fo.wild and obs.wild >= 0:
            # The wild card that matched them, small, in the title's row.
            mini = (round(self.card_size[0] * 0.26), round(self.card_size[1] * 0.26))
            spot = head.get_rect(midtop=(rect.w // 2, px(10)))
            for x in (spot.x - px(10) - mini[0], spot.right + px(10)):
                image.blit(self.faces.base(obs.wild, mini), (x, px(6)))
        card = (round(self.card_size[0] * 0.5), round(self.card_size[1] * 0.5))
        column_w = (rect.w - card[0] * 2 - px(60)) // 2
        for side in (0, 1):
            seat = fo.seats[side]
            pile = fo.piles[side]
            top = obs.piles[pile][-1] if obs.piles[pile] else None
            x0 = px(16) if side == 0 else rect.w - px(16) - card[0]
            if top is not None:
                image.blit(self.faces.base(("glow", top), card), (x0, px(56)))
            tx = x0 + card[0] + px(12) if side == 0 else x0 - px(12) - column_w
            name = text.render(table.name(seat), font(21), theme.INK, bold=True,
                               max_width=column_w)
            image.blit(name, (tx, px(56)))
            ask = text.block(f"names {article(fo.asks[side])}", font(19), theme.HIGHLIGHT,
                             column_w, bold=True)
            image.blit(ask, (tx, px(84)))
            status = "× one try left" if fo.strikes[side] == 1 else ""
            if fo.pending is not None and fo.pending[0] == side:
                status = f"got it: {fo.pending[2]}" if fo.pending[2] else "buzzed!"
            elif obs.phase == "judge" and obs.judge == side:
                status = "is answering aloud…"
            elif fo.strikes[side] >= 2:
                status = "out of tries"
            elif seat == typist and len(self.answerers(obs)) == 2:
                status = "is typing…"
            line = text.render(status or "thinking…", font(17), theme.INK_SOFT,
                               max_width=column_w)
            image.blit(line, (tx, px(84) + ask.get_height() + px(4)))
        # The answer box, the judges' or the voters' buttons.
        row = self.answer_row()
        above = row.move(0, -row.h + px(8))
        buttons = self.panel_buttons(obs)
        if obs.phase == "vote" and obs.dispute is not None:
            said = obs.dispute[1]
            who = table.name(fo.seats[obs.dispute[0]])
            label = text.render(f"Does {who}’s “{said}” count as {article(fo.asks[obs.dispute[0]])}?",
                                font(18), theme.INK, bold=True, max_width=row.w)
            image.blit(label, label.get_rect(center=above.center))
            self.draw_voters(image, obs, row)
        elif obs.phase == "judge":
            label = text.render("Was the answer said aloud right?", font(18), theme.INK,
                                bold=True, max_width=row.w)
            image.blit(label, label.get_rect(center=above.center))
        elif typist is not None:
            self.draw_box(image, row, typist)
        elif self.game.buzzers and obs.phase == "faceoff" and fo.pending is None:
            keys = "   ·   ".join(f"{table.name(seat)}: key {seat + 1}" for side, seat
                                 in enumerate(fo.seats) if fo.strikes[side] < 2)
            label = text.render(f"Buzz first, then say it aloud   —   {keys}", font(18),
                                theme.INK_SOFT, max_width=row.w)
            image.blit(label, label.get_rect(center=row.center))
        elif buttons:
            label = text.render("Press your key or click to take the answer box", font(17),
                                theme.INK_SOFT, max_width=row.w)
            image.blit(label, label.get_rect(center=above.center))
        elif self.verdict is not None:
            self.draw_verdict(image, row)
        for k, button in enumerate(buttons):
            self.draw_button(image, button, k == self.hover)
        return image

    def vote_chips(self, obs: AnomiaView, row: pygame.Rect) -> list[tuple[int, pygame.Rect]]:
        """Each voter's part of the panel's bottom row (everyone human but the answerer)."""
        fo = obs.faceoff
        assert fo is not None and obs.dispute is not None
        answerer = fo.seats[obs.dispute[0]]
        voters = [s for s in sorted(self.game.humans) if s != answerer]
        gap = self.table.frame.px(10)
        chip_w = (row.w - gap * (len(voters) - 1)) // max(1, len(voters))
        return [(seat, pygame.Rect(row.x + k * (chip_w + gap), row.y, chip_w, row.h))
                for k, seat in enumerate(voters)]

    def vote_button_width(self, chip: pygame.Rect) -> int:
        return min(self.table.frame.px(64), (chip.w - self.table.frame.px(8)) // 3)

    def draw_voters(self, image: pygame.Surface, obs: AnomiaView, row: pygame.Rect) -> None:
        """Each voter's name (and vote, once cast) at the left of their part of the row."""
        px, font = self.table.frame.px, self.table.frame.font
        voted = dict(obs.votes)
        for seat, chip in self.vote_chips(obs, row):
            image.blit(panel_surface(chip.size, (30, 40, 60, 255), px(10), theme.INK_DIM, 1),
                       chip)
            bw = self.vote_button_width(chip)
            room = chip.w - px(14) - (0 if seat in voted else 2 * bw + px(10))
            name = self.table.name(seat)
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

    def draw_box(self, image: pygame.Surface, box: pygame.Rect, typist: int) -> None:
        frame = self.table.frame
        text = self.ctx.text
        fill = panel_surface(box.size, (8, 28, 32, 240), box.h // 3, theme.HIGHLIGHT, 2)
        image.blit(fill, box)
        who = "" if self.table.name(typist) == "You" else f"{self.table.name(typist)}: "
        shown = self.typed or ""
        content = text.render(f"{who}{shown}|" if shown or who else "Type your answer…|",
                              frame.font(21), theme.INK if shown else theme.INK_DIM,
                              max_width=box.w - frame.px(24))
        image.blit(content, content.get_rect(midleft=(box.x + frame.px(12), box.centery)))
        if self.verdict is not None:
            self.draw_verdict(image, box.move(0, -box.h - frame.px(4)))

    def draw_verdict(self, image: pygame.Surface, where: pygame.Rect) -> None:
        """The verdict on the viewer's last answer: a drawn tick or cross, then words."""
        assert self.verdict is not None
        message, good = self.verdict
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

    # -- input ------------------------------------------------------------------------------------
    def current(self) -> AnomiaView:
        """The viewer's observation now (made once per applied action, not per frame)."""
        table = self.table
        stamp = (len(table.match.history), table.bottom)
        if stamp != self._seen_at or self._seen is None:
            obs = table.obs
            assert isinstance(obs, AnomiaView)
            self._seen, self._seen_at = obs, stamp
        return self._seen

    def tick(self) -> None:
        table = self.table
        obs = self.current()
        if obs.race != self.race:
            self.race = obs.race
            self.typed = ""
        if obs.faceoff is None or obs.phase not in ("faceoff", "judge", "vote"):
            table.live_decor([])
            return
        now = max(table.now_ms, obs.now)
        bar = self.clock_bar(obs, now)
        table.live_decor([self.faceoff_panel(obs), *([bar] if bar else [])])

    def handle_event(self, event: pygame.event.Event) -> bool:
        table = self.table
        obs = self.current()
        typist = self.typing_seat(obs)
        drawer = self.game.owner(obs.turn) if obs.phase == "draw" else None
        if drawer is not None and drawer in table.humans and not table.awaiting_handoff:
            # Turning up a card: click a draw pile, or Space for the fuller one.
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                for side in (0, 1):
                    if table.picture.zones[f"draw{side}"].rect.collidepoint(event.pos):
                        self.act_for(drawer, Draw(side))
                        return True
            if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
                self.act_for(drawer, Draw(0 if obs.draw[0] >= obs.draw[1] else 1))
                return True
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN) and obs.faceoff:
            return self.pointer(event, obs)
        if event.type == pygame.TEXTINPUT and typist is not None:
            if self.swallow and event.text.isdigit():
                self.swallow = False  # the key that took the box, not part of the answer
                return True
            self.swallow = False
            self.typed = (self.typed + event.text)[:MAX_ANSWER]
            return True
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        claim = BUZZER_KEYS.index(key) if key in BUZZER_KEYS else None
        if claim is not None and claim in self.answerers(obs) and not self.typed:
            self.take_box(claim)
            return True
        if typist is not None:
            if key == pygame.K_BACKSPACE:
                self.typed = self.typed[:-1]
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.submit(typist)
                return True
            return key not in (pygame.K_ESCAPE,)
        if obs.phase == "faceoff" and self.game.buzzers and claim is not None:
            if obs.faceoff is not None and claim in obs.faceoff.seats:
                self.act_for(claim, Buzz())
            return True
        if obs.phase in ("judge", "vote") and key in (pygame.K_y, pygame.K_n):
            yes = key == pygame.K_y
            seats = sorted(table.match.state.acting_seats())
            if seats:
                self.act_for(seats[0], Judge(yes) if obs.phase == "judge" else Vote(yes))
            return True
        return False

    def pointer(self, event: pygame.event.Event, obs: AnomiaView) -> bool:
        """The mouse over the face-off panel: its buttons light up and answer clicks."""
        x, y = event.pos[0] - self.panel.x, event.pos[1] - self.panel.y
        buttons = self.panel_buttons(obs)
        hit = next((k for k, b in enumerate(buttons) if b.rect.collidepoint(x, y)), None)
        if event.type == pygame.MOUSEMOTION:
            self.hover = hit
            return False
        if event.button != 1 or hit is None:
            return False
        button = buttons[hit]
        self.hover = None
        if button.action is None:
            self.take_box(button.seat)
        else:
            self.act_for(button.seat, button.action)
        return True

    def take_box(self, seat: int) -> None:
        """``seat`` takes the answer box (two humans in one face-off, one keyboard)."""
        self.typist, self.typed, self.swallow = seat, "", True

    def submit(self, seat: int) -> None:
        text = self.typed.strip()
        if not text:
            self.verdict = ("Type an answer first.", False)
            return
        if self.act_for(seat, Answer(text)):
            self.typed = ""
            self.typist = None  # either may take the box for the next try

    def act_for(self, seat: int, action: Action) -> bool:
        return self.table.act_for(seat, action)


    def remember(self, category: str, answer: str) -> None:
        """An answer the table voted in counts in later games too: it goes into the
        player's file of learned answers, read when a game is set up."""
        problem = self.ctx.storage.update_text(LEARNED,
                                               lambda old: learned_text(old, category, answer))
        self.table.toast(problem or f"“{answer}” will count as {article(category)} from now on.",
                         kind="error" if problem else "info", seconds=3.0)

    # -- hints ------------------------------------------------------------------------------------
    def show_hint(self, action: Action) -> str | None:
        """A draw pile to turn up, or an answer that would count (what the ``normal``
        bot had in mind)."""
        table = self.table
        if isinstance(action, Draw):
            table.light(table.picture.zones[f"draw{action.side}"].rect)
            return "Hint: turn up a card from the lit pile (click it, or press Space)."
        obs = self.current()
        fo = obs.faceoff
        if isinstance(action, Answer) and fo is not None and table.viewer in fo.seats:
            ask = fo.asks[fo.seats.index(table.viewer)]
            return f"Hint: “{action.text}” counts as {article(ask)}."
        if isinstance(action, (Judge, Vote)):
            return "Hint: decide as you heard it: Y for yes, N for no."
        return None

    # -- the results screen ------------------------------------------------------------------------
    def results_picture(self, size: tuple[int, int]) -> pygame.Surface | None:
        """How the round went: each player's face-offs and quickest answer, the round's
        figures and the answers that won."""
        table = self.table
        text = self.ctx.text
        px = table.frame.px
        players = self.game.players
        account = round_account(table.match.log, players)
        won = table.match.state.scores()
        w, h = size
        image = pygame.Surface(size, pygame.SRCALPHA)
        head = text.render("How the round went", px(26), theme.INK, bold=True, display=True)
        image.blit(head, (0, 0))
        y = head.get_height() + px(16)
        columns = (("Face-offs", 0.34), ("Quickest right answer", 0.62))
        for heading, fx in columns:
            img = text.render(heading, px(17), theme.INK_DIM, bold=True)
            image.blit(img, (round(w * fx), y))
        y += px(30)
        for seat in sorted(range(players), key=lambda s: (-won[s], s)):
            mine = account.seats[seat]
            color = PLAYER_COLORS[seat % len(PLAYER_COLORS)]
            cells = [(table.name(seat), 0.0, color, round(w * 0.32)),
                     (f"{mine.faceoffs_won} won, {mine.faceoffs_lost} lost", 0.34, theme.INK,
                      round(w * 0.26)),
                     (f"{mine.fastest[0] / 1000:.1f} s “{mine.fastest[1]}”" if mine.fastest
                      else "—", 0.62, theme.INK_SOFT, round(w * 0.38))]
            for words, fx, ink, room in cells:
                img = text.render(words, px(19), ink, bold=fx == 0.0, max_width=room)
                image.blit(img, (round(w * fx), y))
            y += px(34)
        y += px(14)
        cascade = (f"; the longest cascade had {account.longest_cascade} face-offs in a row"
                   if account.longest_cascade > 1 else "")
        ties = (f", {account.tiebreaks} tie-breaker{'s' if account.tiebreaks != 1 else ''}"
                if account.tiebreaks else "")
        summary = text.block(f"{account.faceoffs} face-offs{ties}{cascade}.", px(19),
                             theme.INK_SOFT, w)
        image.blit(summary, (0, y))
        y += summary.get_height() + px(18)
        if account.winning_answers and y + px(60) < h:
            title = text.render("Answers that won", px(17), theme.INK_DIM, bold=True)
            image.blit(title, (0, y))
            y += title.get_height() + px(6)
            shown = account.winning_answers[:]
            while shown:  # as many as fit, the latest first
                block = text.block("  ·  ".join(reversed(shown)), px(18), theme.HIGHLIGHT, w)
                if y + block.get_height() <= h:
                    image.blit(block, (0, y))
                    break
                shown = shown[len(shown) // 4 + 1:]
        return image

    # -- animation and sound ----------------------------------------------------------------------
    def sound(self, event: Event) -> Sound | None:
        if isinstance(event, (Drew, WildInPlay, TieBreakDrawn)):
            return Sound.FLIP
        if isinstance(event, PilesSplit):
            return Sound.SHUFFLE
        if isinstance(event, FaceOffBegan):
            return Sound.BUZZ
        if isinstance(event, Answered):
            return Sound.RIGHT if event.accepted else Sound.WRONG
        if isinstance(event, Buzzed):
            return Sound.BUZZ
        if isinstance(event, Judged):
            return Sound.RIGHT if event.right else Sound.WRONG
        if isinstance(event, VoteDecided):
            return Sound.RIGHT if event.accepted else Sound.WRONG
        if isinstance(event, FaceOffWon):
            return Sound.TRICK_WON
        if isinstance(event, RoundOver):
            return Sound.FANFARE
        return None

    def hold(self, event: Event) -> float:
        if isinstance(event, FaceOffWon):
            return 0.45
        if isinstance(event, (Tied, WildSetAside)):
            return 0.5
        return 0.0

    def special(self, event: Event) -> Step | None:
        table = self.table
        if isinstance(event, PilesSplit):
            return lambda: table.refresh(0.3)  # the two draw piles appear, split
        if isinstance(event, Answered) and event.seat in table.humans:
            self.verdict = ((f"Right: {event.answer}" if event.answer else "Right!")
                            if event.accepted else event.reason, event.accepted)
        elif isinstance(event, FaceOffBegan):
            self.verdict, self.typist, self.typed, self.hover = None, None, "", None
        elif isinstance(event, VoteDecided) and event.accepted:
            self.remember(event.category, event.text)
        elif isinstance(event, (Tied, Disputed, WildSetAside)):
            line = event.describe(table.teller())
            if line:
                table.toast(line, seconds=2.4)
        return None

