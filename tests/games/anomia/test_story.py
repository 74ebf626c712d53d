"""The round's account told across the network (a joined seat is told no events): it
reads back as the account itself, and what cannot be read is refused, not trusted."""

from __future__ import annotations

import json

from tabletop.engine.match import Match
from tabletop.games import CATALOGUE, REGISTRY
from tabletop.games.anomia.presenter import account_from_story, round_account

from ... import play


def test_the_story_told_reads_back_as_the_rounds_account():
    entry = REGISTRY.get("anomia")
    match: Match = play.finished(entry, play.solo(3, "easy"), 4)
    presenter = CATALOGUE.get(entry.id).presenter
    account = round_account(match.log, 3)
    assert account.faceoffs > 0 and account.winning_answers
    told = json.loads(json.dumps(presenter.story(match.log, 3, 1)))  # as the wire carries it
    assert account_from_story(told, 3) == account
    assert account_from_story(told, 4) is None  # another table's
    for bad in (None, [], {"seats": "x"}, {**told, "faceoffs": "many"},
                {**told, "seats": [{"faceoffs_won": 1}] * 3}):
        assert account_from_story(bad, 3) is None
