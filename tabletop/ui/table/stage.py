"""The table as the stage its session plays on.

The session (:mod:`tabletop.play.session`) says what happened and whose turn it is;
the stage shows it: events become animations, a human's turn brings the right
player to the screen (behind the hand-off curtain when several share it), a first
game's tips and guided moves, and at the end the results.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.engine.protocol import Event
from tabletop.ui.audio import Sound
from tabletop.ui.flow import Home, Open, Route
from tabletop.ui.table.host import TableHost

__all__ = ["TableStage"]

#: Seconds a piece glides to where a host across the network says it now lies.
GLIDE = 0.3


class TableStage:
    """What the session needs of a table (:class:`~tabletop.play.contracts.Stage`)."""

    def __init__(self, table: TableHost) -> None:
        self.table = table
        self._tipped = False
        self._turn_seen = -1

    @property
    def animating(self) -> bool:
        """Whether something still moves on the table."""
        return self.table.animator.busy

    @property
    def dragging(self) -> bool:
        """Whether the viewer holds a piece with the mouse."""
        return self.table.controls.grabbed is not None

    @property
    def speed(self) -> float:
        """How fast the animations run (1.0: the player's setting at normal)."""
        return self.table.animator.speed

    def played(self, events: Sequence[Event], seat: int) -> None:
        """``seat``'s move caused ``events``: animate them and write the log."""
        self.table.player.play(events)

    def refused(self, reason: str) -> None:
        """The rules refused a move: glide it back and say why."""
        self.table.illegal(reason)

    def updated(self, lines: Sequence[str]) -> None:
        """The host across the network told the position anew: write its log lines,
        and glide every piece that moved to its new place."""
        for line in lines:
            self.table.chrome.log_line(line)
        for tween in self.table.refresh(GLIDE):
            self.table.animator.add(tween)

    def thinking_changed(self) -> None:
        """The plates say who thinks: redrawn in a frame of its own, if still."""
        self.table.jobs.defer("refresh", self.refresh_when_still)

    def refresh_when_still(self) -> None:
        """Show the position anew, unless something still moves."""
        if not self.table.animating:
            self.table.refresh()

    def human_turn(self, seat: int) -> None:
        """It is ``seat``'s turn, nothing is moving: make sure they are at the screen."""
        if seat != self.table.session.viewer:
            if self.table.session.needs_curtain:
                self.request_handoff(seat)
                return
            self.table.session.look_from(seat, seat)
            self.table.layout()
        if len(self.table.match.history) == self._turn_seen:
            return
        self._turn_seen = len(self.table.match.history)
        self.table.refresh()
        guiding = self.table.hints.guide_turn()
        tips = self.table.spec.hints()
        if not self._tipped and tips and self.table.hints.asked_at != self.table.session.position \
                and self.table.chrome.showing_kind != "error":  # a refusal says something
            self._tipped = True
            guided = (" On your first turns a good move is lit for you, and why it is good; "
                      "any legal move will do.") if guiding else ""
            self.table.chrome.toast(tips[0] + guided, seconds=6.0)
            self.table.guide.make_room()
            self.table.guide.first_turn()
        if len(self.table.session.humans) > 1 or self.table.match.history:
            self.table.ctx.audio.play(Sound.TURN, 0.6)

    def finished(self) -> None:
        """The game is over: show the results (once)."""
        if self.table.results_shown or self.table.animating:
            return
        self.table.results_shown = True
        self.table.spec.finished()
        if self.table.session.humans:  # bots among themselves are not the player's statistics
            problem = self.table.ctx.storage.record_game(self.table.match)
            if problem:
                self.table.ctx.notices.append(problem)
        self.table.session.flush()
        self.table.ask(Open(Route.RESULTS, match=self.table.match,
                            picture=self.table.spec.results_picture,
                            joined=self.table.joined))

    def request_handoff(self, seat: int, reason: str = "") -> None:
        """Cover the table for the hand-off to ``seat`` (the curtain says ``reason``)."""
        self.table.controls.cancel_drag()
        self.table.session.awaiting_handoff = True
        self.table.session.look_from(None, seat)
        self.table.layout()
        self.table.ask(Open(Route.CURTAIN, name=self.table.match.name(seat),
                            on_ready=lambda: self.handoff_done(seat), reason=reason,
                            on_menu=Home, card_back=self.table.spec.CARD_BACK))

    def handoff_done(self, seat: int) -> None:
        """``seat``'s player is at the screen: show the table from their side."""
        self.table.session.awaiting_handoff = False
        self.seen_from(seat)

    def seen_from(self, seat: int) -> None:
        """Show the table from ``seat``'s place and with what it may see (its log too)."""
        self.table.session.look_from(seat)
        self.table.layout()
        self.table.chrome.rebuild_log()
        self.table.compositor.invalidate()

