"""The players' hands at the Anomia table: turning up a card (a click on a draw pile,
or Space), typing an answer into the face-off panel's box, buzzing, judging and voting.

Several humans may share the keyboard, so each input acts for the seat it belongs to:
the drawer's, the buzzer key's owner, the human who took the answer box (their key or
a click), the first judge or voter still to decide.  Everything goes through the
rules' check, like any move at the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tabletop.engine.protocol import Action
from tabletop.games.anomia.actions import MAX_ANSWER, Answer, Buzz, Draw, Judge, Vote
from tabletop.games.anomia.rules import voters_of
from tabletop.games.anomia.observation import AnomiaView
from tabletop.games.anomia.game import AnomiaGame
from tabletop.games.anomia.table.art import AnomiaArt
from tabletop.games.anomia.table.faceoff import FaceOffPanel

if TYPE_CHECKING:
    from tabletop.ui.table.sight import Sight

__all__ = ["Answering", "BUZZER_KEYS"]

#: Buzzer keys by seat (a game of only humans), and the keys that take the answer box.
BUZZER_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6)


class Answering:
    """What is being typed and pointed at, and the input that makes the moves."""

    def __init__(self, table: Sight, game: AnomiaGame, art: AnomiaArt) -> None:
        self.table, self.game = table, game
        #: What is typed into the box, and the verdict on the viewer's last answer.
        self.typed = ""
        self.verdict: tuple[str, bool] | None = None
        self.race: tuple[int, int] | None = None
        #: In a face-off between two humans, who took the answer box (their key or a click).
        self.typist: int | None = None
        #: The digit that took the box also arrives as typed text: it is not an answer.
        self.swallow = False
        #: The panel button under the mouse.
        self.hover: int | None = None
        self.panel = FaceOffPanel(table, game, art, self)

    def current(self) -> AnomiaView:
        """The viewer's observation now (worked out once per position)."""
        obs = self.table.obs
        assert isinstance(obs, AnomiaView)
        return obs

    def answerers(self, obs: AnomiaView) -> list[int]:
        """The humans in the face-off who may type an answer now."""
        fo = obs.faceoff
        if obs.phase != "faceoff" or fo is None or self.game.buzzers:
            return []
        return [s for side, s in enumerate(fo.seats) if s in self.table.humans
                and fo.strikes[side] < 2
                and not (fo.pending is not None and fo.pending[0] == side)]

    def typing_seat(self, obs: AnomiaView) -> int | None:
        """The human whose answer the keyboard types now (``None``: nobody types).  Alone
        in a face-off, a human just types; two humans race to take the box first."""
        humans = self.answerers(obs)
        if len(humans) == 1:
            return humans[0]
        return self.typist if self.typist in humans else None

    def first_to_act(self, obs: AnomiaView) -> int | None:
        """The first judge (everyone but the one answering aloud) or voter (every other
        human) still to decide."""
        fo = obs.faceoff
        if fo is None:
            return None
        if obs.phase == "judge":
            return min(s for s in range(self.game.players) if s != fo.seats[obs.judge])
        if obs.phase == "vote" and obs.dispute is not None:
            voted = dict(obs.votes)
            voters = voters_of(self.game.humans, fo.seats[obs.dispute[0]])
            return min((s for s in voters if s not in voted), default=None)
        return None

    # -- input ------------------------------------------------------------------------------
    def tick(self) -> None:
        table = self.table
        obs = self.current()
        if obs.race != self.race:
            self.race = obs.race
            self.typed = ""
        if obs.faceoff is None or obs.phase not in ("faceoff", "judge", "vote"):
            table.live_decor([])
            return
        now = max(table.now_ms, obs.now)
        bar = self.panel.clock(obs, now)
        table.live_decor([self.panel.decor(obs), *([bar] if bar else [])])

    def handle(self, event: pygame.event.Event) -> bool:
        table = self.table
        obs = self.current()
        typist = self.typing_seat(obs)
        drawer = self.game.owner(obs.turn) if obs.phase == "draw" else None
        if drawer is not None and drawer in table.humans and not table.awaiting_handoff:
            # Turning up a card: click a draw pile, or Space for the fuller one.
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                for side in (0, 1):
                    if table.picture.zones[f"draw{side}"].rect.collidepoint(event.pos):
                        self.act_for(drawer, Draw(side))
                        return True
            if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
                self.act_for(drawer, Draw(0 if obs.draw[0] >= obs.draw[1] else 1))
                return True
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN) and obs.faceoff:
            return self.pointer(event, obs)
        if event.type == pygame.TEXTINPUT and typist is not None:
            if self.swallow and event.text.isdigit():
                self.swallow = False  # the key that took the box, not part of the answer
                return True
            self.swallow = False
            self.typed = (self.typed + event.text)[:MAX_ANSWER]
            return True
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        claim = BUZZER_KEYS.index(key) if key in BUZZER_KEYS else None
        if claim is not None and claim in self.answerers(obs) and not self.typed:
            self.take_box(claim)
            return True
        if typist is not None:
            if key == pygame.K_BACKSPACE:
                self.typed = self.typed[:-1]
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.submit(typist)
                return True
            return key not in (pygame.K_ESCAPE,)
        if obs.phase == "faceoff" and self.game.buzzers and claim is not None:
            if obs.faceoff is not None and claim in obs.faceoff.seats:
                self.act_for(claim, Buzz())
            return True
        if obs.phase in ("judge", "vote") and key in (pygame.K_y, pygame.K_n):
            yes = key == pygame.K_y
            seat = self.first_to_act(obs)
            if seat is not None:
                self.act_for(seat, Judge(yes) if obs.phase == "judge" else Vote(yes))
            return True
        return False

    def pointer(self, event: pygame.event.Event, obs: AnomiaView) -> bool:
        """The mouse over the face-off panel: its buttons light up and answer clicks."""
        x, y = event.pos[0] - self.panel.rect.x, event.pos[1] - self.panel.rect.y
        buttons = self.panel.buttons(obs)
        hit = next((k for k, b in enumerate(buttons) if b.rect.collidepoint(x, y)), None)
        if event.type == pygame.MOUSEMOTION:
            self.hover = hit
            return False
        if event.button != 1 or hit is None:
            return False
        button = buttons[hit]
        self.hover = None
        if button.action is None:
            self.take_box(button.seat)
        else:
            self.act_for(button.seat, button.action)
        return True

    def take_box(self, seat: int) -> None:
        """``seat`` takes the answer box (two humans in one face-off, one keyboard)."""
        self.typist, self.typed, self.swallow = seat, "", True

    def submit(self, seat: int) -> None:
        text = self.typed.strip()
        if not text:
            self.verdict = ("Type an answer first.", False)
            return
        if self.act_for(seat, Answer(text)):
            self.typed = ""
            self.typist = None  # either may take the box for the next try

    def act_for(self, seat: int, action: Action) -> bool:
        """``seat``'s move, stamped with the game clock (the table says why not)."""
        return self.table.act_for(seat, action)

    def began(self) -> None:
        """A new face-off: an empty box, nobody's verdict, nobody holding the box."""
        self.verdict, self.typist, self.typed, self.hover = None, None, "", None
