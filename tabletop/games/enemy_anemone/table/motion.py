"""How Enemy Anemone's events become motion on the table.

Each engine event becomes one animation step: when the step starts it updates the
table's view model (what is shown) and returns the tweens that carry cards and
tokens to their new places.  The steps run in the order the game produced them;
the last one checks that the picture agrees with the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from tabletop.engine.events import Dealt, GameOver, HandEnded, HandStarted, Scored, TrickWon
from tabletop.engine.protocol import Event
from tabletop.games.enemy_anemone.actions import TrickPlay
from tabletop.games.enemy_anemone.anemones import AnemoneAwarded, AwardKind
from tabletop.games.enemy_anemone.cards import SeaCard
from tabletop.games.enemy_anemone.events import (
    AnemonesReturned,
    CardDiscarded,
    CardPlayed,
    CardsDrawn,
    LeadChosen,
    TrickDecided,
)
from tabletop.games.enemy_anemone.rules import turn_order
from tabletop.games.enemy_anemone.table.view_model import Slot
from tabletop.ui import theme
from tabletop.ui.cards import CardSprite
from tabletop.ui.compositor import Sprite
from tabletop.ui.motion import chain, fly, move_center, pop_in
from tabletop.ui.tween import Tween, ease_out_back
from tabletop.ui.widgets.base import panel_surface
from tabletop.ui.widgets.pile import pile_image
from tabletop.ui.widgets.seat_panel import PLAYER_COLORS

if TYPE_CHECKING:
    from tabletop.games.enemy_anemone.table.scene import SeaTable

__all__ = ["SeaMotion"]

FLIGHT = 0.36
DEAL_STAGGER = 0.028


class DealingDeck:
    """The deck in the middle while cards are dealt: it shrinks as each card leaves."""

    def __init__(self, table: SeaTable, center: tuple[float, float], cards: int) -> None:
        self.table = table
        self.center = center
        self.left = cards
        self.sprite = Sprite(self.picture(), 0, 0, table.LAYER_CARD)
        self.sprite.center_on(*center)
        table.add(self.sprite)

    def picture(self) -> pygame.Surface:
        table = self.table
        back = table.art.cards.base(CardSprite.BACK, table.L.card)
        return pile_image(back, self.left, table.ctx.text, "", round(18 * table.L.scale))

    def take(self) -> None:
        self.left -= 1
        if self.left <= 0:
            self.table.drop(self.sprite)
            return
        self.sprite.set_image_centered(self.picture())


class SeaMotion:
    """Queues the animation of events on a :class:`SeaTable`."""

    def __init__(self, table: SeaTable) -> None:
        self.table = table

    def animate(self, events: Sequence[Event], opening: bool = False) -> None:
        """Queue one step per event (deals and hand scores as one step each), each
        writing its log line as it begins; finish with a check against the engine."""
        table = self.table
        events = list(events)
        i = 0
        while i < len(events):
            event = events[i]
            if isinstance(event, (Dealt, Scored)):
                kind = type(event)
                group: list[Any] = []
                while i < len(events) and isinstance(events[i], kind):
                    group.append(events[i])
                    i += 1
                table.animator.queue(self.log_step(group))
                if kind is Dealt:
                    self.queue_deal(group)
                else:
                    self.queue_scores(group)
                continue
            table.animator.queue(self.log_step([event]))
            handler = self.HANDLERS.get(type(event))
            if handler is not None:
                handler(self, event)
            i += 1
        table.animator.queue(table.check_sync)

    def log_step(self, events: Sequence[Event]) -> Callable[[], None]:
        def start() -> None:
            for event in events:
                self.table.log_event(event)
        return start

    def queue_hand_started(self, event: HandStarted) -> None:
        table = self.table
        def start() -> None:
            table.clear_trick()
            vm = table.vm
            vm.hand_number = event.number
            vm.tricks_done = 0
            vm.piles = [0] * vm.players
            vm.hand_sizes = [0] * vm.players
            vm.current = event.leader
            vm.order = turn_order(event.leader, vm.players)
            vm.hand = []
            vm.deck = 0
            for sprite in table.hand_sprites:
                table.drop(sprite)
            table.hand_sprites = []
            for seat in range(vm.players):
                table.refresh_seat(seat)
            table.refresh_hud()
            table.refresh_deck()
            table.refresh_pending()
            table.sfx("shuffle")
            table.toast(event.describe(table.teller()) or "",
                       seconds=2.4)
        table.animator.queue(lambda: start(), hold=0.25)

    def queue_deal(self, deals: Sequence[Dealt]) -> None:
        """Cards leave a deck in the middle one by one, round the table, face down to the
        others and face up into the viewer's fan."""
        table = self.table

        def start() -> list[Tween]:
            L = table.L
            tweens: list[Tween] = []
            origin = (table.size[0] / 2, L.trick_rect().centery)
            rounds = max(len(d.cards) for d in deals)
            total_cards = sum(len(d.cards) for d in deals)
            deck = DealingDeck(table, origin, total_cards)
            viewer_deal = next((d for d in deals if d.seat == table.viewer), None)
            if viewer_deal is not None:
                table.vm.hand = sorted(SeaCard(c) for c in viewer_deal.cards)
                table.vm.hand_sizes[viewer_deal.seat] = len(viewer_deal.cards)
                for sprite in table.hand_sprites:
                    table.drop(sprite)
                table.hand_sprites = []
                for card in table.vm.hand:
                    sprite = CardSprite(table.art.cards, card, L.card, True, table.LAYER_FLYING)
                    sprite.center_on(*origin)
                    sprite.visible = False
                    table.hand_sprites.append(table.add(sprite))
            poses = L.fan.poses(len(table.vm.hand)) if L.fan is not None else []
            flights = 0
            for r in range(rounds):
                for deal in deals:
                    if r >= len(deal.cards):
                        continue
                    delay = flights * DEAL_STAGGER
                    flights += 1
                    if deal.seat == table.viewer:
                        index = table.vm.hand.index(SeaCard(deal.cards[r]))
                        sprite = table.hand_sprites[index]
                        x, y, angle = poses[index]
                        tweens.append(fly(sprite, (x, y), 0.34, delay=delay, angle=angle,
                                          begin=chain(self._show(sprite), deck.take)))
                    else:
                        tweens.append(self.fly_back_to_hand(deal.seat, origin, delay,
                                                            deck.take))
            table.vm.deck = self._deck_after_deal(total_cards)
            table.refresh_deck()
            return tweens

        table.animator.queue(start)

    def _deck_after_deal(self, dealt: int) -> int:
        game = self.table.game
        return len(game.deck) - dealt if game.two_player else 0

    def _show(self, sprite: Sprite) -> Callable[[], None]:
        table = self.table
        def show() -> None:
            sprite.visible = True
            table.sfx("deal", 0.6)
        return show

    def fly_back_to_hand(self, seat: int, origin: tuple[float, float], delay: float,
                         leaving: Callable[[], None] | None = None) -> Tween:
        """A face-down card flies from ``origin`` into another seat's hidden hand."""
        table = self.table
        L = table.L
        sprite = CardSprite(table.art.cards, None, L.small, False, table.LAYER_FLYING)
        sprite.center_on(*origin)
        sprite.visible = False
        table.add(sprite)

        def arrive() -> None:
            table.drop(sprite)
            table.vm.hand_sizes[seat] += 1
            table.refresh_seat(seat)

        show = self._show(sprite)
        return fly(sprite, L.spots[seat].fan_center, 0.32, delay=delay,
                   begin=chain(show, leaving) if leaving is not None else show, done=arrive)

    def queue_played(self, event: CardPlayed) -> None:
        table = self.table
        def start() -> list[Tween]:
            vm = table.vm
            index = len(vm.slots)
            play = TrickPlay(event.seat, event.card, event.ones, event.twos)
            play_slot = Slot(event.seat, play)
            vm.slots.append(play_slot)
            sprite = self.take_from_hand(event.seat, event.card)
            vm.add_tokens(event.seat, -event.ones, -event.twos)
            table.slot_sprites.append(sprite)
            table.refresh_seat(event.seat)
            table.set_current(table.match.state.current_player)
            table.refresh_pending()
            target = table.slot_center(index)
            tweens = [fly(sprite, target, FLIGHT, angle=0, size=table.L.card, face_up=True,
                          done=lambda: self._landed(sprite, play_slot, index))]
            tweens += self.fly_attached(event, index)
            table.sfx("play")
            return tweens
        table.animator.queue(start)


    def _landed(self, sprite: Sprite, slot: Slot, index: int) -> None:
        table = self.table
        sprite.layer = table.LAYER_CARD
        label = table.add(table.slot_label(slot, index))
        table.slot_labels.append(label)

    def take_from_hand(self, seat: int, card: SeaCard, face_up: bool = True) -> CardSprite:
        """The sprite that leaves ``seat``'s hand: the viewer's own card, or a back from a fan."""
        table = self.table
        vm = table.vm
        if seat == table.viewer and card in vm.hand:
            index = vm.hand.index(card)
            vm.hand.pop(index)
            sprite = table.hand_sprites.pop(index)
            if sprite.face != card:
                sprite.face = card
                sprite.refresh()
            sprite.layer = table.LAYER_FLYING
            table.selected = None
            table.hover_index = None
            table.place_hand(0.2)
            vm.hand_sizes[seat] -= 1
            return sprite
        fx, fy = table.L.spots[seat].fan_center
        sprite = CardSprite(table.art.cards, card, table.L.small, False, table.LAYER_FLYING)
        sprite.center_on(fx, fy)
        table.add(sprite)
        vm.hand_sizes[seat] = max(0, vm.hand_sizes[seat] - 1)
        return sprite

    def fly_attached(self, event: CardPlayed, index: int) -> list[Tween]:
        table = self.table
        sides = [2] * event.twos + [1] * event.ones
        if not sides:
            return []
        size = table.L.small_token
        spot = table.L.spots[event.seat].tokens_rect
        tweens = []
        sprites = []
        for i, side in enumerate(sides):
            sprite = Sprite(table.art.token(side, size), spot.x, spot.y, table.LAYER_FLYING + 1)
            table.add(sprite)
            sprites.append(sprite)
            tweens.append(move_center(sprite, table.token_on_card(index, i), FLIGHT + 0.08))
        table.slot_tokens[index] = sprites
        return tweens

    def queue_discarded(self, event: CardDiscarded) -> None:
        table = self.table
        def start() -> list[Tween]:
            vm = table.vm
            index = len(vm.slots)
            slot = Slot(event.seat, None)
            vm.slots.append(slot)
            sprite = self.take_from_hand(event.seat, event.card)
            marker = table.add(table.discard_marker(event.seat, table.slot_center(index)))
            table.slot_sprites.append(marker)
            table.slot_labels.append(table.add(table.slot_label(slot, index)))
            target = table.L.spots[event.seat].pile_center

            def arrive() -> None:
                table.drop(sprite)
                vm.piles[event.seat] += 1
                table.refresh_seat(event.seat)

            table.sfx("discard")
            table.refresh_seat(event.seat)
            table.set_current(table.match.state.current_player)
            table.refresh_pending()
            return [fly(sprite, target, FLIGHT, angle=0, size=table.L.pile_size(event.seat),
                        face_up=False, done=arrive)]
        table.animator.queue(start)

    def queue_decided(self, event: TrickDecided) -> None:
        table = self.table
        def start() -> list[Tween]:
            played = [i for i, slot in enumerate(table.vm.slots) if slot.play is not None]
            marks = [(played[event.winner_index], theme.GOLD, "takes the trick")]
            if event.lowest_index is not None:
                marks.append((played[event.lowest_index], theme.CORAL, "lowest: +1 anemone"))
            tweens = []
            for slot_index, color, text in marks:
                glow = table.add(self.glow_sprite(slot_index, color, text))
                table.effects.append(glow)
                tweens.append(pop_in(glow))
            table.sfx("trick_won", 0.8)
            return tweens
        table.animator.queue(start, hold=0.85)

    def glow_sprite(self, index: int, color: theme.Color, text: str) -> Sprite:
        table = self.table
        w, h = table.L.card
        s = table.L.scale
        pad = round(12 * s)
        label = table.ctx.text.render(text, round(17 * s), theme.INK_DARK, bold=True)
        width = max(w + 2 * pad, label.get_width() + round(20 * s))
        image = pygame.Surface((width, h + 2 * pad + label.get_height() + round(10 * s)),
                               pygame.SRCALPHA)
        top = label.get_height() + round(10 * s)
        glow = panel_surface((w + 2 * pad, h + 2 * pad), (*color[:3], 110), round(18 * s), color, 4)
        image.blit(glow, ((width - glow.get_width()) // 2, top))
        pill = panel_surface((label.get_width() + round(16 * s), label.get_height() + round(4 * s)),
                             (*color[:3], 255), round(10 * s))
        image.blit(pill, pill.get_rect(midtop=(image.get_width() // 2, 0)))
        image.blit(label, label.get_rect(midtop=(image.get_width() // 2, round(2 * s))))
        cx, cy = table.slot_center(index)
        return Sprite(image, cx - image.get_width() / 2, cy - h / 2 - pad - top,
                      table.LAYER_CARD - 2)

    def queue_trick_won(self, event: TrickWon) -> None:
        table = self.table
        def start() -> list[Tween]:
            target = table.L.spots[event.seat].pile_center
            size = table.L.pile_size(event.seat)
            tweens = []
            cards = [s for s, slot in zip(table.slot_sprites, table.vm.slots)
                     if slot.play is not None and isinstance(s, CardSprite)]
            for i, card in enumerate(cards):
                card.layer = table.LAYER_FLYING
                tweens.append(fly(card, target, 0.42, delay=i * 0.05, angle=0, size=size,
                                  face_up=False, done=self._drop_cb(card)))
            for sprite in table.slot_labels + table.effects + [
                    s for s, slot in zip(table.slot_sprites, table.vm.slots) if slot.play is None]:
                table.drop(sprite)
            table.effects = []
            table.slot_labels = []
            table.slot_sprites = []
            count = len(event.cards)

            def done() -> None:
                table.vm.piles[event.seat] += count
                table.refresh_seat(event.seat)

            if tweens:
                tweens[-1].done = chain(tweens[-1].done, done)
            else:
                done()
            table.vm.slots = []
            table.vm.tricks_done += 1
            table.vm.order = turn_order(event.seat, table.vm.players)
            table.refresh_pending()
            table.sfx("sweep")
            return tweens
        table.animator.queue(start)

    def _drop_cb(self, sprite: Sprite) -> Callable[[], None]:
        table = self.table
        return lambda: table.drop(sprite)

    def queue_returned(self, event: AnemonesReturned) -> None:
        table = self.table
        def start() -> list[Tween]:
            sprites = [s for group in table.slot_tokens.values() for s in group]
            table.slot_tokens = {}
            tweens = []
            x, y = table.L.supply_center
            for i, sprite in enumerate(sprites):
                tweens.append(move_center(sprite, (x, y), 0.35, delay=i * 0.04,
                                    done=self._drop_cb(sprite)))

            def done() -> None:
                table.vm.supply += event.count
                table.refresh_supply()

            if tweens:
                tweens[-1].done = chain(tweens[-1].done, done)
            else:
                done()
            return tweens
        table.animator.queue(start)

    def queue_award(self, event: AnemoneAwarded) -> None:
        table = self.table
        def start() -> list[Tween]:
            vm = table.vm
            seat = event.seat
            if event.kind is AwardKind.NONE_LEFT:
                return []
            size = table.L.token_size(seat)
            if event.kind is AwardKind.FLIPPED:
                vm.add_tokens(seat, -1, 1)
                table.refresh_seat(seat)
                table.sfx("anemone")
                return [self.sparkle(seat)]
            if event.kind is AwardKind.GIVEN and event.giver is not None:
                giver = event.giver
                ones, _ = vm.anemones[giver]
                vm.add_tokens(giver, -1 if ones else 0, 0 if ones else -1)
                table.refresh_seat(giver)
                source: tuple[float, float] = table.L.spots[giver].tokens_rect.center
            else:
                vm.supply -= 1
                table.refresh_supply()
                source = table.L.supply_center
            sprite = Sprite(table.art.token(event.side, size), source[0] - size / 2,
                            source[1] - size / 2, table.LAYER_FLYING + 2)
            table.add(sprite)
            count = sum(vm.anemones[seat])
            positions = table.L.token_positions(seat, count + 1)
            target = positions[-1] if positions else table.L.spots[seat].tokens_rect.center

            def arrive() -> None:
                table.drop(sprite)
                vm.add_tokens(seat, 1 if event.side == 1 else 0, 1 if event.side == 2 else 0)
                table.refresh_seat(seat)

            table.sfx("anemone")
            return [move_center(sprite, target, 0.5, ease=ease_out_back, done=arrive)]
        table.animator.queue(start, hold=0.1)

    def sparkle(self, seat: int) -> Tween:
        """A brief ring where a token was flipped from +1 to +2."""
        table = self.table
        s = table.L.scale
        rect = table.L.spots[seat].tokens_rect
        size = round(60 * s)
        ring = Sprite(pygame.Surface((size, size), pygame.SRCALPHA), rect.x, rect.centery - size / 2,
                      table.LAYER_FLYING)
        table.add(ring)

        def step(t: float) -> None:
            image = pygame.Surface((size, size), pygame.SRCALPHA)
            radius = round(size / 2 * (0.3 + 0.7 * t))
            pygame.draw.circle(image, (*theme.GOLD, round(255 * (1 - t))), (size // 2, size // 2),
                               max(1, radius), max(1, round(4 * s)))
            ring.image = image

        return Tween(0.5, step, done=lambda: table.drop(ring))

    def queue_drawn(self, event: CardsDrawn) -> None:
        table = self.table
        def start() -> list[Tween]:
            vm = table.vm
            origin = table.L.deck_center
            vm.deck -= len(event.cards)
            table.refresh_deck()
            tweens: list[Tween] = []
            if event.seat == table.viewer:
                for card in event.cards:
                    vm.hand.append(SeaCard(card))
                vm.hand.sort()
                vm.hand_sizes[event.seat] += len(event.cards)
                new = []
                for card in event.cards:
                    sprite = CardSprite(table.art.cards, card, table.L.small, False, table.LAYER_FLYING)
                    sprite.center_on(*origin)
                    table.add(sprite)
                    new.append((SeaCard(card), sprite))
                by_card = {s.tag: s for s in table.hand_sprites}
                by_card.update(dict(new))
                table.hand_sprites = [by_card[c] for c in vm.hand]
                poses = table.L.fan.poses(len(vm.hand)) if table.L.fan else []
                for i, sprite in enumerate(table.hand_sprites):
                    x, y, angle = poses[i]
                    tweens.append(fly(sprite, (x, y), 0.4, angle=angle, size=table.L.card,
                                      face_up=True))
                table.refresh_seat(event.seat)
            else:
                for i in range(len(event.cards)):
                    tweens.append(self.fly_back_to_hand(event.seat, origin, i * 0.08))
            table.sfx("deal")
            return tweens
        table.animator.queue(start)

    def queue_scores(self, scored: Sequence[Scored]) -> None:
        table = self.table
        def start() -> list[Tween]:
            for event in scored:
                table.vm.totals[event.seat] = event.total
            for seat in range(table.vm.players):
                table.refresh_seat(seat)
            self.show_summary(scored)
            table.sfx("chime")
            return []
        table.animator.queue(start, hold=3.2)
        table.animator.queue(self.hide_summary)

    def show_summary(self, scored: Sequence[Scored]) -> None:
        table = self.table
        L = table.L
        s = L.scale
        text = table.ctx.text
        rect = L.summary
        image = panel_surface(rect.size, theme.PANEL_SOLID + (246,), round(20 * s), theme.GOLD, 3).copy()
        title = text.render(f"Hand {table.vm.hand_number} of {table.vm.hands_total} is over",
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
            cells = [(table.name(event.seat), 0.08, color),
                     (str(table.vm.piles[event.seat]), 0.46, theme.INK),
                     (f"+{event.points}", 0.66, theme.GOLD),
                     (str(event.total), 0.86, theme.INK)]
            for value, fx, ink in cells:
                img = text.render(value, round(24 * s), ink, bold=True, max_width=round(rect.w * 0.34))
                image.blit(img, (round(rect.w * fx) - (img.get_width() // 2 if fx > 0.1 else 0), y))
            y += round(50 * s)
        hint = text.render("Click to continue", round(15 * s), theme.INK_DIM)
        image.blit(hint, hint.get_rect(midbottom=(rect.w // 2, rect.h - round(10 * s))))
        table._hud("summary", image, rect.topleft, table.LAYER_TOAST - 1)

    def hide_summary(self) -> list[Tween]:
        table = self.table
        table._hud("summary", None, (0, 0))
        return []

    def queue_game_over(self, event: GameOver) -> None:
        table = self.table
        def start() -> list[Tween]:
            table.vm.current = -4
            table.vm.order = []
            table.refresh_pending()
            for seat in range(table.vm.players):
                table.refresh_seat(seat)
            table.refresh_prompt()
            return []
        table.animator.queue(start, hold=0.4)


    def queue_lead_chosen(self, event: LeadChosen) -> None:
        """The hand is over; the next one waits for its deal."""
        table = self.table

        def start() -> list[Tween]:
            table.vm.order = []
            table.vm.hand_number += 1
            table.refresh_pending()
            return []
        table.animator.queue(start)

    HANDLERS: dict[type, Callable[[Any, Any], None]] = {
        HandStarted: queue_hand_started,
        CardPlayed: queue_played,
        CardDiscarded: queue_discarded,
        TrickDecided: queue_decided,
        TrickWon: queue_trick_won,
        AnemonesReturned: queue_returned,
        AnemoneAwarded: queue_award,
        CardsDrawn: queue_drawn,
        HandEnded: lambda self, event: None,
        LeadChosen: queue_lead_chosen,
        GameOver: queue_game_over,
    }
