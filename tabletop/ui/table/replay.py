"""Watching a finished game again: the same table, the same animations and log, replayed
from the game's seed and moves, from any seat's point of view.

Space plays or pauses, Right steps one move on, Left one back, 1–6 (or Tab) show another
seat's view, Esc goes back.  Nothing is saved and nothing counts in the statistics.
"""

from __future__ import annotations

import pygame

from tabletop.engine.match import Match
from tabletop.engine.protocol import Action
from tabletop.ui.context import Context
from tabletop.ui.flow import Back
from tabletop.play.turns import Driver
from tabletop.ui.table.interaction import Moves
from tabletop.ui.table.scene import Table
from tabletop.ui.table.spec import TableSpec, View

__all__ = ["ReplayTable", "replay_table"]

#: Seconds between two moves while playing (times the animation speed).
PAUSE = 0.35


class ReplayDriver(Driver):
    """Applies the recorded moves, one at a time, when playing or asked to step."""

    def __init__(self, table: Table, moves: list[tuple[int, Action]]) -> None:
        super().__init__(table.session)
        self.table = table
        self.moves = moves
        self.playing = True
        self.wait = 0.0

    @property
    def position(self) -> int:
        """How many moves of the match have been shown."""
        return len(self.table.match.history)

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
        """Apply the next recorded move; ``False`` at the end."""
        if self.position >= len(self.moves):
            return False
        seat, action = self.moves[self.position]
        self.table.session.apply(action, seat)
        self.wait = PAUSE * self.table.animator.speed
        return True


class ReplayTable(Table):
    """A table that replays ``moves`` instead of asking players and bots."""

    def __init__(self, ctx: Context, match: Match, moves: list[tuple[int, Action]],
                 seat: int, spec: type[TableSpec]) -> None:
        super().__init__(ctx, match, spec=spec, spectator_seat=seat, autosave=False)
        self.replay = ReplayDriver(self, moves)
        self.session.driver = self.replay
        # Seen from ``seat``; nobody acts (the driver never opens input), humans included.
        self.session.look_from(seat, seat)
        self.guide.notes = ()  # first-game tips are for games being played
        self.offers_hints = False

    def enter(self) -> None:
        self.layout()

    def moves(self) -> Moves:
        return Moves()  # nobody plays: no lit pieces, no live buttons

    def view(self) -> View:
        view = super().view()
        shown = self.match.name(self.session.bottom)
        state = "playing" if self.replay.playing else "paused"
        view.prompt = (f"Replay, {shown}'s view: move {self.replay.position} of "
                       f"{len(self.replay.moves)} ({state}). Space plays or pauses, Left and "
                       "Right step, 1–6 change the view.")
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
        """One move back (the game is replayed from its seed to there)."""
        position = self.replay.position
        if position == 0:
            return
        self.replay.playing = False
        self.session.driver.cancel()
        self.match.rewind(position - 1)
        self.session.moved()
        self.taken_back(None, f"Move {position - 1} of {len(self.replay.moves)}.")

    def show_seat(self, seat: int) -> None:
        """See the replay from ``seat``'s side (its hidden cards too)."""
        if not 0 <= seat < len(self.match.seats) or seat == self.session.bottom:
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


def replay_table(ctx: Context, finished: Match, seat: int = 0) -> ReplayTable:
    """A replay of ``finished`` seen from ``seat``: the recorded moves stand in for
    players and bots alike."""
    entry = finished.entry
    match = Match(entry, finished.seats, finished.seed, finished.options)
    loader = ctx.listing(entry).load_table
    assert loader is not None
    spec = loader()
    assert issubclass(spec, TableSpec)
    return ReplayTable(ctx, match, list(finished.history), seat, spec)
