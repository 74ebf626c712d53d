"""Reading a partner: which style of play their cards in this chapter point to.

``hard`` does not assume its partner plays as it would.  It keeps a small population
of styles a partner might play by, each a rule of thumb (:mod:`.thumb`) played with
noise:

* ``careful`` — keeps the cards its "win with" gestures need until they can win, and
  gets rid of the cards that would beat them (another ``hard``'s imagined partner);
* ``plain`` — the rule of thumb as ``easy`` plays it and ``normal`` imagines it;
* ``bold`` — the same wishes, but it spends its high cards early;
* ``wild`` — any card it may.

Every card the partner played in this chapter is evidence.  Its hand then is not
known, so it is imagined several times (the partner's hidden hand dealt from what the
table shows, :class:`~.sampling.HiddenDeal`, plus the cards it has played since); under
each style a card is the rule of thumb's best (:func:`~.thumb.card_scores`) half the
time, else drawn by a softmax over its scores for the cards it could play (``wild``:
uniformly).  The posterior over the styles (:func:`read_partner`) weighs each
imagined chapter's partner in the search (:class:`~.thumb.AnniversaryHints`).

Only the open table and the bot's own hand are read: the partner's hand is imagined,
never looked at.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from tabletop.games.anniversary.fast import standing
from tabletop.games.anniversary.gestures import PENDING
from tabletop.games.anniversary.observation import AnniversaryObservation
from tabletop.games.anniversary.sampling import HiddenDeal
from tabletop.games.anniversary.styles import BOLD_STYLE, CAREFUL, PLAIN, STYLES, WILD
from tabletop.games.anniversary.thumb import BOLD, Outlook, card_scores, unsafe_to_lead

__all__ = ["PRIOR", "partner_plays", "read_partner"]

#: Before any evidence: most likely a partner as careful as ``hard`` would be.
PRIOR = (0.55, 0.25, 0.1, 0.1)
#: The careful style's share of the prior that is a searching partner (another bot that
#: weighs its cards by imagined chapters, or a thoughtful person): it wants what the
#: careful rule of thumb wants, but its card is often not the rule's best, so its plays
#: are read by the softmax alone, less sharply (:data:`SEARCHER_SHARPNESS`); it is
#: imagined as careful.
SEARCHER = 0.5
SEARCHER_SHARPNESS = 1.0
#: How sharply a rule-of-thumb style prefers the cards it scores higher.
SHARPNESS = 1.0
#: The share of a rule-of-thumb style's choices that are its best card exactly (the
#: rest follow the softmax): the rule of thumb breaks near-ties by small costs, which a
#: softmax alone would blur.
EXACT = 0.5
#: How many hands the partner might have held are imagined for the evidence.
HANDS = 8
_SHIFT = 5


def partner_plays(obs: AnniversaryObservation) -> list[tuple[int, int, int]]:
    """The partner's plays this chapter as (Date number, index of its Date's plays,
    card), oldest first."""
    found = []
    dates = [(number, d.plays) for number, d in enumerate(obs.history, 1)]
    if obs.plays:
        dates.append((obs.date, obs.plays))
    for number, plays in dates:
        for index, (seat, card) in enumerate(plays):
            if seat == obs.partner:
                found.append((number, index, int(card)))
    return found


def read_partner(obs: AnniversaryObservation, rng: random.Random,
                 hands: int = HANDS) -> tuple[float, ...]:
    """The posterior over :data:`STYLES` given the partner's plays this chapter."""
    evidence = partner_plays(obs)
    if not evidence:
        return PRIOR
    me, partner = obs.seat, obs.partner
    # Judged as if every gesture were still pending: when one was settled is not kept,
    # and most are settled late.
    outlook = Outlook(obs.gestures, obs.owners, [PENDING] * len(obs.gestures))
    wanted, theirs = outlook.wanted[partner], outlook.wanted[me]
    mine = 0
    for own in obs.hand:
        mine |= 1 << own
    history = list(obs.history)
    hidden = HiddenDeal(obs)
    imagined = [hidden.deal(rng)[0] for _ in range(hands)]
    later: list[int] = [played for _, _, played in evidence]
    # The hypotheses: the styles, then the searcher (counted as careful at the end).
    prior = [*PRIOR, PRIOR[CAREFUL] * SEARCHER]
    prior[CAREFUL] *= 1 - SEARCHER
    logs = [math.log(p) for p in prior]
    for k, (number, index, card) in enumerate(evidence):
        plays = history[number - 1].plays if number <= len(history) else obs.plays
        led, best_seat, best_card = standing(plays[:index])
        footers = [d.footer for d in history[:number - 1]]
        cards = 0
        for _, played in plays[:index]:
            cards |= 1 << played
        desire = outlook.lean(partner, footers, number, obs.total_dates, cards)
        chance = [0.0] * (len(STYLES) + 1)
        for hand in imagined:
            held = sorted(set(hand) | set(later[k:]))
            playable = _playable(held, led)
            if len(playable) < 2:
                chance = [c + 1.0 for c in chance]
                continue
            around = mine
            for held_card in held:
                around |= 1 << held_card
            fragile = outlook.fragile[partner]
            keep = unsafe_to_lead(fragile, around) if fragile and led < 0 else fragile
            if card not in playable:  # it could not follow then (a card drawn since)
                playable = held
            at = playable.index(card)
            for style, (k_, s_, cost) in ((CAREFUL, (keep, outlook.shed[partner], None)),
                                          (PLAIN, (0, 0, None)), (BOLD_STYLE, (0, 0, BOLD))):
                scores = card_scores(partner, playable, led, best_seat, best_card, desire,
                                     wanted, theirs, k_, s_, cost)
                best = max(range(len(scores)), key=scores.__getitem__)
                chance[style] += (EXACT * (best == at)
                                  + (1 - EXACT) * _softmax_at(scores, at, SHARPNESS))
                if style == CAREFUL:
                    chance[-1] += _softmax_at(scores, at, SEARCHER_SHARPNESS)
            chance[WILD] += 1.0 / len(playable)
        for hypothesis, found in enumerate(chance):
            logs[hypothesis] += math.log(max(found / hands, 1e-9))
    top = max(logs)
    weights = [math.exp(v - top) for v in logs]
    weights[CAREFUL] += weights.pop()  # a searcher is imagined as careful
    total = sum(weights)
    return tuple(w / total for w in weights)


def _playable(hand: Sequence[int], led: int) -> list[int]:
    """The cards of ``hand`` that may be played to a Date led in colour ``led`` (-1:
    none led): that colour's if it has any, else all."""
    if led < 0:
        return list(hand)
    return [c for c in hand if c >> _SHIFT == led] or list(hand)


def _softmax_at(scores: Sequence[float], at: int, sharpness: float) -> float:
    top = max(scores)
    weights = [math.exp(sharpness * (s - top)) for s in scores]
    return weights[at] / sum(weights)
