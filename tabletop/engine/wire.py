"""Records (observations and what they hold) as JSON, read back by their type hints.

A game's observation is a frozen dataclass of plain values: numbers, strings, cards
(``int`` subclasses), enums, tuples, optional values and smaller dataclasses.  That is
enough to write it as JSON without a writer per class, and to read it back without
trusting the text: each field is read as its class's type hint says, and anything
else (a missing or unknown field, a string where a number belongs, a card out of
range, a tuple of the wrong length) raises :class:`WireError` naming where it is.
Only the classes a hint names are ever built, so a message cannot make any other.

A field that takes no part in equality (``compare=False``) refers to something both
sides already have, such as Anomia's word lists: it is not written, and it reads back
as its default (:func:`with_local` fills it in from a record made at home).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Spot:
...     seat: int
...     cards: tuple[int, ...]
...     note: str | None = None
>>> to_wire(Spot(1, (3, 4)))
{'seat': 1, 'cards': [3, 4], 'note': None}
>>> from_wire(Spot, {'seat': 1, 'cards': [3, 4], 'note': None})
Spot(seat=1, cards=(3, 4), note=None)
>>> from_wire(Spot, {'seat': 'one', 'cards': [], 'note': None})
Traceback (most recent call last):
...
tabletop.engine.wire.WireError: seat: 'one' is not a whole number
"""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from enum import Enum
from typing import Any, TypeVar

__all__ = ["WireError", "from_wire", "to_wire", "with_local"]

T = TypeVar("T")

#: How deep a record may nest (observations nest three or four levels).
MAX_DEPTH = 16


class WireError(ValueError):
    """A record's JSON form is not what its type hints describe."""


#: Each dataclass's fields that are sent, in order (worked out once per class: a host
#: writes an observation for every seat after every move).
_SENT: dict[type, tuple[str, ...]] = {}


def to_wire(value: Any) -> Any:
    """``value`` as JSON-ready data: a dataclass as an object of its fields, a tuple as a
    list, an enum as its value, a card as its number."""
    kind = type(value)
    if kind is int or kind is str or kind is bool or kind is float or value is None:
        return value
    names = _SENT.get(kind)
    if names is None and dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = _SENT[kind] = tuple(f.name for f in dataclasses.fields(value) if f.compare)
    if names is not None:
        return {name: to_wire(getattr(value, name)) for name in names}
    if kind is tuple or kind is list:
        return [to_wire(item) for item in value]
    if isinstance(value, (bool, str)):
        return value
    if isinstance(value, Enum):
        return to_wire(value.value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return value
    if isinstance(value, (tuple, list)):
        return [to_wire(item) for item in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_wire(getattr(value, f.name)) for f in dataclasses.fields(value)
                if f.compare}
    raise TypeError(f"{type(value).__name__} has no JSON form")


def from_wire(kind: type[T], data: Any) -> T:
    """A ``kind`` read from ``data`` (what :func:`to_wire` wrote), checked field by field."""
    value: T = _read(kind, data, "", 0)
    return value


_HINTS: dict[type, dict[str, Any]] = {}


def with_local(record: T, home: T) -> T:
    """``record`` (read from the wire) with the fields that are not sent taken from
    ``home``, a record of the same class made locally."""
    local = {f.name: getattr(home, f.name) for f in dataclasses.fields(record)  # type: ignore[arg-type]
             if not f.compare}
    return dataclasses.replace(record, **local) if local else record  # type: ignore[type-var]


def _hints(cls: type) -> dict[str, Any]:
    """The type of each field that is sent (those not sent may name a type imported
    only for the type checker, so the hints are worked out field by field)."""
    found = _HINTS.get(cls)
    if found is None:
        space = vars(sys.modules[cls.__module__])
        found = {}
        for f in dataclasses.fields(cls):
            if f.compare:
                found[f.name] = eval(f.type, space) if isinstance(f.type, str) else f.type
        _HINTS[cls] = found
    return found


def _where(path: str) -> str:
    return f"{path}: " if path else ""


def _read(hint: Any, data: Any, path: str, depth: int) -> Any:
    if depth > MAX_DEPTH:
        raise WireError(f"{_where(path)}nested too deep")
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        options = typing.get_args(hint)
        if data is None:
            if type(None) in options:
                return None
            raise WireError(f"{_where(path)}a value is missing")
        problems = []
        for option in options:
            if option is type(None):
                continue
            try:
                return _read(option, data, path, depth + 1)
            except WireError as problem:
                problems.append(str(problem))
        raise WireError(problems[0] if len(problems) == 1 else
                        f"{_where(path)}{data!r} is none of the kinds it may be")
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(data, list):
            raise WireError(f"{_where(path)}{_short(data)} is not a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_read(args[0], item, f"{path}[{i}]", depth + 1)
                         for i, item in enumerate(data))
        if len(data) != len(args):
            raise WireError(f"{_where(path)}{len(data)} items where {len(args)} belong")
        return tuple(_read(arg, item, f"{path}[{i}]", depth + 1)
                     for i, (arg, item) in enumerate(zip(args, data)))
    if hint is Any or not isinstance(hint, type):
        raise WireError(f"{_where(path)}{hint!r} cannot be read")
    if hint is bool:
        if not isinstance(data, bool):
            raise WireError(f"{_where(path)}{_short(data)} is not true or false")
        return data
    if issubclass(hint, Enum):
        if isinstance(data, bool):
            raise WireError(f"{_where(path)}{_short(data)} is not a {hint.__name__}")
        try:
            return hint(data)
        except ValueError:
            raise WireError(f"{_where(path)}{_short(data)} is not a {hint.__name__}") from None
    if issubclass(hint, int):
        if isinstance(data, bool) or not isinstance(data, int):
            raise WireError(f"{_where(path)}{_short(data)} is not a whole number")
        if hint is int:
            return data
        parse = getattr(hint, "parse", None)
        try:
            return parse(data) if callable(parse) else hint(data)
        except ValueError as problem:
            raise WireError(f"{_where(path)}{problem}") from None
    if hint is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise WireError(f"{_where(path)}{_short(data)} is not a number")
        return float(data)
    if hint is str:
        if not isinstance(data, str):
            raise WireError(f"{_where(path)}{_short(data)} is not text")
        return data
    if dataclasses.is_dataclass(hint):
        if not isinstance(data, dict):
            raise WireError(f"{_where(path)}{_short(data)} is not an object")
        fields = [f for f in dataclasses.fields(hint) if f.init and f.compare]
        names = {f.name for f in fields}
        extra = sorted(set(data) - names)
        if extra:
            raise WireError(f"{_where(path)}unknown field {extra[0]!r}")
        hints = _hints(hint)
        values = {}
        for f in fields:
            inner = f"{path}.{f.name}" if path else f.name
            if f.name not in data:
                raise WireError(f"{inner}: missing")
            values[f.name] = _read(hints[f.name], data[f.name], inner, depth + 1)
        try:
            return hint(**values)
        except (TypeError, ValueError) as problem:
            raise WireError(f"{_where(path)}{problem}") from None
    raise WireError(f"{_where(path)}{hint.__name__} cannot be read")


def _short(data: Any) -> str:
    text = repr(data)
    return text if len(text) <= 40 else text[:37] + "..."
