"""A hosted game as one of its seats sees it from another computer (:class:`MirrorSession`).

The seat knows only its own observation and the log's lines it may read.  The table
shown here still needs a whole position to work on: which moves are legal, why one is
not, where a piece may go after a first step.  So the mirror keeps a position *sampled*
from the observation (the game's own ``sample_state``, which bots use too): its hidden
parts are made up at random, but everything the seat knows is as the host has it,
and the seat's legal actions are the host's (``tests/net/test_mirror.py`` checks both
over whole games).  Nothing made up is ever shown: the table draws the observation.

The player's own move is shown at once, on the sampled position, unless it brings
news (a card turned up or drawn, whose face only the host knows); it is sent to the
host, which alone decides.  Each update from the host replaces the sampled position;
a refusal comes back with its reason and the piece glides back.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.engine.protocol import NATURE, Action, Deal, IllegalAction, Observation, stamp
from tabletop.engine.rng import Rng
from tabletop.play.contracts import Stage
from tabletop.play.session import Session
from tabletop.play.turns import Driver
from tabletop.play.worker import BotWorker

if TYPE_CHECKING:
    from tabletop.net.joining import Joining

__all__ = ["MirrorSession", "mirror_match", "sample_told"]

#: What the mirror's history holds for a move it was not told (it knows how many
#: moves were made, not all of them).
UNTOLD = (NATURE, Deal())


def mirror_match(joining: Joining) -> Match:
    """The match as ``joining``'s seat knows it: seats named and kinds as the lobby
    says (this seat a person at this screen), and its position sampled."""
    me = joining.me
    assert me.entry is not None and me.game is not None
    lobby = me.lobby.get("seats", []) if isinstance(me.lobby, dict) else []
    seats = []
    for seat in range(me.players):
        told = lobby[seat] if seat < len(lobby) and isinstance(lobby[seat], dict) else {}
        name = str(told.get("name") or f"Player {seat + 1}")
        level = told.get("level")
        if seat == me.seat:
            seats.append(Seat(name, SeatKind.HUMAN))
        elif told.get("kind") == "bot" and isinstance(level, str) \
                and level in me.entry.bot_levels:
            seats.append(Seat(name, SeatKind.BOT, level))
        else:
            seats.append(Seat(name, SeatKind.REMOTE))
    options = {key: value for key, value in me.options.items()
               if key in {spec.key for spec in me.entry.options}}
    # The seed is never told: this one stands for the game in the player's statistics
    # (the same for the same seat at the same table, so that it is counted once).
    seed = int.from_bytes(hashlib.sha256(me.token.encode()).digest()[:6], "big")
    match = Match(me.entry, seats, seed, options)
    match.game = me.game  # the game as the host made it
    return match


def sample_told(match: Match, obs: Observation, seq: int) -> None:
    """Make ``match``'s position one sampled from ``obs``, told when ``seq`` moves had
    been made (the same observation gives the same sample)."""
    match.state = match.game.sample_state(obs, Rng(seq))
    match.history = [UNTOLD] * seq
    match.log = []


class MirrorDriver(Driver):
    """Moves nothing on: the host does.  It tells the table when it is this seat's turn
    and when the game is over."""

    session: MirrorSession

    def update(self, dt: float) -> None:
        session = self.session
        stage = session.stage
        if stage.animating or stage.dragging:
            return
        if session.match.state.is_over:
            if session.over:
                stage.finished()
            return
        if session.viewer_acts():
            assert session.viewer is not None
            stage.human_turn(session.viewer)

    def input_open(self) -> bool:
        return not self.session.stage.animating and not self.session.sending

    def stamp(self, action: Action) -> Action:
        """A real-time move as of the position shown (the host times it as it arrives)."""
        now = getattr(self.session.match.state, "now", None)
        return stamp(action, now) if isinstance(now, int) else action


class MirrorSession(Session):
    """The session of a seat at a table hosted elsewhere; see the module docstring."""

    def __init__(self, joining: Joining, match: Match, worker: BotWorker, stage: Stage, *,
                 later: Callable[[Callable[[], None]], None] | None = None,
                 coach: str = "") -> None:
        """``match`` is :func:`mirror_match`'s for ``joining``."""
        self.joining = joining
        #: The host's updates shown so far, and the log's lines.
        self.seen = -1
        self.shown_lines = len(joining.me.lines)
        #: Moves sent to the host and not answered yet.
        self.sending = 0
        #: What the player was last told of the connection (up, or why not).
        self._told_connection: tuple[bool, str] = (True, "")
        self._sample(match)
        super().__init__(match, worker, stage, later=later, coach=coach)
        self.driver = MirrorDriver(self)
        self.seen = joining.updates

    @property
    def over(self) -> bool:
        """Whether the host said the game is over."""
        return self.joining.me.over

    def _sample(self, match: Match) -> None:
        me = self.joining.me
        if me.obs is not None:
            sample_told(match, me.obs, me.seq)

    def told(self) -> list[str] | None:
        """The log's lines as the host told them to this seat."""
        return list(self.joining.me.lines)

    # -- the player's moves -------------------------------------------------------------
    def act(self, actions: Iterable[Action]) -> bool:
        """Send the player's steps to the host; each is shown at once unless it brings
        news only the host knows."""
        if self.viewer is None:
            return False
        seat = self.viewer
        steps = [self.stamped(action) for action in actions]
        trial = self.match.state.clone()
        news = False
        for step in steps:
            try:
                events = trial.apply(step, seat)
            except IllegalAction as error:
                self.stage.refused(str(error))
                return False
            news = news or any(r.news_for(seat) for e in events for r in e.reveals())
        seq = len(self.match.history)
        for k, step in enumerate(steps):
            self.joining.act(step, seq + k)
        self.sending += len(steps)
        if not news:
            for step in steps:
                events = self.match.apply(step, seat)
                self.actions_applied += 1
                self.moved()
                self.stage.played(events, seat)
        return True

    def apply(self, action: Action, seat: int) -> bool:
        """The player's move (a key, a button): sent to the host as :meth:`act` sends it.
        Nobody else's move is applied here: the host tells them."""
        if seat != self.viewer:
            raise ValueError("a mirror applies only the move of the seat at its screen")
        return self.act([action])

    def why_no_undo(self) -> str | None:
        return "Moves cannot be taken back at a table across the network."

    # -- what the host says ---------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        joining = self.joining
        connection = (joining.connected, joining.problem)
        if connection != self._told_connection and not self.over:
            self._told_connection = connection
            if joining.problem:  # given up: the player leaves by the menu
                self.stage.refused(joining.problem)
            elif not joining.connected:
                self.stage.refused("The connection to the table's host is lost: trying "
                                   "again…")
        refusals = joining.take_refusals()
        if refusals:
            self.sending = 0
            self.stage.refused(refusals[-1])
            self._sample(self.match)  # the move shown is taken back: the piece glides back
            self.moved()
            self.stage.updated([])
        seats = joining.me.lobby.get("seats", []) if isinstance(joining.me.lobby, dict) else []
        away = frozenset(seat for seat, told in enumerate(seats) if isinstance(told, dict)
                         and told.get("kind") == "remote" and not told.get("here")
                         and seat != self.viewer)
        if away != self.away:
            self.away = away
            self.stage.thinking_changed()
        if joining.updates != self.seen:
            self.seen = joining.updates
            self.sending = 0
            lines = joining.me.lines
            new, self.shown_lines = lines[self.shown_lines:], len(lines)
            self._sample(self.match)
            self.actions_applied += 1
            self.moved()
            self.stage.updated(new)
        self.driver.update(dt)

    def pass_time(self, dt: float) -> None:
        self.update(dt)  # the host's news is shown even on a busy frame

    def deal_first(self) -> None:
        pass  # the host deals
