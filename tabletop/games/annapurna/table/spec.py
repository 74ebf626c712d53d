"""The Annapurna table: your mountainside large at the bottom, your friends' along the top.

Each climber has a 5-4-3-2-1 pyramid with their meeple on it (standing, or lying down
in the shenpa pose while a card binds their next turn), a balance meter (yin against
yang), their backpack and cache, and their peak token once they arrive.  The cards
the climber to act may explore are lit.

Click (or Enter on) a lit card to explore it; drag a backpack card onto a face-down
card of your own mountainside (Trade) or a friend's (Hide).  The Spyglass lights every
face-down card: click the one to look at.  The Rockslide: drag one of your face-down
cards onto another.  After an action a balanced set is swept with the Sweep button
(S), or left for a Helping Hand (H); a friend's offered cards glow, and taking one is
a drag into your backpack (or a click), or Let it pass (Esc).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import pygame

from tabletop.engine.protocol import Action, Event, Observation, Zone as EngineZone, ZoneKind
from tabletop.games.annapurna.actions import (
    Decline, Explore, Hide, Leave, Look, Pass, Plant, Swap, Sweep, Take, Trade,
)
from tabletop.games.annapurna.events import (
    AscentEnded, Explored, HandLeft, HandTaken, Peaked, Skipped, Swept, Traded, YetiStruck,
)
from tabletop.games.annapurna.mountain import PLACES, row_of
from tabletop.games.annapurna.observation import EMPTY, AnnapurnaObservation
from tabletop.games.annapurna.rules import AnnapurnaState
from tabletop.games.annapurna.info import LEVEL_NAMES
from tabletop.games.annapurna.table import decor
from tabletop.games.annapurna.table.art import AnnapurnaArt
from tabletop.games.annapurna.table.faces import (
    FLAGGABLE, LIT, OFFER, face_key, place_key, table_faces,
)
from tabletop.games.annapurna.table.results import results_picture
from tabletop.games.annapurna.table.words import TIPS, card_lines, carried
from tabletop.ui.audio import Sound
from tabletop.ui.cards import ImageCache
from tabletop.ui.table.frame import Frame
from tabletop.ui.table.picture import Decor, Layers
from tabletop.ui.table.guide import GuideNote
from tabletop.ui.table.spec import Control, Gesture, InfoLine, Step, TableSpec, View, Way
from tabletop.ui.table.zones import Fan, Pile, Piece, Pyramid, Zone
from tabletop.ui.tween import Tween
from tabletop.ui.widgets.seat_panel import SeatInfo

if TYPE_CHECKING:
    from tabletop.ui.table.sight import Sight

__all__ = ["AnnapurnaTableSpec", "place_key"]

CARD = (96, 134)     # the viewer's mountainside and backpack
SMALL = (50, 70)     # the friends' mountainsides and backpacks
PANEL = (216, 96)
PROMPT_ROOM = 76     # the strip at the bottom where the kit writes the prompt
SOUNDS: dict[type, Sound] = {
    Explored: Sound.FLIP, Traded: Sound.PLAY, Swept: Sound.TRICK_WON, HandTaken: Sound.DEAL,
    Peaked: Sound.CHIME, YetiStruck: Sound.FLIP, AscentEnded: Sound.CHIME,
}


class AnnapurnaTableSpec(TableSpec):
    CARD_BACK = "annapurna/back.svg"

    def __init__(self, table: Sight) -> None:
        super().__init__(table)
        self.art = AnnapurnaArt(table.ctx.assets, table.ctx.text)
        self.players = len(table.match.seats)
        self.panels: dict[int, pygame.Rect] = {}
        self.meters: dict[int, pygame.Rect] = {}
        self.faces_cache = table_faces(self.art)
        #: The free room beside the viewer's mountainside where news is shown.
        self.news: pygame.Rect | None = None

    @property
    def faces(self) -> ImageCache:
        return self.faces_cache

    def hints(self) -> tuple[str, ...]:
        return ("Click a lit card to explore it. Drag a backpack card onto a face-down card "
                "to trade it in (or hide it on a friend's mountainside).",)

    # -- where everything sits ---------------------------------------------------------------
    def guide(self) -> tuple[GuideNote, ...]:
        """The game's terms, each explained the first time it comes up."""
        return (
            GuideNote("sweep", "Sweep",
                      "At the end of a turn, the largest group of your face-up cards whose "
                      "symbols add up to zero goes to your cache.", "cache{me}", Swept),
            GuideNote("helping-hand", "Helping Hand",
                      "Instead of sweeping, a climber may leave a balanced group where it "
                      "lies: each friend in turn may take one of its cards into their "
                      "backpack, until one does.", "", HandLeft),
            GuideNote("yeti", "The Yeti",
                      "A face-down card beside or above a climber turns face up at random.",
                      "mountain{me}", YetiStruck),
        )

    def layout(self, frame: Frame, bottom: int) -> dict[str, Zone]:
        px = frame.px
        play = frame.play
        card, small = frame.card(CARD), frame.card(SMALL)
        zones: dict[str, Zone] = {}
        self.panels, self.meters = {}, {}
        others = [(bottom + i) % self.players for i in range(1, self.players)]
        band = play.w / max(1, len(others))
        top_bottom = play.y
        for i, seat in enumerate(others):
            left = play.x + band * i
            plate_w = min(px(PANEL[0]), round(band * 0.42))
            plate = pygame.Rect(round(left + px(8)), play.y + px(6), plate_w, px(PANEL[1]))
            self.panels[seat] = plate
            room = band - plate_w - px(36)
            roomy = (1.0, 1.45, 1.2, 1.0)[min(3, len(others))]  # fewer friends, larger cards
            width = min(round(small[0] * roomy), int(room / 5.3))
            size = (width, round(width * CARD[1] / CARD[0]))
            pyramid = Pyramid(f"mountain{seat}", size, (0, 0), gap=max(2, round(width * 0.08)),
                              layer=12, focusable=True, tracked=False)
            pyramid.center = (plate.right + px(18) + pyramid.rect.w / 2,
                              play.y + px(8) + pyramid.rect.h / 2)
            zones[pyramid.id] = pyramid
            self.meters[seat] = pygame.Rect(plate.x, plate.bottom + px(8), plate.w, px(26))
            mini = (round(size[0] * 0.8), round(size[1] * 0.8))
            room_w = plate.w - mini[0] - px(14)
            row = Fan(f"backpack{seat}", mini, (plate.x + room_w / 2, self.meters[seat].bottom
                                                 + px(10) + mini[1] / 2),
                      max_width=room_w, total_degrees=8.0, lift=0.12, layer=14, ordered=True,
                      tracked=False)
            zones[row.id] = row
            zones[f"cache{seat}"] = Pile(f"cache{seat}", mini,
                                         (plate.right - mini[0] / 2, row.center[1]),
                                         label="Cache", layer=Layers.PANEL, tracked=False)
            top_bottom = max(top_bottom, pyramid.rect.bottom, row.rect.bottom + px(18))
        # The viewer: the mountainside as large as the room below the others allows.
        room_top = top_bottom + px(24)
        floor = play.bottom - px(PROMPT_ROOM)  # the prompt's strip stays clear
        room = floor - px(8) - room_top
        tall = min(round(card[1] * 1.25), int(room / (1 + 4 * 0.55)))
        card = (round(tall * CARD[0] / CARD[1]), tall)
        pyramid = Pyramid(f"mountain{bottom}", card, (0, 0), gap=px(8), layer=16,
                          focusable=True, tracked=False)
        pyramid.center = (play.x + play.w * 0.45,
                          max(room_top + pyramid.rect.h / 2,
                              floor - px(8) - pyramid.rect.h / 2))
        zones[pyramid.id] = pyramid
        plate = pygame.Rect(play.x + px(6), floor - px(PANEL[1] + 8), px(PANEL[0]),
                            px(PANEL[1]))
        self.panels[bottom] = plate
        self.meters[bottom] = pygame.Rect(plate.x, plate.y - px(40), plate.w, px(30))
        right = pyramid.rect.right + px(30)
        width = play.right - right - px(10)
        zones[f"backpack{bottom}"] = Fan(f"backpack{bottom}", card,
                                         (right + width / 2, floor - card[1] / 2 - px(8)),
                                         max_width=max(card[0] * 2, width), layer=30,
                                         ordered=True, tracked=False)
        zones[f"cache{bottom}"] = Pile(f"cache{bottom}", (round(card[0] * 0.8),
                                                          round(card[1] * 0.8)),
                                       (plate.centerx, plate.y - px(60) - card[1] * 0.4),
                                       label="Cache", layer=Layers.PANEL, tracked=False)
        button = (px(200), px(44))
        top = floor - card[1] - px(100)
        for n, name in enumerate(("primary", "secondary")):
            rect = pygame.Rect((0, 0), button)
            rect.midtop = (round(right + width / 2), round(top - (1 - n) * px(54)))
            self.slots[name] = rect
        # News and tips: beside the mountainside, above the buttons, never over a card.
        self.news = pygame.Rect(right, room_top, width, top - px(64) - room_top)
        return zones

    def home(self) -> str:
        return f"mountain{self.table.bottom}"

    def toast_area(self) -> pygame.Rect | None:
        return self.news

    def zone_of(self, zone: EngineZone) -> str | None:
        kind, seat = zone.kind, zone.seat
        if kind is ZoneKind.BOARD:
            return f"mountain{seat}"
        if kind is ZoneKind.HAND:
            return f"backpack{seat}"
        if kind is ZoneKind.WON:
            return f"cache{seat}"
        return None

    # -- what the viewer sees ---------------------------------------------------------------------
    def view(self, obs: Observation) -> View:
        assert isinstance(obs, AnnapurnaObservation)
        view = View()
        moves = self.table.moves()
        offered = {(obs.offer_from, p) for p in obs.offer}
        sweep = obs.phase == "sweep" and obs.current_player == self.table.viewer
        swept = {(obs.current_player, p) for p in obs.sweepable} if sweep else set()
        for seat in range(obs.players):
            pieces = []
            for place in range(PLACES - 1, -1, -1):  # the peak first, the front row last
                if obs.cards[seat][place] == EMPTY:
                    continue
                key, face = place_key(obs, seat, place), face_key(obs, seat, place)
                kinds = {type(o.steps[0]) for o in moves.of(key)}
                if kinds & {Explore, Look, Swap} or (seat, place) in swept:
                    face = (LIT, face)
                elif Plant in kinds:
                    face = (FLAGGABLE, face)
                elif (seat, place) in offered:
                    face = (OFFER, face)
                pieces.append(Piece(key, face, place))
            view.zones[f"mountain{seat}"] = pieces
            pack = obs.backpacks[seat]
            view.zones[f"backpack{seat}"] = [Piece(c, c) for c in pack] if pack is not None else [
                Piece(("pack", seat, i), ("back", seat)) for i in range(obs.backpack_sizes[seat])]
            view.zones[f"cache{seat}"] = [Piece(("cache", seat, i), ("back", seat))
                                          for i in range(obs.cache_sizes[seat])]
        view.decor = list(self.decor(obs))
        self.info(obs, view)
        return view

    def info(self, obs: AnnapurnaObservation, view: View) -> None:
        up = sum(1 for p in obs.peaks if p)
        view.info = [InfoLine(LEVEL_NAMES[obs.level], "title"),
                     InfoLine(f"At the peak: {up} of {obs.players}  ·  turn {obs.turns + 1}",
                              "soft")]
        view.more = [InfoLine("Backpacks", "")]
        for seat in range(obs.players):
            if seat != self.table.bottom:
                pack = obs.backpacks[seat]
                held = carried(pack) if pack is not None else f"{obs.backpack_sizes[seat]} unseen"
                view.more.append(InfoLine(f"{self.table.name(seat)}: {held}", "soft"))
        view.more += TIPS

    def pointed(self, obs: Observation, zone: str, piece: Piece) -> list[InfoLine] | None:
        """A card pointed at: what it is and does, and whether the meter counts it."""
        assert isinstance(obs, AnnapurnaObservation)
        if zone.startswith("mountain"):
            return card_lines(obs, piece.key, int(zone.removeprefix("mountain")), piece.slot)
        return card_lines(obs, piece.key, None, None)

    def decor(self, obs: AnnapurnaObservation) -> Iterable[Decor]:
        for seat, rect in self.panels.items():
            yield self.plate(seat, rect, self.seat_info(obs, seat))
        for seat, rect in self.meters.items():
            yield decor.meter(self.art, self.ctx.text, seat, obs.balance(seat), rect)
        for seat in range(obs.players):
            zone = self.table.picture.zones.get(f"mountain{seat}")
            if isinstance(zone, Pyramid):
                yield from decor.meeple(self.art, obs, seat, zone)
                yield from decor.flags(self.art, obs, seat, zone)

    def seat_info(self, obs: AnnapurnaObservation, seat: int) -> SeatInfo:
        table = self.table
        s = table.match.seats[seat]
        token = obs.peaks[seat]
        where = (f"peak #{token}" if token else "hiking in" if obs.locations[seat] < 0
                 else f"row {1 + row_of(obs.locations[seat])}")
        note = "thinking…" if seat in table.thinking else (
            "shenpa" if obs.shenpa[seat] else "")
        return SeatInfo(name=table.name(seat), is_bot=s.is_bot, level=s.level, seat=seat,
                        active=obs.current_player == seat,
                        lines=(("Where", where), ("Backpack", str(obs.backpack_sizes[seat]))),
                        note=note, remote=self.table.far(seat))

    def lead(self, obs: Observation) -> str:
        assert isinstance(obs, AnnapurnaObservation)
        me = obs.current_player
        if obs.phase == "look":
            return "Spyglass:"
        if obs.phase == "swap":
            return "Rockslide:"
        if obs.phase == "sweep":
            return "Balanced cards:"
        if obs.phase == "offer":
            return f"{self.table.name(obs.offer_from)} offers a Helping Hand:"
        if obs.peaks[me]:
            return "Protecting:"
        if obs.locations[me] < 0:
            return "Hike to base camp:"
        return "Fixed Rope:" if obs.rope else "Your turn:"

    def waiting(self, obs: Observation, seat: int) -> str:
        name = self.table.name(seat)
        if seat in self.table.thinking:
            return f"{name} is thinking…"
        return f"{name} to climb"

    # -- how each move is made ---------------------------------------------------------------------
    def place_area(self, seat: int, place: int) -> tuple[int, int, int, int]:
        zone = self.table.picture.zones[f"mountain{seat}"]
        assert isinstance(zone, Pyramid)
        rect = zone.place_rect(place)
        if row_of(place) > 0:  # the row below covers the lower part: only the top shows
            rect.h = round(rect.h * (1 - zone.overlap))
        return (rect.x, rect.y, rect.w, rect.h)

    def would(self, zone: str, piece: Piece) -> Sequence[Action]:
        """A backpack card dropped on a face-down card means a trade or a hide."""
        obs = self.table.obs
        assert isinstance(obs, AnnapurnaObservation)
        me = obs.seat
        if zone != f"backpack{me}" or not isinstance(piece.key, int):
            return ()
        card = piece.key
        return [Trade(card, place) if seat == me else Hide(card, seat, place)
                for seat in range(obs.players) for place in range(PLACES)
                if obs.cards[seat][place] != EMPTY and not obs.up[seat][place]]

    def ways(self, action: Action, obs: Observation) -> Iterable[Way]:
        assert isinstance(obs, AnnapurnaObservation)
        me = obs.seat
        mine = f"mountain{me}"
        if isinstance(action, Explore):
            says = ("explore a card of your bottom row" if obs.locations[me] < 0
                    else "explore a lit card")
            return (Gesture(place_key(obs, me, action.place), mine, mine, "Explore", says),)
        if isinstance(action, Plant):
            return (Gesture(place_key(obs, me, action.place), mine, mine, "Plant a flag",
                            "plant a flag"),)
        if isinstance(action, Trade):
            return (Gesture(action.card, f"backpack{me}", mine, "Trade",
                            "trade a backpack card in",
                            area=self.place_area(me, action.place)),)
        if isinstance(action, Hide):
            return (Gesture(action.card, f"backpack{me}", f"mountain{action.seat}", "Hide",
                            "hide one on a friend's mountain",
                            area=self.place_area(action.seat, action.place)),)
        if isinstance(action, Look):
            zone = f"mountain{action.seat}"
            return (Gesture(place_key(obs, action.seat, action.place), zone, zone, "Look",
                            "look at a face-down card"),)
        if isinstance(action, Swap):
            says = "swap two of your face-down cards"
            return (Gesture(place_key(obs, me, action.a), mine, mine, "Swap", says,
                            area=self.place_area(me, action.b)),
                    Gesture(place_key(obs, me, action.b), mine, mine, "Swap", says,
                            area=self.place_area(me, action.a)))
        if isinstance(action, Take):
            zone = f"mountain{obs.offer_from}"
            return (Gesture(place_key(obs, obs.offer_from, action.place), zone, f"backpack{me}",
                            "Take", "take a glowing card"),)
        if isinstance(action, Sweep):
            word = "Bury" if obs.peaks[me] else "Sweep"
            return (Control(word, f"{word.lower()} them", "primary", pygame.K_s, primary=True),)
        if isinstance(action, Leave):
            return (Control("Helping Hand", "leave them for a friend", "secondary",
                            pygame.K_l),)
        if isinstance(action, Decline):
            return (Control("Let it pass", "let it pass", "secondary", pygame.K_d),)
        if isinstance(action, Pass):
            return (Control("Pass", "pass", "primary", pygame.K_p,
                            primary=True),)
        return ()

    # -- the game's own moments ----------------------------------------------------------------------
    def sound(self, event: Event) -> Sound | None:
        return SOUNDS.get(type(event))

    def hold(self, event: Event) -> float:
        if isinstance(event, (Explored, YetiStruck)):
            return 0.25
        if isinstance(event, Peaked):
            return 0.8
        return 0.0

    def special(self, event: Event) -> Step | None:
        table = self.table
        if isinstance(event, (Explored, YetiStruck)):
            turned = Piece(event.card, event.card, event.place)

            def turn() -> list[Tween]:
                if isinstance(event, YetiStruck):
                    table.toast(table.describe(event) or "", seconds=2.6)
                return table.turn(f"mountain{event.seat}", turned)
            return turn
        if isinstance(event, (Peaked, Skipped, HandLeft)):
            def told() -> list[Tween]:
                table.toast(table.describe(event) or "", seconds=2.6)
                return []
            return told
        return None

    def results_picture(self, size: tuple[int, int]) -> pygame.Surface | None:
        """Every climber's mountainside as it ended: peak tokens, planted flags."""
        state = self.table.match.state
        assert isinstance(state, AnnapurnaState)
        joined = self.table.joined  # (its position is sampled: only its own view is real)
        return results_picture(self.art, state, size,
                               seen_by=None if joined is None else joined.seat)
