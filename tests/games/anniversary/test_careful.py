"""``hard``'s imagined partners play the rule of thumb carefully: they keep the card a
"win with" gesture needs until it can win, and get rid of the cards that would beat it."""

from __future__ import annotations

import random

import pytest

from tabletop.games.anniversary.bot import make_bot
from tabletop.games.anniversary.thumb import (
    BEATERS, AnniversaryHints, Outlook, _choose_card, _outlook,
)
from tabletop.games.anniversary.cards import BOTTOM, DECK, TOP, AnniversaryCard
from tabletop.games.anniversary.fast import FastDates
from tabletop.games.anniversary.gestures import Status, mask_of

from .helpers import c, cards, gesture, table


def imagined(hands: dict[int, str], gestures: dict[str, int], top: int = 0) -> FastDates:
    """The chapter as a search imagines it: both hands and the draw pile in view."""
    state = table(hands, gestures, top=top)
    fast = FastDates.of_observation(state.observation(state.current_player))
    fast.hands = [sorted(state.hands[0]), sorted(state.hands[1])]
    fast.aside = list(state.aside)
    return fast


def names(mask: int) -> set[str]:
    return {str(card) for card in DECK if mask >> card & 1}


def test_the_cards_that_beat_a_card_led():
    assert names(BEATERS[c("Teal 2")]) == {"Teal 3", "Teal 4", "Teal 5", "Teal 6"}
    assert BEATERS[c("Pink 6")] == 0
    assert names(BEATERS[BOTTOM]) == {"Top card"}
    assert BEATERS[TOP] == 0


def test_the_outlook_names_the_cards_to_keep_and_to_shed():
    gids = [gesture("A Single Wing"), gesture("Midnight Movie"), gesture("Breakfast in Bed"),
            gesture("Haunted House")]
    outlook = Outlook(gids, [0, 1, 0, 1], [Status.PENDING] * 3 + [Status.DONE])
    assert names(outlook.fragile[0]) == {"Teal 2"}  # the Top card cannot be beaten
    assert names(outlook.fragile[1]) == {"Purple 6"}  # Haunted House is done
    assert names(outlook.shed[0]) == names(outlook.shed[1]) == {
        "Teal 3", "Teal 4", "Teal 5", "Teal 6"}
    mine = Outlook([gesture("A Single Wing"), gesture("Butterfly Garden")], [0, 1],
                   [Status.PENDING] * 2)
    assert "Teal 6" in names(mine.shed[0]) and "Teal 6" not in names(mine.shed[1])
    # Any card of a rank will do: each is kept, and none is in another's way.
    ranked = Outlook([gesture("The Underdog"), gesture("A Single Wing")], [1, 0],
                     [Status.PENDING] * 2)
    assert names(ranked.fragile[1]) == {"Teal 1", "Pink 1", "Red 1", "Purple 1"}
    assert names(ranked.shed[1]) == {"Teal 3", "Teal 4", "Teal 5", "Teal 6"}


def test_a_card_to_win_with_is_kept_in_the_lead_while_a_card_in_either_hand_beats_it():
    wing = {"A Single Wing": 0}
    fast = imagined({0: "Top, Teal 2, Pink 3, Red 3, Purple 1, Pink 4, Red 4, Purple 2, Pink 5",
                     1: "Bottom, Teal 5, Pink 1, Red 6, Red 2, Purple 5, Purple 3, Pink 6, Red 5"},
                    wing)
    outlook = _outlook(fast)
    keep, shed = AnniversaryHints.care(fast, 0, -1, outlook)
    assert names(keep) == {"Teal 2"}  # the partner's Teal 5 would beat it
    assert names(shed) == {"Teal 3", "Teal 4", "Teal 5", "Teal 6"}
    fast.hands[1] = sorted(cards("Bottom, Teal 1, Pink 1, Red 6, Red 2, Purple 5, Purple 3, "
                                 "Pink 6, Red 5"))
    assert AnniversaryHints.care(fast, 0, -1, outlook)[0] == 0  # safe to lead now
    fast.hands[0] = sorted([*fast.hands[0], c("Teal 6")])
    assert names(AnniversaryHints.care(fast, 0, -1, outlook)[0]) == {"Teal 2"}  # my own
    # Following, it is kept whatever the hands hold: it must take the Date over.
    assert names(AnniversaryHints.care(fast, 0, 0, outlook)[0]) == {"Teal 2"}
    assert AnniversaryHints.care(fast, 1, -1, outlook)[0] == 0  # not the partner's to keep


def test_a_kept_card_is_not_led_nor_thrown_away_and_a_shed_card_is_preferred():
    teal2, pink3, teal5 = c("Teal 2"), c("Pink 3"), c("Teal 5")
    wanted: set[int] = {teal2}
    keep = 1 << teal2
    for k in range(200):
        # In the lead: the plain rule of thumb leads the card it wants to win with.
        assert _choose_card(0, [teal2, pink3], -1, -1, -1, 0, wanted, set(),
                            random.Random(k)) == teal2
        assert _choose_card(0, [teal2, pink3], -1, -1, -1, 0, wanted, set(),
                            random.Random(k), keep) == pink3
        # Following a Red lead it cannot take: discarding the Teal 2 would lose it.
        red6 = c("Red 6")
        assert _choose_card(0, [teal2, pink3], red6 >> 5, 1, red6, 2, wanted, set(),
                            random.Random(k), keep) == pink3
        # Free to discard either: the one that would beat the partner's card goes.
        assert _choose_card(0, [teal5, pink3], red6 >> 5, 1, red6, 0, set(), {teal2},
                            random.Random(k), 0, 1 << teal5) == teal5


def random_chapter(rng: random.Random, title: str, card: AnniversaryCard) -> FastDates | None:
    """A chapter whose one gesture, "win with ``card``", is seat 0's, who holds the card
    (None when the Top card lies in the draw pile: no such chapter is dealt)."""
    deck = [x for x in DECK if x != card]
    rng.shuffle(deck)
    hands = [[card, *deck[:8]], deck[8:17]]
    top = next((seat for seat in (0, 1) if TOP in hands[seat]), None)
    if top is None:
        return None
    text = {seat: ", ".join("Top" if x == TOP else "Bottom" if x == BOTTOM else str(x)
                            for x in hand) for seat, hand in enumerate(hands)}
    fast = imagined(text, {title: 0}, top=top)
    assert mask_of(fast.hands[0]) >> card & 1
    return fast


@pytest.mark.parametrize(("title", "card"), [("A Single Wing", "Teal 2"),
                                             ("The Smallest Sweet", "Pink 1"),
                                             ("Haunted House", "Purple 3"),
                                             ("The Underdog", "Red 1")])
def test_careful_partners_win_with_a_low_card_far_more_often(title, card):
    """The plain rule of thumb leads the card as soon as it can, into the partner's
    higher cards; careful partners wait, shedding those cards, and bring it off.
    (For a rank, seat 0 holds at least ``card`` of it.)"""
    rng = random.Random(1)
    wins = {False: 0, True: 0}
    dealt = 0
    while dealt < 40:
        fast = random_chapter(rng, title, c(card))
        if fast is None:
            continue
        dealt += 1
        for careful in (False, True):
            hints = AnniversaryHints(careful=careful)
            for k in range(8):
                chapter = fast.clone()
                hints.play_out(chapter, None, random.Random(k))
                wins[careful] += bool(chapter.result)
    assert wins[True] >= max(1.5 * wins[False], wins[False] + 25), wins


def test_only_hard_imagines_careful_partners():
    assert make_bot("hard").hints.careful  # type: ignore[attr-defined]
    assert not make_bot("normal").hints.careful  # type: ignore[attr-defined]
