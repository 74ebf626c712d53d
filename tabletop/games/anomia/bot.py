"""Anomia's bots: they race from the lexicon.

A bot's skill is its speed.  In a face-off it answers after a reaction time drawn
from a log-normal distribution: its level sets the median, the category's level
(how quickly people find an example) stretches it, and a category with few answers
stretches it a little more.  On a hard category it sometimes draws a blank and lets
the clock run out.  Its answer is one of the category's answers, the common ones
(listed first) more often, never one said already this round.  It stamps the answer
with the moment it means to give it, so the table shows it then, and it keeps one
plan per face-off, so being asked again while a human types does not make it
quicker.  Bots never judge or vote.
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
    #: Median reaction on an ordinary ("medium") category, ms.
    median_ms: float
    #: Spread of the log-normal (sigma of the log).
    sigma: float
    #: Chance of a blank by category level.
    blank: tuple[float, float, float]
    #: How long it takes to turn up a card on its turn, ms.
    draw_ms: int


LEVELS: Final = {
    "easy": Profile(5200.0, 0.40, (0.04, 0.12, 0.30), 1100),
    "normal": Profile(2800.0, 0.38, (0.02, 0.06, 0.16), 850),
    "hard": Profile(1250.0, 0.33, (0.0, 0.02, 0.07), 650),
}
#: How much a category's level stretches the reaction.
STRETCH: Final = {"easy": 0.8, "medium": 1.0, "hard": 1.35}
LEVEL_INDEX: Final = {"easy": 0, "medium": 1, "hard": 2}


@dataclass(frozen=True, slots=True)
class _Plan:
    delay_ms: int  # from the face-off's start
    blank: bool
    pick: float    # where in the answer list to look (0 = most common)


class AnomiaBot:
    def __init__(self, level: str) -> None:
        self.level = level
        self.profile = LEVELS[level]
        self.plans: dict[tuple[int, int], _Plan] = {}

    def reaction_ms(self, level: str, answers: int, rng: Rng) -> tuple[int, bool]:
        """A reaction time for a category of ``level`` with ``answers`` answers left,
        and whether the bot draws a blank."""
        profile = self.profile
        scarce = max(1.0, (40 / max(answers, 1)) ** 0.25)
        median = profile.median_ms * STRETCH[level] * scarce
        delay = median * math.exp(profile.sigma * _normal(rng))
        blank = answers == 0 or rng.random() < profile.blank[LEVEL_INDEX[level]]
        return max(350, round(delay)), blank

    def choose(self, observation: Observation, legal: Sequence[Action], rng: Rng) -> Action:
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
        answers = [names for names in lexicon.answers(category) if names[0] not in said]
        key = (fo.serial, fo.tiebreaks)
        plan = self.plans.get(key)
        if plan is None:
            level = lexicon.categories[category].level
            delay, blank = self.reaction_ms(level, len(answers), rng)
            plan = _Plan(delay, blank, rng.random())
            self.plans = {key: plan}
        if plan.blank or not answers:
            return Answer("…", fo.ends + 1)  # would come after time is up: never given
        names = answers[min(len(answers) - 1, int(len(answers) * plan.pick ** 2.5))]
        text = names[int(plan.pick * 997) % len(names)]
        return Answer(text, max(view.now, fo.started + plan.delay_ms))


def _normal(rng: Rng) -> float:
    """A standard normal draw (Box–Muller)."""
    u = max(rng.random(), 1e-12)
    return math.sqrt(-2.0 * math.log(u)) * math.cos(2.0 * math.pi * rng.random())


def make_bot(level: str) -> AnomiaBot:
    if level not in LEVELS:
        raise ValueError(f"no Anomia bot level {level!r}")
    return AnomiaBot(level)
