"""The Enemy Anemone table: its zones, how an observation becomes pieces, how each
move is made, and its sounds, pauses and animations of its own (the trick's verdict,
anemones won, the hand's summary).

Where everything lies is worked out in :mod:`.layout`, the pictures beside the cards
are drawn in :mod:`.pictures` and the animations play in :mod:`.effects`.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from functools import partial
from typing import TYPE_CHECKING

import pygame

from tabletop.engine.events import HandEnded, HandStarted, TrickWon
from tabletop.engine.protocol import Action, Event, Observation, Zone as EngineZone, ZoneKind
from tabletop.games.enemy_anemone.actions import Arm, Discard, Play
from tabletop.games.enemy_anemone.anemones import AnemoneAwarded, AwardKind
from tabletop.games.enemy_anemone.cards import EnemyAnemoneCard
from tabletop.games.enemy_anemone.events import (
    AnemonesArmed,
    CardDiscarded,
    CardPlayed,
    CardsDrawn,
    CardsGathered,
    TrickDecided,
)
from tabletop.games.enemy_anemone.observation import EnemyAnemoneObservation
import tabletop.games.enemy_anemone.table.effects as effects
from tabletop.games.enemy_anemone.table.art import EnemyAnemoneArt
from tabletop.games.enemy_anemone.table.layout import CARD, SMALL_TOKEN, TOKEN, place
from tabletop.games.enemy_anemone.table.pictures import (
    caption_image,
    pending_image,
    supply_image,
    tray_image,
)
from tabletop.ui.audio import Sound
from tabletop.ui import theme
from tabletop.ui.cards import ImageCache
from tabletop.ui.compositor import Sprite
from tabletop.ui.table.frame import Frame
from tabletop.ui.table.picture import Decor, Layers
from tabletop.ui.table.guide import GuideNote
from tabletop.ui.table.spec import Control, Gesture, InfoLine, Step, TableSpec, View, Way
from tabletop.ui.table.zones import BACK, Piece, Row, Zone
from tabletop.ui.tween import Tween
from tabletop.ui.widgets.seat_panel import SeatInfo

if TYPE_CHECKING:
    from tabletop.ui.table.sight import Sight

__all__ = ["EnemyAnemoneTableSpec"]

SOUNDS: dict[type, Sound] = {
    CardPlayed: Sound.PLAY, CardDiscarded: Sound.DISCARD, TrickDecided: Sound.TRICK_WON,
    TrickWon: Sound.SWEEP, HandStarted: Sound.SHUFFLE, AnemoneAwarded: Sound.ANEMONE,
    HandEnded: Sound.CHIME, AnemonesArmed: Sound.ANEMONE, CardsDrawn: Sound.DEAL,
    CardsGathered: Sound.SHUFFLE,
}
#: Seconds to pause after an event, so a player can see it: the verdict, the summary.
HOLDS: dict[type, float] = {TrickDecided: 0.85, HandEnded: 3.2, HandStarted: 0.25}


class EnemyAnemoneTableSpec(TableSpec):
    CARD_BACK = "card_back.svg"

    def __init__(self, table: Sight) -> None:
        super().__init__(table)
        self.art = EnemyAnemoneArt(table.ctx.assets, table.ctx.text)
        self.players = len(table.match.seats)
        self.two_player = self.players == 2
        self.turns = 4 if self.two_player else self.players
        self.panels: dict[int, pygame.Rect] = {}
        self.trays: dict[int, pygame.Rect] = {}
        self.supply_at: tuple[float, float] = (0.0, 0.0)
        self.news: pygame.Rect | None = None
        #: The verdict's glows, put out as the trick is taken.
        self.glows: list[Sprite] = []

    @property
    def faces(self) -> ImageCache:
        return self.art.cards

    def hints(self) -> tuple[str, ...]:
        return ("Drag a card into the middle to play it — or choose with Left and Right and "
                "press Enter.",)

    def guide(self) -> tuple[GuideNote, ...]:
        """The game's terms, each explained the first time it comes up."""
        return (
            GuideNote("never-follow", "Never follow suit",
                      "Play a creature that is not in the trick yet. If every creature in your "
                      "hand is there already, you discard a card instead.", "hand"),
            GuideNote("anemones", "Anemones",
                      "The lowest card of a trick earns its player an anemone. Ready one before "
                      "you play and it adds +1 or +2 to your card.", "tokens", AnemonesArmed),
            GuideNote("trick", "Taking a trick",
                      "The highest card takes the trick into its player's pile. 3s, 5s and 8s "
                      "score 2 points, every other card 1.", "pile{me}", TrickDecided),
        )

    # -- where everything sits ------------------------------------------------------------
    def layout(self, frame: Frame, bottom: int) -> dict[str, Zone]:
        places = place(frame, bottom, self.players, self.turns)
        self.panels, self.trays, self.news = places.panels, places.trays, places.news
        self.supply_at = places.supply.center
        return places.zones

    def toast_area(self) -> pygame.Rect | None:
        """The free room above the prompt when the supply lies under the trick."""
        if self.news is None:
            return None
        prompt = self.table.picture.decor.get("prompt")
        if prompt is None or not prompt.visible:
            return self.news
        area = self.news.copy()
        area.h = min(area.h, prompt.rect.top - self.px(6) - area.y)
        return area

    def zone_of(self, zone: EngineZone) -> str | None:
        kind, seat = zone.kind, zone.seat
        if kind is ZoneKind.HAND:
            return "hand" if seat == self.table.bottom else f"hidden{seat}"
        if kind is ZoneKind.WON:
            return f"pile{seat}"
        if kind is ZoneKind.TRICK:
            return "trick"
        if kind is ZoneKind.DECK:
            return "deck"
        return None

    # -- what the viewer sees ---------------------------------------------------------------
    def view(self, obs: Observation) -> View:
        assert isinstance(obs, EnemyAnemoneObservation)
        table = self.table
        me = table.bottom
        view = View()
        zones = view.zones
        mine = table.private
        playing = table.viewer_acts() and obs.current_player == me
        moves = table.moves()
        zones["hand"] = [Piece(card, card if not playing or moves.usable(card) else ("dim", card))
                         if mine else Piece(("back", "hand", i), BACK)
                         for i, card in enumerate(obs.hand)]
        for seat in range(obs.players):
            zones[f"pile{seat}"] = [Piece(("back", f"pile{seat}", i), BACK)
                                    for i in range(obs.pile_size(seat))]
            if seat != me:
                zones[f"hidden{seat}"] = [Piece(("back", f"hidden{seat}", i), BACK)
                                          for i in range(obs.hand_sizes[seat])]
        trick: list[Piece] = []
        for turn, (seat, play) in enumerate(obs.trick_slots()):
            if play is None:
                trick.append(effects.discard_marker(turn, seat))
            else:
                trick.append(Piece(play.card, play.card, turn,
                                   ("played", seat, play.ones, play.twos)))
        zones["trick"] = trick
        zones["deck"] = [Piece(("back", "deck", i), BACK) for i in range(obs.deck_size)]
        ones, twos = obs.anemones[me]
        armed = obs.armed if obs.current_player == me else (0, 0)
        tokens = [(2, i) for i in range(twos)] + [(1, i) for i in range(ones)]
        ready = [(2, i) for i in range(armed[1])] + [(1, i) for i in range(armed[0])]
        zones["tokens"] = [Piece(("anemone", side, i), ("token", side)) for side, i in tokens
                           if (side, i) not in ready]
        zones["armed"] = [Piece(("anemone", side, i), ("token", side)) for side, i in ready]
        view.decor = list(self.decor(obs))
        trick_no = min(len(obs.tricks) + 1, self.tricks_per_hand())
        view.info = [
            InfoLine(f"Hand {obs.hand_number} of {obs.hands_total}  ·  Trick {trick_no} of "
                     f"{self.tricks_per_hand()}", "title"),
            InfoLine("Never follow suit: play a creature not yet in the trick.", "soft"),
            InfoLine("The highest card takes the trick; the lowest card takes an anemone.",
                     "soft"),
            InfoLine("3s, 5s and 8s score 2 points, every other card 1.", "soft"),
        ]
        return view

    def tricks_per_hand(self) -> int:
        return 8 if self.players in (2, 6) else 10

    def decor(self, obs: EnemyAnemoneObservation) -> Iterable[Decor]:
        table = self.table
        frame = table.frame
        for seat, rect in self.panels.items():
            yield self.plate(seat, rect, self.seat_info(obs, seat))
            if seat != table.bottom:
                held = obs.anemones[seat]
                tray = self.trays[seat]
                yield Decor(("tray", seat), (held, tray.size),
                            partial(tray_image, self.art, held, tray.size), tray.topleft)
        yield from self.pending(obs)
        yield Decor("supply", (obs.supply, frame.scale),
                    partial(supply_image, self.art, self.ctx.text, frame, obs.supply, TOKEN),
                    self.supply_at, anchor="center")
        if obs.current_player == table.bottom and table.private and obs.armed != (0, 0):
            armed = self.table.picture.zones["armed"]
            yield self.label("armed-label", "readied for your card", 14,
                             (armed.rect.centerx, armed.rect.top - frame.px(10)),
                             color=theme.GOLD, bold=True)

    def seat_info(self, obs: EnemyAnemoneObservation, seat: int) -> SeatInfo:
        table = self.table
        points = obs.visible_points(seat)
        hidden = seat != obs.seat and obs.discard_count(seat) > 0
        hand = f"{points} + ?" if hidden else str(points)
        s = table.match.seats[seat]
        return SeatInfo(
            name=table.name(seat), is_bot=s.is_bot, level=s.level, seat=seat,
            active=obs.current_player == seat,
            lines=(("This hand", hand), ("Total", str(obs.totals[seat]))),
            note="thinking…" if seat in table.thinking else "", remote=self.table.far(seat))

    def pending(self, obs: EnemyAnemoneObservation) -> Iterable[Decor]:
        """Outlines for the turns still to come in this trick, named; the next one lit."""
        if obs.over or not obs.turn_order:
            return
        trick = self.table.picture.zones["trick"]
        assert isinstance(trick, Row)
        for index in range(len(obs.trick_flow), len(obs.turn_order)):
            seat = obs.turn_order[index]
            name = self.table.name(seat)
            nxt = index == len(obs.trick_flow)
            rect = trick.slot_rect(index)
            yield Decor(("pending", index), (name, seat, nxt, rect.size),
                        partial(pending_image, self.ctx.text, self.table.frame, name, seat, nxt,
                                rect.size),
                        rect.topleft, Layers.TABLE + 1)

    def lead(self, obs: Observation) -> str:
        assert isinstance(obs, EnemyAnemoneObservation)
        if obs.armed != (0, 0):
            return f"Your turn (the card you play gets +{obs.armed[0] + 2 * obs.armed[1]}):"
        return "Your lead:" if not obs.trick else "Your turn:"

    # -- faces, composites and captions -------------------------------------------------
    def compose(self, zone: Zone) -> pygame.Surface:
        if zone.id == "deck" and not zone.pieces and not self.two_player:
            return pygame.Surface((1, 1), pygame.SRCALPHA)  # the deck is only seen while dealing
        return super().compose(zone)

    def caption(self, caption: Hashable) -> pygame.Surface:
        """Under a card in the trick (or a discard's place): who played it, and what
        anemones add."""
        assert isinstance(caption, tuple)
        _, seat, ones, twos = caption
        return caption_image(self.ctx.text, self.table.frame, self.table.name(seat), seat,
                             ones + 2 * twos, self.px(CARD[0] + 12))

    # -- how each move is made ----------------------------------------------------------------
    def ways(self, action: Action, obs: Observation) -> Iterable[Way]:
        assert isinstance(obs, EnemyAnemoneObservation)
        me = obs.seat
        if isinstance(action, Play):
            says = ("play any card" if not obs.trick
                    else "play a creature that is not in the trick yet")
            return (Gesture(action.card, "hand", "trick", "Play", says),)
        if isinstance(action, Discard):
            return (Gesture(action.card, "hand", f"pile{me}", "Discard face down",
                            "discard a card face down on your pile (no creature you hold "
                            "is new to this trick)"),)
        if isinstance(action, Arm):
            return self.anemone_ways(action, obs)
        return ()

    def anemone_ways(self, action: Arm, obs: EnemyAnemoneObservation) -> list[Way]:
        """An anemone dropped on the hand readies it; one dragged off the readied ones
        puts it back; Esc puts them all back."""
        ones, twos = obs.anemones[obs.seat]
        armed = obs.armed
        ways: list[Way] = []
        for side, held, ready, wanted in ((1, ones, armed[0], action.ones),
                                          (2, twos, armed[1], action.twos)):
            other = (action.twos, armed[1]) if side == 1 else (action.ones, armed[0])
            if other[0] != other[1]:
                continue
            if wanted == ready + 1:
                ways += [Gesture(("anemone", side, i), "tokens", "hand", "Ready it",
                                 "ready an anemone for your card") for i in range(ready, held)]
            elif wanted == ready - 1:
                ways.append(Gesture(("anemone", side, ready - 1), "armed", "tokens", "Take back"))
        if action == Arm(0, 0) and armed != (0, 0):
            ways.append(Control("Put the anemones back", back=True))
        return ways

    def would(self, zone: str, piece: Piece) -> Sequence[Action]:
        if zone == "hand" and isinstance(piece.key, int):
            card = EnemyAnemoneCard(piece.key)
            return (Play(card), Discard(card))
        return ()

    # -- the game's own animations ---------------------------------------------------------
    def sound(self, event: Event) -> Sound | None:
        return SOUNDS.get(type(event))

    def hold(self, event: Event) -> float:
        return HOLDS.get(type(event), 0.0)

    def special(self, event: Event) -> Step | None:
        table = self.table
        if isinstance(event, CardPlayed):
            return partial(effects.played, table, event)
        if isinstance(event, CardDiscarded):
            return partial(effects.discarded, table, event)
        if isinstance(event, TrickWon):
            return partial(effects.taken, table, event, self.glows)
        if isinstance(event, TrickDecided):
            return partial(effects.verdict, table, event, self.glows)
        if isinstance(event, AnemoneAwarded):
            return partial(self.award, event)
        if isinstance(event, HandEnded):
            return partial(effects.summary, table, event)
        if isinstance(event, HandStarted):
            return partial(effects.news, table, event)
        return None

    def award(self, event: AnemoneAwarded) -> list[Tween]:
        """A token flies from the supply (or the giver) to its new owner."""
        if event.kind in (AwardKind.NONE_LEFT, AwardKind.FLIPPED):
            return []
        giver = event.giver if event.kind is AwardKind.GIVEN else None
        token = self.art.token(event.side, self.px(SMALL_TOKEN))
        return effects.fly_token(self.table, token, self.tray_center(giver),
                                 self.tray_center(event.seat))

    def tray_center(self, seat: int | None) -> tuple[float, float]:
        """The middle of ``seat``'s anemones (the supply's, for nobody's)."""
        rect = self.trays.get(seat) if seat is not None else None
        return rect.center if rect is not None else self.supply_at
