"""A game state's fields, declared once.

A state class declares each field once, with its type and its kind; the class's
:class:`Schema`, its slots, ``clone``, the JSON snapshot and the values of a fresh state
all come from that declaration (:class:`Declared`, the metaclass of every game state,
gathers them)::

    class PiglingState(GameState):
        game: PiglingGame = field(Shared())
        rng: Rng = field(RngField())
        hands: list[list[PiglingCard]] = field(PerSeat(Cards(PiglingCard.parse)))
        turn: int = field(Int())
        over: bool = field(Bool())

Each field has a *kind* that knows how to copy it (``clone`` is generated code, as fast as
one written by hand), how to write it to JSON, how to read it back with checks, and its
value in a fresh state.  Kinds compose: ``PerSeat(Cards(c))`` is a list of card lists
with one entry per seat.  A field that is not saved (``Shared``, ``Derived``) is rebuilt
by the class's ``restored()`` hook after loading.

>>> schema = Schema(turn=Int(), hand=Cards(int), seen=PerSeat(Ints()))
>>> class S:
...     __slots__ = schema.slots
...     clone = schema.clone
>>> s = S(); schema.fill(s, 2); s.hand.append(7); s.seen[1].append(3)
>>> twin = s.clone(); twin.seen[1].append(4)
>>> schema.dump(s), schema.dump(twin)["seen"]
({'turn': 0, 'hand': [7], 'seen': [[], [3]]}, [[], [3, 4]])
>>> schema.dump(schema.load(S, {"turn": 2, "hand": [1], "seen": [[], []]}, 2))
{'turn': 2, 'hand': [1], 'seen': [[], []]}
>>> schema.load(S, {"turn": "x", "hand": [], "seen": [[], []]}, 2)
Traceback (most recent call last):
...
ValueError: turn: 'x' is not a whole number
"""

from __future__ import annotations

from abc import ABCMeta
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any, Self

from tabletop.engine.rng import Rng

__all__ = ["Bool", "Card", "Cards", "Clone", "Declared", "Derived", "DerivedList", "Frozen", "Int",
           "Ints", "Kind", "ListOf", "MapOf", "Maybe", "Member", "Pairs", "PerSeat", "RngField",
           "Schema", "Seat", "SetOf", "Shared", "Struct", "Text", "Tuple", "Value", "field"]

#: A bound that is a number, or a function of the seat count.
Bound = int | Callable[[int], int] | None


def _bound(value: Bound, n: int) -> int | None:
    return value(n) if callable(value) else value

_MISSING = object()


class Kind:
    """How one field is copied, saved, read back and first set.

    ``fresh`` is its value in a new state (a value, or a function of the seat count);
    ``default`` is the value when an older snapshot lacks the field (and, unless
    ``fresh`` is given, the new state's value too).  Without either, a new state gets
    the kind's own empty value and a snapshot must hold the field."""

    #: Whether the field is written to the snapshot.
    saved = True

    def __init__(self, key: str | None = None, default: Any = _MISSING,
                 fresh: Any = _MISSING, sparse: bool = False) -> None:
        self.key = key  # the JSON name, when it differs from the field's
        self.sparse = sparse  # written only when it is not None
        self.default = default
        self.fresh = fresh if fresh is not _MISSING else default

    def copy(self, src: str) -> str:
        """Python code that copies the value ``src`` (immutable values are shared)."""
        return src

    def dump(self, value: Any) -> Any:
        """The value as JSON."""
        return value

    def dump_code(self, src: str) -> str | None:
        """Python code that writes ``src`` as JSON, if the kind has such (else
        :meth:`dump` is called)."""
        return src

    def load(self, data: Any, n: int) -> Any:
        """The value ``data`` holds, for ``n`` seats (``ValueError`` with the reason if
        it cannot be one)."""
        return data

    def empty(self, n: int) -> Any:
        """The value in a new state for ``n`` seats."""
        if self.fresh is _MISSING:
            return self.blank(n)
        return self.fresh(n) if callable(self.fresh) else self.fresh

    def blank(self, n: int) -> Any:
        """The kind's own empty value."""
        return None

    def empty_code(self) -> str | None:
        """Python code for :meth:`empty` with ``n`` the seat count, if the kind has such."""
        if type(self).empty is not Kind.empty:
            return None
        if self.fresh is _MISSING:
            return self.blank_code() if _together(self, "blank", "blank_code") else None
        if self.fresh is None or type(self.fresh) in (int, bool, str, tuple) and \
                all(type(x) in (int, bool, str) for x in (self.fresh if type(self.fresh) is tuple else ())):
            return repr(self.fresh)
        return None

    def blank_code(self) -> str | None:
        """Python code for :meth:`blank`, if the kind has such (else it is called)."""
        return "None"

    def inline_dump(self, src: str) -> str | None:
        """:meth:`dump_code`, where it was written with the :meth:`dump` in use."""
        return self.dump_code(src) if _together(self, "dump", "dump_code") else None

    def missing(self, n: int) -> Any:
        """The value of a field an older snapshot lacks (``ValueError`` if it must be there)."""
        if self.default is _MISSING:
            raise ValueError("it is missing")
        return self.default(n) if callable(self.default) else self.default


def _together(kind: Kind, method: str, code: str) -> bool:
    """Whether ``kind``'s ``method`` and the ``code`` that inlines it come from the same
    class (a kind that overrides only the method is called, not inlined)."""
    def owner(name: str) -> type:
        return next(c for c in type(kind).__mro__ if name in c.__dict__)
    return owner(method) is owner(code)


class Value(Kind):
    """An immutable value saved as it is (a string, a number, ``None``), optionally
    checked by ``check`` (which returns it, or raises ``ValueError``)."""

    def __init__(self, check: Callable[[Any], Any] | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.check = check

    def load(self, data: Any, n: int) -> Any:
        return data if self.check is None else self.check(data)


class Int(Value):
    """A whole number (``None`` too, when ``optional``), within ``low``..``high`` (each a
    number, or a function of the seat count: ``Int(0, lambda n: n - 1)`` is a seat)."""

    def __init__(self, low: int | None = None, high: Bound = None, optional: bool = False,
                 **kw: Any) -> None:
        super().__init__(**kw)
        self.low, self.high, self.optional = low, high, optional

    def blank(self, n: int) -> Any:
        return None if self.optional else 0

    def blank_code(self) -> str | None:
        return "None" if self.optional else "0"

    def load(self, data: Any, n: int) -> Any:
        if data is None and self.optional:
            return None
        if not isinstance(data, int) or isinstance(data, bool):
            raise ValueError(f"{data!r} is not a whole number")
        high = _bound(self.high, n)
        if (self.low is not None and data < self.low) or (high is not None and data > high):
            raise ValueError(f"{data!r} is out of range")
        return data


class Seat(Int):
    """A seat's number (``low=-1``, with ``fresh=-1``, for a place that may hold none)."""

    def __init__(self, low: int = 0, **kw: Any) -> None:
        super().__init__(low, lambda n: n - 1, **kw)


class Text(Value):
    """A string; one of ``choices``, if given."""

    def __init__(self, *choices: str, **kw: Any) -> None:
        super().__init__(**kw)
        self.choices = choices

    def blank(self, n: int) -> Any:
        return self.choices[0] if self.choices else ""

    def blank_code(self) -> str | None:
        return repr(self.blank(0))

    def load(self, data: Any, n: int) -> Any:
        if not isinstance(data, str) or (self.choices and data not in self.choices):
            raise ValueError(f"{data!r} is not allowed here")
        return data


class Member(Kind):
    """A member of an enumeration (a phase, a mark), saved as its value; a fresh state
    holds the first member."""

    def __init__(self, enum: type[Enum], **kw: Any) -> None:
        super().__init__(**kw)
        self.enum = enum

    def dump(self, value: Any) -> Any:
        return value.value

    def dump_code(self, src: str) -> str | None:
        return f"{src}.value"

    def load(self, data: Any, n: int) -> Any:
        if isinstance(data, bool):
            raise ValueError(f"{data!r} is not allowed here")
        try:
            return self.enum(data)
        except ValueError:
            raise ValueError(f"{data!r} is not allowed here") from None

    def blank(self, n: int) -> Any:
        return next(iter(self.enum))


class Tuple(Kind):
    """An immutable tuple, one value of each of ``items``, saved as a list (clones share it)."""

    def __init__(self, *items: Kind, **kw: Any) -> None:
        super().__init__(**kw)
        self.items = items
        self.plain = all(item.inline_dump("x") == "x" for item in items)

    def dump(self, value: Any) -> Any:
        return list(value) if self.plain else [k.dump(x) for k, x in zip(self.items, value)]

    def dump_code(self, src: str) -> str | None:
        return f"list({src})" if self.plain else None

    def load(self, data: Any, n: int) -> Any:
        if not isinstance(data, list) or len(data) != len(self.items):
            raise ValueError(f"expected {len(self.items)} values, not {data!r}")
        return tuple(item.load(x, n) for item, x in zip(self.items, data))


class Bool(Value):
    def blank(self, n: int) -> Any:
        return False

    def blank_code(self) -> str | None:
        return "False"

    def load(self, data: Any, n: int) -> Any:
        if not isinstance(data, bool):
            raise ValueError(f"{data!r} is not true or false")
        return data


class Frozen(Kind):
    """An immutable value with its own codec (a tuple, a record): shared by ``clone``."""

    def __init__(self, dump: Callable[[Any], Any], load: Callable[[Any], Any], **kw: Any) -> None:
        super().__init__(**kw)
        self._dump, self._load = dump, load

    def dump(self, value: Any) -> Any:
        return self._dump(value)

    def load(self, data: Any, n: int) -> Any:
        return self._load(data)


class Card(Kind):
    """One card, saved as its number and read back with ``parse`` (``Maybe(Card(...))``
    for a place that may be empty)."""

    def __init__(self, parse: Callable[[Any], Any], **kw: Any) -> None:
        super().__init__(**kw)
        self.parse = parse

    def dump(self, value: Any) -> Any:
        return int(value)

    def dump_code(self, src: str) -> str | None:
        return f"int({src})"

    def load(self, data: Any, n: int) -> Any:
        if data is None:
            raise ValueError("a card is missing")
        return self.parse(data)


class ListOf(Kind):
    """A list of ``item`` values (copied item by item when the items change in place);
    exactly ``size`` of them if given (a number, or a function of the seat count), each
    the item's empty value in a fresh state."""

    def __init__(self, item: Kind, size: Bound = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.item, self.size = item, size

    def copy(self, src: str) -> str:
        inner = self.item.copy("x")
        if inner == "x":
            return f"{src}[:]"
        if isinstance(self.size, int) and self.size <= 4:  # unrolled: no loop to set up
            return "[" + ", ".join(self.item.copy(f"{src}[{i}]") for i in range(self.size)) + "]"
        return f"[{inner} for x in {src}]"

    def dump(self, value: Any) -> Any:
        return [self.item.dump(x) for x in value]

    def dump_code(self, src: str) -> str | None:
        inner = self.item.inline_dump("x")
        return None if inner is None else f"{src}[:]" if inner == "x" else f"[{inner} for x in {src}]"

    def load(self, data: Any, n: int) -> Any:
        if not isinstance(data, list):
            raise ValueError(f"expected a list, not {data!r}")
        size = _bound(self.size, n)
        if size is not None and len(data) != size:
            raise ValueError(f"expected {size} entries, not {len(data)}")
        return [self.item.load(x, n) for x in data]

    def blank(self, n: int) -> Any:
        size = _bound(self.size, n)
        return [] if size is None else [self.item.empty(n) for _ in range(size)]

    def blank_code(self) -> str | None:
        if self.size is None:
            return "[]"
        inner = self.item.empty_code()
        if inner is None or callable(self.size):
            return None
        return f"[{inner} for _ in range({self.size})]"


class Cards(ListOf):
    """A list of cards, saved as their numbers."""

    def __init__(self, parse: Callable[[Any], Any], **kw: Any) -> None:
        super().__init__(Card(parse), **kw)

    def dump(self, value: Any) -> Any:
        return [int(c) for c in value]

    def dump_code(self, src: str) -> str | None:
        return f"[int(c) for c in {src}]"


class Ints(ListOf):
    """A list of whole numbers."""

    def __init__(self, low: int | None = None, high: Bound = None, size: Bound = None,
                 **kw: Any) -> None:
        # A fresh list of ``size`` holds ``low`` throughout (or 0).
        super().__init__(Int(low, high, fresh=0 if low is None else low), size, **kw)

    def dump(self, value: Any) -> Any:
        return value[:]

    def dump_code(self, src: str) -> str | None:
        return f"{src}[:]"


class PerSeat(ListOf):
    """A list with one ``item`` per seat (a fresh state: each seat's empty value)."""

    def __init__(self, item: Kind, **kw: Any) -> None:
        super().__init__(item, size=lambda n: n, **kw)

    def load(self, data: Any, n: int) -> Any:
        if not isinstance(data, list) or len(data) != n:
            raise ValueError("expected one entry per seat")
        return super().load(data, n)

    def blank_code(self) -> str | None:
        inner = self.item.empty_code()
        return None if inner is None else f"[{inner} for _ in range(n)]"


class MapOf(Kind):
    """A dict whose values are ``item`` (keys saved as text, read back with ``key_of``)."""

    def __init__(self, item: Kind, key_of: Callable[[str], Any] = str, ordered: bool = False,
                 **kw: Any) -> None:
        super().__init__(**kw)
        self.item, self.key_of, self.ordered = item, key_of, ordered

    def blank(self, n: int) -> Any:
        return {}

    def blank_code(self) -> str | None:
        return "{}"

    def copy(self, src: str) -> str:
        inner = self.item.copy("v")
        return f"dict({src})" if inner == "v" else f"{{k: {inner} for k, v in {src}.items()}}"

    def dump(self, value: Any) -> Any:
        items = sorted(value.items()) if self.ordered else value.items()
        return {str(k): self.item.dump(v) for k, v in items}

    def load(self, data: Any, n: int) -> Any:
        if not isinstance(data, dict):
            raise ValueError(f"expected a mapping, not {data!r}")
        return {self.key_of(k): self.item.load(v, n) for k, v in data.items()}


class Pairs(Kind):
    """A dict of plain values saved as a list of ``[key, value]`` pairs in key order."""

    def __init__(self, key: Kind, value: Kind, **kw: Any) -> None:
        super().__init__(**kw)
        self.pair = key, value  # (``key`` is the field's JSON name)

    def copy(self, src: str) -> str:
        return f"dict({src})"

    def dump(self, value: Any) -> Any:
        return [[k, v] for k, v in sorted(value.items())]

    def load(self, data: Any, n: int) -> Any:
        if not isinstance(data, list) or not all(isinstance(p, list) and len(p) == 2 for p in data):
            raise ValueError(f"expected a list of pairs, not {data!r}")
        key, value = self.pair
        return {key.load(k, n): value.load(v, n) for k, v in data}

    def blank(self, n: int) -> Any:
        return {}


class SetOf(Kind):
    """A set of ``item`` values (saved as a sorted list)."""

    def __init__(self, item: Kind, **kw: Any) -> None:
        super().__init__(**kw)
        self.item = item

    def copy(self, src: str) -> str:
        return f"set({src})"

    def dump(self, value: Any) -> Any:
        return sorted(self.item.dump(x) for x in value)

    def load(self, data: Any, n: int) -> Any:
        if not isinstance(data, list):
            raise ValueError(f"expected a list, not {data!r}")
        return {self.item.load(x, n) for x in data}

    def blank(self, n: int) -> Any:
        return set()

    def blank_code(self) -> str | None:
        return "set()"


class Maybe(Kind):
    """``None`` or an ``item`` value."""

    def __init__(self, item: Kind, **kw: Any) -> None:
        super().__init__(**kw)
        self.item = item

    def copy(self, src: str) -> str:
        inner = self.item.copy(src)
        return src if inner == src else f"(None if {src} is None else {inner})"

    def dump(self, value: Any) -> Any:
        return None if value is None else self.item.dump(value)

    def load(self, data: Any, n: int) -> Any:
        return None if data is None else self.item.load(data, n)


class Clone(Kind):
    """A value with ``clone()``, ``to_json()`` and ``cls.from_json(data, n)``; a fresh
    state makes one with ``cls(n)`` unless a default is given."""

    def __init__(self, cls: Any, **kw: Any) -> None:
        super().__init__(**kw)
        self.cls = cls

    def copy(self, src: str) -> str:
        return f"{src}.clone()"

    def dump(self, value: Any) -> Any:
        return value.to_json()

    def dump_code(self, src: str) -> str | None:
        return f"{src}.to_json()"

    def load(self, data: Any, n: int) -> Any:
        return self.cls.from_json(data, n)

    def blank(self, n: int) -> Any:
        return self.cls(n)


class RngField(Kind):
    """The state's random generator: copied, and saved as its state."""

    def copy(self, src: str) -> str:
        return f"{src}.copy()"

    def dump(self, value: Any) -> Any:
        return value.getstate()

    def dump_code(self, src: str) -> str | None:
        return f"{src}.getstate()"

    def load(self, data: Any, n: int) -> Any:
        rng = Rng()
        rng.setstate(data)
        return rng

    def blank(self, n: int) -> Any:
        return Rng()


class Shared(Kind):
    """Not saved, shared by clones (the game's rules object, the seat count)."""

    saved = False


class Derived(Shared):
    """Not saved: worked out again from the saved fields by the state's ``restored()``
    (a bit mask of what the trick holds); copied as it is."""


class DerivedList(Derived):
    """A list worked out again by ``restored()`` (not saved) and changed in place, so
    each copy has its own."""

    def copy(self, src: str) -> str:
        return f"{src}[:]"

    def blank(self, n: int) -> Any:
        return []


class Schema:
    """The fields of a state class, in order, with their kinds."""

    def __init__(self, **fields: Kind) -> None:
        self.fields: dict[str, Kind] = fields
        self.slots: tuple[str, ...] = tuple(fields)
        self.clone = self._make_clone()
        #: The saved fields of a state as JSON values.
        self.dump = self._make_dump()
        #: Give every field of a fresh state its empty value for ``n`` seats.
        self.fill = self._make_fill()

    def _compiled(self, lines: list[str], doc: str) -> Callable[..., Any]:
        """The function ``lines`` define, made once per class (as dataclasses make
        theirs): straight-line code, as quick as one written by hand."""
        scope: dict[str, Any] = {"_new": object.__new__, "_kinds": self.fields}
        exec("\n".join(lines), scope)
        made: Callable[..., Any] = scope[lines[0].split()[1].split("(")[0]]
        made.__doc__ = doc
        return made

    def _make_clone(self) -> Callable[[Any], Any]:
        lines = ["def clone(self):", "    twin = _new(self.__class__)"]
        lines += [f"    twin.{name} = {kind.copy('self.' + name)}" for name, kind in self.fields.items()]
        lines.append("    return twin")
        return self._compiled(lines, "An independent copy of this state (the game itself is shared).")

    def _make_fill(self) -> Callable[[Any, int], None]:
        lines = ["def fill(state, n):"]
        lines += [f"    state.{name} = {kind.empty_code() or f'_kinds[{name!r}].empty(n)'}"
                  for name, kind in self.fields.items()]
        return self._compiled(lines, "Give every field of a fresh ``state`` its empty value for "
                                     "``n`` seats.")

    def _make_dump(self) -> Callable[[Any], dict[str, Any]]:
        saved = {name: kind for name, kind in self.fields.items() if kind.saved}
        lines = ["def dump(self):", "    body = {"]
        lines += [f"        {kind.key or name!r}: "
                  f"{kind.inline_dump('self.' + name) or f'_kinds[{name!r}].dump(self.{name})'},"
                  for name, kind in saved.items()]
        lines.append("    }")
        for name, kind in saved.items():
            if kind.sparse:
                lines += [f"    if self.{name} is None:", f"        del body[{kind.key or name!r}]"]
        lines.append("    return body")
        return self._compiled(lines, "The saved fields of a state as JSON values.")

    def load(self, cls: Any, body: Mapping[str, Any], n: int, **shared: Any) -> Any:
        """A ``cls`` state read from ``body`` (``shared`` sets the unsaved fields; a saved
        field with a default may be missing from older snapshots).  Raises ``ValueError``
        naming the field that is wrong."""
        state = object.__new__(cls)
        self.fill_shared(state, n, shared)
        for name, kind in self.fields.items():
            if not kind.saved:
                continue
            key = kind.key or name
            try:
                value = kind.load(body[key], n) if key in body else kind.missing(n)
            except (TypeError, ValueError, KeyError, IndexError) as error:
                raise ValueError(f"{key}: {error}") from None
            setattr(state, name, value)
        return state

    def fill_shared(self, state: Any, n: int, shared: Mapping[str, Any]) -> None:
        """Set the fields that are not saved: from ``shared``, or their fresh values."""
        for name, kind in self.fields.items():
            if not kind.saved:
                setattr(state, name, shared[name] if name in shared else kind.empty(n))


def field(kind: Kind) -> Any:
    """A state's field in its class body, typed as the value it holds::

        turn: int = field(Int())
    """
    return kind


class Declared(ABCMeta):
    """The metaclass of game states: the fields a class body declares with
    :func:`field` become its ``SCHEMA``, its ``__slots__`` and its ``clone``."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any],
                **kw: Any) -> Declared:
        kinds = {key: value for key, value in namespace.items() if isinstance(value, Kind)}
        if kinds:
            for key in kinds:
                del namespace[key]
            schema = Schema(**kinds)
            namespace["SCHEMA"] = schema
            namespace.setdefault("__slots__", schema.slots)
            namespace.setdefault("clone", schema.clone)
        return super().__new__(mcs, name, bases, namespace, **kw)


class Struct(metaclass=Declared):
    """A record held in a state (the face-off in progress), its fields declared as a
    state's are; a state's field holds it with ``Clone(cls)``, saved as a JSON object."""

    __slots__ = ()
    SCHEMA: Schema

    def clone(self) -> Self:
        """An independent copy (generated from the declared fields)."""
        raise NotImplementedError(f"{type(self).__name__} declares no fields")

    def to_json(self) -> dict[str, Any]:
        """The record's fields as JSON values."""
        body: dict[str, Any] = self.SCHEMA.dump(self)
        return body

    @classmethod
    def from_json(cls, data: Mapping[str, Any], n: int) -> Any:
        """A record read from ``data`` (``ValueError`` naming the field that is wrong)."""
        return cls.SCHEMA.load(cls, data, n)
