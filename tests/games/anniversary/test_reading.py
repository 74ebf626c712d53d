"""``hard`` reads its partner: which style the partner's plays this chapter point to,
from the open table only, and the search's imagined partner plays that style."""

from __future__ import annotations

import random

from tabletop.games import REGISTRY
from tabletop.games.anniversary.fast import FastDeal, standing
from tabletop.games.anniversary.gestures import mask_of
from tabletop.games.anniversary.observation import AnniversaryObservation, Phase
from tabletop.games.anniversary.reading import PRIOR, partner_plays, read_partner
from tabletop.games.anniversary.styles import BOLD_STYLE, CAREFUL, PLAIN, STYLES, WILD
from tabletop.games.anniversary.thumb import (
    BOLD, AnniversaryHints, _choose_card, _wanted_winners, card_scores,
)

from ...play import seen_by
from .helpers import random_date

LOVE = REGISTRY.get("anniversary")


class Still:
    """A random source that never strays (the rule of thumb's noise at nought)."""

    def random(self) -> float:
        return 0.0


def test_the_scores_read_are_the_ones_the_rule_of_thumb_picks_by():
    r = random.Random(3)
    for _ in range(5000):
        date = random_date(r, settled=False)
        playable, gids, owners = date.playable, date.gids, date.owners
        seat, desire = r.randrange(2), r.randrange(-6, 7)
        wanted = _wanted_winners(seat, gids, owners, date.settled)
        theirs = _wanted_winners(1 - seat, gids, owners, date.settled)
        keep = mask_of(card for card in playable if r.random() < 0.2)
        shed = mask_of(card for card in playable if r.random() < 0.2)
        cost = BOLD if r.random() < 0.5 else None
        scores = card_scores(seat, playable, *standing(date.plays), desire, wanted, theirs,
                             keep, shed, cost)
        chosen = _choose_card(seat, playable, *standing(date.plays), desire, wanted, theirs,
                              Still(), keep, shed, cost)
        assert scores[playable.index(chosen)] == max(scores)


def chapter_beside(level: str, seed: int) -> list[AnniversaryObservation]:
    """Seat 0's observations during the Dates of a chapter 5 played by ``easy`` beside a
    partner of ``level``."""
    seen = seen_by(LOVE, ("easy", level), seed, {"chapter": 5})
    return [o for o in seen if isinstance(o, AnniversaryObservation) and o.phase is Phase.DATE]


def test_the_evidence_is_the_partners_plays_and_nothing_else():
    seen = chapter_beside("easy", 4)
    first = seen[0]
    if not partner_plays(first):
        assert read_partner(first, random.Random(1)) == PRIOR
    last = seen[-1]
    plays = [(d.plays, n) for n, d in enumerate(last.history, 1)] + [(last.plays, last.date)]
    expected = [(n, i, int(card)) for dplays, n in plays
                for i, (seat, card) in enumerate(dplays) if seat == 1]
    assert partner_plays(last) == expected and expected
    weights = read_partner(last, random.Random(1))
    assert len(weights) == len(STYLES) and abs(sum(weights) - 1) < 1e-9
    # The same observation, the same reading: nothing else is looked at.
    assert read_partner(last, random.Random(1)) == weights


def test_a_partner_is_read_as_the_style_it_plays():
    """Always its highest card: bold.  A quarter of its cards at random: far wilder than
    before any evidence.  The rule of thumb (``easy``): careful or plain, hardly bold or
    wild."""
    def average(level: str) -> list[float]:
        total = [0.0] * len(STYLES)
        for seed in range(8):
            weights = read_partner(chapter_beside(level, seed)[-1], random.Random(seed))
            total = [t + w for t, w in zip(total, weights)]
        return [t / 8 for t in total]

    scripted = average("scripted")
    assert max(range(len(STYLES)), key=scripted.__getitem__) == BOLD_STYLE
    assert scripted[BOLD_STYLE] > 3 * PRIOR[BOLD_STYLE]
    erratic = average("erratic")
    assert erratic[WILD] > 3 * PRIOR[WILD]
    easy = average("easy")
    assert easy[CAREFUL] + easy[PLAIN] > 3 * easy[WILD] and easy[WILD] < erratic[WILD] / 2
    assert easy[BOLD_STYLE] < PRIOR[BOLD_STYLE] < scripted[BOLD_STYLE]


def test_each_imagined_chapter_seats_a_partner_of_a_style_drawn_from_the_reading():
    seen = chapter_beside("scripted", 2)
    observation = next(o for o in seen if o.current_player == 0 and len(o.hand) > 3)
    drawn = []
    hints = AnniversaryHints(careful=True, reading=lambda obs, rng: (0.0, 0.0, 0.25, 0.75))
    rng = random.Random(9)
    for _ in range(400):
        hints.sample(observation, rng)
        assert hints.styles[0] == CAREFUL  # the bot imagines itself as it plays
        drawn.append(hints.styles[1])
    assert set(drawn) == {BOLD_STYLE, WILD}
    assert 0.65 < drawn.count(WILD) / len(drawn) < 0.85
    # A bold partner spends its highest card where the plain one would not.
    deal = FastDeal(observation)
    bold_high = plain_high = 0
    for seed in range(300):
        state = deal.sample(random.Random(seed))
        state.current_player = 1
        playable = state.playable(1)
        if len(playable) < 2:
            continue
        for style in (BOLD_STYLE, PLAIN):
            hints.styles[1] = style
            picked = hints._pick(state, 1, random.Random(seed))
            high = picked == max(playable, key=lambda card: (card & 31, card))
            bold_high += style == BOLD_STYLE and high
            plain_high += style == PLAIN and high
    assert bold_high > plain_high + 30
