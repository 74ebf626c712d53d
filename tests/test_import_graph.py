"""The layers as ``docs/architecture.md`` draws them, read from the real imports.

Every ``import`` in the package counts, those inside functions too; only imports under
``if TYPE_CHECKING:`` do not, since they never run (they name a type for an
annotation).  The graph may have no circle, and each layer imports only what is
below it:

* ``engine`` imports nothing else of Tabletop;
* ``bots`` (the game-agnostic search) imports only the engine;
* a game's rules side (every module of the game but its ``table`` package and its
  shell side: ``catalogue``, ``presenter``, ``coach``, ``words``, ``rules_text``; its
  package ``__init__``, the engine's entry, included) imports only the engine, the bots
  and its own rules side, and its
  ``rules.py`` not even the bots; its events carry no words, so no rules module
  imports the log's words, a presenter or a catalogue;
* the engine knows nothing of the shell's catalogue, presenters or words (``play``);
* ``ui`` (the kit every table is built from) imports no game;
* ``net`` (network play) imports only the engine and the play session: no game, no ui;
* only the composition root and the command line know every game (``tabletop.games``).
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).parents[1] / "tabletop"
#: Presentation modules of a game (shell side, beside its ``table`` package).
SHELL_SIDE = {"presenter", "coach", "rules_text", "catalogue", "words"}
#: The shell's modules of presentation: the catalogue, presenters and the log's words.
WORDS = {"catalogue", "presenter", "words"}


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def _imports(path: Path, known: set[str]) -> set[str]:
    """The package's modules ``path`` imports when it runs."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) \
                and node.test.id == "TYPE_CHECKING":
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(), str(path)))
    return found & known


MODULES = _modules()
GRAPH = {name: _imports(path, set(MODULES)) - {name} for name, path in MODULES.items()}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return found


def test_the_reader_finds_a_circle_and_skips_type_only_imports(tmp_path):
    """The checks below can fail: a circle made by a function-local import is found,
    one made only by an annotation's import is not."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _circles(graph) == [["a", "b", "c"]]
    module = tmp_path / "m.py"
    module.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import x.y\n"
                      "def f():\n    from x import z\n")
    assert _imports(module, {"x", "x.y", "x.z"}) == {"x", "x.z"}


def test_no_module_takes_part_in_an_import_circle():
    circles = _circles(GRAPH)
    assert not circles, "import circles: " + "; ".join(" ↔ ".join(c) for c in circles)


def _layer(name: str) -> str:
    parts = name.split(".")
    if len(parts) < 2:
        return "root"
    if parts[1] == "games" and len(parts) >= 3:
        if len(parts) >= 4 and (parts[3] == "table" or parts[3] in SHELL_SIDE):
            return f"shell:{parts[2]}"
        return f"rules:{parts[2]}"
    return parts[1]


def test_every_layer_imports_only_what_lies_below_it():
    wrong = []
    for name, imported in sorted(GRAPH.items()):
        layer = _layer(name)
        for target in sorted(imported):
            below = _layer(target)
            if layer == "engine":
                ok = below == "engine"
            elif layer == "bots":
                ok = below in ("engine", "bots")
            elif layer.startswith("rules:"):
                own = layer
                ok = below in ("engine", own) or (below == "bots" and not name.endswith(".rules"))
            elif layer == "ui":
                ok = not below.startswith(("rules:", "shell:")) and target != "tabletop.games"
            elif layer == "net":
                ok = below in ("engine", "play", "net")
            else:
                ok = True
            if not ok:
                wrong.append(f"{name} → {target}")
    assert not wrong, "imports across the layers: " + ", ".join(wrong)


def test_only_the_composition_root_and_the_command_line_know_every_game():
    knowing = sorted(name for name, imported in GRAPH.items()
                     if "tabletop.games" in imported and not name.startswith("tabletop.games"))
    assert set(knowing) <= {"tabletop.main", "tabletop.cli", "tabletop.lab.simulate",
                            "tabletop.lab.tournament", "tabletop.lab.monkey",
                            "tabletop.lab.endurance", "tabletop.lab.bench", "tabletop.lab.fuzz",
                            "tabletop.lab.autoplay", "tabletop.lab.netbench",
                            "tabletop.lab.netwindow"}, knowing


def test_the_engine_imports_nothing_of_the_shells_catalogue_presenters_or_words():
    wrong = sorted(f"{name} → {target}" for name, imported in GRAPH.items()
                   if _layer(name) == "engine" for target in imported
                   if target.startswith("tabletop.play"))
    assert not wrong, wrong
    assert "tabletop.engine.presenter" not in MODULES  # presenters live in the shell


def test_no_rules_module_imports_words_a_presenter_or_a_catalogue():
    """A game's events say what happened; what the log says of them is the shell's."""
    wrong = []
    for name, imported in sorted(GRAPH.items()):
        if not _layer(name).startswith("rules:"):
            continue
        for target in sorted(imported):
            last = target.split(".")[-1]
            if target.startswith("tabletop.play") or (
                    target.startswith("tabletop.games.") and last in WORDS):
                wrong.append(f"{name} → {target}")
    assert not wrong, wrong
    events = [name for name in GRAPH if name.endswith(".events")]
    assert len(events) >= 6 and all(_layer(name) in ("engine",) or
                                    _layer(name).startswith("rules:") for name in events)
