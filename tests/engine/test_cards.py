from __future__ import annotations

import json

import pytest

from tabletop.engine.cards import SuitedCard, rank_of, suit_mask, suit_of


class Demo(SuitedCard):
    SUITS = ("Red", "Blue", "Green")


def test_card_fields_and_name():
    card = Demo.of(2, 9)
    assert (card.suit, card.rank, str(card)) == (2, 9, "Green 9")
    assert suit_of(card) == 2 and rank_of(card) == 9


def test_cards_behave_as_integers():
    card = Demo.of(1, 4)
    assert card == int(card)
    assert hash(card) == hash(int(card))
    assert json.loads(json.dumps([card])) == [int(card)]
    assert Demo.parse(json.loads(json.dumps(card))) == card


@pytest.mark.parametrize("bad", [-1, "3", 3.0, True, None, 3 << 5])
def test_parse_rejects_non_cards(bad):
    with pytest.raises(ValueError):
        Demo.parse(bad)


def test_of_rejects_unknown_suit():
    with pytest.raises(ValueError):
        Demo.of(3, 1)


def test_suit_mask():
    assert suit_mask([Demo.of(0, 1), Demo.of(2, 5), Demo.of(2, 6)]) == 0b101
