"""The Anomia table: each seat's play piles round the edge of the table, the draw piles
and the wild card in the middle, and a face-off panel with the typing box and a live
clock.

Every seat has its play piles (two each with two or three players) with its winning
pile and its name plate beside them (``layout``); the viewer sits at the bottom and the
others round the table in turn order.  The pile whose turn it is to draw is named on
its plate; piles in a face-off glow in their symbol's colour.

In a face-off the panel in the middle (``faceoff``) names both players and the category
each must answer, shows both cards (and a tie-breaker's), each side's tries and a clock
bar.  The viewer types into the box and presses Enter (``answering``); the box says at
once whether the answer counted.  In a game of only humans each player has a buzzer key
(1–6, shown on the plates) and the others judge with Right / Wrong; an answer the
lexicon does not know is put to the other humans with Yes / No buttons per voter.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from tabletop.engine.protocol import Action, Event, Observation, Zone as EngineZone, ZoneKind
from tabletop.games.anomia.info import LEARNED
from tabletop.games.anomia.actions import Answer, Draw, Judge, Vote
from tabletop.games.anomia.events import (
    Answered, Buzzed, Disputed, Drew, FaceOffBegan, FaceOffWon, Judged, PilesSplit, RoundOver,
    TieBreakDrawn, Tied, VoteDecided, WildInPlay, WildSetAside,
)
from tabletop.games.anomia.lexicon import learned_text
from tabletop.games.anomia.words import article
from tabletop.games.anomia.observation import AnomiaView
from tabletop.games.anomia.game import AnomiaGame
from tabletop.games.anomia.table.answering import BUZZER_KEYS, Answering
from tabletop.games.anomia.table.art import AnomiaArt
from tabletop.games.anomia.table.layout import Places, place
from tabletop.games.anomia.presenter import account_from_story, round_account
from tabletop.games.anomia.table.results import round_picture
from tabletop.ui.audio import Sound
from tabletop.ui.cards import ImageCache
from tabletop.ui.table.frame import Frame
from tabletop.ui.table.guide import GuideNote
from tabletop.ui.table.picture import Decor
from tabletop.ui.table.spec import InfoLine, Step, TableSpec, View
from tabletop.ui.table.zones import BACK, Piece, Zone
from tabletop.ui.widgets.seat_panel import SeatInfo, seat_panel_image

if TYPE_CHECKING:
    from tabletop.ui.table.sight import Sight

__all__ = ["AnomiaTableSpec", "BUZZER_KEYS"]

SOUNDS: dict[type[Event], Sound] = {
    Drew: Sound.FLIP, WildInPlay: Sound.FLIP, TieBreakDrawn: Sound.FLIP,
    PilesSplit: Sound.SHUFFLE, FaceOffBegan: Sound.BUZZ, Buzzed: Sound.BUZZ,
    FaceOffWon: Sound.TRICK_WON, RoundOver: Sound.FANFARE,
}
#: Seconds to look at a face-off won, a tie and a wild card set aside.
HOLDS: dict[type[Event], float] = {FaceOffWon: 0.45, Tied: 0.5, WildSetAside: 0.5}


class AnomiaTableSpec(TableSpec):
    CARD_BACK = "anomia/back.svg"
    FLIGHT = 0.26
    #: The face-off panel shows what is typed and the clock: the view is live.
    CACHE_VIEWS = False
    OWN_KEYS = {**{key: f"player {n + 1}'s buzzer" for n, key in enumerate(BUZZER_KEYS)},
                pygame.K_y: "yes: the answer is right", pygame.K_n: "no: the answer is wrong"}

    def __init__(self, table: Sight) -> None:
        super().__init__(table)
        game = table.match.game
        assert isinstance(game, AnomiaGame)
        self.game = game
        self.art = AnomiaArt(table.ctx.assets, table.ctx.text, game.box)
        #: What is typed and pointed at, and the input that makes the moves.
        self.answering = Answering(table, game, self.art)
        self.panel = self.answering.panel
        self.places: Places | None = None

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

    # -- where everything sits ----------------------------------------------------------------
    def layout(self, frame: Frame, bottom: int) -> dict[str, Zone]:
        seats = range(self.game.players)
        lines = [1 + (self.key_line(seat) is not None) for seat in seats]
        places = self.places = place(frame, [self.game.seat_piles(s) for s in seats], bottom,
                                     lines)
        self.panel.rect, self.panel.card = places.panel, places.card
        return places.zones

    def toast_area(self) -> pygame.Rect | None:
        return self.places.toasts if self.places is not None else None

    def zone_of(self, zone: EngineZone) -> str | None:
        kind, seat = zone.kind, zone.seat
        names = {ZoneKind.DECK: f"draw{seat}", ZoneKind.BOARD: f"pile{seat}",
                 ZoneKind.WON: f"won{seat}", ZoneKind.COMMUNITY: "wild", ZoneKind.SPOT: "tie"}
        return names.get(kind)

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
        tie = fo.tie_card if fo is not None else -1
        zones["tie"] = [Piece(tie, tie)] if tie >= 0 else []
        drawer = self.game.owner(obs.turn) if obs.phase == "draw" else None
        view.decor.extend(self.plate_of(seat, self.seat_info(obs, seat, drawer))
                          for seat in range(self.game.players))
        if fo is not None:
            view.decor.extend(self.panel.halo(pile, obs.piles[pile][-1] if obs.piles[pile] else -1)
                              for pile in fo.piles)
            view.decor.append(self.panel.decor(obs))
        view.prompt, view.urgent = self.prompt(obs)
        view.info = self.info(obs)
        return view

    def key_line(self, seat: int) -> tuple[str, str] | None:
        """A plate's second line: the seat's buzzer, or its key to take the answer box."""
        if self.game.buzzers:
            return ("Buzzer", str(seat + 1))
        if seat in self.table.humans and len(self.table.humans) > 1:
            return ("Key", str(seat + 1))
        return None

    def seat_info(self, obs: AnomiaView, seat: int, drawer: int | None) -> SeatInfo:
        key = self.key_line(seat)
        lines = (("Cards won", str(len(obs.won[seat]))), *([key] if key else []))
        s = self.table.match.seats[seat]
        return SeatInfo(self.table.name(seat), s.is_bot, s.level, seat, seat == drawer,
                        lines, "draws next" if seat == drawer else "", remote=self.table.far(seat))

    def plate_of(self, seat: int, info: SeatInfo) -> Decor:
        """The kit's name plate, drawn at a scale that reads in a small window too."""
        assert self.places is not None
        rect, scale = self.places.plates[seat], self.places.plate_scale
        return Decor(("plate", seat), (info, rect.size, scale),
                     partial(seat_panel_image, info, rect.size, self.ctx.text, self.ctx.assets,
                             scale), (rect.x - 6, rect.y - 6))

    def prompt(self, obs: AnomiaView) -> tuple[str, bool]:
        table = self.table
        tell = table.teller()
        if obs.phase == "over":
            return "The draw piles are empty: the round is over.", False
        fo = obs.faceoff
        if obs.phase == "draw":
            drawer = self.game.owner(obs.turn)
            if drawer in table.humans:
                again = " again (a wild card)" if obs.again else ""
                whose = tell.their(drawer)
                return (f"{whose[0].upper()}{whose[1:]} turn to draw{again}: click a draw pile "
                        "or press Space.", True)
            return f"{tell.act(drawer, 'turns up', 'turn up')} a card…", False
        assert fo is not None
        if obs.phase == "judge":
            return (f"Was {tell.their(fo.seats[obs.judge])} answer right? "
                    "The other players decide.", True)
        if obs.phase == "vote":
            if self.panel.contest(obs):
                return ("Not in our list. Contest it (Y) and the reference decides, or let "
                        "it stand (N).", True)
            return "Vote: does the answer count?", True
        if self.game.buzzers:
            return "Face-off! Buzz when you have an answer, then say it aloud.", True
        answerers = self.answering.answerers(obs)
        if len(answerers) == 2 and self.answering.typing_seat(obs) is None:
            keys = " or ".join(str(s + 1) for s in answerers)
            return f"Face-off! Press your key ({keys}) to take the answer box.", True
        if any(s in table.humans for s in fo.seats):
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
        # The cards won, most first: each player and their number in one chip.
        won = tuple((table.name(s), str(len(obs.won[s])))
                    for s in sorted(range(self.game.players), key=lambda s: -len(obs.won[s])))
        lines.append(InfoLine("Cards won", "soft"))
        lines.append(InfoLine("   ·   ".join(f"{n}: {c}" for n, c in won), chips=won))
        return lines

    # -- input ------------------------------------------------------------------------------------
    def current(self) -> AnomiaView:
        return self.answering.current()

    def tick(self) -> None:
        self.answering.tick()

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.answering.handle(event)

    def remember(self, category: str, answer: str) -> None:
        """An answer the table voted in counts in later games too: it goes into the
        player's file of learned answers, read when a game is set up."""
        problem = self.ctx.storage.update_text(LEARNED,
                                               lambda old: learned_text(old, category, answer))
        self.table.toast(problem or f"“{answer}” will count as {article(category)} from now "
                         "on.", kind="error" if problem else "info", seconds=3.0)

    def show_hint(self, action: Action) -> str | None:
        """A draw pile to turn up, or an answer that would count (what the ``normal``
        bot had in mind)."""
        table = self.table
        if isinstance(action, Draw):
            table.light(table.picture.zones[f"draw{action.side}"].rect)
            return "Hint: turn up a card from the lit pile (click it, or press Space)."
        fo = self.current().faceoff
        if isinstance(action, Answer) and fo is not None and table.viewer in fo.seats:
            ask = fo.asks[fo.seats.index(table.viewer)]
            return f"Hint: “{action.text}” counts as {article(ask)}."
        if isinstance(action, (Judge, Vote)):
            return "Hint: decide as you heard it: Y for yes, N for no."
        return None

    def results_picture(self, size: tuple[int, int]) -> pygame.Surface | None:
        """How the round went: each player's face-offs and quickest answer, the round's
        figures and the answers that won."""
        match = self.table.match
        players = self.game.players
        joined = self.table.joined  # (a seat across the network is told no events)
        account = (round_account(match.log, players) if joined is None
                   else account_from_story(joined.story, players))
        if account is None:
            return None
        names = [self.table.name(s) for s in range(players)]
        return round_picture(size, account, match.state.scores(), names, self.ctx.text,
                             self.table.frame.px)

    # -- animation and sound ----------------------------------------------------------------------
    def sound(self, event: Event) -> Sound | None:
        if isinstance(event, (Answered, VoteDecided)):
            return Sound.RIGHT if event.accepted else Sound.WRONG
        if isinstance(event, Judged):
            return Sound.RIGHT if event.right else Sound.WRONG
        return SOUNDS.get(type(event))

    def hold(self, event: Event) -> float:
        return HOLDS.get(type(event), 0.0)

    def special(self, event: Event) -> Step | None:
        table = self.table
        if isinstance(event, PilesSplit):
            return lambda: table.refresh(0.3)  # the two draw piles appear, split
        if isinstance(event, Answered) and event.seat in table.humans:
            self.answering.verdict = ((f"Right: {event.answer}" if event.answer else "Right!")
                                      if event.accepted else event.reason, event.accepted)
        elif isinstance(event, FaceOffBegan):
            self.answering.began()
        elif isinstance(event, VoteDecided) and event.accepted:
            self.remember(event.category, event.text)
        elif isinstance(event, (Tied, Disputed, WildSetAside)):
            line = table.describe(event)
            if line:
                table.toast(line, seconds=2.4)
        return None
