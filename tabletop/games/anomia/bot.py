"""Anomia's bots: they race from the lexicon, at a person's pace.

A bot's skill is its speed, modelled on how people answer at the table: it notices
the match, thinks of an example, then types it.  Thinking takes a log-normal time
whose median and spread come from people recalling a first example of a new
category (a median of 4.8 s, a sigma of the log of about 0.48; easy categories are
quicker, hard ones slower, and a category with few answers left a little slower
still); noticing takes a moment, and typing takes a fraction of a second per letter.
``normal`` answers as a typical person does, ``easy`` as a slow one (slower than
three people in four), ``hard`` as a quick one.  Under "match my pace" the bots
instead follow the people at the table: they answer at the pace those people have
shown so far (their right answers, and the face-offs they lost before answering).

On a hard category a bot sometimes draws a blank and lets the clock run out.  Its
answer is one of the category's answers, the common ones (listed first) more often,
never one said already this round.  It stamps the answer with the moment it means to
give it, so the table shows it then, and it keeps one plan per face-off, so being
asked again while a human types does not make it quicker.  Bots never judge or vote.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from tabletop.engine.protocol import Action, Observation
from tabletop.engine.rng import Rng
from tabletop.games.anomia.actions import Answer, Draw
from tabletop.games.anomia.observation import AnomiaView

__all__ = ["AnomiaBot", "LEVELS", "Profile", "make_bot"]


@dataclass(frozen=True, slots=True)
class Profile:
    #: Median time to think of an example of an ordinary ("medium") category, ms.
    recall_ms: float
    #: Spread of the thinking time (sigma of the log).
    sigma: float
    #: Median time to notice the match and read the card, ms.
    notice_ms: float
    #: Time to type one letter, ms (and one more for Enter).
    letter_ms: float
    #: Chance of a blank by category level.
    blank: tuple[float, float, float]
    #: How long it takes to turn up a card on its turn, ms.
    draw_ms: int


#: People at the table, as measured: a median of 4.8 s to recall a first example
#: (quartiles 3.6 and 7.0 s), a moment to notice the match, typing at about 45 words
#: a minute.  ``person`` is that typical person; ``normal`` plays like one.
PERSON: Final = Profile(4800.0, 0.48, 700.0, 260.0, (0.02, 0.06, 0.16), 850)
LEVELS: Final = {
    "easy": Profile(7400.0, 0.48, 900.0, 320.0, (0.04, 0.12, 0.30), 1100),
    "normal": PERSON,
    "hard": Profile(3800.0, 0.45, 550.0, 200.0, (0.0, 0.02, 0.07), 650),
    # Not offered at the table: a simulated person, for measuring the others against.
    "person": PERSON,
}
#: How much a category's level stretches the thinking.
STRETCH: Final = {"easy": 0.8, "medium": 1.0, "hard": 1.35}
LEVEL_INDEX: Final = {"easy": 0, "medium": 1, "hard": 2}
#: "Match my pace": how many of the people's face-offs count as much as the bot's own
#: level does before any are seen, and the spread of the pace followed.
PACE_PRIOR = 2.0
PACE_SIGMA = 0.48


@dataclass(frozen=True, slots=True)
class _Plan:
    delay_ms: int  # from the face-off's start
    blank: bool
    pick: float    # where in the answer list to look (0 = most common)


class AnomiaBot:
    """A face-off player with its level's (or the people's) pace and vocabulary."""

    def __init__(self, level: str) -> None:
        self.level = level
        self.profile = LEVELS[level]
        self.plans: dict[tuple[int, int], _Plan] = {}

    def reaction_ms(self, level: str, answers: int, rng: Rng, letters: int = 7,
                    paces: Sequence[tuple[int, bool]] = ()) -> tuple[int, bool]:
        """A reaction time for a category of ``level`` with ``answers`` answers left
        and an answer of ``letters`` letters, and whether the bot draws a blank; with
        ``paces`` (the people's face-offs: ms, and whether they answered then or had
        not yet when it ended), at the people's pace instead."""
        profile = self.profile
        blank = answers == 0 or rng.random() < profile.blank[LEVEL_INDEX[level]]
        if paces:
            median, sigma = pace_of(paces, typical_ms(PERSON, letters))
            return max(350, round(median * math.exp(sigma * _normal(rng)))), blank
        scarce = max(1.0, (40 / max(answers, 1)) ** 0.25)
        recall = profile.recall_ms * STRETCH[level] * scarce * math.exp(
            profile.sigma * _normal(rng))
        notice = profile.notice_ms * math.exp(0.3 * _normal(rng))
        typing = profile.letter_ms * (letters + 1)
        return max(350, round(notice + recall + typing)), blank

    def choose(self, observation: Observation, legal: Sequence[Action], rng: Rng) -> Action:
        """Draw on its turn; in a face-off, an answer stamped with the moment it comes
        to mind (or nothing, drawing a blank)."""
        assert isinstance(observation, AnomiaView)
        view = observation
        if view.phase == "draw":
            side = 0 if view.draw[0] >= view.draw[1] else 1
            return Draw(side, view.now + round(self.profile.draw_ms * (0.8 + 0.4 * rng.random())))
        fo = view.faceoff
        if view.phase != "faceoff" or fo is None or view.seat not in fo.seats:
            return legal[0]
        lexicon = view.lexicon
        assert lexicon is not None
        category = fo.asks[fo.seats.index(view.seat)]
        said = {a for c, a in view.said if c == category}
        # Never one said already, while any is left (then the no-repeat rule lifts).
        answers = ([names for names in lexicon.answers(category) if names[0] not in said]
                   or list(lexicon.answers(category)))
        key = (fo.serial, fo.tiebreaks)
        plan = self.plans.get(key)
        if plan is None:
            level = lexicon.categories[category].level
            pick = rng.random()
            text = _pick(answers, pick)
            # A seat the rules count as a person's plays at its own pace (a simulated one).
            paces = (tuple(p for s in view.people for p in view.paces[s])
                     if view.pace and view.seat not in view.people else ())
            delay, blank = self.reaction_ms(level, len(answers), rng, len(text), paces)
            plan = _Plan(delay, blank, pick)
            self.plans = {key: plan}
        if plan.blank or not answers:
            return Answer("…", fo.ends + 1)  # would come after time is up: never given
        text = _pick(answers, plan.pick)
        return Answer(text, max(view.now, fo.started + plan.delay_ms))


def _pick(answers: Sequence[tuple[str, ...]], pick: float) -> str:
    """The answer a draw of ``pick`` gives: the common ones (listed first) more often."""
    if not answers:
        return ""
    names = answers[min(len(answers) - 1, int(len(answers) * pick ** 2.5))]
    return names[int(pick * 997) % len(names)]


def typical_ms(profile: Profile, letters: int = 7) -> float:
    """The median answer time of ``profile`` on an ordinary category (near enough)."""
    return profile.notice_ms + profile.recall_ms + profile.letter_ms * (letters + 1)


def pace_of(paces: Sequence[tuple[int, bool]], prior_ms: float) -> tuple[float, float]:
    """The median and spread (sigma of the log) of the answer times of people who
    answered in ``paces`` (ms, answered) or had not answered yet when a face-off ended
    (answered False: only a lower bound), found as the most likely log-normal, with
    ``prior_ms`` counting as :data:`PACE_PRIOR` face-offs before any are seen."""
    logs = [(math.log(max(ms, 100)), answered) for ms, answered in paces[-40:]]
    prior = math.log(prior_ms)
    best, found = -math.inf, (prior, PACE_SIGMA)
    for sigma in (0.2, 0.25, 0.3, 0.35, 0.4, 0.48, 0.56, 0.65):
        for step in range(61):  # medians from a fifth to five times the prior
            mu = prior + (step - 30) * math.log(5) / 30
            score = -PACE_PRIOR * ((mu - prior) ** 2 / (2 * PACE_SIGMA ** 2)
                                   + math.log(sigma / PACE_SIGMA) ** 2 / 0.5)
            for x, answered in logs:
                z = (x - mu) / sigma
                score += (-z * z / 2 - math.log(sigma) if answered
                          else math.log(max(1e-12, 0.5 * math.erfc(z / math.sqrt(2)))))
            if score > best:
                best, found = score, (mu, sigma)
    return math.exp(found[0]), found[1]


def _normal(rng: Rng) -> float:
    """A standard normal draw (Box–Muller)."""
    u = max(rng.random(), 1e-12)
    return math.sqrt(-2.0 * math.log(u)) * math.cos(2.0 * math.pi * rng.random())


def make_bot(level: str) -> AnomiaBot:
    """The player of ``level``: ``easy``, ``normal`` or ``hard``."""
    if level not in LEVELS:
        raise ValueError(f"no Anomia bot level {level!r}")
    return AnomiaBot(level)
