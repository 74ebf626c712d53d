"""``tabletop bench`` keeps every section it finished when another one fails."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

from tabletop.lab import bench
from tabletop.cli import main
from tabletop.engine.registry import GameEntry
from tabletop.games import REGISTRY


def deep_failure() -> None:
    [][1]


@pytest.fixture
def quick_sections(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every section answers at once with what it was asked (the order is kept)."""
    ran: list[str] = []

    def per_game(part: str) -> Any:
        def run(entry: GameEntry, plan: bench.Plan) -> dict[str, Any]:
            ran.append(f"{entry.id}: {part}")
            return {"part": part, "game": entry.id}
        return run

    def crash(entries: Sequence[GameEntry], plan: bench.Plan) -> dict[str, Any]:
        ran.append("crash and resume")
        return {"kills": len(entries)}

    def app(part: str) -> Any:
        def run(plan: bench.Plan) -> dict[str, Any]:
            ran.append(part)
            return {"part": part}
        return run
    for part, name in (("engine", "engine_bench"), ("bots", "bot_bench"),
                       ("fuzz", "fuzz_bench"), ("table", "table_bench")):
        monkeypatch.setattr(bench, name, per_game(part))
    monkeypatch.setattr(bench, "crash_bench", crash)
    monkeypatch.setattr(bench, "cold_start", app("cold start"))
    monkeypatch.setattr(bench, "monkey_bench", app("monkey"))
    monkeypatch.setattr(bench, "net_bench", app("network"))
    return ran


def test_a_failing_section_is_a_problem_and_the_others_still_run(quick_sections, monkeypatch):
    table = bench.table_bench

    def table_fails_for_enemy_anemone(entry: GameEntry, plan: bench.Plan) -> dict[str, Any]:
        if entry.id == "enemy-anemone":
            deep_failure()
        return table(entry, plan)

    def crash_fails(entries: Sequence[GameEntry], plan: bench.Plan) -> dict[str, Any]:
        raise RuntimeError("the app would not start\nafter three tries")
    monkeypatch.setattr(bench, "table_bench", table_fails_for_enemy_anemone)
    monkeypatch.setattr(bench, "crash_bench", crash_fails)
    said: list[str] = []
    entries = [REGISTRY.get("enemy-anemone"), REGISTRY.get("anno")]
    report = bench.run_bench(entries, quick=True, progress=said.append)
    assert report["problems"] == [
        {"section": "enemy-anemone: table", "error": "IndexError: list index out of range"},
        {"section": "crash and resume", "error": "after three tries"},
    ]
    ea, anno = report["games"]["enemy-anemone"], report["games"]["anno"]
    assert ea["table"] == {"failed": "IndexError: list index out of range"}
    for part in ("engine", "bots", "fuzz"):
        assert ea[part] == {"part": part, "game": "enemy-anemone"}
    for part in ("engine", "bots", "fuzz", "table"):
        assert anno[part] == {"part": part, "game": "anno"}
    assert report["crash"] == {"failed": "after three tries"}
    assert report["app"]["cold_start"] == {"part": "cold start"}
    assert report["app"]["monkey"] == {"part": "monkey"}
    assert quick_sections[-3:] == ["cold start", "monkey", "network"]  # ran after the failures
    assert "enemy-anemone: table failed: IndexError: list index out of range" in said
    json.dumps(report)


def test_with_json_the_report_is_printed_even_when_a_section_failed(quick_sections, monkeypatch,
                                                                    capsys):
    def monkey_fails(plan: bench.Plan) -> dict[str, Any]:
        raise AssertionError("no scene left")
    monkeypatch.setattr(bench, "monkey_bench", monkey_fails)
    assert main(["bench", "--quick", "--json", "--games", "enemy-anemone,anno"]) == 0
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert report["problems"] == [{"section": "monkey", "error": "AssertionError: no scene left"}]
    assert report["games"]["anno"]["table"] == {"part": "table", "game": "anno"}
    assert report["crash"] == {"kills": 2}
    assert report["app"]["cold_start"] == {"part": "cold start"}
    assert report["app"]["monkey"] == {"failed": "AssertionError: no scene left"}
    assert "bench: monkey failed: AssertionError: no scene left" in err


def test_a_bench_with_nothing_failing_has_no_problems(quick_sections):
    report = bench.run_bench([REGISTRY.get("anno")], quick=True)
    assert report["problems"] == []
    assert quick_sections == ["anno: engine", "anno: bots", "anno: fuzz", "anno: table",
                              "crash and resume", "cold start", "monkey", "network"]


def test_what_a_finished_section_found_wrong_is_a_problem_too(quick_sections, monkeypatch):
    """A fuzzed game that never ended is reported among the problems, not only in its
    section: an empty list of problems means a clean run."""
    monkeypatch.setattr(bench, "fuzz_bench", lambda entry, plan: {
        "failures": 1, "first_failures": [f"{entry.id} seed=7: no end after 20000 moves"]})
    monkeypatch.setattr(bench, "monkey_bench", lambda plan: {
        "crashes": 0, "problems": ["event 12 (seed 2026): a refusal left a piece lit"]})
    report = bench.run_bench([REGISTRY.get("anno")], quick=True)
    assert report["problems"] == [
        {"section": "anno: fuzz", "error": "anno seed=7: no end after 20000 moves"},
        {"section": "monkey", "error": "event 12 (seed 2026): a refusal left a piece lit"}]
