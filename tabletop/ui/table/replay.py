"""Watching a finished game again: the same table, the same animations and log.

A game played here is replayed from its seed and moves, from any seat's point of view.
A game joined from another computer is replayed from the positions its host told this
seat (it never knew the others' cards or the moves it was not shown): its own view only.

Space plays or pauses, Right steps one move on, Left one back, 1–6 (or Tab) show another
seat's view, Esc goes back.  Nothing is saved and nothing counts in the statistics.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from tabletop.engine.match import Match
from tabletop.engine.protocol import Action
from tabletop.net.mirror import sample_told
from tabletop.ui.context import Context
from tabletop.ui.flow import Back
from tabletop.play.turns import Driver
from tabletop.ui.table.interaction import Moves
from tabletop.ui.table.scene import Table
from tabletop.ui.table.spec import TableSpec, View

if TYPE_CHECKING:
    from tabletop.net.client import Seen

__all__ = ["ReplayTable", "replay_table"]

#: Seconds between two moves while playing (times the animation speed).
PAUSE = 0.35


class Tape(Protocol):
    """What a replay steps through."""

    #: Whether every seat's view may be shown (else only the seat the tape was told).
    every_view: bool

    @property
    def length(self) -> int:
        """How many steps the tape has."""

    @property
    def position(self) -> int:
        """How many steps have been shown."""

    def forward(self) -> None:
        """Show the next step (animated, with its log lines)."""

    def back(self) -> None:
        """Go one step back (the table is then shown anew)."""


class RecordedMoves:
    """A game played here: its moves, applied again from its seed."""

    every_view = True

    def __init__(self, table: Table, moves: list[tuple[int, Action]]) -> None:
        self.table, self.moves = table, moves

    @property
    def length(self) -> int:
        """The game's moves."""
        return len(self.moves)

    @property
    def position(self) -> int:
        """The moves made again so far."""
        return len(self.table.match.history)

    def forward(self) -> None:
        """Make the next move again (animated and logged as it was played)."""
        seat, action = self.moves[self.position]
        self.table.session.apply(action, seat)

    def back(self) -> None:
        """Play the game again from its seed to one move before."""
        self.table.match.rewind(self.position - 1)
        self.table.session.moved()


class ToldPositions:
    """A game joined from another computer: the positions its host told this seat, and
    the log's lines, shown on positions sampled from them (as the table joined was)."""

    every_view = False

    def __init__(self, table: Table, seen: Sequence[Seen], lines: Sequence[str]) -> None:
        self.table, self.seen, self.lines = table, seen, lines
        self.at = 0
        self.show(0)

    @property
    def length(self) -> int:
        """The steps between the first position told and the last."""
        return len(self.seen) - 1

    @property
    def position(self) -> int:
        """The position shown (0: the first told)."""
        return self.at

    def show(self, at: int) -> None:
        """Put the ``at``-th position told on the table, with the log as told by then."""
        self.at = at
        told = self.seen[at]
        sample_told(self.table.match, told.obs, told.seq)
        self.table.session.told_lines = list(self.lines[:told.lines])
        self.table.session.moved()

    def forward(self) -> None:
        """The next position told: the pieces glide there, and its new lines are logged."""
        before = self.seen[self.at].lines
        self.show(self.at + 1)
        self.table.stage.updated(self.lines[before:self.seen[self.at].lines])

    def back(self) -> None:
        """The position told before."""
        self.show(self.at - 1)


class ReplayDriver(Driver):
    """Steps the tape on, one step at a time, when playing or asked to."""

    def __init__(self, table: Table, tape: Tape) -> None:
        super().__init__(table.session)
        self.table = table
        self.tape = tape
        self.playing = True
        self.wait = 0.0

    @property
    def position(self) -> int:
        """How many steps of the tape have been shown."""
        return self.tape.position

    @property
    def length(self) -> int:
        """How many steps the tape has."""
        return self.tape.length

    def input_open(self) -> bool:
        return False

    def update(self, dt: float) -> None:
        """While playing, show the next move once the last has settled and its pause is over."""
        table = self.table
        if not self.playing or table.animating:
            return
        self.wait -= dt
        if self.wait > 0:
            return
        if not self.step():
            self.playing = False
            table.chrome.toast("The end of the game. Left steps back, Esc goes back.", seconds=4.0)

    def step(self) -> bool:
        """Show the next step; ``False`` at the end."""
        if self.position >= self.length:
            return False
        self.tape.forward()
        self.wait = PAUSE * self.table.animator.speed
        return True


class ReplayTable(Table):
    """A table that replays a tape instead of asking players and bots: the recorded
    ``moves`` of a game played here, or the positions ``seen`` at a seat joined."""

    def __init__(self, ctx: Context, match: Match, moves: list[tuple[int, Action]],
                 seat: int, spec: type[TableSpec], *, seen: Sequence[Seen] = (),
                 lines: Sequence[str] = ()) -> None:
        super().__init__(ctx, match, spec=spec, spectator_seat=seat, autosave=False)
        # Seen from ``seat``; nobody acts (the driver never opens input), humans included.
        self.session.look_from(seat, seat)
        tape = ToldPositions(self, seen, lines) if seen else RecordedMoves(self, moves)
        self.replay = ReplayDriver(self, tape)
        self.session.driver = self.replay
        self.guide.notes = ()  # first-game tips are for games being played
        self.offers_hints = False

    def enter(self) -> None:
        self.layout()
        if self.session.told_lines is not None:
            self.chrome.rebuild_log()

    def moves(self) -> Moves:
        return Moves()  # nobody plays: no lit pieces, no live buttons

    def view(self) -> View:
        view = super().view()
        shown = self.match.name(self.session.bottom)
        state = "playing" if self.replay.playing else "paused"
        views = ", 1–6 change the view" if self.replay.tape.every_view else ""
        view.prompt = (f"Replay, {shown}'s view: move {self.replay.position} of "
                       f"{self.replay.length} ({state}). Space plays or pauses, Left and "
                       f"Right step{views}.")
        view.urgent = False
        return view

    def hint(self) -> None:
        """A replay has no hints: say so."""
        self.chrome.toast("This is a replay: hints are for games in progress.")

    def undo(self) -> None:
        self.back_one()

    def redo(self) -> None:
        """One move forward."""
        self.replay.step()

    def back_one(self) -> None:
        """One move back (a game played here is replayed from its seed to there)."""
        position = self.replay.position
        if position == 0:
            return
        self.replay.playing = False
        self.session.driver.cancel()
        self.replay.tape.back()
        self.taken_back(None, f"Move {position - 1} of {self.replay.length}.")

    def show_seat(self, seat: int) -> None:
        """See the replay from ``seat``'s side (its hidden cards too)."""
        if not 0 <= seat < len(self.match.seats) or seat == self.session.bottom:
            return
        if not self.replay.tape.every_view:
            self.chrome.toast("This game was played from another computer: its replay "
                              "shows your own view, as you saw it.")
            return
        self.animator.skip()
        self._bottom = seat
        self.stage.seen_from(seat)
    def take_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return super().take_event(event) if event.type != pygame.MOUSEBUTTONDOWN \
                else self.click(event)
        key = event.key
        if key == pygame.K_SPACE:
            self.replay.playing = not self.replay.playing
            self.redraw()  # (only once the picture is still: a refresh mid-move would jump)
        elif key == pygame.K_RIGHT:
            self.replay.playing = False
            self.animator.skip()
            self.replay.step()
        elif key == pygame.K_LEFT:
            self.back_one()
        elif key == pygame.K_TAB:
            self.show_seat((self.session.bottom + 1) % len(self.match.seats))
        elif pygame.K_1 <= key <= pygame.K_9:
            self.show_seat(key - pygame.K_1)
        elif key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.ask(Back())
        else:
            return super().take_event(event)
        return True

    def click(self, event: pygame.event.Event) -> bool:
        """The Menu and Rules buttons work; a click elsewhere plays or pauses."""
        frame = self.frame
        if frame.menu_button.collidepoint(event.pos):
            self.ask(Back())
        elif frame.rules_button.collidepoint(event.pos):
            self.ask(self.open_rules())
        elif frame.hint_button.collidepoint(event.pos):
            self.hint()
        else:
            self.replay.playing = not self.replay.playing
            self.redraw()  # (only once the picture is still: a refresh mid-move would jump)
        return True


def replay_table(ctx: Context, finished: Match, seat: int = 0, *, seen: Sequence[Seen] = (),
                 lines: Sequence[str] = ()) -> ReplayTable:
    """A replay of ``finished`` seen from ``seat``: the recorded moves stand in for
    players and bots alike; or, for a game joined from another computer, the positions
    its host told ``seat`` (``seen``) and the log's ``lines``."""
    entry = finished.entry
    match = Match(entry, finished.seats, finished.seed, finished.options)
    if seen:
        match.game = finished.game  # (as the host made it)
    loader = ctx.listing(entry).load_table
    assert loader is not None
    spec = loader()
    assert issubclass(spec, TableSpec)
    return ReplayTable(ctx, match, [] if seen else list(finished.history), seat, spec,
                       seen=seen, lines=lines)
