"""Every public class and function of the engine, of the table kit (with its widgets)
and of each game's rules says what it is, in a docstring (a method that overrides a
documented one inherits its words)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import tabletop

#: A game's rules: the modules a reader of its rules opens.
RULES = ("rules", "game", "info", "cards", "content", "actions", "observation", "sampling",
         "audit", "mountain", "gestures", "matching", "lexicon", "anemones", "feasibility")


def _modules() -> list[str]:
    names = []
    for found in pkgutil.walk_packages(tabletop.__path__, "tabletop."):
        parts = found.name.split(".")
        kit = parts[1] == "ui" and len(parts) > 2 and parts[2] in ("table", "widgets")
        if parts[1] == "engine" or kit or (parts[1] == "games" and len(parts) == 4
                                           and parts[3] in RULES):
            names.append(found.name)
    return sorted(names)


def _undocumented(name: str) -> list[str]:
    module = importlib.import_module(name)
    missing = []
    for attr, obj in vars(module).items():
        if attr.startswith("_") or getattr(obj, "__module__", None) != name:
            continue
        if not (inspect.isclass(obj) or inspect.isfunction(obj)):
            continue
        if not inspect.getdoc(obj):
            missing.append(attr)
        if inspect.isclass(obj):
            for member, raw in vars(obj).items():
                if member.startswith("_"):
                    continue
                function = raw.fget if isinstance(raw, property) else getattr(raw, "__func__", raw)
                if inspect.isfunction(function) and function.__module__ == name:
                    if not inspect.getdoc(raw if isinstance(raw, property) else getattr(obj, member)):
                        missing.append(f"{attr}.{member}")
    return missing


PROBE = '''
class Shown:
    """Said."""

    def plain(self): pass

    def __repr__(self): return ""


class Quiet(Shown):
    def plain(self): pass

    def new(self): pass


def bare(): pass
'''


def test_the_check_finds_what_is_undocumented(monkeypatch):
    """``Quiet.plain`` is not excused by ``Shown.plain``: that one has no words either."""
    import sys
    import types

    module = types.ModuleType("tabletop_docstring_probe")
    exec(PROBE, module.__dict__)
    monkeypatch.setitem(sys.modules, module.__name__, module)
    assert _undocumented(module.__name__) == ["Shown.plain", "Quiet.plain", "Quiet.new", "bare"]


def test_the_modules_are_found():
    names = _modules()
    assert {"tabletop.engine.protocol", "tabletop.games.anno.rules",
            "tabletop.ui.table.zones", "tabletop.ui.widgets.button"} <= set(names)
    assert len(names) > 40


@pytest.mark.parametrize("name", _modules())
def test_every_public_definition_has_a_docstring(name):
    assert not _undocumented(name), f"{name} without docstrings: {', '.join(_undocumented(name))}"
