"""The Enemy Anemone table scene.

Pictures the match from the viewer's seat (their hand fanned at the bottom, the
others around the table), animates every engine event in order, and turns drags,
clicks and keys into ``Play``/``Discard`` actions that the engine checks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from tabletop.engine.events import Dealt, GameOver, HandEnded, HandStarted, Scored, TrickWon
from tabletop.engine.match import Match
from tabletop.engine.protocol import Event
from tabletop.games.enemy_anemone.actions import Discard, Play, TrickPlay
from tabletop.games.enemy_anemone.anemones import AnemoneAwarded, AwardKind
from tabletop.games.enemy_anemone.cards import SeaCard
from tabletop.games.enemy_anemone.events import (
    AnemonesReturned,
    CardDiscarded,
    CardPlayed,
    CardsDrawn,
    TrickDecided,
)
from tabletop.games.enemy_anemone.observation import SeaObservation
from tabletop.games.enemy_anemone.rules import turn_order
from tabletop.games.enemy_anemone.table.art import SeaArt
from tabletop.games.enemy_anemone.table.layout import SeaLayout
from tabletop.games.enemy_anemone.table.view_model import Slot, ViewModel
from tabletop.ui import theme
from tabletop.ui.bot_worker import BotWorker
from tabletop.ui.cards import CardSprite
from tabletop.ui.compositor import Sprite
from tabletop.ui.context import Context
from tabletop.ui.table_scene import Drag, DropTarget, TableScene, fly
from tabletop.ui.tween import Tween, ease_out_back, ease_out_cubic
from tabletop.ui.widgets.base import panel_surface
from tabletop.ui.widgets.pile import pile_image
from tabletop.ui.widgets.seat_panel import PLAYER_COLORS, SeatInfo, seat_panel_image

__all__ = ["SeaTable"]

FLIGHT = 0.36
DEAL_STAGGER = 0.028


@dataclass(frozen=True)
class HandCard:
    """A card of the viewer's hand being dragged or clicked."""

    card: SeaCard


@dataclass(frozen=True)
class Token:
    """One of the viewer's anemone tokens (``index`` within its side's group)."""

    side: int
    index: int


class SeaTable(TableScene):
    def __init__(self, ctx: Context, match: Match, resumed: bool = False, *,
                 worker: BotWorker | None = None, spectator_seat: int | None = None,
                 autosave: bool = True) -> None:
        self.art = SeaArt(ctx.assets, ctx.text)
        self.lay: SeaLayout | None = None
        self.vm = ViewModel(None, match.state.game.num_players)
        self.hand_sprites: list[CardSprite] = []
        self.slot_sprites: list[Sprite] = []
        self.slot_labels: list[Sprite] = []
        self.slot_tokens: dict[int, list[Sprite]] = {}
        self.panels: dict[int, Sprite] = {}
        self.fans: dict[int, Sprite] = {}
        self.piles: dict[int, Sprite] = {}
        self.trays: dict[int, Sprite] = {}
        self.my_tokens: list[Sprite] = []
        self.effects: list[Sprite] = []
        self.pending: list[Sprite] = []
        self.hud: dict[str, Sprite] = {}
        self.selected: int | None = None
        self.hover_index: int | None = None
        self.armed = (0, 0)
        self.thinking: set[int] = set()
        self.resyncs = 0
        self._prepared_turn = -1
        self._fan_cache: dict[tuple[int, tuple[int, int]], pygame.Surface] = {}
        self._hand_tweens: dict[int, Tween] = {}
        self._seat_signatures: dict[int, object] = {}
        self._pile_cache: dict[tuple[int, tuple[int, int]], pygame.Surface] = {}
        self._hud_signatures: dict[str, object] = {}
        self._pending_cache: dict[tuple[object, ...], pygame.Surface] = {}
        super().__init__(ctx, match, resumed, worker=worker, spectator_seat=spectator_seat,
                         autosave=autosave)

    # -- helpers ----------------------------------------------------------------------
    @property
    def obs(self) -> SeaObservation:
        seat = self.viewer if self.viewer is not None else self.bottom_seat()
        observation = self.match.state.observation(seat)
        assert isinstance(observation, SeaObservation)
        return observation

    def bottom_seat(self) -> int:
        return self.viewer if self.viewer is not None else 0

    @property
    def L(self) -> SeaLayout:  # noqa: N802 - the layout, used everywhere below
        assert self.lay is not None
        return self.lay

    def add(self, sprite: Sprite) -> Sprite:
        return self.compositor.add(sprite)

    def drop(self, sprite: Sprite | None) -> None:
        if sprite is not None:
            self.compositor.remove(sprite)

    def sfx(self, name: str, volume: float = 1.0) -> None:
        self.ctx.audio.play(name, volume)

    # -- building the picture ---------------------------------------------------------
    def layout(self) -> None:
        game = self.match.state.game
        turns = 4 if game.num_players == 2 else game.num_players
        self.lay = SeaLayout(self.size, game.num_players, self.bottom_seat(),
                             self.viewer is not None, turns)

    def rebuild_view(self) -> None:
        self.animator.clear()
        self.layout()
        self.compositor.clear()
        self._toast = None
        self._log_sprite = None
        self._target_sprites = []
        self.vm = ViewModel.from_observation(self.obs, self.viewer)
        self.selected = self.hover_index = None
        self.armed = (0, 0)
        self.hand_sprites = []
        self.slot_sprites, self.slot_labels, self.slot_tokens = [], [], {}
        self.panels, self.fans, self.piles, self.trays = {}, {}, {}, {}
        self.my_tokens, self.effects, self.hud, self.pending = [], [], {}, []
        self._seat_signatures, self._hud_signatures = {}, {}
        self._prepared_turn = -1
        for seat in range(self.vm.players):
            self.refresh_seat(seat)
        for card in self.vm.hand:
            sprite = CardSprite(self.art.cards, card, self.L.card, True, self.LAYER_CARD)
            self.hand_sprites.append(self.add(sprite))  # type: ignore[arg-type]
        self.place_hand(0)
        for index, slot in enumerate(self.vm.slots):
            self.slot_sprites.append(self.add(self.slot_sprite(slot, index)))
            self.slot_labels.append(self.add(self.slot_label(slot, index)))
            self.attach_tokens_sprites(index, slot)
        self.refresh_pending()
        self.refresh_supply()
        self.refresh_deck()
        self.refresh_hud()
        self.refresh_log()

    def refresh_seat(self, seat: int) -> None:
        """Re-render a seat's name plate, hidden hand, score pile and anemones (what changed)."""
        L = self.L
        spot = L.spots[seat]
        vm = self.vm
        info = SeatInfo(
            name=self.name(seat),
            is_bot=self.match.seats[seat].is_bot,
            level=self.match.seats[seat].level,
            seat=seat,
            active=vm.current == seat,
            lines=(("Score", str(vm.totals[seat])), ("Cards taken", str(vm.piles[seat]))),
            note="thinking…" if seat in self.thinking else "",
        )
        mine = seat == self.viewer
        signature = (info, vm.piles[seat], None if mine else vm.hand_sizes[seat],
                     vm.anemones[seat], mine)
        if self._seat_signatures.get(seat) == signature and seat in self.panels:
            return
        self._seat_signatures[seat] = signature
        image = seat_panel_image(info, spot.panel.size, self.ctx.text, self.ctx.assets, L.scale)
        self._set(self.panels, seat, image, (spot.panel.x - 6, spot.panel.y - 6), self.LAYER_PANEL)
        pile = self.pile_picture(seat)
        px, py = spot.pile_center
        self._set(self.piles, seat, pile, (px - pile.get_width() / 2, py - pile.get_height() / 2),
                  self.LAYER_PANEL)
        if mine:
            self.drop(self.fans.pop(seat, None))
            self.refresh_my_tokens()
        else:
            fan = self.fan_image(vm.hand_sizes[seat])
            fx, fy = spot.fan_center
            self._set(self.fans, seat, fan, (fx - fan.get_width() / 2, fy - fan.get_height() / 2),
                      self.LAYER_PANEL + 1)
            self._set(self.trays, seat, self.tray_image(seat), spot.tokens_rect.topleft,
                      self.LAYER_PANEL)

    def pile_picture(self, seat: int) -> pygame.Surface:
        size = self.L.pile_size(seat)
        key = (self.vm.piles[seat], size)
        image = self._pile_cache.get(key)
        if image is None:
            image = pile_image(self.art.cards.base(CardSprite.BACK, size), key[0], self.ctx.text,
                               "" if key[0] else "pile", round(16 * self.L.scale))
            self._pile_cache[key] = image
        return image

    def _set(self, table: dict[int, Sprite], seat: int, image: pygame.Surface,
             pos: tuple[float, float], layer: int) -> None:
        sprite = table.get(seat)
        if sprite is None:
            table[seat] = self.add(Sprite(image, pos[0], pos[1], layer))
        else:
            sprite.image = image
            sprite.move_to(*pos)

    def fan_image(self, count: int) -> pygame.Surface:
        """Another seat's hidden hand: small backs in a fan, with the count."""
        size = self.L.small
        key = (count, size)
        image = self._fan_cache.get(key)
        if image is not None:
            return image
        w, h = size
        width = round(w * 2.6)
        image = pygame.Surface((width, round(h * 1.25)), pygame.SRCALPHA)
        for i in range(count):
            offset = i - (count - 1) / 2
            angle = -offset * min(5.0, 40 / max(count, 1))
            back = self.art.cards.variant(CardSprite.BACK, size, angle)
            x = width / 2 + offset * min(w * 0.22, (width - w) / max(1, count - 1))
            image.blit(back, back.get_rect(center=(round(x), round(h * 0.6 + abs(offset) * 1.5))))
        if count:
            badge = self.ctx.text.render(str(count), round(17 * self.L.scale), theme.INK_DARK,
                                         bold=True)
            radius = max(badge.get_width(), badge.get_height()) // 2 + 3
            center = (width - radius - 2, radius + 2)
            pygame.draw.circle(image, theme.INK, center, radius)
            image.blit(badge, badge.get_rect(center=center))
        self._fan_cache[key] = image
        return image

    def tray_image(self, seat: int) -> pygame.Surface:
        ones, twos = self.vm.anemones[seat]
        L = self.L
        size = L.token_size(seat)
        rect = L.spots[seat].tokens_rect
        image = pygame.Surface((rect.w, size), pygame.SRCALPHA)
        sides = [2] * twos + [1] * ones
        for (x, _), side in zip(L.token_positions(seat, len(sides)), sides):
            image.blit(self.art.token(side, size), (round(x - rect.x - size / 2), 0))
        return image

    def refresh_my_tokens(self) -> None:
        """The viewer's own tokens, one sprite each (they can be dragged and armed)."""
        for sprite in self.my_tokens:
            self.drop(sprite)
        self.my_tokens = []
        if self.viewer is None:
            return
        ones, twos = self.vm.anemones[self.viewer]
        tokens = [Token(2, i) for i in range(twos)] + [Token(1, i) for i in range(ones)]
        size = self.L.token_size(self.viewer)
        for token, (x, y) in zip(tokens, self.L.token_positions(self.viewer, len(tokens))):
            sprite = Sprite(self.art.token(token.side, size), x - size / 2, y - size / 2,
                            self.LAYER_CARD + 5, tag=token)
            self.my_tokens.append(self.add(sprite))
        self.place_armed()

    def refresh_supply(self) -> None:
        L = self.L
        size = L.token
        count = self.vm.supply
        image = pygame.Surface((size + 30, size + round(40 * L.scale)), pygame.SRCALPHA)
        for i in range(min(count, 4)):
            image.blit(self.art.token(1, size), (i * 3, (3 - i) * 3))
        label = self.ctx.text.render(f"Supply: {count}", round(16 * L.scale), theme.INK_SOFT)
        image.blit(label, label.get_rect(midbottom=(image.get_width() // 2, image.get_height())))
        x, y = L.supply_center
        self._hud("supply", image, (x - image.get_width() / 2, y - image.get_height() / 2),
                  self.LAYER_PANEL)

    def refresh_deck(self) -> None:
        if not self.match.state.game.two_player:
            return
        L = self.L
        image = pile_image(self.art.cards.base(CardSprite.BACK, L.small), self.vm.deck,
                           self.ctx.text, "Draw pile", round(16 * L.scale))
        x, y = L.deck_center
        self._hud("deck", image, (x - image.get_width() / 2, y - image.get_height() / 2),
                  self.LAYER_PANEL)

    def refresh_hud(self) -> None:
        vm = self.vm
        signature = (vm.hand_number, vm.hands_total, vm.tricks_done)
        if self._hud_signatures.get("info") != signature or "info" not in self.hud:
            self._hud_signatures["info"] = signature
            self.draw_info()
        if "menu" not in self.hud:
            self.draw_buttons()
        self.refresh_prompt()

    def draw_info(self) -> None:
        L = self.L
        s = L.scale
        info = panel_surface(L.info.size, theme.PANEL, round(14 * s)).copy()
        vm = self.vm
        trick = min(vm.tricks_done + 1, vm.tricks_per_hand())
        text = self.ctx.text
        lines = [
            text.render(f"Hand {vm.hand_number} of {vm.hands_total}  ·  "
                        f"Trick {trick} of {vm.tricks_per_hand()}", round(21 * s), theme.INK,
                        bold=True),
            text.render("Never follow suit: play a creature not yet in the trick.",
                        round(15 * s), theme.INK_SOFT, max_width=L.info.w - round(24 * s)),
            text.render("Highest card takes the trick; lowest card takes an anemone.",
                        round(15 * s), theme.INK_SOFT, max_width=L.info.w - round(24 * s)),
        ]
        y = round(8 * s)
        for line in lines:
            info.blit(line, (round(14 * s), y))
            y += line.get_height() + round(2 * s)
        self._hud("info", info, L.info.topleft)

    def draw_buttons(self) -> None:
        L = self.L
        for key, rect, icon in (("menu", L.menu_button, "pause"), ("rules", L.rules_button, "book")):
            image = panel_surface(rect.size, theme.PANEL, rect.w // 2, theme.PANEL_EDGE, 2).copy()
            glyph = self.ctx.assets.svg(f"ui/{icon}.svg", (rect.w * 6 // 10, rect.h * 6 // 10))
            image.blit(glyph, glyph.get_rect(center=(rect.w // 2, rect.h // 2)))
            self._hud(key, image, rect.topleft)

    def _hud(self, key: str, image: pygame.Surface | None, pos: tuple[float, float],
             layer: int | None = None) -> None:
        sprite = self.hud.get(key)
        if image is None:
            if sprite is not None:
                self.drop(sprite)
                del self.hud[key]
            return
        if sprite is None:
            self.hud[key] = self.add(Sprite(image, pos[0], pos[1], layer or self.LAYER_HUD))
        else:
            sprite.image = image
            sprite.move_to(*pos)

    def prompt_text(self) -> tuple[str, bool]:
        """The line above the hand, and whether it is a call to act ("" hides it)."""
        state = self.match.state
        if state.is_over:
            return "The game is over.", False
        if self.animator.busy:
            return "", False  # the picture is still catching up with the game
        actor = state.current_player
        if self.viewer is not None and actor == self.viewer and not self.match.seats[actor].is_bot:
            if not self.playable(self.viewer):
                return ("No creature you hold is new to this trick: drag a card onto your "
                        "score pile to discard it face down."), True
            if not self.vm.slots:
                return "Your lead: play any card.", True
            return "Your turn: play a creature that is not in the trick yet.", True
        if self.match.seats[actor].is_bot:
            return f"{self.name(actor)} is thinking…", False
        return f"Waiting for {self.name(actor)}…", False

    def refresh_prompt(self) -> None:
        if self.lay is None:
            return
        message, urgent = self.prompt_text()
        signature = (message, urgent, self.viewer is None)
        if self._hud_signatures.get("prompt") == signature and ("prompt" in self.hud or not message):
            return
        self._hud_signatures["prompt"] = signature
        if not message:
            self._hud("prompt", None, (0, 0))
            return
        s = self.L.scale
        label = self.ctx.text.render(message, round(22 * s), theme.INK_DARK if urgent else theme.INK,
                                     bold=True, max_width=round(self.size[0] * 0.6))
        pad_x, pad_y = round(22 * s), round(9 * s)
        fill = (*theme.GOLD, 240) if urgent else (8, 30, 34, 200)
        image = panel_surface((label.get_width() + 2 * pad_x, label.get_height() + 2 * pad_y), fill,
                              round(20 * s)).copy()
        image.blit(label, (pad_x, pad_y))
        x, y = self.L.prompt_center
        if self.viewer is None:
            y = self.L.trick_rect().bottom + round(70 * s)
        self._hud("prompt", image, (x - image.get_width() / 2, y - image.get_height() / 2))

    # -- the hand ----------------------------------------------------------------------
    def playable(self, seat: int) -> bool:
        return any(isinstance(a, Play) for a in self.match.state.legal_actions(seat))

    def raised(self) -> frozenset[int]:
        return frozenset(i for i in (self.selected, self.hover_index) if i is not None)

    def place_hand(self, seconds: float) -> None:
        """Move the viewer's cards to their fan positions (instantly or with a short tween)."""
        if self.viewer is None or self.L.fan is None:
            return
        poses = self.L.fan.poses(len(self.hand_sprites), self.raised())
        for i, (sprite, (x, y, angle)) in enumerate(zip(self.hand_sprites, poses)):
            sprite.layer = self.LAYER_CARD + i
            sprite.set_pose(size=self.L.card, face_up=True)
            old = self._hand_tweens.pop(id(sprite), None)
            if old is not None:
                old.cancel()
            if seconds <= 0:
                sprite.set_pose(angle=angle, center=(x, y))
            else:
                self._hand_tweens[id(sprite)] = self.animator.add(
                    fly(sprite, (x, y), seconds, angle=angle))
        self.place_ring(poses)
        self.place_armed()

    def place_ring(self, poses: Sequence[tuple[float, float, float]]) -> None:
        """A gold ring marks the card picked with a click or the arrow keys."""
        index = self.selected
        if index is None or index >= len(poses) or self.viewer is None:
            self.drop(self.hud.pop("ring", None))
            return
        x, y, angle = poses[index]
        key = ("ring", round(angle / 2) * 2, self.L.card)
        image = self._pending_cache.get(key)
        if image is None:
            w, h = self.L.card
            pad = round(7 * self.L.scale)
            ring = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
            pygame.draw.rect(ring, (*theme.HIGHLIGHT, 90), ring.get_rect(),
                             border_radius=round(16 * self.L.scale))
            pygame.draw.rect(ring, theme.HIGHLIGHT, ring.get_rect(), max(2, round(4 * self.L.scale)),
                             border_radius=round(16 * self.L.scale))
            image = pygame.transform.rotozoom(ring, key[1], 1.0)
            self._pending_cache[key] = image
        self._hud("ring", image, (x - image.get_width() / 2, y - image.get_height() / 2),
                  self.LAYER_CARD + index)
        self.hud["ring"].layer = self.LAYER_CARD + index
        self.hand_sprites[index].layer = self.LAYER_CARD + index
        self.compositor.raise_to_top(self.hand_sprites[index])

    def mark_playable(self) -> None:
        """Dim the cards that cannot be played now (their creature is in the trick)."""
        legal_cards: set[int] | None = None
        if self.viewer is not None and self.my_turn():
            legal_cards = {a.card for a in self.match.state.legal_actions(self.viewer)}
        for sprite in self.hand_sprites:
            card = sprite.tag
            key: Any = ("dim", card) if legal_cards is not None and card not in legal_cards else card
            if sprite.face != key:
                sprite.face = key
                sprite.refresh()

    # -- armed anemones -----------------------------------------------------------------
    def armed_tokens(self) -> list[Sprite]:
        ones, twos = self.armed
        chosen = []
        for sprite in self.my_tokens:
            token = sprite.tag
            assert isinstance(token, Token)
            if (token.side == 2 and token.index < twos) or (token.side == 1 and token.index < ones):
                chosen.append(sprite)
        return chosen

    def place_armed(self) -> None:
        """Armed tokens sit on the selected (or dragged) card; the rest rest in the tray."""
        if self.viewer is None:
            return
        armed = set(map(id, self.armed_tokens()))
        card_sprite = None
        if self.drag is not None and isinstance(self.drag.item, HandCard):
            card_sprite = self.drag.sprite
        elif self.selected is not None and self.selected < len(self.hand_sprites):
            card_sprite = self.hand_sprites[self.selected]
        for sprite, (x, y) in zip(self.my_tokens, self.L.token_positions(self.viewer,
                                                                         len(self.my_tokens))):
            if id(sprite) in armed:
                continue
            sprite.center_on(x, y)
            sprite.layer = self.LAYER_CARD + 5
        if not armed:
            return
        size = self.L.token
        if card_sprite is not None:
            cx, cy = card_sprite.center
            base = (cx - self.L.card[0] * 0.32, cy + self.L.card[1] * 0.36)
            layer = card_sprite.layer + 1
        else:
            spot = self.L.spots[self.viewer].tokens_rect
            base = (spot.x + size / 2, spot.y - size * 0.3)
            layer = self.LAYER_CARD + 6
        for i, sprite in enumerate(self.armed_tokens()):
            sprite.center_on(base[0] + i * size * 0.55, base[1])
            sprite.layer = layer

    def arm(self, ones: int, twos: int) -> None:
        if self.viewer is None:
            return
        held_ones, held_twos = self.vm.anemones[self.viewer]
        self.armed = (max(0, min(ones, held_ones)), max(0, min(twos, held_twos)))
        self.place_armed()

    def combos(self) -> list[tuple[int, int]]:
        """Every way to attach tokens, from none up to all, ordered by added value."""
        if self.viewer is None:
            return [(0, 0)]
        ones, twos = self.vm.anemones[self.viewer]
        return sorted(((o, t) for o in range(ones + 1) for t in range(twos + 1)),
                      key=lambda c: (c[0] + 2 * c[1], c[1]))

    # -- trick slots ------------------------------------------------------------------
    def slot_center(self, index: int) -> tuple[float, float]:
        assert self.L.trick is not None
        return self.L.trick.center(index)

    def slot_sprite(self, slot: Slot, index: int) -> Sprite:
        cx, cy = self.slot_center(index)
        if slot.play is not None:
            sprite = CardSprite(self.art.cards, slot.play.card, self.L.card, True, self.LAYER_CARD)
            sprite.center_on(cx, cy)
            return sprite
        return self.discard_marker(slot.seat, (cx, cy))

    def refresh_pending(self) -> None:
        """Outlines for the turns still to come in this trick, named, the next one lit."""
        for sprite in self.pending:
            self.drop(sprite)
        self.pending = []
        vm = self.vm
        if self.match.state.is_over and vm.current < 0:
            return
        for index in range(len(vm.slots), len(vm.order)):
            seat = vm.order[index]
            image = self.pending_image(self.name(seat), seat, index == len(vm.slots))
            cx, cy = self.slot_center(index)
            sprite = Sprite(image, cx - image.get_width() / 2, cy - self.L.card[1] / 2,
                            self.LAYER_CARD - 3)
            self.pending.append(self.add(sprite))

    def pending_image(self, name: str, seat: int, next_up: bool) -> pygame.Surface:
        key = (name, seat, next_up, self.L.card)
        image = self._pending_cache.get(key)
        if image is not None:
            return image
        w, h = self.L.card
        s = self.L.scale
        color = PLAYER_COLORS[seat % len(PLAYER_COLORS)]
        image = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = round(12 * s)
        edge = (*color, 200) if next_up else (255, 255, 255, 60)
        pygame.draw.rect(image, (255, 255, 255, 18 if next_up else 10), image.get_rect(),
                         border_radius=radius)
        pygame.draw.rect(image, edge, image.get_rect(), 3 if next_up else 2, border_radius=radius)
        label = self.ctx.text.block(name, round(17 * s), (*color, 255) if next_up else theme.INK_DIM,
                                    w - round(12 * s), bold=next_up, align="center")
        image.blit(label, label.get_rect(center=(w // 2, h // 2 - round(10 * s))))
        note = self.ctx.text.render("to play" if next_up else "later", round(14 * s),
                                    theme.INK_SOFT if next_up else theme.INK_DIM)
        image.blit(note, note.get_rect(midtop=(w // 2, h // 2 + round(8 * s))))
        self._pending_cache[key] = image
        return image

    def discard_marker(self, seat: int, center: tuple[float, float]) -> Sprite:
        w, h = self.L.card
        s = self.L.scale
        image = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(image, (255, 255, 255, 26), image.get_rect(), border_radius=round(12 * s))
        pygame.draw.rect(image, (255, 255, 255, 90), image.get_rect(), 2, border_radius=round(12 * s))
        block = self.ctx.text.block(f"{self.name(seat)} had no new creature and discarded",
                                    round(16 * s), theme.INK_SOFT, w - round(16 * s), align="center")
        image.blit(block, block.get_rect(center=(w // 2, h // 2)))
        return Sprite(image, center[0] - w / 2, center[1] - h / 2, self.LAYER_CARD - 1)

    def slot_label(self, slot: Slot, index: int) -> Sprite:
        s = self.L.scale
        color = PLAYER_COLORS[slot.seat % len(PLAYER_COLORS)]
        name = self.ctx.text.render(self.name(slot.seat), round(17 * s), color, bold=True,
                                    max_width=self.L.card[0] + round(10 * s))
        lines = [name]
        if slot.play is not None and (slot.play.ones or slot.play.twos):
            play = slot.play
            boost = play.ones + 2 * play.twos
            lines.append(self.ctx.text.render(f"{play.card.rank} + {boost} = {play.value}",
                                              round(17 * s), theme.GOLD, bold=True))
        height = sum(i.get_height() for i in lines)
        image = pygame.Surface((max(i.get_width() for i in lines), height), pygame.SRCALPHA)
        y = 0
        for line in lines:
            image.blit(line, ((image.get_width() - line.get_width()) // 2, y))
            y += line.get_height()
        cx, cy = self.slot_center(index)
        return Sprite(image, cx - image.get_width() / 2, cy + self.L.card[1] / 2 + round(6 * s),
                      self.LAYER_CARD)

    def attach_tokens_sprites(self, index: int, slot: Slot) -> None:
        if slot.play is None:
            return
        sides = [2] * slot.play.twos + [1] * slot.play.ones
        sprites = []
        for i, side in enumerate(sides):
            x, y = self.token_on_card(index, i)
            size = self.L.small_token
            sprite = Sprite(self.art.token(side, size), x - size / 2, y - size / 2,
                            self.LAYER_CARD + 3)
            sprites.append(self.add(sprite))
        if sprites:
            self.slot_tokens[index] = sprites

    def token_on_card(self, index: int, i: int) -> tuple[float, float]:
        cx, cy = self.slot_center(index)
        w, h = self.L.card
        size = self.L.small_token
        return (cx - w / 2 + size * 0.7 + i * size * 0.62, cy + h / 2 - size * 0.7)

    # -- animation: events in order --------------------------------------------------------
    def animate(self, events: Sequence[Event], opening: bool = False) -> None:
        events = list(events)
        i = 0
        while i < len(events):
            event = events[i]
            if isinstance(event, Dealt):
                deals = []
                while i < len(events) and isinstance(events[i], Dealt):
                    deals.append(events[i])
                    i += 1
                self.queue_deal(deals)  # type: ignore[arg-type]
                continue
            if isinstance(event, Scored):
                scored = []
                while i < len(events) and isinstance(events[i], Scored):
                    scored.append(events[i])
                    i += 1
                self.queue_scores(scored)  # type: ignore[arg-type]
                continue
            handler = self.HANDLERS.get(type(event))
            if handler is not None:
                handler(self, event)
            i += 1
        self.animator.queue(self.check_sync)

    def queue_hand_started(self, event: HandStarted) -> None:
        def start() -> None:
            self.clear_trick()
            vm = self.vm
            vm.hand_number = event.number
            vm.tricks_done = 0
            vm.piles = [0] * vm.players
            vm.hand_sizes = [0] * vm.players
            vm.current = event.leader
            vm.order = turn_order(event.leader, vm.players)
            vm.hand = []
            vm.deck = 0
            for sprite in self.hand_sprites:
                self.drop(sprite)
            self.hand_sprites = []
            for seat in range(vm.players):
                self.refresh_seat(seat)
            self.refresh_hud()
            self.refresh_deck()
            self.refresh_pending()
            self.sfx("shuffle")
            self.toast(f"Hand {event.number} of {event.of}: {self.name(event.leader)} leads.",
                       seconds=2.4)
        self.animator.queue(lambda: start(), hold=0.25)

    def queue_deal(self, deals: Sequence[Dealt]) -> None:
        def start() -> list[Tween]:
            L = self.L
            tweens: list[Tween] = []
            origin = (self.size[0] / 2, L.trick_rect().centery)
            rounds = max(len(d.cards) for d in deals)
            total_cards = sum(len(d.cards) for d in deals)
            flights = 0
            viewer_deal = next((d for d in deals if d.seat == self.viewer), None)
            if viewer_deal is not None:
                self.vm.hand = sorted(SeaCard(c) for c in viewer_deal.cards)
                self.vm.hand_sizes[viewer_deal.seat] = len(viewer_deal.cards)
                for sprite in self.hand_sprites:
                    self.drop(sprite)
                self.hand_sprites = []
                for card in self.vm.hand:
                    sprite = CardSprite(self.art.cards, card, L.card, True, self.LAYER_FLYING)
                    sprite.center_on(*origin)
                    sprite.visible = False
                    self.hand_sprites.append(self.add(sprite))  # type: ignore[arg-type]
            poses = L.fan.poses(len(self.vm.hand)) if L.fan is not None else []
            for r in range(rounds):
                for deal in deals:
                    if r >= len(deal.cards):
                        continue
                    delay = flights * DEAL_STAGGER
                    flights += 1
                    seat = deal.seat
                    if seat == self.viewer:
                        card = SeaCard(deal.cards[r])
                        index = self.vm.hand.index(card)
                        sprite = self.hand_sprites[index]
                        x, y, angle = poses[index]
                        tweens.append(fly(sprite, (x, y), 0.34, delay=delay, angle=angle,
                                          begin=self._show(sprite)))
                    else:
                        tweens.append(self.fly_back_to_hand(seat, origin, delay))
            self.vm.deck = self._deck_after_deal(total_cards)
            self.refresh_deck()
            return tweens
        self.animator.queue(start)

    def _deck_after_deal(self, dealt: int) -> int:
        game = self.match.state.game
        return len(game.deck) - dealt if game.two_player else 0

    def _show(self, sprite: Sprite) -> Callable[[], None]:
        def show() -> None:
            sprite.visible = True
            self.sfx("deal", 0.6)
        return show

    def fly_back_to_hand(self, seat: int, origin: tuple[float, float], delay: float) -> Tween:
        """A face-down card flies from ``origin`` into another seat's hidden hand."""
        L = self.L
        sprite = CardSprite(self.art.cards, None, L.small, False, self.LAYER_FLYING)
        sprite.center_on(*origin)
        sprite.visible = False
        self.add(sprite)

        def arrive() -> None:
            self.drop(sprite)
            self.vm.hand_sizes[seat] += 1
            self.refresh_seat(seat)

        return fly(sprite, L.spots[seat].fan_center, 0.32, delay=delay, begin=self._show(sprite),
                   done=arrive)

    def queue_played(self, event: CardPlayed) -> None:
        def start() -> list[Tween]:
            vm = self.vm
            index = len(vm.slots)
            play = TrickPlay(event.seat, event.card, event.ones, event.twos)
            play_slot = Slot(event.seat, play)
            vm.slots.append(play_slot)
            sprite = self.take_from_hand(event.seat, event.card)
            vm.add_tokens(event.seat, -event.ones, -event.twos)
            self.slot_sprites.append(sprite)
            self.refresh_seat(event.seat)
            self.set_current(self.match.state.current_player)
            self.refresh_pending()
            target = self.slot_center(index)
            tweens = [fly(sprite, target, FLIGHT, angle=0, size=self.L.card, face_up=True,
                          done=lambda: self._landed(sprite, play_slot, index))]
            tweens += self.fly_attached(event, index)
            self.sfx("play")
            return tweens
        self.animator.queue(start)

    def set_current(self, seat: int) -> None:
        """Move the turn glow to ``seat``."""
        old, self.vm.current = self.vm.current, seat
        for changed in {old, seat}:
            if 0 <= changed < self.vm.players:
                self.refresh_seat(changed)

    def _landed(self, sprite: Sprite, slot: Slot, index: int) -> None:
        sprite.layer = self.LAYER_CARD
        label = self.add(self.slot_label(slot, index))
        self.slot_labels.append(label)

    def take_from_hand(self, seat: int, card: SeaCard, face_up: bool = True) -> CardSprite:
        """The sprite that leaves ``seat``'s hand: the viewer's own card, or a back from a fan."""
        vm = self.vm
        if seat == self.viewer and card in vm.hand:
            index = vm.hand.index(card)
            vm.hand.pop(index)
            sprite = self.hand_sprites.pop(index)
            if sprite.face != card:
                sprite.face = card
                sprite.refresh()
            sprite.layer = self.LAYER_FLYING
            self.selected = None
            self.hover_index = None
            self.place_hand(0.2)
            vm.hand_sizes[seat] -= 1
            return sprite
        fx, fy = self.L.spots[seat].fan_center
        sprite = CardSprite(self.art.cards, card, self.L.small, False, self.LAYER_FLYING)
        sprite.center_on(fx, fy)
        self.add(sprite)
        vm.hand_sizes[seat] = max(0, vm.hand_sizes[seat] - 1)
        return sprite

    def fly_attached(self, event: CardPlayed, index: int) -> list[Tween]:
        sides = [2] * event.twos + [1] * event.ones
        if not sides:
            return []
        size = self.L.small_token
        spot = self.L.spots[event.seat].tokens_rect
        tweens = []
        sprites = []
        for i, side in enumerate(sides):
            sprite = Sprite(self.art.token(side, size), spot.x, spot.y, self.LAYER_FLYING + 1)
            self.add(sprite)
            sprites.append(sprite)
            tweens.append(_move(sprite, self.token_on_card(index, i), FLIGHT + 0.08))
        self.slot_tokens[index] = sprites
        return tweens

    def queue_discarded(self, event: CardDiscarded) -> None:
        def start() -> list[Tween]:
            vm = self.vm
            index = len(vm.slots)
            slot = Slot(event.seat, None)
            vm.slots.append(slot)
            sprite = self.take_from_hand(event.seat, event.card)
            marker = self.add(self.discard_marker(event.seat, self.slot_center(index)))
            self.slot_sprites.append(marker)
            self.slot_labels.append(self.add(self.slot_label(slot, index)))
            target = self.L.spots[event.seat].pile_center

            def arrive() -> None:
                self.drop(sprite)
                vm.piles[event.seat] += 1
                self.refresh_seat(event.seat)

            self.sfx("discard")
            self.refresh_seat(event.seat)
            self.set_current(self.match.state.current_player)
            self.refresh_pending()
            return [fly(sprite, target, FLIGHT, angle=0, size=self.L.pile_size(event.seat),
                        face_up=False, done=arrive)]
        self.animator.queue(start)

    def queue_decided(self, event: TrickDecided) -> None:
        def start() -> list[Tween]:
            played = [i for i, slot in enumerate(self.vm.slots) if slot.play is not None]
            marks = [(played[event.winner_index], theme.GOLD, "takes the trick")]
            if event.lowest_index is not None:
                marks.append((played[event.lowest_index], theme.CORAL, "lowest: +1 anemone"))
            tweens = []
            for slot_index, color, text in marks:
                glow = self.add(self.glow_sprite(slot_index, color, text))
                self.effects.append(glow)
                tweens.append(_pop(glow))
            self.sfx("trick_won", 0.8)
            return tweens
        self.animator.queue(start, hold=0.85)

    def glow_sprite(self, index: int, color: theme.Color, text: str) -> Sprite:
        w, h = self.L.card
        s = self.L.scale
        pad = round(12 * s)
        label = self.ctx.text.render(text, round(17 * s), theme.INK_DARK, bold=True)
        image = pygame.Surface((w + 2 * pad, h + 2 * pad + label.get_height() + round(10 * s)),
                               pygame.SRCALPHA)
        top = label.get_height() + round(10 * s)
        glow = panel_surface((w + 2 * pad, h + 2 * pad), (*color[:3], 110), round(18 * s), color, 4)
        image.blit(glow, (0, top))
        pill = panel_surface((label.get_width() + round(16 * s), label.get_height() + round(4 * s)),
                             (*color[:3], 255), round(10 * s))
        image.blit(pill, pill.get_rect(midtop=(image.get_width() // 2, 0)))
        image.blit(label, label.get_rect(midtop=(image.get_width() // 2, round(2 * s))))
        cx, cy = self.slot_center(index)
        return Sprite(image, cx - image.get_width() / 2, cy - h / 2 - pad - top,
                      self.LAYER_CARD - 2)

    def queue_trick_won(self, event: TrickWon) -> None:
        def start() -> list[Tween]:
            target = self.L.spots[event.seat].pile_center
            size = self.L.pile_size(event.seat)
            tweens = []
            cards = [s for s, slot in zip(self.slot_sprites, self.vm.slots) if slot.play is not None]
            for i, sprite in enumerate(cards):
                sprite.layer = self.LAYER_FLYING
                tweens.append(fly(sprite, target, 0.42, delay=i * 0.05, angle=0, size=size,  # type: ignore[arg-type]
                                  face_up=False, done=self._drop_cb(sprite)))
            for sprite in self.slot_labels + self.effects + [
                    s for s, slot in zip(self.slot_sprites, self.vm.slots) if slot.play is None]:
                self.drop(sprite)
            self.effects = []
            self.slot_labels = []
            self.slot_sprites = []
            count = len(event.cards)

            def done() -> None:
                self.vm.piles[event.seat] += count
                self.refresh_seat(event.seat)

            if tweens:
                tweens[-1].done = _chain(tweens[-1].done, done)
            else:
                done()
            self.vm.slots = []
            self.vm.tricks_done += 1
            self.vm.order = turn_order(event.seat, self.vm.players)
            self.refresh_pending()
            self.sfx("sweep")
            return tweens
        self.animator.queue(start)

    def _drop_cb(self, sprite: Sprite) -> Callable[[], None]:
        return lambda: self.drop(sprite)

    def queue_returned(self, event: AnemonesReturned) -> None:
        def start() -> list[Tween]:
            sprites = [s for group in self.slot_tokens.values() for s in group]
            self.slot_tokens = {}
            tweens = []
            x, y = self.L.supply_center
            for i, sprite in enumerate(sprites):
                tweens.append(_move(sprite, (x, y), 0.35, delay=i * 0.04,
                                    done=self._drop_cb(sprite)))

            def done() -> None:
                self.vm.supply += event.count
                self.refresh_supply()

            if tweens:
                tweens[-1].done = _chain(tweens[-1].done, done)
            else:
                done()
            return tweens
        self.animator.queue(start)

    def queue_award(self, event: AnemoneAwarded) -> None:
        def start() -> list[Tween]:
            vm = self.vm
            seat = event.seat
            if event.kind is AwardKind.NONE_LEFT:
                return []
            size = self.L.token_size(seat)
            if event.kind is AwardKind.FLIPPED:
                vm.add_tokens(seat, -1, 1)
                self.refresh_seat(seat)
                self.sfx("anemone")
                return [self.sparkle(seat)]
            if event.kind is AwardKind.GIVEN and event.giver is not None:
                giver = event.giver
                ones, _ = vm.anemones[giver]
                vm.add_tokens(giver, -1 if ones else 0, 0 if ones else -1)
                self.refresh_seat(giver)
                source = self.L.spots[giver].tokens_rect.center
            else:
                vm.supply -= 1
                self.refresh_supply()
                source = self.L.supply_center
            sprite = Sprite(self.art.token(event.side, size), source[0] - size / 2,
                            source[1] - size / 2, self.LAYER_FLYING + 2)
            self.add(sprite)
            count = sum(vm.anemones[seat])
            positions = self.L.token_positions(seat, count + 1)
            target = positions[-1] if positions else self.L.spots[seat].tokens_rect.center

            def arrive() -> None:
                self.drop(sprite)
                vm.add_tokens(seat, 1 if event.side == 1 else 0, 1 if event.side == 2 else 0)
                self.refresh_seat(seat)

            self.sfx("anemone")
            return [_move(sprite, target, 0.5, ease=ease_out_back, done=arrive)]
        self.animator.queue(start, hold=0.1)

    def sparkle(self, seat: int) -> Tween:
        """A brief ring where a token was flipped from +1 to +2."""
        s = self.L.scale
        rect = self.L.spots[seat].tokens_rect
        size = round(60 * s)
        ring = Sprite(pygame.Surface((size, size), pygame.SRCALPHA), rect.x, rect.centery - size / 2,
                      self.LAYER_FLYING)
        self.add(ring)

        def step(t: float) -> None:
            image = pygame.Surface((size, size), pygame.SRCALPHA)
            radius = round(size / 2 * (0.3 + 0.7 * t))
            pygame.draw.circle(image, (*theme.GOLD, round(255 * (1 - t))), (size // 2, size // 2),
                               max(1, radius), max(1, round(4 * s)))
            ring.image = image

        return Tween(0.5, step, done=lambda: self.drop(ring))

    def queue_drawn(self, event: CardsDrawn) -> None:
        def start() -> list[Tween]:
            vm = self.vm
            origin = self.L.deck_center
            vm.deck -= len(event.cards)
            self.refresh_deck()
            tweens: list[Tween] = []
            if event.seat == self.viewer:
                for card in event.cards:
                    vm.hand.append(SeaCard(card))
                vm.hand.sort()
                vm.hand_sizes[event.seat] += len(event.cards)
                new = []
                for card in event.cards:
                    sprite = CardSprite(self.art.cards, card, self.L.small, False, self.LAYER_FLYING)
                    sprite.center_on(*origin)
                    self.add(sprite)
                    new.append((SeaCard(card), sprite))
                by_card = {s.tag: s for s in self.hand_sprites}
                by_card.update(dict(new))
                self.hand_sprites = [by_card[c] for c in vm.hand]  # type: ignore[misc]
                poses = self.L.fan.poses(len(vm.hand)) if self.L.fan else []
                for i, sprite in enumerate(self.hand_sprites):
                    x, y, angle = poses[i]
                    tweens.append(fly(sprite, (x, y), 0.4, angle=angle, size=self.L.card,
                                      face_up=True))
                self.refresh_seat(event.seat)
            else:
                for i in range(len(event.cards)):
                    tweens.append(self.fly_back_to_hand(event.seat, origin, i * 0.08))
            self.sfx("deal")
            return tweens
        self.animator.queue(start)

    def queue_scores(self, scored: Sequence[Scored]) -> None:
        def start() -> list[Tween]:
            for event in scored:
                self.vm.totals[event.seat] = event.total
            for seat in range(self.vm.players):
                self.refresh_seat(seat)
            self.show_summary(scored)
            self.sfx("chime")
            return []
        self.animator.queue(start, hold=3.2)
        self.animator.queue(self.hide_summary)

    def show_summary(self, scored: Sequence[Scored]) -> None:
        L = self.L
        s = L.scale
        text = self.ctx.text
        rect = L.summary
        image = panel_surface(rect.size, theme.PANEL_SOLID + (246,), round(20 * s), theme.GOLD, 3).copy()
        title = text.render(f"Hand {self.vm.hand_number} of {self.vm.hands_total} is over",
                            round(34 * s), theme.INK, display=True, bold=True)
        image.blit(title, title.get_rect(midtop=(rect.w // 2, round(20 * s))))
        y = round(40 * s) + title.get_height()
        head = [("Player", 0.08), ("Cards taken", 0.46), ("This hand", 0.66), ("Total", 0.86)]
        for label, fx in head:
            img = text.render(label, round(17 * s), theme.INK_DIM, bold=True)
            image.blit(img, (round(rect.w * fx) - (img.get_width() // 2 if fx > 0.1 else 0), y))
        y += round(30 * s)
        order = sorted(scored, key=lambda e: (-e.points, e.seat))
        for event in order:
            color = PLAYER_COLORS[event.seat % len(PLAYER_COLORS)]
            cells = [(self.name(event.seat), 0.08, color),
                     (str(self.vm.piles[event.seat]), 0.46, theme.INK),
                     (f"+{event.points}", 0.66, theme.GOLD),
                     (str(event.total), 0.86, theme.INK)]
            for value, fx, ink in cells:
                img = text.render(value, round(24 * s), ink, bold=True, max_width=round(rect.w * 0.34))
                image.blit(img, (round(rect.w * fx) - (img.get_width() // 2 if fx > 0.1 else 0), y))
            y += round(50 * s)
        hint = text.render("Click to continue", round(15 * s), theme.INK_DIM)
        image.blit(hint, hint.get_rect(midbottom=(rect.w // 2, rect.h - round(10 * s))))
        self._hud("summary", image, rect.topleft, self.LAYER_TOAST - 1)

    def hide_summary(self) -> list[Tween]:
        self._hud("summary", None, (0, 0))
        return []

    def queue_game_over(self, event: GameOver) -> None:
        def start() -> list[Tween]:
            self.vm.current = -4
            self.vm.order = []
            self.refresh_pending()
            for seat in range(self.vm.players):
                self.refresh_seat(seat)
            self.refresh_prompt()
            return []
        self.animator.queue(start, hold=0.4)

    def clear_trick(self) -> None:
        for sprite in self.slot_sprites + self.slot_labels + self.effects + self.pending:
            self.drop(sprite)
        for group in self.slot_tokens.values():
            for sprite in group:
                self.drop(sprite)
        self.slot_sprites, self.slot_labels, self.effects, self.slot_tokens = [], [], [], {}
        self.pending = []
        self.vm.slots = []

    def check_sync(self) -> list[Tween]:
        """After an action's animations: the picture must match the engine."""
        fresh = ViewModel.from_observation(self.obs, self.viewer)
        self.vm.current = fresh.current
        if fresh != self.vm:
            self.resyncs += 1
            self.rebuild_view()
            return []
        for seat in range(self.vm.players):
            self.refresh_seat(seat)
        self.refresh_hud()
        self.refresh_pending()
        self.place_hand(0)
        self.mark_playable()
        return []

    HANDLERS: dict[type, Callable[[SeaTable, Any], None]] = {
        HandStarted: queue_hand_started,
        CardPlayed: queue_played,
        CardDiscarded: queue_discarded,
        TrickDecided: queue_decided,
        TrickWon: queue_trick_won,
        AnemonesReturned: queue_returned,
        AnemoneAwarded: queue_award,
        CardsDrawn: queue_drawn,
        HandEnded: lambda self, event: None,
        GameOver: queue_game_over,
    }

    # -- turns ----------------------------------------------------------------------------
    def human_turn(self, seat: int) -> None:
        turn = len(self.match.history)
        if self._prepared_turn == turn:
            return
        self._prepared_turn = turn
        self.set_current(seat)
        self.refresh_prompt()
        self.mark_playable()
        if len(self.humans) > 1 or self.match.history:
            self.sfx("turn", 0.6)

    def bot_thinking(self, seat: int, thinking: bool) -> None:
        if thinking:
            self.thinking.add(seat)
        else:
            self.thinking.discard(seat)
        if self.lay is not None:
            if thinking:
                self.set_current(seat)
            self.refresh_seat(seat)
            self.refresh_prompt()

    # -- input: dragging ------------------------------------------------------------------
    def drag_start(self, pos: tuple[int, int]) -> tuple[Sprite, Any] | None:
        if self.viewer is None:
            return None
        for sprite in reversed(self.my_tokens):
            if sprite.visible and sprite.rect.collidepoint(pos):
                return sprite, sprite.tag
        index = self.hand_index_at(pos)
        if index is None:
            return None
        return self.hand_sprites[index], HandCard(self.vm.hand[index])

    def hand_index_at(self, pos: tuple[int, int]) -> int | None:
        fan = self.L.fan
        if fan is None or not self.hand_sprites:
            return None
        return fan.index_at(pos, len(self.hand_sprites), self.raised())

    def lifted(self, drag: Drag) -> None:
        sprite = drag.sprite
        if isinstance(drag.item, HandCard) and isinstance(sprite, CardSprite):
            index = self.hand_sprites.index(sprite)
            if self.selected != index:
                self.selected = index
            sprite.set_pose(angle=0)
            self.drop(self.hud.pop("ring", None))
            w, h = sprite.image.get_size()
            drag.grab = (w / 2, h * 0.45)
            self.sfx("flip", 0.5)

    def drag_to(self, pos: tuple[int, int]) -> None:
        super().drag_to(pos)
        if self.drag is not None and isinstance(self.drag.item, HandCard):
            self.place_armed()

    def drop_targets(self, item: Any) -> list[DropTarget]:
        seat = self.viewer
        if seat is None:
            return []
        state = self.match.state
        if isinstance(item, Token):
            targets = []
            legal = state.legal_actions(seat)
            playable = {a.card for a in legal if isinstance(a, Play)}
            poses = self.L.fan.poses(len(self.hand_sprites), self.raised()) if self.L.fan else []
            for i, card in enumerate(self.vm.hand):
                x, y, _ = poses[i]
                rect = pygame.Rect(0, 0, self.L.card[0], self.L.card[1])
                rect.center = (round(x), round(y))
                ok = card in playable
                reason = ("" if ok else "Anemones go on a card you can play now "
                          f"(the {card.suit_name} is not new to this trick).")
                targets.append(DropTarget(rect, None, ok, reason, "",
                                          effect=self._arm_effect(item, i)))
            return targets[::-1]
        assert isinstance(item, HandCard)
        ones, twos = self.armed
        play = Play(item.card, ones, twos)
        discard = Discard(item.card)
        legal = state.legal_actions(seat)
        play_ok = play in legal
        discard_ok = discard in legal
        return [
            DropTarget(self.L.trick_rect(), play, play_ok,
                       "" if play_ok else state.explain_illegal(play, seat), "Play"),
            DropTarget(self.L.pile_rect(seat), discard, discard_ok,
                       "" if discard_ok else state.explain_illegal(discard, seat),
                       "Discard face down"),
        ]

    def _arm_effect(self, token: Token, card_index: int) -> Callable[[], None]:
        def effect() -> None:
            self.selected = card_index
            ones, twos = self.armed
            if token.side == 1:
                self.arm(max(ones, token.index + 1), twos)
            else:
                self.arm(ones, max(twos, token.index + 1))
            self.place_hand(0.12)
            self.sfx("anemone", 0.6)
        return effect

    def drop_miss_reason(self, item: Any) -> str:
        if isinstance(item, Token):
            return "Drop an anemone on a card in your hand to attach it."
        return "Drop the card in the middle of the table to play it."

    def dropped_back(self, drag: Drag) -> None:
        if isinstance(drag.item, HandCard) and drag.moved:
            self.selected = None
            self.hover_index = None
        self.place_hand(0.15)
        self.place_armed()

    def click_item(self, item: Any) -> None:
        if isinstance(item, Token):
            ones, twos = self.armed
            if item.side == 1:
                ones = item.index if item.index < ones else item.index + 1
            else:
                twos = item.index if item.index < twos else item.index + 1
            self.arm(ones, twos)
            self.sfx("click")
            return
        assert isinstance(item, HandCard)
        index = self.vm.hand.index(item.card)
        if self.selected == index:
            self.play_selected()
            return
        self.selected = index
        self.sfx("flip", 0.4)
        self.place_hand(0.12)

    def click_table(self, pos: tuple[int, int]) -> bool:
        if self.selected is None or self.viewer is None:
            return False
        if self.L.trick_rect().collidepoint(pos):
            self.play_selected(discard=False)
            return True
        if self.L.pile_rect(self.viewer).collidepoint(pos):
            self.play_selected(discard=True)
            return True
        self.selected = None
        self.place_hand(0.12)
        return True

    def play_selected(self, discard: bool | None = None) -> None:
        """Play (or discard) the selected card with the armed anemones."""
        seat = self.viewer
        if seat is None or self.selected is None or self.selected >= len(self.vm.hand):
            return
        card = self.vm.hand[self.selected]
        state = self.match.state
        legal = state.legal_actions(seat)
        if discard is None:
            discard = Discard(card) in legal
        action = Discard(card) if discard else Play(card, *self.armed)
        if action not in legal:
            self.illegal(state.explain_illegal(action, seat))
            return
        self.apply(action, seat)

    def apply(self, action: Any, seat: int) -> bool:
        done = super().apply(action, seat)
        if done and seat == self.viewer:
            self.armed = (0, 0)
            self.mark_playable()
        if done:
            self.refresh_prompt()
        return done

    def hover(self, pos: tuple[int, int]) -> bool:
        if not self.my_turn():
            if self.hover_index is not None:
                self.hover_index = None
                self.place_hand(0.1)
            return False
        index = self.hand_index_at(pos)
        if index != self.hover_index:
            self.hover_index = index
            self.place_hand(0.1)
            return True
        return False

    def hud_click(self, pos: tuple[int, int]) -> bool:
        if self.L.menu_button.collidepoint(pos):
            self.open_pause()
            return True
        if self.L.rules_button.collidepoint(pos):
            self.open_rules()
            return True
        return False

    # -- input: keys ------------------------------------------------------------------------
    def handle_game_key(self, event: pygame.event.Event) -> bool:
        count = len(self.vm.hand)
        if not count:
            return False
        key = event.key
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key == pygame.K_LEFT else 1
            self.selected = self.next_choice(step)
            self.sfx("flip", 0.3)
            self.place_hand(0.1)
            return True
        if key in (pygame.K_UP, pygame.K_DOWN):
            combos = self.combos()
            at = combos.index(self.armed) if self.armed in combos else 0
            at = max(0, min(len(combos) - 1, at + (1 if key == pygame.K_UP else -1)))
            if combos[at] != self.armed:
                self.arm(*combos[at])
                self.sfx("anemone" if key == pygame.K_UP else "click", 0.5)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.selected is None:
                self.toast("Choose a card with Left and Right first.")
                return True
            self.play_selected()
            return True
        if key == pygame.K_ESCAPE and (self.selected is not None or self.armed != (0, 0)):
            self.selected = None
            self.arm(0, 0)
            self.place_hand(0.1)
            return True
        return False

    def next_choice(self, step: int) -> int:
        """The next card to the left or right that can be played now (any card if none can)."""
        count = len(self.vm.hand)
        legal_cards = {a.card for a in self.match.state.legal_actions(self.viewer)}
        choices = [i for i, card in enumerate(self.vm.hand) if card in legal_cards] or \
            list(range(count))
        if self.selected is None:
            return choices[0] if step > 0 else choices[-1]
        ahead = [i for i in choices if (i - self.selected) * step > 0]
        if ahead:
            return min(ahead, key=lambda i: abs(i - self.selected))  # type: ignore[operator]
        return choices[0] if step > 0 else choices[-1]

    # -- placement of shared pieces ------------------------------------------------------------
    def log_rect(self) -> pygame.Rect | None:
        return self.L.log if self.lay is not None else None

    def toast_anchor(self) -> tuple[float, float]:
        L = self.L
        return self.size[0] / 2, L.trick_rect().top - round(36 * L.scale)

    def resize(self, size: tuple[int, int]) -> None:
        self._fan_cache.clear()
        self._pile_cache.clear()
        super().resize(size)


def _move(sprite: Sprite, to: tuple[float, float], seconds: float, *, delay: float = 0.0,
          ease: Callable[[float], float] = ease_out_cubic,
          done: Callable[[], None] | None = None) -> Tween:
    """Move a sprite's centre to ``to``."""
    start: dict[str, tuple[float, float]] = {}

    def begin() -> None:
        start["c"] = sprite.center

    def step(t: float) -> None:
        (x0, y0), (x1, y1) = start["c"], to
        sprite.center_on(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)

    return Tween(seconds, step, ease=ease, delay=delay, begin=begin, done=done)


def _pop(sprite: Sprite) -> Tween:
    """Fade a highlight in by sliding it a little (cheap: no per-frame alpha)."""
    start: dict[str, tuple[float, float]] = {}

    def begin() -> None:
        start["p"] = sprite.pos
        sprite.move_to(start["p"][0], start["p"][1] + 8)

    def step(t: float) -> None:
        x, y = start["p"]
        sprite.move_to(x, y + 8 * (1 - t))

    return Tween(0.25, step, ease=ease_out_back, begin=begin)


def _chain(first: Callable[[], None] | None, second: Callable[[], None]) -> Callable[[], None]:
    def both() -> None:
        if first is not None:
            first()
        second()
    return both
