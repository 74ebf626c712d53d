"""The table kit: one scene that plays every game from its declarative spec."""

from __future__ import annotations

from typing import Any

from tabletop.engine.match import Match
from tabletop.ui.context import Context
from tabletop.ui.scene import Scene

__all__ = ["make_table"]


def make_table(ctx: Context, match: Match, resumed: bool = False, **options: Any) -> Scene:
    """The table scene for ``match`` (its game must have a table)."""
    from tabletop.ui.table.scene import Table
    from tabletop.ui.table.spec import TableSpec

    loader = ctx.listing(match.entry).load_table
    if loader is None:
        raise ValueError(f"{match.entry.title} has no table yet")
    spec = loader()
    assert issubclass(spec, TableSpec)
    return Table(ctx, match, resumed, spec=spec, **options)
