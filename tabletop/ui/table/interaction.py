"""How a person acts at the table, derived once per position from the legal actions.

A game's spec says, for any action, how a person makes it
(:meth:`~tabletop.ui.table.spec.TableSpec.ways`): a :class:`Gesture` — take a piece
from the zone it lies in and put it on another zone (or on part of one: a month
column, a place of a pyramid), or click it where it lies — or a :class:`Control` —
a button on the table and a key.  The kit asks the rules for the seat's legal
actions once per position and builds :class:`Moves` from them: which pieces can be
used and where each may go, what Enter, Space, Esc and the game's keys do, which
buttons are live, the words of the prompt and what a hint lights.  A spec never
decides what is legal; the rules alone do (the idea of lichess's chessground,
whose board reads one map from each movable piece to its legal destinations).

A step that opens the next one on the same place (declaring a month, then adding a
card to it) is a gesture that ``leads``: the kit looks one step ahead, so a card
dropped straight on that place makes both steps.

Nothing here imports pygame: areas are plain rectangles, keys plain ints.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Protocol

from tabletop.engine.protocol import Action, Observation

if TYPE_CHECKING:
    from tabletop.play.session import Session

__all__ = ["Area", "Control", "Gesture", "Moves", "Option", "Press", "Way", "derive", "moves_of"]

#: A rectangle (x, y, w, h) in window pixels.
Area = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Gesture:
    """Take piece ``piece`` from zone ``source`` and put it on ``target`` (on ``area``
    of it, if given).  ``target == source`` with no area is a click where it lies
    (explore this card, take this gesture).  ``label`` is written on the lit place,
    ``says`` is the move in a player's words for prompts and hints ("play a card")."""

    piece: Hashable
    source: str
    target: str
    label: str = ""
    says: str = ""
    area: Area | None = None
    #: Making it opens a next step on the same place: the kit offers both in one drop.
    leads: bool = False

    @property
    def in_place(self) -> bool:
        """Made by clicking the piece where it lies (nothing to drop it on)."""
        return self.target == self.source and self.area is None


@dataclass(frozen=True, slots=True)
class Control:
    """A button on the table (laid out by the spec at ``slot``) and/or a key.
    ``primary`` controls answer Space (and Enter when nothing is chosen); ``back``
    ones answer Esc (take the half-made step back)."""

    label: str = ""
    says: str = ""
    slot: Hashable = None
    key: int | None = None
    primary: bool = False
    back: bool = False


Way = Gesture | Control


@dataclass(frozen=True, slots=True)
class Option:
    """One legal place for a piece: the steps it makes, and how."""

    steps: tuple[Action, ...]
    gesture: Gesture

    @property
    def key(self) -> tuple[str, Area | None]:
        """Where the option puts its piece: the target zone and the area of it."""
        return self.gesture.target, self.gesture.area


@dataclass(frozen=True, slots=True)
class Press:
    """A control and the steps it takes; ``reason`` says why it is dimmed (a button
    shown though its action is not legal yet: Confirm with two cards staged)."""

    steps: tuple[Action, ...]
    control: Control
    reason: str | None = None

    @property
    def live(self) -> bool:
        """Whether the control may be pressed now (a dimmed one names its reason)."""
        return self.reason is None


@dataclass
class Moves:
    """Everything the viewer may do in one position, by piece and by control."""

    options: list[Option] = field(default_factory=list)
    presses: list[Press] = field(default_factory=list)
    by_piece: dict[Hashable, list[Option]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for option in self.options:
            self.by_piece.setdefault(option.gesture.piece, []).append(option)

    def __bool__(self) -> bool:
        return bool(self.options) or any(p.live for p in self.presses)

    def usable(self, piece: Hashable) -> bool:
        """Whether ``piece`` can be used in some legal move now."""
        return piece in self.by_piece

    def of(self, piece: Hashable) -> list[Option]:
        """The piece's legal places, one option per place."""
        return self.by_piece.get(piece, [])

    def single(self, piece: Hashable) -> Option | None:
        """The option Enter (or a second click) makes at once: the piece's only place."""
        options = self.of(piece)
        return options[0] if len(options) == 1 else None

    def sources(self) -> set[str]:
        """The zones holding a usable piece."""
        return {option.gesture.source for option in self.options}

    def live(self) -> list[Press]:
        """The controls that may be pressed now."""
        return [press for press in self.presses if press.live]

    def buttons(self) -> list[Press]:
        """The presses shown as buttons (dimmed ones too), one per slot."""
        seen: set[Hashable] = set()
        shown = []
        for press in sorted(self.presses, key=lambda p: not p.live):
            slot = press.control.slot
            if slot is not None and slot not in seen:
                seen.add(slot)
                shown.append(press)
        return shown

    def keyed(self, key: int) -> Press | None:
        """The live control a game key takes (``None``: the key means nothing now)."""
        return next((p for p in self.live() if p.control.key == key), None)

    def primary(self) -> Press | None:
        """The live control that Space (and Enter, when nothing is chosen) presses."""
        return next((p for p in self.live() if p.control.primary), None)

    def back(self) -> Press | None:
        """The live control that Esc presses (taking a half-made step back)."""
        return next((p for p in self.live() if p.control.back), None)

    def find(self, action: Action) -> Option | Press | None:
        """How the viewer makes ``action`` (as the first of its steps): a gesture if
        there is one, else a control."""
        for option in self.options:
            if option.steps[0] == action and len(option.steps) == 1:
                return option
        for press in self.live():
            if press.steps[0] == action:
                return press
        return None

    def phrases(self) -> list[str]:
        """What the viewer may do, in a player's words, each once, in the order the
        moves were listed (gestures first, then controls)."""
        said: list[str] = []
        for option in self.options:
            words = option.gesture.says
            if words and words not in said and len(option.steps) == 1:
                said.append(words)
        for press in self.live():
            words = press.control.says
            if words and words not in said:
                said.append(words)
        return said

    def blocked(self) -> list[str]:
        """Why shown buttons are dimmed: "Confirm: two cards can't be matched"."""
        return [f"{p.control.label}: {p.reason}" for p in self.presses
                if p.reason and p.control.slot is not None]


def derive(legal: Iterable[Action], ways: Callable[[Action], Iterable[Way]],
           follow: Callable[[Action], Iterable[Action]] | None = None,
           standing: Sequence[tuple[Action, str]] = ()) -> Moves:
    """Build the viewer's moves from the legal actions.

    ``ways`` maps an action to how a person makes it.  ``follow`` gives the legal
    actions after a step whose gesture ``leads`` (the kit applies it to a copy of
    the state); each of their gestures onto the same zone becomes a two-step option
    on the first step's place.  ``standing`` are actions whose buttons show although
    they are not legal now, with the rules' reason.
    """
    options: list[Option] = []
    presses: list[Press] = []
    seen: set[tuple[Hashable, str, Area | None]] = set()

    def add(option: Option) -> None:
        place = (option.gesture.piece, option.gesture.target, option.gesture.area)
        if place not in seen:
            seen.add(place)
            options.append(option)

    leading: list[tuple[Action, Gesture]] = []
    for action in legal:
        for way in ways(action):
            if isinstance(way, Gesture):
                add(Option((action,), way))
                if way.leads:
                    leading.append((action, way))
            else:
                presses.append(Press((action,), way))
    if follow is not None:
        for action, first in leading:
            for then in follow(action):
                for way in ways(then):
                    if isinstance(way, Gesture) and way.target == first.target \
                            and way.piece != first.piece and not way.in_place:
                        add(Option((action, then), replace(way, area=first.area,
                                                           label=first.label, leads=False)))
    for action, reason in standing:
        for way in ways(action):
            if isinstance(way, Control) and way.slot is not None:
                presses.append(Press((action,), way, reason))
    return Moves(options, presses)


class Declares(Protocol):
    """What a game's table spec says about its moves (see ``TableSpec``)."""

    def ways(self, action: Action, obs: Observation) -> Iterable[Way]:
        """How a person makes ``action`` (see :meth:`TableSpec.ways`)."""

    def standing(self, obs: Observation) -> Sequence[Action]:
        """Actions whose buttons show while they are not legal (see :meth:`TableSpec.standing`)."""


def moves_of(session: Session, spec: Declares) -> Moves:
    """The viewer's moves in the session's position (nothing while someone else acts or
    nobody is at the screen)."""
    if not session.viewer_acts():
        return Moves()
    seat = session.viewer
    assert seat is not None
    state = session.match.state
    obs = session.obs
    legal = list(state.legal_actions(seat))
    known = set(legal)
    standing = [(action, state.check(action, seat) or "")
                for action in spec.standing(obs) if action not in known]
    return derive(legal, lambda action: spec.ways(action, obs),
                  lambda action: session.legal_after((action,)),
                  [(action, reason) for action, reason in standing if reason])
