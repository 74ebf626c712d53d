"""A gesture fails the moment it becomes impossible, judged from everything both partners
can see: the Dates, who holds the Top card, the cards shown with Healthy Communication,
and, once the draw pile is used up, the colours a partner does not follow and the cards
their gems rule out.  Never from a hidden hand."""

from __future__ import annotations

from tabletop.engine.events import GameOver
from tabletop.engine.rng import Rng
from tabletop.games.anniversary.actions import Gem, Ready
from tabletop.games.anniversary.cards import TEAL, AnniversaryCard
from tabletop.games.anniversary.events import ChapterEnded, GestureSettled
from tabletop.games.anniversary.gestures import (
    COLOUR_MASKS, SUIT_MASKS, Status, barred_cards, mask_of,
)
from tabletop.games.anniversary.observation import DateRecord, Phase
from tabletop.games.anniversary.rules import AnniversaryState, winning_play
from tabletop.games.anniversary.game import AnniversaryGame

from .helpers import c, cards, gesture, play, share, table

TOP_HAND = "Top, Teal 6, Teal 1, Pink 6, Pink 2, Red 3, Purple 6, Purple 4, Purple 1"
BOTTOM_HAND = "Bottom, Teal 5, Teal 2, Pink 5, Pink 1, Red 6, Red 2, Purple 5, Purple 2"


def lost(events: list, seat: int, title: str) -> bool:
    """The events settle ``title`` as lost for ``seat`` and end the chapter, lost."""
    settled = [(e.seat, e.gesture, e.status) for e in events if isinstance(e, GestureSettled)]
    ended = [e for e in events if isinstance(e, ChapterEnded)]
    return ((seat, gesture(title), Status.FAILED) in settled and len(ended) == 1
            and not ended[0].success and any(isinstance(e, GameOver) for e in events))


# -- a card shown by the partner ------------------------------------------------------------
def test_the_top_showing_the_teal_6_loses_the_bottoms_date_with_it_at_once():
    state = table({0: TOP_HAND, 1: BOTTOM_HAND},
                  {"The Last Word": 0, "Butterfly Garden": 1}, hc=(1, 0))
    assert state.phase is Phase.SHARE and state.current_player == 0
    events = share(state, "Teal 6", Gem.TOP)
    # Only the top can ever play the Teal 6, and only its player foots a Date with it.
    assert lost(events, 1, "Butterfly Garden")
    assert state.is_over and state.result is False and state.history == []
    assert state.hc_after() == (1, 0)          # a chapter lost gives the card back


def test_showing_your_own_card_never_loses_your_own_gesture():
    state = table({0: TOP_HAND, 1: BOTTOM_HAND}, {"Butterfly Garden": 0}, hc=(1, 0))
    events = share(state, "Teal 6", Gem.TOP)
    assert not any(isinstance(e, GestureSettled) for e in events)
    assert not state.is_over and state.settled == [Status.PENDING]
    assert state.phase is Phase.DATE            # no card left to share: the Date begins


def test_the_bottoms_date_with_a_6_is_lost_when_the_top_has_shown_every_6():
    top = "Top, Teal 6, Pink 6, Red 6, Purple 6, Teal 1, Pink 2, Red 3, Purple 4"
    bottom = "Bottom, Teal 5, Teal 2, Pink 5, Pink 1, Red 2, Red 1, Purple 5, Purple 2"
    state = table({0: top, 1: bottom}, {"The Last Word": 0, "Top Marks": 1}, hc=(4, 0))
    for six in ("Teal 6", "Pink 6", "Red 6"):
        assert not any(isinstance(e, GestureSettled) for e in share(state, six, Gem.TOP))
        assert not state.is_over                # one 6 still could be the bottom's
    assert lost(share(state, "Purple 6", Gem.TOP), 1, "Top Marks")


def test_a_card_on_the_gem_spot_is_not_shown_until_its_gem_is_placed():
    from tabletop.games.anniversary.actions import Pick, Unpick

    state = table({0: TOP_HAND, 1: BOTTOM_HAND},
                  {"The Last Word": 0, "Butterfly Garden": 1}, hc=(1, 0))
    state.apply(Pick(c("Teal 6")), 0)
    assert not state.is_over
    state.apply(Unpick(), 0)                    # taken back: the move was never made
    state.apply(Ready(), 0)
    assert state.phase is Phase.DATE and state.settled == [Status.PENDING, Status.PENDING]


# -- after the last draw: what a partner lacks, they lack for good ------------------------
HISTORY = [  # four Dates, all footed by the top (seat 0), who leads each
    "Teal 6, Teal 1, Teal 4, Purple 2",
    "Red 6, Red 1, Red 5, Red 2",
    "Purple 6, Purple 1, Purple 4, Purple 3",
    "Pink 6, Pink 1, Pink 5, Pink 2",
]


def before_date_five(hands: dict[int, str], gestures: dict[str, int],
                     hc: tuple[int, int] = (0, 0)) -> AnniversaryState:
    """Four Dates played and every card drawn (the pile is empty), just before Date 5."""
    state = AnniversaryState(AnniversaryGame(5, False, hc), Rng(1))
    state.dealt = True
    state.hands = [sorted(cards(hands[0])), sorted(cards(hands[1]))]
    state.top = 0
    for line in HISTORY:
        plays = tuple(zip((0, 1, 0, 1), cards(line)))
        footer, winner = plays[winning_play(plays)]
        state.file_date(DateRecord(0, plays, footer, winner))
    state.draws_before = [2, 3, 4, 5]
    for title, owner in gestures.items():
        state.gestures.append(gesture(title))
        state.owners.append(owner)
        state.settled.append(Status.PENDING)
    state._prepare_date(0)
    assert not state.aside and not state.invariant_violations()
    return state


def test_a_partner_who_does_not_follow_after_the_last_draw_never_will():
    state = before_date_five({0: "Teal 2, Teal 3, Teal 5, Top, Pink 4",
                              1: "Red 3, Red 4, Pink 3, Purple 5, Bottom"},
                             {"The Last Word": 0, "A Single Wing": 1})
    assert state.date == 5 and state.phase is Phase.DATE
    events = play(state, "Teal 5", "Red 3")     # no Teal in the bottom's hand, none to draw
    assert not state.is_over                    # judged when the Date is over
    events = play(state, "Teal 3", "Red 4")
    # The Teal 2 is still out, and can only be the top's: the bottom cannot win with it.
    assert lost(events, 1, "A Single Wing")


def test_a_gem_placed_after_the_last_draw_tells_what_its_owner_will_never_hold():
    state = before_date_five({0: "Teal 5, Top, Pink 4, Purple 5, Red 3",
                              1: "Teal 2, Teal 3, Red 4, Pink 3, Bottom"},
                             {"A Single Wing": 0, "The Last Word": 1}, hc=(1, 0))
    assert state.phase is Phase.SHARE and state.current_player == 0
    # The Teal 5 is the top's only Teal: with the pile empty, the Teal 2 is not theirs.
    assert lost(share(state, "Teal 5", Gem.MIDDLE), 0, "A Single Wing")


def test_what_is_barred_before_the_last_draw_is_only_the_partners_shown_cards():
    teal2, teal5 = AnniversaryCard.of(TEAL, 2), AnniversaryCard.of(TEAL, 5)
    red3 = c("Red 3")
    # Date 4: the bottom does not follow Teal, but may still draw a Teal before Date 5.
    early = barred_cards([(4, [(0, teal5), (1, red3)])], [(0, teal5, Gem.MIDDLE, 4)])
    assert early == [0, 1 << teal5]
    late = barred_cards([(5, [(0, teal5), (1, red3)])], [(0, teal5, Gem.MIDDLE, 5)])
    assert late[1] == COLOUR_MASKS[TEAL]
    assert late[0] == COLOUR_MASKS[TEAL] & ~(1 << teal5) and late[0] >> teal2 & 1
    # A position card led and a colour card played to it: no position card in that hand.
    top_led = barred_cards([(6, [(0, c("Top")), (1, c("Pink 3"))])], [])
    assert top_led == [0, SUIT_MASKS[4]]


def test_what_is_barred_never_lies_in_the_hand_it_is_barred_from():
    """Played out at random with Healthy Communication used freely, no hand ever holds a
    card the open table says it cannot (the rules check it as an invariant)."""
    import random

    for seed in range(30):
        state = AnniversaryGame(4 + seed % 3, hc=(3, 3)).start(seed)
        rnd = random.Random(seed)
        while not state.is_over:
            seat = state.current_player
            state.apply(rnd.choice(list(state.legal_actions(seat))), seat)
            bars = state.barred
            assert not mask_of(state.hands[0]) & bars[0]
            assert not mask_of(state.hands[1]) & bars[1]
