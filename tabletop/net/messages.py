"""What host and clients say to each other: JSON objects with a version and a type.

Every message is one WebSocket text frame holding a JSON object
``{"v": VERSION, "type": ..., ...}``.  What a client sends is read by
:func:`read_client`, which checks each field before the host looks at it and raises
:class:`BadMessage` (with words for the sender and the host's log) for anything else.

A client says:

* ``hello`` — ``code`` (the join code), ``name``, ``seat`` (a seat number or ``null``:
  any free one), ``token`` (``null``, or the token a former welcome gave, to take the
  same seat back);
* ``act`` — ``seq`` (how many moves the table had made when the client chose) and
  ``action`` (the game's action as a save writes it);
* ``pong`` — the ``t`` of a ``ping``, sent back at once.

The host says:

* ``welcome`` — the client's ``seat`` and ``token``, the ``game``, its ``options``, the
  number of ``players`` and the ``clock_rate`` of a real-time game's clock;
* ``ping`` — ``t``, to be sent back as a ``pong`` (the host measures round trips);
* ``lobby`` — ``seats``: each seat's ``name``, ``kind`` ("bot", "remote" or "host":
  a person at the host's screen), bot
  ``level`` and whether someone is ``here``; ``started``;
* ``update`` — ``seq``, the seat's ``obs`` (:mod:`tabletop.engine.wire`), its
  ``legal`` actions (empty unless it may act), the ``acting`` seats, ``over`` and, once
  over, ``outcome``; and ``log``: the log's new lines, as the seat may read them;
* ``refused`` — ``reason`` and the ``seq`` of the refused act;
* ``error`` — ``code`` and ``message``; the host closes the connection after it.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["BadMessage", "MAX_CLIENT_BYTES", "VERSION", "encode", "read_client"]

#: The protocol's version: a host and a client of different versions do not play.
VERSION = 1
#: The largest message a client may send (an action is a few dozen bytes).
MAX_CLIENT_BYTES = 8 * 1024
MAX_CODE = 32
MAX_NAME = 64
MAX_TOKEN = 64
#: Error codes a host may close with.
ERRORS = ("version", "wrong-code", "full", "no-such-seat", "malformed", "flood", "not-joined")


class BadMessage(ValueError):
    """A client's message that cannot be read: ``code`` is one of :data:`ERRORS`."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def encode(kind: str, **fields: Any) -> str:
    """A message of type ``kind``, as the text frame that carries it."""
    return json.dumps({"v": VERSION, "type": kind, **fields}, separators=(",", ":"))


def read_client(raw: str | bytes) -> dict[str, Any]:
    """A client's message, checked: its type and each of its fields."""
    if isinstance(raw, bytes):
        raise BadMessage("malformed", "Messages are JSON text, not binary frames.")
    if len(raw) > MAX_CLIENT_BYTES:
        raise BadMessage("malformed", f"A message may hold at most {MAX_CLIENT_BYTES} bytes.")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise BadMessage("malformed", "That message is not JSON.") from None
    if not isinstance(data, dict):
        raise BadMessage("malformed", "A message is a JSON object.")
    version = data.get("v")
    if version != VERSION:
        raise BadMessage("version", f"This table speaks version {VERSION} of the protocol, "
                                    f"the message version {_short(version)}: update Tabletop.")
    kind = data.get("type")
    if kind == "hello":
        _only(data, {"code", "name", "seat", "token"})
        _text(data, "code", MAX_CODE)
        _text(data, "name", MAX_NAME)
        if data.get("seat") is not None:
            _number(data, "seat", 0, 63)
        if data.get("token") is not None:
            _text(data, "token", MAX_TOKEN)
        data.setdefault("seat", None)
        data.setdefault("token", None)
        return data
    if kind == "pong":
        _only(data, {"t"})
        _number(data, "t", 0, 2**53)
        return data
    if kind == "act":
        _only(data, {"seq", "action"})
        _number(data, "seq", 0, 10**9)
        if "action" not in data:
            raise BadMessage("malformed", "An act names its action.")
        return data
    raise BadMessage("malformed", f"No message of type {_short(kind)}.")


def _only(data: dict[str, Any], names: set[str]) -> None:
    extra = sorted(set(data) - names - {"v", "type"})
    if extra:
        raise BadMessage("malformed", f"Unknown field {_short(extra[0])} in a {data['type']}.")


def _text(data: dict[str, Any], name: str, longest: int) -> None:
    value = data.get(name)
    if not isinstance(value, str) or len(value) > longest:
        raise BadMessage("malformed", f"{name} must be text of at most {longest} characters.")


def _number(data: dict[str, Any], name: str, low: int, high: int) -> None:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadMessage("malformed", f"{name} must be a whole number from {low} to {high}.")


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 30 else text[:27] + "..."
