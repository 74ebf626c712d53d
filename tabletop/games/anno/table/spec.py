"""The Anno table: hand, boards of month columns, the Community Eight, deck and burn.

The viewer's hand is fanned at the bottom beside their name plate; their board —
one column per month laid, matched cards tucked under it — fills the middle left,
the Community Eight (two rows of four) the middle right with the deck and the burn
pile beside it.  The other players sit along the top, each with a plate, a hidden
hand and a small board.

A match is built on the board: drag a Month from the hand to lay it down, drag
cards onto it (they stay lit, staged, until Confirm), or drag a card straight onto
a month already there.  A Blue Moon dropped on a Community Eight card exchanges it;
a card dropped on the burn pile ends the turn.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import partial
from typing import TYPE_CHECKING

import pygame

from tabletop.engine.protocol import Action, Event, Observation, Zone as EngineZone, ZoneKind
from tabletop.games.anno.actions import (
    Burn, Commit, Declare, Exchange, Match, Stage, Unstage, Withdraw,
)
from tabletop.games.anno.cards import AnnoCard, Kind, kind_of, month_info
from tabletop.games.anno.events import (
    CardBurned, CardDrawn, CardStaged, CardsGathered, CommunityDealt, CommunityRefilled,
    DealerFound, Declared, Exchanged, Matched, RoundEnded, RoundStarted,
)
from tabletop.games.anno.observation import AnnoObservation
from tabletop.games.anno.table import notes
from tabletop.games.anno.table.art import AnnoArt
from tabletop.games.anno.table.board import board_columns, column_area, pips_image, slot_state
from tabletop.games.anno.table.sheets import full_score_sheet, score_sheet
from tabletop.ui import theme
from tabletop.ui.audio import Sound
from tabletop.ui.cards import ImageCache
from tabletop.ui.compositor import Sprite
from tabletop.ui.table.frame import Frame
from tabletop.ui.table.picture import Decor, Layers
from tabletop.ui.table.guide import GuideNote
from tabletop.ui.table.spec import Control, Gesture, InfoLine, Step, TableSpec, View, Way
from tabletop.ui.table.zones import BACK, Fan, Grid, Hidden, Pile, Piece, Row, Zone
from tabletop.ui.tween import Tween
from tabletop.ui.widgets.seat_panel import SeatInfo

if TYPE_CHECKING:
    from tabletop.ui.table.sight import Sight

__all__ = ["AnnoTableSpec"]

CARD = (92, 129)      # the viewer's hand
BOARD = (74, 104)     # the viewer's board and the Community Eight
SMALL = (46, 64)      # the others' boards and hands
PANEL = (216, 104)
COLUMNS = 9
SMALL_COLUMNS = 8
TUCK = 0.24
#: What each event sounds like.
SOUNDS: dict[type, Sound] = {
    Declared: Sound.PLAY, CardStaged: Sound.PLAY, Matched: Sound.TRICK_WON,
    CardBurned: Sound.DISCARD, CardDrawn: Sound.DEAL, CommunityRefilled: Sound.DEAL,
    CommunityDealt: Sound.DEAL, RoundStarted: Sound.SHUFFLE, CardsGathered: Sound.SHUFFLE,
    RoundEnded: Sound.CHIME, Exchanged: Sound.FLIP,
}
#: Seconds to pause after an event, so a player sees it.
HOLDS: dict[type, float] = {RoundEnded: 3.4, Matched: 0.35, RoundStarted: 0.3, DealerFound: 0.3}


class AnnoTableSpec(TableSpec):
    CARD_BACK = "anno/back.svg"

    def __init__(self, table: Sight) -> None:
        super().__init__(table)
        self.art = AnnoArt(table.ctx.assets, table.ctx.text)
        self.players = len(table.match.seats)
        self.panels: dict[int, pygame.Rect] = {}
        self.confirm = pygame.Rect(0, 0, 0, 0)
        self.take_back = pygame.Rect(0, 0, 0, 0)
        self.news = pygame.Rect(0, 0, 0, 0)

    @property
    def faces(self) -> ImageCache:
        """The art's faces (a staged card's face has a lit edge: ``("staged", card)``)."""
        return self.art.cards

    def hints(self) -> tuple[str, ...]:
        return notes.HINTS

    def guide(self) -> tuple[GuideNote, ...]:
        return notes.GUIDE

    # -- where everything sits ------------------------------------------------------------
    def layout(self, frame: Frame, bottom: int) -> dict[str, Zone]:
        px = frame.px
        play = frame.play
        card, board, small = frame.card(CARD), frame.card(BOARD), frame.card(SMALL)
        zones: dict[str, Zone] = {}
        # The others along the top.
        others = [(bottom + i) % self.players for i in range(1, self.players)]
        band = play.w / max(1, len(others))
        top_h = 0
        self.panels = {}
        for i, seat in enumerate(others):
            left = play.x + band * i
            plate = pygame.Rect(round(left + px(8)), play.y + px(6), px(PANEL[0]), px(PANEL[1]))
            self.panels[seat] = plate
            zones[f"hidden{seat}"] = Hidden(f"hidden{seat}", small, (plate.right + px(16) + small[0],
                                                           plate.centery))
            grid_w = band - px(16)
            columns = max(4, min(SMALL_COLUMNS, int((grid_w + px(4)) // (small[0] + px(4)))))
            # Focusable so that pointing at one of its months tells what it still takes
            # (nothing there can be picked up, so Tab passes it by).
            grid = Grid(f"board{seat}", small, (left + band / 2, plate.bottom + px(14) + small[1] / 2),
                        columns=columns, gap=px(4), tuck=0.3, layer=12, focusable=True)
            zones[grid.id] = grid
            top_h = max(top_h, grid.rect.bottom - play.y + round(small[1] * 0.3))
        # The Community Eight, deck and burn pile: middle right.
        mid_top = play.y + top_h + px(16)
        community = Row("community", board, (0, 0), slots=8, rows=2, gap=px(10), layer=14,
                        focusable=True)
        community.center = (play.right - community.width / 2 - px(10),
                            mid_top + community.height / 2 + px(8))
        zones["community"] = community
        pile = (round(board[0] * 0.9), round(board[1] * 0.9))
        pile_x = community.rect.left - pile[0] / 2 - px(22)
        zones["deck"] = Pile("deck", pile, (pile_x, community.rect.centery),
                             label="Deck", layer=Layers.PANEL)
        # The viewer's board: middle left.
        grid_right = pile_x - pile[0] / 2 - px(20)
        width = grid_right - play.x - px(10)
        columns = max(5, min(COLUMNS, int((width + px(8)) // (board[0] + px(8)))))
        grid = Grid(f"board{bottom}", board, (0, mid_top + board[1] / 2 + px(8)), columns=columns,
                    gap=px(8), tuck=TUCK, layer=16, focusable=True)
        grid.center = (play.x + px(10) + grid.rect.w / 2, grid.center[1])
        zones[grid.id] = grid
        # The viewer's plate, hand, buttons and the burn pile along the bottom.
        plate = pygame.Rect(play.x + px(6), play.bottom - px(PANEL[1] + 20), px(PANEL[0]),
                            px(PANEL[1]))
        self.panels[bottom] = plate
        burn_at = (play.right - pile[0] / 2 - px(14), play.bottom - pile[1] / 2 - px(26))
        zones["burn"] = Pile("burn", pile, burn_at, label="Burn", layer=Layers.PANEL)
        # Wide enough for "Confirm (Space)" in the buttons' smallest type (a small window).
        label = self.ctx.text.font(frame.font(11), True).size("Confirm (Space)")[0]
        button = (max(px(130), label + 20), px(44))
        self.confirm = pygame.Rect((0, 0), button)
        self.confirm.bottomright = (round(burn_at[0] - pile[0] / 2 - px(20)),
                                    play.bottom - px(78))
        self.take_back = pygame.Rect((0, 0), button)
        self.take_back.topright = (self.confirm.right, self.confirm.bottom + px(10))
        self.slots.update({"confirm": self.confirm, "take-back": self.take_back})
        left = plate.right + px(24)
        right = self.confirm.left - px(20)
        hand_y = play.bottom - card[1] / 2 - px(18)
        zones["hand"] = Fan("hand", card, ((left + right) / 2, hand_y),
                            max_width=min(right - left, px(760)), layer=30, ordered=True)
        # Tips and news: below the board and the Community Eight, clear of a prompt grown
        # to two lines above the hand.
        top_y = max(grid.rect.bottom, community.rect.bottom) + px(8)
        bottom_y = zones["hand"].bounds().top - px(94)
        self.news = pygame.Rect(left, top_y, right - left, bottom_y - top_y)
        return zones

    def toast_area(self) -> pygame.Rect | None:
        return self.news

    def zone_of(self, zone: EngineZone) -> str | None:
        kind, seat = zone.kind, zone.seat
        if kind is ZoneKind.HAND:
            return "hand" if seat == self.table.bottom else f"hidden{seat}"
        if kind is ZoneKind.BOARD:
            return f"board{seat}"
        if kind is ZoneKind.COMMUNITY:
            return "community"
        if kind is ZoneKind.DECK:
            return "deck"
        if kind is ZoneKind.DISCARD:
            return "burn"
        return None

    # -- what the viewer sees ---------------------------------------------------------------
    def view(self, obs: Observation) -> View:
        assert isinstance(obs, AnnoObservation)
        me = self.table.bottom
        view = View()
        zones = view.zones
        mine = self.table.private
        zones["hand"] = [Piece(card, card) if mine else Piece(("back", "hand", i), BACK)
                         for i, card in enumerate(obs.hand)]
        for seat in range(obs.players):
            if seat != me:
                zones[f"hidden{seat}"] = [Piece(("back", f"hidden{seat}", i), BACK)
                                          for i in range(obs.hand_sizes[seat])]
            pieces = []
            staged = set(obs.staged) if obs.current_player == seat else set()
            for column, (month, cards, _) in enumerate(board_columns(obs, seat)):
                pieces.append(Piece(month, month, column))
                pieces += [Piece(c, ("staged", c) if c in staged else c, column) for c in cards]
            zones[f"board{seat}"] = pieces
        zones["community"] = [Piece(card, ("dim", card) if card.kind is Kind.BLUE_MOON else card, p)
                              for p, card in enumerate(obs.community) if card is not None]
        zones["deck"] = [Piece(("back", "deck", i), BACK) for i in range(obs.deck_size)]
        zones["burn"] = [Piece(("back", "burn", i), BACK) for i in range(sum(obs.burned_counts))]
        view.decor = list(self.decor(obs))
        dealer = self.table.name(obs.dealer) if obs.dealer >= 0 else "—"
        view.info = [InfoLine(f"Round {obs.round_number} of {obs.rounds}  ·  {dealer} dealt",
                              "title"),
                     InfoLine(f"Deck: {obs.deck_size} cards  ·  Burned: "
                              f"{sum(obs.burned_counts)}", "soft")]
        if obs.declared is not None and obs.current_player == me:
            columns = board_columns(obs, me)
            cards = next(cards for month, cards, _ in columns if month == obs.declared)
            view.tips = notes.month_lines(obs.declared, cards, "")
        else:
            view.tips = list(notes.TIPS)
        return view

    def pointed(self, obs: Observation, zone: str, piece: Piece) -> list[InfoLine] | None:
        """Any card pointed at: what it is and where it fits; a board's card: what its
        month still takes."""
        assert isinstance(obs, AnnoObservation)
        if not isinstance(piece.key, int):
            return None
        card = AnnoCard(piece.key)
        if zone.startswith("board"):
            seat = int(zone[len("board"):])
            columns = board_columns(obs, seat)
            if piece.slot is None or piece.slot >= len(columns):
                return None
            whose = "" if seat == self.table.bottom else f"{self.table.name(seat)}'s "
            return notes.column_lines(obs, columns[piece.slot], card, whose)
        if zone not in ("hand", "community"):
            return None
        moves = self.table.moves()
        return notes.card_lines(obs, card, zone, lambda c: any(
            isinstance(o.steps[-1], Stage) for o in moves.of(c)))

    def decor(self, obs: AnnoObservation) -> Iterable[Decor]:
        table = self.table
        frame = table.frame
        for seat, rect in self.panels.items():
            yield self.plate(seat, rect, self.seat_info(obs, seat))
        for seat in range(obs.players):
            yield from self.slot_pips(obs, seat)
        community = table.picture.zones["community"]
        yield self.label("community-label", "Community Eight", 15,
                         (community.rect.centerx, community.rect.top - frame.px(12)),
                         color=theme.INK_SOFT, bold=True)
        board = table.picture.zones[f"board{table.bottom}"]
        if not obs.boards[table.bottom] and obs.declared is None:
            yield self.label("board-label", "Your board: lay a Month here", 17,
                             (board.rect.x + frame.px(10), board.rect.y + frame.px(40)),
                             color=theme.INK_DIM, anchor="topleft")

    def slot_pips(self, obs: AnnoObservation, seat: int) -> Iterable[Decor]:
        """Above each month column: its four places — Quarter, Days, Season, Zodiac —
        solid when filled, a ring when open (a second zodiac ring once a Cusp is there)."""
        grid = self.table.picture.zones[f"board{seat}"]
        assert isinstance(grid, Grid)
        w, h = grid.size
        size = (w, max(6, round(w * 0.16)))
        for column, (month, cards, _) in enumerate(board_columns(obs, seat)):
            filled = slot_state(month, cards)
            x, y = grid.column_center(column)
            yield Decor(("pips", seat, column), (filled, size),
                        partial(pips_image, filled, size), (x, y - h / 2 - size[1] * 0.8),
                        grid.layer - 1, anchor="center")

    def seat_info(self, obs: AnnoObservation, seat: int) -> SeatInfo:
        table = self.table
        s = table.match.seats[seat]
        return SeatInfo(
            name=table.name(seat), is_bot=s.is_bot, level=s.level, seat=seat,
            active=obs.current_player == seat,
            lines=(("This round", f"{obs.live_points(seat):+d}"), ("Total", str(obs.totals[seat]))),
            note="thinking…" if seat in table.thinking else (
                "dealer" if seat == obs.dealer else ""), remote=self.table.far(seat))

    def lead(self, obs: Observation) -> str:
        assert isinstance(obs, AnnoObservation)
        if obs.declared is not None:
            return f"Matching to {month_info(obs.declared).name}:"
        if obs.withdrawn is not None:
            return f"You gave up {month_info(obs.withdrawn).name} this turn:"
        return "Now:" if obs.matched else "Your turn:"

    # -- how each move is made ---------------------------------------------------------------
    def column_area(self, seat: int, column: int) -> tuple[int, int, int, int]:
        """Where a card dropped on ``seat``'s month ``column`` goes to that month."""
        grid = self.table.picture.zones[f"board{seat}"]
        assert isinstance(grid, Grid)
        return column_area(grid, column)

    def community_area(self, place: int) -> tuple[int, int, int, int]:
        community = self.table.picture.zones["community"]
        assert isinstance(community, Row)
        rect = community.slot_rect(place)
        return (rect.x, rect.y, rect.w, rect.h)

    def ways(self, action: Action, obs: Observation) -> Iterable[Way]:
        assert isinstance(obs, AnnoObservation)
        me = obs.seat
        board = f"board{me}"
        if isinstance(action, Exchange):
            place = self.community_area(action.position)
            card = obs.community[action.position]
            says = "trade a Blue Moon"
            ways: list[Way] = [Gesture(action.blue_moon, "hand", "community", "Exchange", says,
                                       area=place)]
            if card is not None:
                ways.append(Gesture(card, "community", "hand", "Trade your Blue Moon for it",
                                    says))
            return ways
        if isinstance(action, Declare):
            if action.month in obs.hand:
                return (Gesture(action.month, "hand", board, "Lay it down",
                                "lay down a Month"),)
            columns = [m for m, _, _ in board_columns(obs, me)]
            if action.month not in columns:
                return ()
            name = month_info(action.month).name
            return (Gesture(action.month, board, board, f"Add to {name}",
                            "add to one of your months",
                            area=self.column_area(me, columns.index(action.month)), leads=True),)
        if isinstance(action, Stage):
            source = "community" if action.card in obs.community else "hand"
            name = month_info(obs.declared).name if obs.declared is not None else "the month"
            return (Gesture(action.card, source, board, f"Add to {name}",
                            f"add cards to {name}"),)
        if isinstance(action, Unstage):
            back = "community" if obs.staged_from_community else "hand"
            gesture = Gesture(action.card, board, back, "Take back")
            if obs.staged and action.card == obs.staged[-1]:  # Esc takes the last one back
                return (gesture, Control("Take the last card back", back=True))
            return (gesture,)
        if isinstance(action, Withdraw):
            ways = [Control("Give up", "", "take-back", pygame.K_g)]
            if obs.declared is not None and obs.declared_new:
                ways.append(Gesture(obs.declared, board, "hand", "Give up the match"))
            return ways
        if isinstance(action, Commit):
            return (Control("Confirm", "confirm the match", "confirm", primary=True),)
        if isinstance(action, Burn):
            return (Gesture(action.card, "hand", "burn", "Burn", "burn a card to end your turn"),)
        return ()

    def standing(self, obs: Observation) -> Sequence[Action]:
        assert isinstance(obs, AnnoObservation)
        return (Commit(),) if obs.declared is not None else ()

    def steps_of(self, action: Action) -> Sequence[Action]:
        """A bot's whole match, as a person makes it: declare, add each card, confirm."""
        if isinstance(action, Match):
            return (Declare(action.month), *(Stage(card) for card in action.cards), Commit())
        return (action,)

    def step_words(self, action: Action, obs: Observation) -> str:
        assert isinstance(obs, AnnoObservation)
        if isinstance(action, Declare):
            name = month_info(action.month).name
            return f"lay down {name}" if action.month in obs.hand else f"match to {name}"
        if isinstance(action, Stage):
            where = "the Community Eight" if action.card in obs.community else "your hand"
            return f"add the {action.card} from {where}"
        if isinstance(action, Commit):
            return "Confirm"
        return super().step_words(action, obs)

    def would(self, zone: str, piece: Piece) -> Sequence[Action]:
        if not isinstance(piece.key, int):
            return ()
        card = AnnoCard(piece.key)
        if zone == "hand":
            declare = (Declare(card),) if kind_of(card) is Kind.MONTH else ()
            return (*declare, Stage(card), Burn(card))
        if zone == "community":
            return (Stage(card),)
        if zone.startswith("board") and kind_of(card) is Kind.MONTH:
            return (Declare(card),)
        return ()

    # -- the game's own animations ---------------------------------------------------------------
    def sound(self, event: Event) -> Sound | None:
        return SOUNDS.get(type(event))

    def hold(self, event: Event) -> float:
        return HOLDS.get(type(event), 0.0)

    def special(self, event: Event) -> Step | None:
        table = self.table
        if isinstance(event, (RoundStarted, DealerFound, Exchanged)):
            def told() -> list[Tween]:
                table.toast(table.describe(event) or "", seconds=2.6)
                return table.carry(event.moves())
            return told
        if isinstance(event, RoundEnded):
            return lambda: self.summary(event)
        return None

    def results_picture(self, size: tuple[int, int]) -> pygame.Surface | None:
        """The whole game's score sheet, round by round, as the rulebook keeps it."""
        obs = self.table.match.state.observation(0)  # (the game is over: all is open)
        assert isinstance(obs, AnnoObservation)
        names = [self.table.name(s) for s in range(obs.players)]
        return full_score_sheet(self.ctx.text, size, names, obs.round_plus, obs.round_minus,
                                self.table.frame.scale)

    def summary(self, event: RoundEnded) -> None:
        """The round's score sheet over the middle of the table for a moment."""
        table = self.table
        frame = table.frame
        image = score_sheet(self.ctx.text, frame, [table.name(s) for s in range(len(event.plus))],
                            event)
        sprite = table.effect(Sprite(image, 0, 0, Layers.TOAST - 1))
        sprite.center_on(frame.play.centerx, frame.play.y + frame.play.h * 0.45)

