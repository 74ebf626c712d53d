"""The Anniversary table: its zones, how an observation becomes pieces, what a drop
means, its keys and its few animations of its own.

The viewer sits at the bottom: hand fanned, gestures in a row above it, the gem
spot and the Ready button beside them.  The partner sits at the top: name plate,
hidden hand, shown cards and gestures.  The Date lies in the middle between the
draw pile and the most recent Date; during the draft the gestures on offer take
its place.  Its pictures are drawn in ``pictures`` (and ``art``), the cards tucked under
a gesture are found in ``tucked``, and the words for a new player are in ``tips``.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from functools import partial
from typing import TYPE_CHECKING

import pygame

from tabletop.engine.protocol import Action, Event, Observation, Zone as EngineZone, ZoneKind
from tabletop.games.anniversary.actions import Pass, Pick, Place, Play, Ready, Take, Unpick
from tabletop.games.anniversary.campaign import record_chapter
from tabletop.games.anniversary.cards import POSITION, AnniversaryCard
from tabletop.games.anniversary.content import GESTURE_BY_ID, chapter
from tabletop.games.anniversary.events import (
    BountySettled, CardDrawn, CardPicked, CardPlayed, CardShared, ChapterEnded, DateFooted,
    GestureSettled, GestureTaken, gesture_piece,
)
from tabletop.games.anniversary.gestures import Status
from tabletop.games.anniversary.observation import AnniversaryObservation, Phase
from tabletop.games.anniversary.rules import gem_positions
from tabletop.games.anniversary.table.art import AnniversaryArt
from tabletop.games.anniversary.table.pictures import (
    date_place, gem_spot, gestures_sheet, last_date_panel,
)
from tabletop.games.anniversary.table.tips import GUIDE, TIPS
from tabletop.games.anniversary.table.tucked import tucked_decor
from tabletop.ui.audio import Sound
from tabletop.ui import theme
from tabletop.ui.cards import ImageCache
from tabletop.ui.table.frame import Frame
from tabletop.ui.table.picture import Decor, Layers
from tabletop.ui.table.guide import GuideNote
from tabletop.ui.table.interaction import Press
from tabletop.ui.table.spec import Control, Gesture, InfoLine, Step, TableSpec, View, Way
from tabletop.ui.table.zones import BACK, Fan, Hidden, Pile, Piece, Row, Zone
from tabletop.ui.tween import Tween
from tabletop.ui.widgets.seat_panel import SeatInfo

if TYPE_CHECKING:
    from tabletop.ui.table.sight import Sight

__all__ = ["AnniversaryTableSpec"]

CARD = (98, 137)
SMALL = (56, 78)
GESTURE = (110, 154)
#: In pixels: a smaller gesture card could not hold its challenge in readable type.
GESTURE_LEAST = (84, 118)
OFFER = (150, 210)
PLATE = (236, 108)
#: The table zone of each engine zone: (the viewer's, the partner's).
ZONES = {ZoneKind.HAND: ("hand", "partner"), ZoneKind.SPOT: ("share", "shown"),
         ZoneKind.SHOWN: ("hand", "shown"), ZoneKind.TRICK: ("date", "date"),
         ZoneKind.WON: ("last", "last"), ZoneKind.DECK: ("pile", "pile"),
         ZoneKind.COMMUNITY: ("offer", "offer")}
SOUNDS = {CardPlayed: Sound.PLAY, DateFooted: Sound.SWEEP, GestureTaken: Sound.FLIP,
          CardShared: Sound.CHIME, CardDrawn: Sound.DEAL, CardPicked: Sound.FLIP}
#: Seconds to look at what happened: a Date footed, a gesture judged, the chapter's end.
HOLDS = {DateFooted: 0.35, GestureSettled: 0.25, BountySettled: 0.25, ChapterEnded: 1.0}


def colour(card: AnniversaryCard) -> str:
    """A card's colour in words ("position" for the Top and Bottom cards)."""
    return card.suit_name if card.suit != POSITION else "position"


def backs(zone: str, count: int) -> list[Piece]:
    """``count`` cards face down, keyed by their place in ``zone``."""
    return [Piece(("back", zone, i), BACK) for i in range(count)]


class AnniversaryTableSpec(TableSpec):
    CARD_BACK = "anniversary/heart_back.svg"

    def __init__(self, table: Sight) -> None:
        super().__init__(table)
        self.art = AnniversaryArt(table.ctx.assets, table.ctx.text)
        self.plates: dict[int, pygame.Rect] = {}
        # Set by the layout: the gem spot, two buttons, the last Date's panel, news' places.
        self.share, self.ready, self.pass_button, self.last_panel, self.news, self.above = (
            pygame.Rect(0, 0, 0, 0) for _ in range(6))
        self.recorded = False

    @property
    def faces(self) -> ImageCache:
        return self.art.cards

    def hints(self) -> tuple[str, ...]:
        obs = self.table.obs
        assert isinstance(obs, AnniversaryObservation)
        return (TIPS[obs.phase],) if obs.phase in TIPS else ()

    def guide(self) -> tuple[GuideNote, ...]:
        return GUIDE

    # -- where everything sits -----------------------------------------------------------
    def layout(self, frame: Frame, bottom: int) -> dict[str, Zone]:
        px = frame.px
        play = frame.play
        card, small = frame.card(CARD), frame.card(SMALL)
        gesture, offer = frame.card(GESTURE), frame.card(OFFER)
        gesture = gesture if gesture[0] >= GESTURE_LEAST[0] else GESTURE_LEAST
        partner = 1 - bottom
        zones: dict[str, Zone] = {}
        # The partner along the top.
        plate = pygame.Rect(play.x, play.y, px(PLATE[0]), px(PLATE[1]))
        self.plates = {partner: plate}
        zones["partner"] = Hidden("partner", small, (plate.right + px(90), plate.y + small[1] / 2
                                                     + px(6)))
        zones["shown"] = Row("shown", small, (plate.centerx, plate.bottom + px(14) + small[1] / 2),
                             slots=3, gap=px(8), focusable=False)
        gestures_top = Row(f"gestures{partner}", gesture, (0, 0), slots=4, gap=px(12),
                           focusable=False)
        gestures_top.center = (play.right - gestures_top.width / 2, play.y + px(30) + gesture[1] / 2)
        zones[gestures_top.id] = gestures_top
        # The middle: the Date between the pile and the last Date; or the gestures on offer.
        mid_y = play.y + play.h * 0.41
        date = Row("date", card, (play.centerx - px(40), mid_y), slots=4, gap=px(18))
        zones["date"] = date
        zones["pile"] = Pile("pile", small, (play.x + small[0] / 2 + px(12), mid_y - px(40)),
                             label="to draw")
        self.last_panel = pygame.Rect(date.rect.right + px(30), mid_y - px(80), px(4 * 66 + 28),
                                      px(160))
        zones["last"] = Row("last", small, (self.last_panel.centerx, self.last_panel.y + px(96)),
                            slots=4, gap=px(10), focusable=False)
        zones["offer"] = Row("offer", offer, (play.centerx - px(40), mid_y), slots=5, gap=px(20),
                             focusable=True, layer=40, centered=True)
        # The viewer along the bottom.
        hand_y = play.bottom - card[1] / 2 - px(16)
        mine = pygame.Rect(play.x, play.bottom - px(PLATE[1]) - px(6), px(PLATE[0]), px(PLATE[1]))
        self.plates[bottom] = mine
        zones["hand"] = Fan("hand", card, (play.centerx + px(60), hand_y),
                            max_width=min(play.w - mine.w - px(260), px(760)), ordered=True,
                            layer=50)
        row_y = mid_y + card[1] / 2 + px(48) + gesture[1] / 2
        top_of_hand = zones["hand"].bounds().top - px(50)
        row_y = min(row_y, top_of_hand - gesture[1] / 2)
        own = Row(f"gestures{bottom}", gesture, (0, row_y), slots=5, gap=px(12), focusable=False)
        own.center = (play.x + own.width / 2, row_y)
        zones[own.id] = own
        self.share = pygame.Rect(0, 0, px(210), px(150))
        self.share.topright = (play.right, round(row_y - gesture[1] / 2))
        # The gem spot: a card waits on it for its gem; the whole spot takes the drop.
        zones["share"] = Row("share", card, (self.share.centerx, self.share.bottom - card[1] / 2
                                             - px(8)), slots=1, focusable=False, layer=60,
                             pad=((self.share.w - card[0]) / 2, px(8)))
        self.ready = pygame.Rect(0, 0, self.share.w, px(50))
        self.ready.midtop = (self.share.centerx, self.share.bottom + px(12))
        self.pass_button = pygame.Rect(0, 0, px(300), px(52))
        # Above the offered gesture (below it is the row that takes it).
        self.pass_button.midbottom = (zones["offer"].rect.centerx, zones["offer"].rect.top - px(44))
        self.slots.update(ready=self.ready, **{"pass": self.pass_button})
        # Tips and news: below the Date, between the viewer's gestures and the gem spot.
        top = max(date.rect.bottom + px(30), zones["offer"].rect.bottom + px(8))
        self.news = pygame.Rect(own.rect.right + px(12), top,
                                self.share.x - own.rect.right - px(24),
                                own.rect.bottom - px(10) - top)
        # While a gem is placed there: above the Date, left of the partner's gestures.
        self.above = pygame.Rect(plate.right + px(12), plate.bottom,
                                 gestures_top.rect.x - plate.right - px(24),
                                 min(date.rect.top, self.last_panel.top) - px(8) - plate.bottom)
        return zones

    def zone_of(self, zone: EngineZone) -> str | None:
        if zone.kind is ZoneKind.BOARD:
            return f"gestures{zone.seat}"
        names = ZONES.get(zone.kind)
        return names[0 if zone.seat == self.table.bottom else 1] if names else None

    # -- what the viewer sees -----------------------------------------------------------------
    def view(self, obs: Observation) -> View:
        assert isinstance(obs, AnniversaryObservation)
        table = self.table
        me, partner = table.bottom, 1 - table.bottom
        z: dict[str, list[Piece]] = {}
        acting = table.viewer_acts() and obs.current_player == me
        moves = table.moves()
        playable = {c for c in obs.hand if moves.usable(c)} \
            if acting and obs.phase is Phase.DATE else None
        mine = dict(obs.shown(me))
        # The card on the gem spot is public: it lies on its owner's spot.
        spot = [obs.picked] if obs.picked is not None and obs.current_player == me else []
        if table.private:
            z["hand"] = [Piece(c, ("gem", c, mine[c]) if c in mine else
                               (("dim", c) if playable is not None and c not in playable else c))
                         for c in obs.hand if c not in spot]
            z["share"] = [Piece(c, c) for c in spot]
        else:
            z["hand"] = backs("hand", len(obs.hand) - len(spot))
            z["share"] = backs("share", len(spot))
        shown = obs.shown(partner)
        theirs = [obs.picked] if obs.picked is not None and obs.current_player == partner else []
        z["partner"] = backs("partner", obs.hand_sizes[partner] - len(shown) - len(theirs))
        z["shown"] = [Piece(c, ("gem", c, g)) for c, g in shown] + [Piece(c, c) for c in theirs]
        z["pile"] = backs("pile", obs.aside)
        z["date"] = [Piece(c, c, caption=("player", s)) for s, c in obs.plays]
        z["last"] = [Piece(c, c) for _, c in obs.last_date.plays] if obs.last_date else []
        z["offer"] = [Piece(gesture_piece(g), ("gesture", g, Status.PENDING)) for g in obs.offer]
        for seat in (0, 1):
            z[f"gestures{seat}"] = [
                Piece(gesture_piece(g), ("gesture", g, mark))
                for g, o, mark in zip(obs.gestures, obs.owners, obs.settled) if o == seat]
        return View(z, list(self.decor(obs, acting)), info=self.info(obs))

    def info(self, obs: AnniversaryObservation) -> list[InfoLine]:
        book = chapter(obs.chapter)
        top = self.table.name(obs.top)
        lines = [InfoLine(f"Chapter {book.number}: {book.title}", "title"),
                 InfoLine(self.progress(obs), ""),
                 InfoLine(f"{top} {'are' if top == 'You' else 'is'} the top", "soft")]
        lines += [InfoLine(rule, "accent") for rule in book.special_rules]
        if obs.bounty is not None:
            g = GESTURE_BY_ID[obs.bounty]
            word = {Status.PENDING: "open", Status.DONE: "earned",
                    Status.FAILED: "out of reach"}[obs.bounty_status]
            lines.append(InfoLine(f"Bounty ({word}): {g.text} Pays "
                                  f"{g.sweetness * book.bounty_factor} HC.", "soft"))
        return lines

    def progress(self, obs: AnniversaryObservation) -> str:
        if obs.phase is Phase.DRAFT:
            return "Sharing out the Sweet Gestures"
        if obs.phase is Phase.OVER:
            return "Chapter complete" if obs.result else "Chapter lost"
        return f"Date {obs.date} of {obs.total_dates} · {obs.aside} cards in the pile"

    def decor(self, obs: AnniversaryObservation, acting: bool) -> Iterable[Decor]:
        table = self.table
        frame = table.frame
        me = table.bottom
        for seat, rect in self.plates.items():
            yield self.plate(seat, rect, self.seat_info(seat, obs))
        for seat in (0, 1):
            row = table.picture.zones[f"gestures{seat}"]
            assert isinstance(row, Row)
            yield from tucked_decor(self.art.cards, frame, row, seat, obs)
        date = table.picture.zones["date"]
        assert isinstance(date, Row)
        if obs.phase in (Phase.SHARE, Phase.DATE):
            for i in range(4):
                rect = date.slot_rect(i)
                yield Decor(("slot", i), rect.size, partial(date_place, frame, rect.size),
                            rect.topleft, Layers.TABLE + 1)
                if i >= len(obs.plays):
                    who = obs.leader if i % 2 == 0 else 1 - obs.leader
                    yield self.label(("slot-tag", i), table.name(who), 15,
                                     (rect.centerx, rect.bottom + frame.px(14)),
                                     color=theme.INK_DIM, max_width=rect.w, layer=Layers.TABLE + 1)
        last = obs.last_date
        if last is not None and obs.phase is not Phase.DRAFT:
            caption = f"Last Date: {table.name(last.footer)} footed it"
            panel = self.last_panel
            yield Decor("last", (caption, panel.size),
                        partial(last_date_panel, self.ctx.text, frame, panel.size, caption),
                        panel.topleft, Layers.PANEL)
        if obs.phase is Phase.SHARE and acting:
            left = obs.hc[me]
            words = obs.picked is None  # a card on the spot hides the words anyway
            yield Decor("share", (left, self.share.size, words),
                        partial(gem_spot, self.ctx.assets, self.ctx.text, frame, self.share.size,
                                left, words), self.share.topleft, Layers.TABLE + 2)
            if obs.picked is not None:
                self.gem_picker(obs.picked, obs)

    def seat_info(self, seat: int, obs: AnniversaryObservation) -> SeatInfo:
        s = self.table.match.seats[seat]
        hc = obs.hc_after() if obs.phase is Phase.OVER else obs.hc  # used ones back if lost
        lines = (("Healthy Communication", str(hc[seat])),
                 ("Dates footed", str(sum(1 for d in obs.history if d.footer == seat))))
        note = "thinking…" if seat in self.table.thinking else ("top" if seat == obs.top
                                                                 else "bottom")
        active = obs.phase is not Phase.OVER and obs.current_player == seat
        return SeatInfo(self.table.name(seat), s.is_bot, s.level, seat, active, lines, note,
                        remote=self.table.far(seat))

    def gem_picker(self, card: AnniversaryCard, obs: AnniversaryObservation) -> None:
        """Room for one button per true gem of the picked card, stacked beside the gem spot
        clear of the last Date (the kit draws them from the legal moves, each with its
        number key; the prompt asks where the gem goes)."""
        px = self.px
        gems = gem_positions(obs.hand, card)
        h, w = px(52), max(self.share.w, px(270))
        x = self.share.x - px(12) - w
        for n in range(len(gems)):
            y = self.share.bottom - (len(gems) - n) * (h + px(8)) + px(8)
            self.slots[("gem", n)] = pygame.Rect(x, y, w, h)

    def toast_area(self) -> pygame.Rect | None:
        """Right of the viewer's gestures, if there is room (else above the prompt); above
        the Date while the viewer's gem buttons stand there."""
        obs = self.table.obs
        assert isinstance(obs, AnniversaryObservation)
        if obs.picked is not None and obs.current_player == self.table.bottom:
            return self.above
        return self.news if self.news.w >= self.px(180) else None

    def button_image(self, press: Press, rect: pygame.Rect) -> pygame.Surface | None:
        action = press.steps[0]
        if isinstance(action, Place) and isinstance(press.control.slot, tuple):
            return self.art.gem_button(action.gem, rect.size, press.control.slot[1] + 1)
        return None

    def lead(self, obs: Observation) -> str:
        assert isinstance(obs, AnniversaryObservation)
        if obs.phase is Phase.DRAFT:
            return "Your turn:"
        if obs.phase is Phase.SHARE:
            return f"Sharing the {obs.picked}:" if obs.picked is not None else "Before the Date:"
        if not obs.plays:
            return "Lead the Date:"
        return f"{colour(obs.plays[0][1]).capitalize()} was led:"

    def waiting(self, obs: Observation, seat: int) -> str:
        assert isinstance(obs, AnniversaryObservation)
        name = self.table.name(seat)
        if obs.phase is Phase.DRAFT:
            return f"{name} {'choose' if name == 'You' else 'chooses'} a Sweet Gesture…"
        return f"{name} {'are' if name == 'You' else 'is'} thinking…"

    def caption(self, caption: Hashable) -> pygame.Surface:
        assert isinstance(caption, tuple)
        return super().caption(self.table.name(caption[1]))

    # -- what drops and keys mean ------------------------------------------------------------
    def ways(self, action: Action, obs: Observation) -> Iterable[Way]:
        assert isinstance(obs, AnniversaryObservation)
        me = obs.seat
        if isinstance(action, Take):
            return (Gesture(gesture_piece(action.gesture), "offer", f"gestures{me}", "Take it",
                            "take a Sweet Gesture"),)
        if isinstance(action, Pass):
            return (Control("Pass it to my partner", "pass it to your partner", "pass",
                            pygame.K_p),)
        if isinstance(action, Pick):
            return (Gesture(action.card, "hand", "share", "Share", "drop a card on the gem spot"),)
        if isinstance(action, Unpick) and obs.picked is not None:
            return (Gesture(obs.picked, "share", "hand", "Take back"),
                    Control("Take the card back", back=True))
        if isinstance(action, Place) and obs.picked is not None:
            gems = gem_positions(obs.hand, obs.picked)
            n = gems.index(action.gem) if action.gem in gems else 0
            return (Control(str(action.gem), "place the gem", ("gem", n), pygame.K_1 + n),)
        if isinstance(action, Ready):
            return (Control("Ready", "get ready", "ready", pygame.K_r, primary=True),)
        if isinstance(action, Play):
            led = obs.plays[0][1] if obs.plays else None
            follows = led is not None and action.card.suit == led.suit
            return (Gesture(action.card, "hand", "date", "Play",
                            f"play a {colour(led)} card" if led and follows else "play any card"),)
        return ()

    def would(self, zone: str, piece: Piece) -> Sequence[Action]:
        if zone == "offer" and isinstance(piece.key, tuple):
            return (Take(piece.key[1]),)
        if zone == "hand" and isinstance(piece.key, int):
            return (Play(AnniversaryCard(piece.key)), Pick(AnniversaryCard(piece.key)))
        return ()

    # -- the game's own animations --------------------------------------------------------------
    def sound(self, event: Event) -> Sound | None:
        if isinstance(event, GestureSettled):
            return Sound.CHIME if event.status is Status.DONE else Sound.ERROR
        if isinstance(event, ChapterEnded):
            return Sound.FANFARE if event.success else Sound.ERROR
        return SOUNDS.get(type(event))

    def hold(self, event: Event) -> float:
        return HOLDS.get(type(event), 0.0)

    def special(self, event: Event) -> Step | None:
        table = self.table
        if isinstance(event, DateFooted):
            def footed() -> list[Tween]:
                table.remove("last", lambda p: False)  # the older Date gives way
                return table.carry(event.moves())
            return footed
        if isinstance(event, CardPicked) and event.seat == table.bottom:
            def picked() -> list[Tween]:
                if table.showing:  # a tip beside the gem spot makes way for its buttons
                    table.toast(table.showing)
                return table.carry(event.moves())
            return picked
        if isinstance(event, BountySettled) and event.seats:
            def bounty() -> None:
                table.toast(f"Bounty earned: +{event.cards} Healthy Communication", "good")
            return bounty
        if isinstance(event, ChapterEnded):
            def ended() -> list[Tween]:
                # The table as the chapter ended (a shown card can end it before a Date):
                # the stamps on, the gem spot and its buttons gone, and why, for a moment.
                table.toast(table.describe(event) or "", "good" if event.success
                            else "error")
                return table.refresh()
            return ended
        return None

    # -- the end of the chapter ------------------------------------------------------------------
    def results_picture(self, size: tuple[int, int]) -> pygame.Surface | None:
        """The chapter's gestures (and the bounty) as they ended, each with its stamp."""
        obs = self.table.obs
        assert isinstance(obs, AnniversaryObservation)
        cards = [(gid, mark, self.table.name(owner))
                 for gid, owner, mark in zip(obs.gestures, obs.owners, obs.settled)]
        if obs.bounty is not None:
            cards.append((obs.bounty, obs.bounty_status, "Bounty"))
        return gestures_sheet(self.art, self.ctx.text, self.table.frame, cards, size)

    def finished(self) -> None:
        """Write the chapter's outcome into the campaign (once per match)."""
        obs = self.table.obs
        assert isinstance(obs, AnniversaryObservation)
        if not self.recorded and obs.phase is Phase.OVER:
            self.recorded = True
            self.ctx.notices.extend(record_chapter(self.ctx.storage, obs))
