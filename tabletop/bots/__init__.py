"""Game-independent bots over the engine protocol (no pygame here)."""

from tabletop.bots.base import PolicyBot, RandomBot
from tabletop.bots.ismcts import Budget, ISMCTSBot, SearchHints

__all__ = ["Budget", "ISMCTSBot", "PolicyBot", "RandomBot", "SearchHints"]
