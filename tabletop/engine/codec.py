"""A game's actions as saves hold them: one tagged codec instead of a writer and a
reader per class.

Each action class is registered with its tag and the kinds of its fields, in order
(kinds from :mod:`tabletop.engine.schema`, which check what they read).  An action is
saved as ``{tag: payload}``: ``true`` with no fields, the field itself with one, a list
with several (``flat``: the last field, a list, spread at the end); a timed action adds
its clock, ``"at"``.  Reading a malformed one raises :class:`SnapshotError`::

    ACTIONS = Actions("Pigling")

    @ACTIONS.tag("play", Card(PiglingCard.parse))
    @dataclass(frozen=True, slots=True)
    class Play(Action):
        card: PiglingCard

>>> from dataclasses import dataclass
>>> from tabletop.engine.schema import Int
>>> toy = Actions("Toy")
>>> @toy.tag("move", Int(0, 8), Int(0, 8))
... @dataclass(frozen=True, slots=True)
... class Move(Action):
...     src: int
...     dst: int
>>> Move(1, 2).to_json(), toy.decode({"move": [1, 2]})
({'move': [1, 2]}, Move(src=1, dst=2))
>>> toy.decode({"move": [1, 9]})
Traceback (most recent call last):
...
tabletop.engine.protocol.SnapshotError: a saved Toy move is malformed: move: 9 is out of range
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

from tabletop.engine.protocol import Action, SnapshotError, Timed
from tabletop.engine.schema import Kind

__all__ = ["Actions"]

A = TypeVar("A", bound=type[Action])


class _Form:
    """How one action class is saved."""

    __slots__ = ("cls", "kinds", "names", "timed", "flat")

    def __init__(self, cls: type[Action], kinds: tuple[Kind, ...], flat: bool) -> None:
        self.cls, self.kinds, self.flat = cls, kinds, flat
        self.timed = issubclass(cls, Timed)
        self.names = [f.name for f in dataclasses.fields(cls)  # type: ignore[arg-type]
                      if not (self.timed and f.name == "at")]
        if len(self.names) != len(kinds):
            raise TypeError(f"{cls.__name__} has {len(self.names)} fields and {len(kinds)} kinds")


class Actions:
    """The actions of one game (``name`` as a player reads it, for error messages)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._forms: dict[str, _Form] = {}

    def tag(self, tag: str, *kinds: Kind, flat: bool = False) -> Callable[[A], A]:
        """Register an action class as saved under ``tag``, its fields of ``kinds``."""
        def register(cls: A) -> A:
            form = self._forms[tag] = _Form(cls, kinds, flat)

            def to_json(action: Action) -> dict[str, Any]:
                return self._dump(tag, form, action)

            to_json.__doc__ = f"The {tag!r} move as a save holds it."
            cls.to_json = to_json  # type: ignore[attr-defined]
            return cls
        return register

    def _dump(self, tag: str, form: _Form, action: Action) -> dict[str, Any]:
        values = [kind.dump(getattr(action, name)) for kind, name in zip(form.kinds, form.names)]
        if form.flat:
            values[-1:] = values[-1]
        payload: Any = True if not values else values[0] if len(values) == 1 and not form.flat \
            else values
        body = {tag: payload}
        if form.timed:
            body["at"] = getattr(action, "at")
        return body

    def decode(self, data: Any) -> Action:
        """The action ``data`` holds; :class:`SnapshotError` if it is malformed."""
        if not isinstance(data, dict):
            raise self._malformed(repr(data))
        tags = [key for key in data if key in self._forms]
        if len(tags) != 1:
            raise self._malformed(repr(data))
        tag = tags[0]
        form = self._forms[tag]
        if set(data) != ({tag, "at"} if form.timed else {tag}):
            raise self._malformed(repr(data))
        payload = data[tag]
        try:
            values = self._values(form, payload)
            if form.timed:
                at = data["at"]
                if not isinstance(at, int) or isinstance(at, bool) or at < 0:
                    raise ValueError(f"{at!r} is not a time")
                values.append(at)
        except (TypeError, ValueError, KeyError, IndexError) as error:
            raise self._malformed(f"{tag}: {error}") from None
        return form.cls(*values)

    @staticmethod
    def _values(form: _Form, payload: Any) -> list[Any]:
        kinds = form.kinds
        if not kinds:
            if payload is not True:
                raise ValueError(f"{payload!r} should be true")
            return []
        if len(kinds) == 1 and not form.flat:
            raw = [payload]
        else:
            if not isinstance(payload, list):
                raise ValueError(f"{payload!r} is not a list")
            raw = payload[:len(kinds) - 1] + [payload[len(kinds) - 1:]] if form.flat else payload
            if len(raw) != len(kinds):
                raise ValueError(f"expected {len(kinds)} values")
        values = [kind.load(x, 0) for kind, x in zip(kinds, raw)]
        return [tuple(v) if isinstance(v, list) else v for v in values]

    def _malformed(self, what: str) -> SnapshotError:
        return SnapshotError(f"a saved {self.name} move is malformed: {what}")
