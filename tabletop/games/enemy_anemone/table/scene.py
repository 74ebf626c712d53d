"""The Enemy Anemone table scene.

Pictures the match from the viewer's seat (their hand fanned at the bottom, the
others around the table), animates every engine event in order, and turns drags,
clicks and keys into ``Play``/``Discard`` actions that the engine checks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import pygame

from tabletop.engine.match import Match
from tabletop.engine.protocol import Event
from tabletop.games.enemy_anemone.actions import Arm, Discard, Play
from tabletop.games.enemy_anemone.cards import SeaCard
from tabletop.games.enemy_anemone.observation import SeaObservation
from tabletop.games.enemy_anemone.rules import SeaGame
from tabletop.games.enemy_anemone.table.art import SeaArt
from tabletop.games.enemy_anemone.table.layout import SeaLayout
from tabletop.games.enemy_anemone.table.motion import SeaMotion
from tabletop.games.enemy_anemone.table.view_model import Slot, ViewModel
from tabletop.ui import theme
from tabletop.ui.bot_worker import BotWorker
from tabletop.ui.cards import CardSprite
from tabletop.ui.compositor import Sprite
from tabletop.ui.context import Context
from tabletop.ui.motion import fly
from tabletop.ui.table_scene import Drag, DropTarget, TableScene
from tabletop.ui.tween import Tween
from tabletop.ui.widgets.base import panel_surface
from tabletop.ui.widgets.hand_fan import hidden_hand_image
from tabletop.ui.widgets.pile import pile_image
from tabletop.ui.widgets.seat_panel import PLAYER_COLORS, SeatInfo, seat_panel_image

__all__ = ["SeaTable"]

S = TypeVar("S", bound=Sprite)



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
        self.motion = SeaMotion(self)
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
        self._hinted = False
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

    @property
    def game(self) -> SeaGame:
        game = self.match.state.game
        assert isinstance(game, SeaGame)
        return game

    def bottom_seat(self) -> int:
        return self.viewer if self.viewer is not None else 0

    @property
    def L(self) -> SeaLayout:  # noqa: N802 - the layout, used everywhere below
        assert self.lay is not None
        return self.lay

    def add(self, sprite: S) -> S:
        self.compositor.add(sprite)
        return sprite

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
            self.hand_sprites.append(self.add(sprite))
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
        key = (count, self.L.small)
        image = self._fan_cache.get(key)
        if image is None:
            image = hidden_hand_image(self.art.cards, CardSprite.BACK, self.L.small, count,
                                      self.ctx.text, self.L.scale)
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
        if not self.game.two_player:
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
        for rect, icon in self.hud_buttons():
            self._hud(icon, self.hud_button_image(rect, icon), rect.topleft)

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
    def legal_cards(self, seat: int) -> set[int]:
        """The cards ``seat`` may play or discard now."""
        return {a.card for a in self.match.state.legal_actions(seat)
                if isinstance(a, (Play, Discard))}

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
            legal_cards = self.legal_cards(self.viewer)
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
        self.motion.animate(events)

    def set_current(self, seat: int) -> None:
        """Move the turn glow to ``seat``."""
        old, self.vm.current = self.vm.current, seat
        for changed in {old, seat}:
            if 0 <= changed < self.vm.players:
                self.refresh_seat(changed)

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

    # -- turns ----------------------------------------------------------------------------
    def human_turn(self, seat: int) -> None:
        turn = len(self.match.history)
        if self._prepared_turn == turn:
            return
        self._prepared_turn = turn
        self.set_current(seat)
        self.refresh_prompt()
        self.mark_playable()
        if not self._hinted:
            self._hinted = True
            self.toast("Drag a card into the middle to play it — or choose with Left and Right "
                       "and press Enter.", seconds=5.0)
        if len(self.humans) > 1 or self.match.history:
            self.sfx("turn", 0.6)

    def settled(self) -> None:
        self.refresh_prompt()
        self.mark_playable()

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
        play = Play(item.card)
        discard = Discard(item.card)
        play_why = self.check_turn(play, seat)
        discard_why = state.check(discard, seat)
        return [
            DropTarget(self.L.trick_rect(), play, play_why is None, play_why or "", "Play"),
            DropTarget(self.L.pile_rect(seat), discard, discard_why is None, discard_why or "",
                       "Discard face down"),
        ]

    def check_turn(self, action: Any, seat: int) -> str | None:
        """Why ``action`` cannot be taken with the anemones readied on the table."""
        state = self.match.state
        ready = Arm(*self.armed)
        if isinstance(action, Play) and self.armed != getattr(state, "armed", (0, 0)):
            why = state.check(ready, seat)
            if why is not None:
                return why
        return state.check(action, seat)

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
        if discard is None:
            discard = Discard(card) in state.legal_actions(seat)
        action = Discard(card) if discard else Play(card)
        why = self.check_turn(action, seat)
        if why is not None:
            self.illegal(why)
            return
        self.apply(action, seat)

    def apply(self, action: Any, seat: int) -> bool:
        state = self.match.state
        if (isinstance(action, Play) and seat == self.viewer
                and self.armed != getattr(state, "armed", (0, 0))):
            why = state.check(Arm(*self.armed), seat)
            if why is not None:
                self.illegal(why)
                return False
            self.match.apply(Arm(*self.armed), seat)  # no picture of its own: the play shows it
        done = super().apply(action, seat)
        if done and seat == self.viewer:
            self.armed = (0, 0)
            self.mark_playable()
        if done:
            self.refresh_prompt()
        return done

    def hover(self, pos: tuple[int, int]) -> bool:
        over_button = self.over_hud(pos)
        if not self.my_turn():
            self.set_cursor(over_button)
            if self.hover_index is not None:
                self.hover_index = None
                self.place_hand(0.1)
            return False
        index = self.hand_index_at(pos)
        over_token = any(t.rect.collidepoint(pos) for t in self.my_tokens)
        self.set_cursor(over_button or over_token or index is not None)
        if index != self.hover_index:
            self.hover_index = index
            self.place_hand(0.1)
            return True
        return False

    def hud_buttons(self) -> list[tuple[pygame.Rect, str]]:
        if self.lay is None:
            return []
        return [(self.L.menu_button, "pause"), (self.L.rules_button, "book")]

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
        legal_cards = self.legal_cards(self.viewer) if self.viewer is not None else set()
        choices = [i for i, card in enumerate(self.vm.hand) if card in legal_cards] or \
            list(range(count))
        selected = self.selected
        if selected is None:
            return choices[0] if step > 0 else choices[-1]
        ahead = [i for i in choices if (i - selected) * step > 0]
        if ahead:
            return min(ahead, key=lambda i: abs(i - selected))
        return choices[0] if step > 0 else choices[-1]

    def hotspots(self) -> list[tuple[int, int]]:
        points = [sprite.rect.center for sprite in self.hand_sprites + self.my_tokens]
        if self.lay is not None:
            points.append(self.L.trick_rect().center)
            if self.viewer is not None:
                points.append(self.L.pile_rect(self.viewer).center)
        return points

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
