"""The Anniversary table (its spec for the table kit, and its art) and the storybook."""

from tabletop.games.anniversary.table.spec import AnniversaryTableSpec

__all__ = ["AnniversaryTableSpec"]
