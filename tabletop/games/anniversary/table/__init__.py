"""The Anniversary table (its spec for the table kit; its art and other pictures, the
cards tucked under a gesture, the tips for a new player) and the storybook."""

from tabletop.games.anniversary.table.spec import AnniversaryTableSpec

__all__ = ["AnniversaryTableSpec"]
