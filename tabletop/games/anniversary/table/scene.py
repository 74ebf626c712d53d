"""The Anniversary table scene.

Pictures one chapter from the viewer's seat: their hand at the bottom, the
partner's hidden hand and shown cards at the top, both partners' Sweet Gestures
with the cards that count toward each, the Date in the middle between the draw
pile and the most recent Date.  Drags, clicks and keys become ``Take``/``Pass``,
``Share``/``Ready`` and ``Play`` actions that the engine checks.

The picture is rebuilt from the viewer's observation whenever the table settles;
while the engine's events play out, flying sprites carry the cards over the
picture of the moment before.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import pygame

from tabletop.engine.cards import rank_of, suit_of
from tabletop.engine.match import Match
from tabletop.engine.protocol import Action, Event
from tabletop.games.anniversary.actions import Gem, Pass, Pick, Place, Play, Ready, Take, Unpick
from tabletop.games.anniversary.cards import DECK, POSITION, LoveCard
from tabletop.games.anniversary.content import GESTURE_BY_ID
from tabletop.games.anniversary.events import (
    BountySettled, CardDrawn, CardPlayed, CardShared, ChapterEnded, DateFooted, GestureSettled,
    GestureTaken,
)
from tabletop.games.anniversary.gestures import COLOUR_MASKS, Kind, Status
from tabletop.games.anniversary.observation import LoveObservation, Phase
from tabletop.games.anniversary.rules import LoveState, gem_positions
from tabletop.games.anniversary.table.art import LoveArt
from tabletop.games.anniversary.table.layout import LoveLayout
from tabletop.ui import theme
from tabletop.ui.bot_worker import BotWorker
from tabletop.ui.cards import CardSprite
from tabletop.ui.compositor import Sprite
from tabletop.ui.context import Context
from tabletop.ui.motion import fly, move_center
from tabletop.ui.table_scene import DropTarget, TableScene
from tabletop.ui.tween import Tween
from tabletop.ui.widgets.base import panel_surface
from tabletop.ui.widgets.hand_fan import hidden_hand_image
from tabletop.ui.widgets.seat_panel import SeatInfo, seat_panel_image

__all__ = ["LoveTable", "tucked_cards"]

PLAY_SECONDS = 0.36
SWEEP_SECONDS = 0.45


@dataclass(frozen=True)
class HandCard:
    card: LoveCard


@dataclass(frozen=True)
class Offer:
    gesture: int


def tucked_cards(gid: int, owner: int, obs: LoveObservation) -> list[LoveCard]:
    """The cards that count toward a gesture, to lay under it on the table."""
    g = GESTURE_BY_ID[gid]
    mine = [d for d in obs.history if d.footer == owner]
    k = g.kind
    if k is Kind.WIN_WITH_CARD or k is Kind.WIN_WITH_RANK:
        return [d.winner for d in mine if _wins_for(g, d.winner)][:1]
    if k is Kind.WIN_CONTAINING:
        return [c for d in mine for _, c in d.plays if c == g.card][:1]
    if k is Kind.AT_LEAST or k is Kind.NO_COLOUR:
        mask = COLOUR_MASKS[g.colour or 0]
        return [c for d in mine for _, c in d.plays if mask >> c & 1]
    return [d.winner for d in mine]


def _wins_for(g: Any, card: int) -> bool:
    if g.kind is Kind.WIN_WITH_CARD:
        return bool(card == g.card)
    return suit_of(card) != POSITION and rank_of(card) == g.rank


class LoveTable(TableScene):
    CARD_BACK = "anniversary/heart_back.svg"

    def __init__(self, ctx: Context, match: Match, resumed: bool = False, *,
                 worker: BotWorker | None = None, spectator_seat: int | None = None,
                 autosave: bool = True) -> None:
        self.art = LoveArt(ctx.assets, ctx.text)
        self.lay: LoveLayout | None = None
        self.hand_sprites: list[Sprite] = []
        self.hand_cards: list[LoveCard] = []
        self.date_sprites: list[Sprite] = []
        self.offer_sprites: dict[int, Sprite] = {}
        self.gesture_sprites: dict[int, Sprite] = {}
        self.flying: list[Sprite] = []
        self.selected: int | None = None
        self.hover_index: int | None = None
        self.gem_rects: list[tuple[pygame.Rect, Gem]] = []
        self.thinking: set[int] = set()
        self.recorded = False
        self.keyed: dict[Hashable, Sprite] = {}
        self._live: set[Sprite] = set()
        self._seen: set[Hashable] = set()
        self._images: dict[Hashable, pygame.Surface] = {}
        super().__init__(ctx, match, resumed, worker=worker, spectator_seat=spectator_seat,
                         autosave=autosave)

    # -- helpers ----------------------------------------------------------------------
    @property
    def L(self) -> LoveLayout:  # noqa: N802 - the layout, used everywhere below
        assert self.lay is not None
        return self.lay

    @property
    def seat(self) -> int:
        """Whose side of the table is at the bottom."""
        return self.viewer if self.viewer is not None else 0

    @property
    def obs(self) -> LoveObservation:
        observation = self.match.state.observation(self.seat)
        assert isinstance(observation, LoveObservation)
        return observation

    @property
    def choosing(self) -> LoveCard | None:
        """The viewer's card on the gem spot, waiting for its gem."""
        obs = self.obs
        return obs.picked if self.viewer is not None and obs.current_player == self.viewer else None

    @property
    def state(self) -> LoveState:
        state = self.match.state
        assert isinstance(state, LoveState)
        return state

    def add(self, key: Hashable, image: pygame.Surface, pos: tuple[float, float],
            layer: int) -> Sprite:
        """Show ``image`` at ``pos`` under ``key``: a sprite already there under that key is
        kept (and repainted only if its image, place or layer changed)."""
        self._seen.add(key)
        sprite = self.keyed.get(key)
        x, y = round(pos[0]), round(pos[1])
        if sprite is None or sprite not in self._live:
            sprite = Sprite(image, x, y, layer)
            self.compositor.add(sprite)
            self.keyed[key] = sprite
            self._live.add(sprite)
            return sprite
        if sprite.image is not image:
            sprite.image = image
        if sprite.pos != (x, y):
            sprite.move_to(x, y)
        if sprite.layer != layer:
            sprite.layer = layer
        if not sprite.visible:
            sprite.visible = True
        return sprite

    def add_card(self, key: Hashable, face: Hashable, size: tuple[int, int],
                 center: tuple[float, float], layer: int, angle: float = 0.0) -> Sprite:
        image = self.art.cards.variant(face, size, angle)
        return self.add(key, image, (center[0] - image.get_width() / 2,
                                     center[1] - image.get_height() / 2), layer)

    def memo(self, key: Hashable, build: Callable[[], pygame.Surface]) -> pygame.Surface:
        """A composed image, built once per ``key`` (so unchanged parts are not repainted)."""
        image = self._images.get(key)
        if image is None:
            if len(self._images) > 400:
                self._images.clear()
            image = self._images[key] = build()
        return image

    def label(self, text: str, size: int, color: theme.Color = theme.INK,
              bold: bool = False, max_width: int | None = None) -> pygame.Surface:
        return self.ctx.text.render(text, self.px(size), color, bold=bold,
                                    shadow=(0, 0, 0), max_width=max_width)

    # -- building the picture ---------------------------------------------------------
    def layout(self) -> None:
        old = self.lay
        self.lay = LoveLayout(self.size)
        if old is None or old.size != self.lay.size:
            self.prewarm()

    def prewarm(self) -> None:
        """Draw every card face at the table's sizes now, in one go, rather than one
        slow frame at a time as the cards first show up."""
        L = self.L
        for card in DECK:
            for size in (L.card, L.small, L.mini):
                self.art.cards.base(card, size)
        self.art.cards.base(CardSprite.BACK, L.card)
        self.art.cards.base(CardSprite.BACK, L.small)

    def rebuild_view(self) -> None:
        """Start the picture afresh (new window size, new viewer)."""
        self.animator.clear()
        self.compositor.clear()
        self._toast = None
        self._log_sprite = None
        self.keyed = {}
        self._live = set()
        self.draw_view()
        self.refresh_log()

    def draw_view(self) -> None:
        """Bring every sprite up to date with the viewer's observation; only what changed
        is repainted (animations keep running)."""
        self.layout()
        for sprite in self.flying:
            self.compositor.remove(sprite)
        self.flying = []
        self.gem_rects = []
        self._seen = set()
        obs = self.obs
        self.build_hud(obs)
        self.build_partner(obs)
        self.build_gestures(obs)
        self.build_middle(obs)
        self.build_hand(obs)
        self.build_controls(obs)
        for key in [k for k in self.keyed if k not in self._seen]:
            sprite = self.keyed.pop(key)
            self._live.discard(sprite)
            self.compositor.remove(sprite)

    def build_hud(self, obs: LoveObservation) -> None:
        L = self.L
        for rect, icon in self.hud_buttons():
            self.add(("hud", icon), self.memo(("hud", icon, rect.size),
                                              partial(self.hud_button_image, rect, icon)),
                     rect.topleft, self.LAYER_HUD)
        lines = (self.progress_text(obs), obs.top, obs.bounty, obs.bounty_status)
        info = self.memo(("info", L.info.size, lines), lambda: self.info_panel(obs))
        self.add("info", info, L.info.topleft, self.LAYER_PANEL)

    def info_panel(self, obs: LoveObservation) -> pygame.Surface:
        L = self.L
        info = panel_surface(L.info.size, theme.PANEL, self.px(16), theme.PANEL_EDGE, 2).copy()
        chapter = self.state.game.chapter
        x, y = self.px(18), self.px(14)
        for text, size, bold, color in (
                (f"Chapter {chapter.number}: {chapter.title}", 24, True, theme.INK),
                (self.progress_text(obs), 19, False, theme.INK_SOFT),
                (f"{self.name(obs.top)} {'are' if self.name(obs.top) == 'You' else 'is'} the top",
                 18, False, theme.INK_SOFT)):
            image = self.ctx.text.render(text, self.px(size), color, bold=bold,
                                         max_width=L.info.w - 2 * x)
            info.blit(image, (x, y))
            y += image.get_height() + self.px(6)
        for rule in chapter.special_rules:
            image = self.ctx.text.render(rule, self.px(17), theme.GOLD, max_width=L.info.w - 2 * x)
            info.blit(image, (x, y))
            y += image.get_height() + self.px(4)
        y += self.px(6)
        if obs.bounty is not None:
            g = GESTURE_BY_ID[obs.bounty]
            state = {Status.PENDING: "open", Status.DONE: "earned",
                     Status.FAILED: "out of reach"}[obs.bounty_status]
            text = f"Bounty ({state}): {g.text} Pays {g.sweetness * chapter.bounty_factor} HC."
            image = self.ctx.text.block(text, self.px(17), theme.INK_SOFT, L.info.w - 2 * x)
            info.blit(image, (x, y))
        return info

    def progress_text(self, obs: LoveObservation) -> str:
        if obs.phase is Phase.DRAFT:
            return "Sharing out the Sweet Gestures"
        if obs.phase is Phase.OVER:
            return "Chapter complete" if obs.result else "Chapter lost"
        return f"Date {obs.date} of {obs.total_dates} · {obs.aside} cards in the pile"

    def seat_info(self, seat: int, obs: LoveObservation) -> SeatInfo:
        s = self.match.seats[seat]
        lines = (("Healthy Communication", str(obs.hc[seat])),
                 ("Dates footed", str(sum(1 for d in obs.history if d.footer == seat))))
        note = "thinking…" if seat in self.thinking else ("top" if seat == obs.top else "bottom")
        active = not obs.phase is Phase.OVER and obs.current_player == seat
        return SeatInfo(self.name(seat), s.is_bot, s.level, seat, active, lines, note)

    def build_partner(self, obs: LoveObservation) -> None:
        L = self.L
        partner = 1 - self.seat
        image = seat_panel_image(self.seat_info(partner, obs), L.partner_plate.size,
                                 self.ctx.text, self.ctx.assets, L.scale)
        self.add("partner-plate", image, (L.partner_plate.x - 6, L.partner_plate.y - 6),
                 self.LAYER_PANEL)
        shown = dict(obs.shown(partner))
        hidden = obs.hand_sizes[partner] - len(shown)
        if hidden > 0:
            fan = self.memo(("fan", hidden, L.small), lambda: hidden_hand_image(
                self.art.cards, CardSprite.BACK, L.small, hidden, self.ctx.text, L.scale))
            cx, cy = L.partner_fan_center
            self.add("partner-fan", fan, (cx - fan.get_width() / 2, cy - fan.get_height() / 2),
                     self.LAYER_CARD)
        for i, (card, gem) in enumerate(shown.items()):
            self.add_card(("shown", card), ("gem", card, gem), L.small, L.partner_shown(i),
                          self.LAYER_CARD)

    def build_gestures(self, obs: LoveObservation) -> None:
        L = self.L
        self.gesture_sprites = {}
        for seat, area in ((1 - self.seat, L.partner_gestures), (self.seat, L.my_gestures)):
            mine = [(i, g) for i, (g, o) in enumerate(zip(obs.gestures, obs.owners)) if o == seat]
            for n, (i, gid) in enumerate(mine):
                rect = L.gesture_slot(area, n, len(mine))
                # Cards count under a gesture until it is settled; then they go face down.
                tucked = tucked_cards(gid, seat, obs) if obs.settled[i] is Status.PENDING else []
                for k, card in enumerate(tucked[:6]):
                    mini = self.art.cards.base(card, L.mini)
                    self.add(("tucked", gid, card), mini,
                             (rect.x + self.px(6) + k * self.px(18), rect.y - self.px(26)),
                             self.LAYER_CARD - 2)
                image = self.art.gesture(gid, L.gesture, obs.settled[i])
                self.gesture_sprites[i] = self.add(("gesture", gid), image, rect.topleft,
                                                   self.LAYER_CARD)
        plate = seat_panel_image(self.seat_info(self.seat, obs), L.my_plate.size, self.ctx.text,
                                 self.ctx.assets, L.scale)
        self.add("my-plate", plate, (L.my_plate.x - 6, L.my_plate.y - 6), self.LAYER_PANEL)

    def build_middle(self, obs: LoveObservation) -> None:
        L = self.L
        self.date_sprites = []
        self.offer_sprites = {}
        if obs.phase is Phase.DRAFT:
            row = L.offer_row
            assert row is not None
            start = (row.slots - len(obs.offer)) / 2
            for n, gid in enumerate(obs.offer):
                cx, cy = row.center(0)
                step = row.card_w + row.gap
                x = cx + (start + n) * step - row.card_w / 2
                image = self.art.gesture(gid, L.offer_card)
                lift = self.px(18) if self.selected == n and self.my_turn() else 0
                self.offer_sprites[gid] = self.add(("offer", gid), image,
                                                   (x, cy - row.card_h / 2 - lift), self.LAYER_CARD)
            image = self.label(self.draft_prompt(obs), 24, theme.INK, bold=True)
            px_, py = L.offer_prompt_center
            self.add("prompt", image, (px_ - image.get_width() / 2, py - image.get_height() / 2),
                     self.LAYER_HUD)
            return
        # The draw pile.
        if obs.aside:
            pile = self.art.cards.base(CardSprite.BACK, L.small)
            cx, cy = L.pile_center
            for k in range(min(obs.aside, 4)):
                self.add(("pile", k), pile, (cx - L.small[0] / 2 - k * 2,
                                             cy - L.small[1] / 2 - k * 2), self.LAYER_CARD)
            count = self.label(f"{obs.aside} to draw", 17, theme.INK_SOFT)
            self.add("pile-count", count, (cx - count.get_width() / 2,
                                           cy + L.small[1] / 2 + self.px(10)), self.LAYER_CARD)
        # The Date: empty slots, then the cards played so far.
        date = L.date
        assert date is not None
        for i in range(4):
            rect = date.slot_rect(i)
            slot = panel_surface(rect.size, (255, 255, 255, 22), self.px(12), (255, 255, 255, 70), 2)
            self.add(("slot", i), slot, rect.topleft, self.LAYER_TABLE + 1)
            who = obs.leader if i % 2 == 0 else 1 - obs.leader
            tag = self.label(self.name(who), 16, theme.INK_DIM, max_width=rect.w)
            self.add(("slot-tag", i), tag, (rect.centerx - tag.get_width() / 2,
                                            rect.bottom + self.px(8)), self.LAYER_TABLE + 1)
        for i, (_, card) in enumerate(obs.plays):
            self.date_sprites.append(self.add_card(("date", card), card, L.card, date.center(i),
                                                   self.LAYER_CARD))
        self.build_last_date(obs)
        prompt = self.date_prompt(obs)
        if prompt:
            image = self.label(prompt, 22, theme.INK, bold=True, max_width=round(date.width) + 300)
            px_, py = L.prompt_center
            self.add("prompt", image, (px_ - image.get_width() / 2, py - image.get_height() / 2),
                     self.LAYER_HUD)

    def build_last_date(self, obs: LoveObservation) -> None:
        last = obs.last_date
        if last is None:
            return
        L = self.L
        caption = f"Last Date: {self.name(last.footer)} footed it"

        def build() -> pygame.Surface:
            panel = panel_surface(L.last_rect.size, theme.PANEL, self.px(14), theme.PANEL_EDGE,
                                  2).copy()
            title = self.ctx.text.render(caption, self.px(17), theme.INK_SOFT, bold=True,
                                         max_width=L.last_rect.w - self.px(24))
            panel.blit(title, (self.px(14), self.px(12)))
            return panel
        self.add("last", self.memo(("last", caption, L.last_rect.size), build),
                 L.last_rect.topleft, self.LAYER_PANEL)
        for i, (_, card) in enumerate(last.plays):
            self.add_card(("last", i), card, L.small, L.last_card(i), self.LAYER_CARD)
            if card == last.winner:
                ring = panel_surface((L.small[0] + 8, L.small[1] + 8), (0, 0, 0, 0), self.px(8),
                                     theme.GOLD, 3)
                x, y = L.last_card(i)
                self.add("last-ring", ring, (x - ring.get_width() / 2, y - ring.get_height() / 2),
                         self.LAYER_CARD + 1)

    def draft_prompt(self, obs: LoveObservation) -> str:
        mover = obs.current_player
        if self.match.seats[mover].is_bot or mover != self.viewer:
            return f"{self.name(mover)} {'choose' if self.name(mover) == 'You' else 'chooses'} a Sweet Gesture…"
        if len(obs.offer) == 1 and not obs.gestures and not obs.passed and mover == obs.top:
            return "Take this gesture, or pass it to your partner"
        return "Take a Sweet Gesture: click it or drag it to your side"

    def date_prompt(self, obs: LoveObservation) -> str:
        if obs.phase is Phase.OVER:
            return ""
        mover = obs.current_player
        if mover != self.viewer or self.match.seats[mover].is_bot:
            if mover in self.thinking or self.match.seats[mover].is_bot:
                return f"{self.name(mover)} {'is' if self.name(mover) != 'You' else 'are'} thinking…"
            return ""
        if obs.phase is Phase.SHARE:
            return "Before the Date: drop a card on the gem to share it, or press Ready (R)"
        if not obs.plays:
            return "Lead the Date: play any card"
        led = obs.plays[0][1]
        name = led.suit_name if led.suit != POSITION else "position"
        if any(c.suit == led.suit for c in obs.hand):
            return f"{name.capitalize()} was led: follow it"
        return f"You have no {name} card: play any card"

    def build_hand(self, obs: LoveObservation) -> None:
        L = self.L
        fan = L.fan
        assert fan is not None
        self.hand_sprites = []
        self.hand_cards = list(obs.hand)
        if self.viewer is None:
            count = len(obs.hand)
            image = self.memo(("fan", count, L.card), lambda: hidden_hand_image(
                self.art.cards, CardSprite.BACK, L.card, count, self.ctx.text, L.scale))
            self.add("my-backs", image, (fan.center_x - image.get_width() / 2,
                                         fan.center_y - image.get_height() / 2), self.LAYER_CARD)
            self.hand_cards = []
            return
        shown = dict(obs.shown(self.seat))
        playable = self.playable_cards()
        raised = frozenset(i for i in (self.selected, self.hover_index) if i is not None)
        for i, (card, (x, y, angle)) in enumerate(zip(obs.hand, fan.poses(len(obs.hand), raised))):
            face: Any = card
            if card in shown:
                face = ("gem", card, shown[card])
            elif playable is not None and card not in playable:
                face = ("dim", card)
            self.hand_sprites.append(self.add_card(("hand", card), face, L.card, (x, y),
                                                   self.LAYER_CARD + i, angle))

    def playable_cards(self) -> set[LoveCard] | None:
        """Cards the viewer may play now (None when it is not their Date turn)."""
        obs = self.obs
        if obs.phase is not Phase.DATE or obs.current_player != self.viewer:
            return None
        return set(self.state.playable(self.seat))

    def build_controls(self, obs: LoveObservation) -> None:
        L = self.L
        mine = self.viewer is not None and obs.current_player == self.viewer \
            and not self.match.seats[self.viewer].is_bot
        if obs.phase is Phase.DRAFT and mine and Pass() in self.state.legal_actions(self.seat):
            self.add("pass", self.memo(("pass", L.pass_rect.size), lambda: self.button_image(
                L.pass_rect.size, "Pass it to my partner")), L.pass_rect.topleft, self.LAYER_HUD)
        if obs.phase is Phase.SHARE and mine:
            left = obs.hc[self.seat]
            spot = self.memo(("share", left, L.share_rect.size), lambda: self.share_spot(left))
            self.add("share", spot, L.share_rect.topleft, self.LAYER_TABLE + 2)
            ready = self.memo(("ready", L.ready_rect.size), lambda: self.button_image(
                L.ready_rect.size, "Ready for the Date", primary=True))
            self.add("ready", ready, L.ready_rect.topleft, self.LAYER_HUD)
        if self.choosing is not None:
            self.build_gem_picker(self.choosing)

    def share_spot(self, left: int) -> pygame.Surface:
        L = self.L
        spot = panel_surface(L.share_rect.size, (255, 190, 220, 40), self.px(16),
                             (255, 190, 220), 2).copy()
        gem = self.ctx.assets.svg("anniversary/gem.svg", (self.px(54),) * 2)
        spot.blit(gem, gem.get_rect(center=(L.share_rect.w // 2, self.px(52))))
        cards = "card" if left == 1 else "cards"
        text = self.ctx.text.block(f"Drop a card here to share it ({left} HC {cards} left)",
                                   self.px(17), theme.INK, L.share_rect.w - self.px(24),
                                   align="center")
        spot.blit(text, text.get_rect(midtop=(L.share_rect.w // 2, self.px(92))))
        return spot

    def build_gem_picker(self, card: LoveCard) -> None:
        L = self.L
        gems = gem_positions(self.obs.hand, card)
        h = self.px(56)
        w = self.px(300)
        x = L.share_rect.right - w
        y = L.share_rect.top - (h + self.px(8)) * len(gems) - self.px(8)
        self.gem_rects = []
        for n, gem in enumerate(gems):
            rect = pygame.Rect(x, y + n * (h + self.px(8)), w, h)
            self.add(("gem", n), self.art.gem_button(gem, rect.size, n + 1), rect.topleft,
                     self.LAYER_TOAST - 1)
            self.gem_rects.append((rect, gem))

    def button_image(self, size: tuple[int, int], text: str, primary: bool = False) -> pygame.Surface:
        fill = theme.BUTTON_PRIMARY if primary else theme.PANEL
        image = panel_surface(size, fill, size[1] // 2, theme.PANEL_EDGE, 2).copy()
        label = self.ctx.text.render(text, self.px(20), theme.INK_DARK if primary else theme.INK,
                                     bold=True, max_width=size[0] - 16)
        image.blit(label, label.get_rect(center=(size[0] // 2, size[1] // 2)))
        return image

    # -- animation --------------------------------------------------------------------
    def animate(self, events: Sequence[Event], opening: bool = False) -> None:
        if opening:
            self.animator.queue(self.deal)
        for event in events:
            self.animator.queue(self._step(event), hold=self._hold(event))
        self.animator.queue(self._resync)

    def deal(self) -> list[Tween]:
        """The opening deal: nine cards fly to each partner, one at a time."""
        L = self.L
        fan = L.fan
        assert fan is not None
        for sprite in self.hand_sprites:
            sprite.visible = False
        partner = self.keyed.get("partner-fan")
        if partner is not None:
            partner.visible = False
        hand = self.obs.hand
        poses = fan.poses(len(hand))
        start = L.date.center(1) if L.date is not None else (self.size[0] / 2, self.size[1] / 2)
        tweens = []
        self.ctx.audio.play("deal")
        for k in range(len(hand)):
            for seat, to in ((1 - self.seat, L.partner_fan_center), (self.seat, poses[k][:2])):
                sprite = CardSprite(self.art.cards, CardSprite.BACK, L.small,
                                    layer=self.LAYER_FLYING)
                sprite.center_on(*start)
                self.compositor.add(sprite)
                self.flying.append(sprite)
                size = L.small if seat != self.seat else L.card
                tweens.append(fly(sprite, to, 0.32, delay=0.06 * (2 * k + (seat == self.seat)),
                                  size=size))
        return tweens

    def _hold(self, event: Event) -> float:
        if isinstance(event, DateFooted):
            return 0.35
        if isinstance(event, (GestureSettled, BountySettled)):
            return 0.25
        return 0.0

    def _resync(self) -> None:
        self.draw_view()

    def _step(self, event: Event) -> Callable[[], list[Tween] | None]:
        def start() -> list[Tween] | None:
            self.log_event(event)
            if isinstance(event, CardPlayed):
                return self.fly_played(event)
            if isinstance(event, DateFooted):
                return self.sweep_date(event)
            if isinstance(event, CardDrawn):
                return self.fly_drawn(event)
            if isinstance(event, GestureTaken):
                self.ctx.audio.play("flip")
                return self.fly_gesture(event)
            if isinstance(event, CardShared):
                self.ctx.audio.play("chime", 0.6)
                return None
            if isinstance(event, GestureSettled):
                self.ctx.audio.play("chime" if event.status is Status.DONE else "error", 0.8)
                return None
            if isinstance(event, BountySettled) and event.seats:
                self.toast(f"Bounty earned: +{event.cards} Healthy Communication", "info")
            if isinstance(event, ChapterEnded):
                self.ctx.audio.play("win" if event.success else "error")
            return None
        return start

    def fly_played(self, event: CardPlayed) -> list[Tween]:
        L = self.L
        date = L.date
        assert date is not None
        index = len(self.date_sprites)
        sprite = CardSprite(self.art.cards, event.card, L.card, layer=self.LAYER_FLYING)
        if event.seat == self.seat and event.card in self.hand_cards and self.viewer is not None:
            k = self.hand_cards.index(event.card)
            origin = self.hand_sprites[k]
            sprite.center_on(*origin.center)
            origin.visible = False
        elif event.seat == self.seat:
            fan = L.fan
            assert fan is not None
            sprite.center_on(fan.center_x, fan.center_y)
        else:
            sprite.center_on(*L.partner_fan_center)
        self.compositor.add(sprite)
        self.flying.append(sprite)
        self.date_sprites.append(sprite)
        self.ctx.audio.play("play")
        target = date.center(min(index, 3))
        return [fly(sprite, target, PLAY_SECONDS, angle=0.0)]

    def sweep_date(self, event: DateFooted) -> list[Tween]:
        L = self.L
        if event.seat == self.seat:
            to = (L.my_gestures.x + L.gesture[0] / 2, L.my_gestures.centery)
        else:
            to = (L.partner_gestures.x + L.gesture[0] / 2, L.partner_gestures.centery)
        self.ctx.audio.play("sweep")
        date = L.date
        assert date is not None
        tweens = []
        for k, card in enumerate(event.cards):
            shown = self.date_sprites[k] if k < len(self.date_sprites) else None
            if isinstance(shown, CardSprite):
                sprite = shown
            else:
                sprite = CardSprite(self.art.cards, card, L.card, layer=self.LAYER_FLYING)
                sprite.center_on(*(shown.center if shown is not None else date.center(k)))
                self.compositor.add(sprite)
                self.flying.append(sprite)
                if shown is not None:
                    shown.visible = False
            sprite.layer = self.LAYER_FLYING
            tweens.append(fly(sprite, to, SWEEP_SECONDS, delay=0.05 * k, size=L.mini))
        self.date_sprites = []
        return tweens

    def fly_gesture(self, event: GestureTaken) -> list[Tween]:
        """A taken gesture slides from the offer to its new owner's row."""
        L = self.L
        offered = self.offer_sprites.get(event.gesture)
        if offered is None:
            return []
        obs = self.obs
        area = L.my_gestures if event.seat == self.seat else L.partner_gestures
        owned = [g for g, o in zip(obs.gestures, obs.owners) if o == event.seat]
        index = owned.index(event.gesture) if event.gesture in owned else len(owned)
        slot = L.gesture_slot(area, index, max(len(owned), index + 1))
        image = self.art.gesture(event.gesture, L.gesture)
        sprite = Sprite(image, 0, 0, self.LAYER_FLYING)
        sprite.center_on(*offered.center)
        offered.visible = False
        self.compositor.add(sprite)
        self.flying.append(sprite)
        return [move_center(sprite, slot.center, 0.4)]

    def fly_drawn(self, event: CardDrawn) -> list[Tween]:
        L = self.L
        sprite = CardSprite(self.art.cards, CardSprite.BACK, L.small, layer=self.LAYER_FLYING)
        sprite.center_on(*L.pile_center)
        self.compositor.add(sprite)
        self.flying.append(sprite)
        fan = L.fan
        assert fan is not None
        to = (fan.center_x, fan.center_y) if event.seat == self.seat else L.partner_fan_center
        self.ctx.audio.play("deal", 0.7)

        def gone() -> None:
            sprite.visible = False
        return [fly(sprite, to, 0.3, done=gone)]

    # -- whose turn -------------------------------------------------------------------
    def settled(self) -> None:
        self.draw_view()

    def human_turn(self, seat: int) -> None:
        pass

    def bot_thinking(self, seat: int, thinking: bool) -> None:
        if thinking:
            self.thinking.add(seat)
        else:
            self.thinking.discard(seat)

    # -- input --------------------------------------------------------------------------
    def my_phase(self, phase: Phase) -> bool:
        return self.my_turn() and self.obs.phase is phase

    def drag_start(self, pos: tuple[int, int]) -> tuple[Sprite, Any] | None:
        obs = self.obs
        if obs.phase is Phase.DRAFT:
            for gid, sprite in self.offer_sprites.items():
                if sprite.rect.collidepoint(pos):
                    return sprite, Offer(gid)
            return None
        if obs.phase in (Phase.DATE, Phase.SHARE):
            index = self.hand_index_at(pos)
            if index is not None:
                return self.hand_sprites[index], HandCard(self.hand_cards[index])
        return None

    def hand_index_at(self, pos: tuple[int, int]) -> int | None:
        fan = self.L.fan
        if fan is None or not self.hand_sprites:
            return None
        raised = frozenset(i for i in (self.selected, self.hover_index) if i is not None)
        return fan.index_at(pos, len(self.hand_sprites), raised)

    def drop_targets(self, item: Any) -> list[DropTarget]:
        L = self.L
        state = self.state
        seat = self.seat
        if isinstance(item, Offer):
            action: Action = Take(item.gesture)
            return [DropTarget(L.my_gestures.inflate(0, self.px(40)), action,
                               action in state.legal_actions(seat), "", "Take it")]
        assert isinstance(item, HandCard)
        obs = self.obs
        if obs.phase is Phase.SHARE:
            pick = Pick(item.card)
            why = state.check(pick, seat)
            return [DropTarget(L.share_rect, pick, why is None, why or "", "Share")]
        date = L.date
        assert date is not None
        play = Play(item.card)
        why = state.check(play, seat)
        return [DropTarget(date.rect(self.px(10)), play, why is None, why or "", "Play")]

    def drop_miss_reason(self, item: Any) -> str:
        if isinstance(item, Offer):
            return "Drop the gesture on your side of the table to take it."
        if self.obs.phase is Phase.SHARE:
            return "Cards are played once the Date starts: press Ready first."
        return "Drop the card on the Date to play it."

    def dropped_back(self, drag: Any) -> None:
        self.defer("rebuild", self.draw_view)

    def click_item(self, item: Any) -> None:
        if isinstance(item, Offer):
            self.apply(Take(item.gesture), self.seat)
            return
        assert isinstance(item, HandCard)
        if self.obs.phase is Phase.SHARE:
            targets = self.drop_targets(item)
            if targets and targets[0].legal:
                self.open_gems(item.card)
            else:
                self.illegal(targets[0].reason if targets else "Not now.")
            return
        self.apply(Play(item.card), self.seat)

    def open_gems(self, card: LoveCard) -> None:
        self.apply(Pick(card), self.seat)

    def click_table(self, pos: tuple[int, int]) -> bool:
        L = self.L
        for rect, gem in self.gem_rects:
            if rect.collidepoint(pos) and self.choosing is not None:
                self.apply(Place(gem), self.seat)
                return True
        if self.choosing is not None:
            self.apply(Unpick(), self.seat)
            return True
        obs = self.obs
        if obs.phase is Phase.SHARE and L.ready_rect.collidepoint(pos):
            self.apply(Ready(), self.seat)
            return True
        if obs.phase is Phase.DRAFT and L.pass_rect.collidepoint(pos):
            if Pass() in self.state.legal_actions(self.seat):
                self.apply(Pass(), self.seat)
                return True
        return False

    def hud_buttons(self) -> list[tuple[pygame.Rect, str]]:
        if self.lay is None:
            return []
        return [(self.L.menu_button, "pause"), (self.L.rules_button, "book")]

    def hover(self, pos: tuple[int, int]) -> bool:
        over_button = self.over_hud(pos)
        if not self.my_turn():
            self.set_cursor(over_button)
            return False
        index = self.hand_index_at(pos)
        over = over_button or index is not None or any(
            s.rect.collidepoint(pos) for s in self.offer_sprites.values())
        self.set_cursor(over)
        if index != self.hover_index:
            self.hover_index = index
            self.defer("rebuild", self.draw_view)
        return False

    def handle_game_key(self, event: pygame.event.Event) -> bool:
        obs = self.obs
        key = event.key
        if self.choosing is not None:
            gems = gem_positions(obs.hand, self.choosing)
            numbers = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2}
            if key in numbers and numbers[key] < len(gems):
                self.apply(Place(gems[numbers[key]]), self.seat)
                return True
            # Any other key puts the card back, and then does its own job.
            self.apply(Unpick(), self.seat)
            self.animator.skip()
            if key == pygame.K_ESCAPE:
                return True
        items: list[Any]
        if obs.phase is Phase.DRAFT:
            items = [Offer(g) for g in obs.offer]
        else:
            items = [HandCard(c) for c in obs.hand]
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and items:
            step = -1 if key == pygame.K_LEFT else 1
            current = self.selected if self.selected is not None else (-1 if step > 0 else 0)
            self.selected = (current + step) % len(items)
            self.draw_view()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected is not None \
                and self.selected < len(items):
            item, chosen = items[self.selected], self.selected
            moves = len(self.match.history)
            self.selected = None
            self.click_item(item)
            if len(self.match.history) == moves:  # refused or waiting for a gem: stay there
                self.selected = chosen
                self.draw_view()
            return True
        if key in (pygame.K_r, pygame.K_SPACE) and obs.phase is Phase.SHARE:
            self.apply(Ready(), self.seat)
            return True
        if key == pygame.K_p and obs.phase is Phase.DRAFT and Pass() in self.state.legal_actions(self.seat):
            self.apply(Pass(), self.seat)
            return True
        return False

    def log_rect(self) -> pygame.Rect | None:
        return self.L.log if self.lay is not None else None

    def hotspots(self) -> list[tuple[int, int]]:
        if self.lay is None:
            return []
        L = self.L
        points = [s.rect.center for s in self.hand_sprites]
        points += [s.rect.center for s in self.offer_sprites.values()]
        points += [r.center for r, _ in self.gem_rects]
        date = L.date
        assert date is not None
        points += [date.rect().center, L.share_rect.center, L.ready_rect.center,
                   L.pass_rect.center, L.my_gestures.center]
        return points

    def toast_anchor(self) -> tuple[float, float]:
        L = self.L
        return L.play_rect.centerx, L.my_plate.top - self.px(10)

    # -- the end of the chapter ---------------------------------------------------------
    def show_results(self) -> None:
        self.record_campaign()
        super().show_results()

    def results_picture(self, size: tuple[int, int]) -> pygame.Surface | None:
        """The chapter's gestures (and the bounty) as they ended, each with its stamp."""
        state = self.state
        cards: list[tuple[int, Status, str]] = [
            (gid, mark, self.match.name(owner))
            for gid, owner, mark in zip(state.gestures, state.owners, state.settled)]
        if state.bounty is not None:
            cards.append((state.bounty, state.bounty_status, "Bounty"))
        if not cards:
            return None
        gap = self.px(24)
        caption = self.px(34)
        h = min(size[1] - caption, self.px(250))
        w = round(h * 150 / 210)
        if len(cards) * (w + gap) - gap > size[0]:
            w = (size[0] + gap) // len(cards) - gap
            h = round(w * 210 / 150)
        if h < self.px(60):
            return None
        picture = pygame.Surface((len(cards) * (w + gap) - gap, h + caption), pygame.SRCALPHA)
        for n, (gid, mark, owner) in enumerate(cards):
            x = n * (w + gap)
            picture.blit(self.art.gesture(gid, (w, h), mark), (x, 0))
            label = self.ctx.text.render(owner, self.px(20), theme.INK_SOFT, bold=True,
                                         max_width=w + gap)
            picture.blit(label, label.get_rect(midtop=(x + w // 2, h + self.px(8))))
        return picture

    def record_campaign(self) -> None:
        """Write the chapter's outcome into the campaign (once per match)."""
        if self.recorded or not self.state.is_over:
            return
        self.recorded = True
        from tabletop.games.anniversary.campaign import load_campaign, save_campaign

        campaign, problem = load_campaign(self.ctx.storage)
        if problem:
            self.ctx.notices.append(problem)
        state = self.state
        number = state.game.chapter.number
        if not campaign.is_open(number):
            return
        campaign.record(number, bool(state.result), state.hc_after(), tuple(state.gestures))
        try:
            save_campaign(self.ctx.storage, campaign)
        except OSError as error:
            self.ctx.notices.append(f"The storybook could not be saved ({error.strerror}).")
