"""Going from screen to screen: what a scene asks to open next, as plain values.

A scene never opens another screen itself.  Its handlers (``enter``, ``handle_event``,
``update``, and the buttons and answers behind them) *return* a request, or ``None``
to stay:

- :class:`Open` a route over the screen on top (``Open(Route.RULES, entry=entry)``);
- :class:`Swap` the screen on top for a route;
- :class:`Back` closes the screen on top;
- :class:`Home` closes everything and shows the main menu.

A tuple of requests is followed in order (a dialog's answer: close the dialog, then
open what the answer leads to).  The app hands what a scene returns to the router
(:mod:`tabletop.ui.router`), the one place that knows which scene each route is; the
scenes know only this module, so none of them imports another.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Any, TypeAlias

__all__ = ["Answer", "Back", "Flow", "Home", "Open", "Request", "Route", "Swap", "requests", "then"]


class Route(Enum):
    """The screens a scene may ask for, and the arguments each takes."""

    SETUP = "setup"            # entry
    PRELUDE = "prelude"        # entry, seats, options, seed=None (a game's screen before its table)
    TUTORIAL = "tutorial"      # entry
    TABLE = "table"            # match, resumed=False, joining=None (a seat at a table hosted elsewhere)
    RESULTS = "results"        # match, picture=None, joined=False
    REPLAY = "replay"          # match, seat
    PAUSE = "pause"            # table (what the pause menu needs of it: its ``entry``)
    RULES = "rules"            # entry
    STATISTICS = "statistics"  # (nothing)
    SETTINGS = "settings"      # (nothing)
    CURTAIN = "curtain"        # name, on_ready, reason="", on_menu=None, card_back=...
    ASK = "ask"                # title, message, answers (a sequence of Answer)
    TELL = "tell"              # title, message
    LOBBY = "lobby"            # match (a table offered on the network, before it begins)
    JOIN = "join"              # (nothing): find a table on the network and take a seat


@dataclass(frozen=True, init=False)
class Open:
    """Open ``route`` over the screen on top."""

    route: Route
    args: Mapping[str, Any]

    def __init__(self, route: Route, /, **args: Any) -> None:
        object.__setattr__(self, "route", route)
        object.__setattr__(self, "args", MappingProxyType(dict(args)))

    def __repr__(self) -> str:
        args = ", ".join(f"{key}={value!r}" for key, value in self.args.items())
        return f"{type(self).__name__}({self.route}{', ' if args else ''}{args})"


@dataclass(frozen=True, init=False, repr=False)
class Swap(Open):
    """Open ``route`` in place of the screen on top."""


@dataclass(frozen=True)
class Back:
    """Close the screen on top."""


@dataclass(frozen=True)
class Home:
    """Close every screen and show the main menu."""


Request: TypeAlias = Open | Back | Home
#: What a handler returns: nothing to do, one request, or several in order.
Flow: TypeAlias = Request | tuple[Request, ...] | None


def requests(flow: Flow) -> tuple[Request, ...]:
    """``flow`` as the requests it holds, in order."""
    if flow is None:
        return ()
    if isinstance(flow, tuple):
        return flow
    return (flow,)


def then(first: Flow, second: Flow) -> Flow:
    """``first``, then ``second`` (``None`` if both are)."""
    both = requests(first) + requests(second)
    if not both:
        return None
    return both[0] if len(both) == 1 else both


@dataclass(frozen=True)
class Answer:
    """One answer to a question (:attr:`Route.ASK`): its button, and what choosing it
    does after the question closes (a request, or ``None`` to stay where it was asked)."""

    label: str
    then: Callable[[], Flow]
    primary: bool = False
