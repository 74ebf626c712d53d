"""The hint and a first game's guided turns, on the table.

The session asks the bot worker for the ``normal`` bot's move from the viewer's own
observation (and the coach's words on it), so the frames go on meanwhile; when the
answer comes, :class:`Hints` lights how the viewer makes that move — its piece chosen
and its place lit, so Enter makes exactly that, or its button — and says why it is
good.  A move people make in several steps (Anno's whole match) is shown as its first
step, the rest named.
"""

from __future__ import annotations


from tabletop.engine.protocol import Action
from tabletop.ui.audio import Sound
from tabletop.ui.table.host import TableHost
from tabletop.ui.table.interaction import Option, Press

__all__ = ["GUIDED_TURNS", "Hints"]

#: How many of the viewer's first turns a first game of a kind guides.
GUIDED_TURNS = 6


class Hints:
    """The hint asked for, and a first game's guided turns: which move to light and why."""
    def __init__(self, table: TableHost) -> None:
        self.table = table
        #: Turns left on which a first game lights a good move by itself.
        self.guided_turns = 0
        #: The position the player last asked for a hint in (its words stay up).
        self.asked_at = -1

    def ask(self) -> None:
        """H, or the Hint button: counted, and asked of the bot worker."""
        table = self.table
        if not table.my_turn():
            table.chrome.toast("A hint is for your own turn.")
            return
        table.match.hints += 1
        self.asked_at = table.session.position
        table.session.ask(guided=False)

    def guide_turn(self) -> bool:
        """A first game's turn: ask for a good move to light (not counted as a hint)."""
        table = self.table
        if self.guided_turns <= 0 or not table.my_turn() or \
                self.asked_at == table.session.position:
            return False
        self.guided_turns -= 1
        table.session.ask(guided=True)
        return True

    def update(self) -> None:
        """Show the answer once the worker has it."""
        table = self.table
        came = table.session.answered()
        if came is None:
            return
        answer, guided = came
        if answer.action is None:
            if not guided:
                table.chrome.toast("No hint came in time: any legal move will do.")
            return
        table.controls.cancel_drag()
        words = self.show(answer.action)
        if guided:
            if answer.note:
                table.guide.coach(answer.note)
            return
        table.ctx.audio.play(Sound.CHIME, 0.6)
        note = answer.note
        table.chrome.toast(f"{words} {note}" if note else words, seconds=7.0 if note else 4.0,
                           this_move=True)

    def show(self, action: Action) -> str:
        """Light how the viewer makes ``action`` (the first of the steps a person takes
        for it); returns what to say."""
        table = self.table
        own = table.spec.show_hint(action)
        if own is not None:
            return own
        steps = list(table.spec.steps_of(action))
        found = table.moves().find(steps[0]) if steps else None
        later = [w for w in (self.words(step) for step in steps[1:]) if w]
        rest = " Then " + ", then ".join(later) + "." if later else ""
        if isinstance(found, Option):
            gesture = found.gesture
            zone = table.picture.zones.get(gesture.source)
            index = next((i for i, p in enumerate(zone.pieces) if p.key == gesture.piece),
                         None) if zone is not None else None
            if index is not None:
                table.controls.show_hint((gesture.source, index), found)
                how = ("press Enter, or click it" if gesture.in_place else
                       "drag it onto the lit place, or press Enter")
                words = self.words(steps[0]) or "this move"
                return f"Hint: {words} — the chosen piece ({how}).{rest}"
        if isinstance(found, Press):
            rect = table.picture.button_rect(found.steps[0])
            table.controls.show_hint(None, None, rect, found)
            words = self.words(steps[0]) or found.control.label
            return f"Hint: {words} ({table.controls.key_words(found.control)}).{rest}"
        return "No hint for this moment: any move will do."

    def words(self, action: Action) -> str:
        """A step of a hinted move in a player's words."""
        return self.table.spec.step_words(action, self.table.session.obs)
