"""The campaign survives restarts and damaged files."""

from __future__ import annotations

import json

import pytest

from tabletop.games.anniversary.campaign import (
    CAMPAIGN_FILE, Campaign, CampaignError, load_campaign, save_campaign,
)
from tabletop.storage import Storage


def test_success_opens_the_next_chapter_and_failure_keeps_the_gestures():
    campaign = Campaign()
    campaign.record(1, False, (0, 0), gestures=(4,))
    assert campaign.unlocked == 1 and campaign.log(1).last_gestures == (4,)
    campaign.record(1, True, (3, 1))
    assert campaign.unlocked == 2 and campaign.hc == [3, 1]
    assert campaign.log(1).attempts == 2 and campaign.stars(1) == 1
    with pytest.raises(ValueError):
        campaign.record(5, True, (0, 0))


def test_campaign_round_trips_through_storage(tmp_path):
    storage = Storage(tmp_path)
    campaign = Campaign()
    campaign.record(1, True, (2, 0))
    campaign.record(2, False, (2, 0), gestures=(1, 2))
    save_campaign(storage, campaign)
    again, problem = load_campaign(Storage(tmp_path))
    assert problem is None and again == campaign


@pytest.mark.parametrize("content", [
    b"", b"{", b"\x00\xff", b'{"format": "other"}', b"[]",
    json.dumps({"format": "tabletop-anniversary-campaign", "version": 9}).encode(),
    json.dumps({"format": "tabletop-anniversary-campaign", "version": 1, "unlocked": 40,
                "hc": [0, 0], "chapters": {}}).encode(),
    json.dumps({"format": "tabletop-anniversary-campaign", "version": 1, "unlocked": 2,
                "hc": [0, -1], "chapters": {}}).encode(),
    json.dumps({"format": "tabletop-anniversary-campaign", "version": 1, "unlocked": 2,
                "hc": [0, 1], "chapters": {"1": {"attempts": 1, "successes": 3}}}).encode(),
])
def test_a_damaged_campaign_is_moved_aside_with_a_message(tmp_path, content):
    (tmp_path / CAMPAIGN_FILE).write_bytes(content)
    campaign, problem = load_campaign(Storage(tmp_path))
    assert campaign == Campaign()
    assert problem and "kept as" in problem
    assert not (tmp_path / CAMPAIGN_FILE).exists()
    assert list(tmp_path.glob("anniversary-campaign.broken-*.json"))


def test_campaign_errors_are_value_errors():
    with pytest.raises(CampaignError):
        Campaign.from_json({"format": "nope"})
