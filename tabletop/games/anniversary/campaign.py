"""The Anniversary campaign: which chapters are open, each partner's Healthy
Communication cards, and every chapter's attempts and successes.

Pure data with a versioned JSON form; the shell stores it in the user data
folder (``Storage.load_campaign``) and updates it when a chapter ends.

>>> campaign = Campaign()
>>> campaign.unlocked, campaign.hc
(1, [0, 0])
>>> campaign.record(1, success=True, hc_after=(2, 0))
>>> campaign.unlocked, campaign.hc, campaign.stars(1)
(2, [2, 0], 1)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Protocol

from tabletop.games.anniversary.content import CHAPTERS, GESTURE_BY_ID

if TYPE_CHECKING:
    from tabletop.games.anniversary.observation import AnniversaryObservation

__all__ = ["CAMPAIGN_FILE", "Campaign", "CampaignError", "ChapterLog", "load_campaign",
           "record_chapter", "save_campaign"]

CAMPAIGN_FILE: Final = "anniversary-campaign.json"
FORMAT: Final = "tabletop-anniversary-campaign"
VERSION: Final = 1
MAX_HC: Final = 999


class CampaignError(ValueError):
    """A campaign file that cannot be read; the message says why."""


@dataclass
class ChapterLog:
    attempts: int = 0
    successes: int = 0
    #: The gestures of the last failed attempt, offered again on the next try.
    last_gestures: tuple[int, ...] = ()


@dataclass
class Campaign:
    unlocked: int = 1
    hc: list[int] = field(default_factory=lambda: [0, 0])
    chapters: dict[int, ChapterLog] = field(default_factory=dict)

    def log(self, number: int) -> ChapterLog:
        return self.chapters.setdefault(number, ChapterLog())

    def is_open(self, number: int) -> bool:
        return 1 <= number <= min(self.unlocked, len(CHAPTERS))

    def stars(self, number: int) -> int:
        return self.chapters[number].successes if number in self.chapters else 0

    def record(self, number: int, success: bool, hc_after: tuple[int, int],
               gestures: tuple[int, ...] = ()) -> None:
        """A chapter attempt ended: count it, open the next chapter on success, keep
        the HC cards each partner has now, remember the gestures of a failure."""
        if not self.is_open(number):
            raise ValueError(f"chapter {number} is not open")
        log = self.log(number)
        log.attempts += 1
        if success:
            log.successes += 1
            log.last_gestures = ()
            self.unlocked = max(self.unlocked, min(number + 1, len(CHAPTERS)))
        else:
            log.last_gestures = tuple(gestures)
        self.hc = [min(MAX_HC, max(0, int(n))) for n in hc_after]

    # -- JSON -----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "unlocked": self.unlocked,
            "hc": list(self.hc),
            "chapters": {str(n): {"attempts": c.attempts, "successes": c.successes,
                                  "last_gestures": list(c.last_gestures)}
                         for n, c in sorted(self.chapters.items())},
        }

    @classmethod
    def from_json(cls, data: Any) -> Campaign:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CampaignError("it is not an Anniversary campaign")
        if data.get("version") != VERSION:
            raise CampaignError(f"it has format version {data.get('version')!r}; "
                                f"this Tabletop reads version {VERSION}")
        unlocked: Any = data.get("unlocked")
        if not _count(unlocked) or not 1 <= unlocked <= len(CHAPTERS):
            raise CampaignError("its open chapter is not a chapter of the storybook")
        hc = data.get("hc")
        if not (isinstance(hc, list) and len(hc) == 2 and all(_count(n) and n <= MAX_HC
                                                               for n in hc)):
            raise CampaignError("its Healthy Communication counts are damaged")
        chapters = data.get("chapters")
        if not isinstance(chapters, dict):
            raise CampaignError("its chapter records are damaged")
        campaign = cls(unlocked, [int(hc[0]), int(hc[1])])
        for key, raw in chapters.items():
            try:
                number = int(key)
            except ValueError:
                raise CampaignError(f"{key!r} is not a chapter") from None
            if not 1 <= number <= len(CHAPTERS) or not isinstance(raw, dict):
                raise CampaignError(f"the record of chapter {key} is damaged")
            attempts: Any = raw.get("attempts")
            successes: Any = raw.get("successes")
            gestures = raw.get("last_gestures", [])
            if not (_count(attempts) and _count(successes) and successes <= attempts
                    and isinstance(gestures, list)
                    and all(g in GESTURE_BY_ID and not isinstance(g, bool) for g in gestures)):
                raise CampaignError(f"the record of chapter {key} is damaged")
            campaign.chapters[number] = ChapterLog(attempts, successes, tuple(gestures))
        return campaign


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


class _Documents(Protocol):
    def load_document(self, name: str, parse: Callable[[Any], Campaign],
                      fresh: Callable[[], Campaign]) -> tuple[Campaign, str | None]: ...

    def write_json(self, name: str, data: Any) -> None: ...


def load_campaign(storage: _Documents) -> tuple[Campaign, str | None]:
    """The saved campaign, or a new one (with a message if the file was damaged)."""
    return storage.load_document(CAMPAIGN_FILE, Campaign.from_json, Campaign)


def save_campaign(storage: _Documents, campaign: Campaign) -> None:
    storage.write_json(CAMPAIGN_FILE, campaign.to_json())


def record_chapter(storage: _Documents, obs: AnniversaryObservation) -> list[str]:
    """Write a finished chapter (as either partner saw it end) into the saved campaign;
    what went wrong, for the player's notices."""
    campaign, problem = load_campaign(storage)
    problems = [problem] if problem else []
    if campaign.is_open(obs.chapter):
        campaign.record(obs.chapter, bool(obs.result), obs.hc_after(), obs.gestures)
        try:
            save_campaign(storage, campaign)
        except OSError as error:
            problems.append(f"The storybook could not be saved ({error.strerror}).")
    return problems
