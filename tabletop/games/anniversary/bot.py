"""Anniversary bots: a partner who cannot talk, deciding from its own observation.

Levels:

* ``random`` — any legal move.
* ``easy`` — a rule of thumb: each Date, decide whether you want to foot it (your
  gestures pull one way, your partner's the other) and play the card that does so.
* ``normal`` — ISMCTS over imagined deals; it searches its own choices only and
  expects its partner to play by the rule of thumb from the partner's own hand and
  the open table (a partner who cannot see this bot's cards).
* ``hard`` — the same with ten times the budget (3000 imagined chapters a decision),
  and imagined partners who play in the style its partner's plays this chapter point
  to (:mod:`.reading`; before any evidence, most likely the rule of thumb played
  *carefully*: keeping the cards a "win with" gesture needs until one can win, and
  getting rid of the cards that would beat a single such card, :func:`_choose_card`'s
  ``keep`` and ``shed``), while it imagines itself playing carefully;
  in the draft, and from the third Date on, it checks the search's move with the
  all-cards-visible solver on deals drawn from its observation, and makes another move
  only if it keeps the chapter winnable on more of them (in the draft, clearly more:
  :data:`DRAFT_MARGIN`; :meth:`PartnerBot.checked_choice`).

Two more partners are kept for measuring only (``tabletop tournament --partners``),
never offered at the table: ``erratic``, the ``normal`` partner with a quarter of its
moves at random, and ``scripted``, a plain style of its own (:func:`scripted`).

Every imagined deal comes from :mod:`tabletop.games.anniversary.sampling`: the
partner's hand is drawn from what the table proves about it (colours not
followed, gems shown), never from the real one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tabletop.bots.base import Erratic, PolicyBot, RandomBot
from tabletop.bots.ismcts import Budget, ISMCTSBot, SearchStats
from tabletop.engine.cards import rank_of
from tabletop.engine.protocol import Action, Bot, Observation
from tabletop.engine.rng import Rng
from tabletop.games.anniversary.actions import Pass, Play, Ready, Take
from tabletop.games.anniversary.cards import BOTTOM, TOP
from tabletop.games.anniversary.info import BOT_LEVELS
from tabletop.games.anniversary.observation import AnniversaryObservation, Phase
from tabletop.games.anniversary.reading import read_partner
from tabletop.games.anniversary.solver import solve
from tabletop.games.anniversary.thumb import AnniversaryHints, game_for, policy, share_choice

__all__ = ["BOT_LEVELS", "PartnerBot", "make_bot", "scripted"]

BUDGETS = {
    "normal": Budget(iterations=300, seconds=0.40),
    "hard": Budget(iterations=3000, seconds=1.60),
}

#: ``hard`` checks its search's move with the all-cards-visible solver on deals drawn
#: from its observation in the draft and from this Date on (few cards are still hidden
#: by then): at most this many deals, each solve at most this many positions, all
#: within this many seconds.
ENDGAME_DATE = 3
CHECK_DEALS = 24
CHECK_NODES = 20_000
CHECK_SECONDS = 0.8
#: How many more deals another move than the search's must win on: strictly more
#: (verdicts count in halves) from Date :data:`ENDGAME_DATE` on.  In the draft, clearly
#: more: the solver's partners see everything, so small differences between picks say
#: little about silent ones (switches by one deal or two lost as often as they won in
#: paired replays).
STRICTLY_MORE = 0.5
DRAFT_MARGIN = 3


def make_bot(level: str) -> Bot:
    """The partner of ``level``: ``random``, ``easy`` (the rule of thumb), ``normal``
    or ``hard`` (searches); for measuring, ``erratic`` and ``scripted``."""
    if level == "random":
        return RandomBot()
    if level == "erratic":
        return Erratic("erratic", make_bot("normal"), 0.25)
    if level == "scripted":
        return PolicyBot("scripted", scripted)
    if level == "easy":
        return PolicyBot("easy", policy, noise=0.1)
    if level in BUDGETS:
        hard = level == "hard"
        hints = AnniversaryHints(careful=hard, reading=read_partner if hard else None)
        return PartnerBot(level, hints, BUDGETS[level],
                          exploration=0.5, own_moves_only=True, solver_check=hard)
    raise ValueError(f"Anniversary has no bot level {level!r}")


def scripted(observation: Observation, legal: Sequence[Action], rng: Rng) -> Action:
    """A plain partner with a style of its own: it takes the first gesture offered (or
    passes it, when it may not take it), shares nothing, and always plays its highest
    card, keeping the Top and Bottom cards for when it has nothing else."""
    plays = [a.card for a in legal if isinstance(a, Play)]
    if plays:
        colour = [c for c in plays if c != TOP and c != BOTTOM]
        return Play(max(colour or plays, key=lambda c: (rank_of(c), c)))
    for action in legal:
        if isinstance(action, (Take, Pass, Ready)):
            return action
    return legal[0]


class PartnerBot(ISMCTSBot):
    """The search partner; Healthy Communication is decided by :func:`share_choice`.

    (Searching it would be pointless: the imagined partner in the search does not read
    shown cards, so a share could never look useful there.)

    With ``solver_check``, in the draft and from Date :data:`ENDGAME_DATE` on, the
    search's move is checked with the all-cards-visible solver on deals drawn from the
    observation (:meth:`checked_choice`).
    """

    def __init__(self, *args: Any, solver_check: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.solver_check = solver_check

    def choose(self, observation: Observation, legal: Sequence[Action], rng: Rng) -> Action:
        """The search's move, checked by the solver in the draft and late in the
        chapter (with ``solver_check``); sharing is :func:`share_choice`'s."""
        assert isinstance(observation, AnniversaryObservation)
        if observation.phase is Phase.SHARE:
            self.last = SearchStats()
            return share_choice(observation, legal)
        started = self.clock()
        action = super().choose(observation, legal, rng)
        if self.solver_check and len(legal) > 1 and (
                observation.phase is Phase.DRAFT
                or observation.phase is Phase.DATE and observation.date >= ENDGAME_DATE):
            # Within the decision's own time cap, search and check together.
            margin = DRAFT_MARGIN if observation.phase is Phase.DRAFT else STRICTLY_MORE
            return self.checked_choice(observation, legal, action, rng,
                                       started + self.budget.seconds, margin)
        return action

    def checked_choice(self, obs: AnniversaryObservation, legal: Sequence[Action],
                       searched: Action, rng: Rng, until: float | None = None,
                       margin: float = STRICTLY_MORE) -> Action:
        """The move after which the chapter can still be won on the most deals drawn from
        ``obs`` (both partners seeing everything, as the solver does; a deal it cannot
        settle in its budget counts half), or ``searched`` unless another move does
        better by at least ``margin`` deals (by default, strictly better).

        Late in a chapter most cards are in sight, so a deal drawn is close to the true
        one, and two partners doing this keep a winning line open.  In the draft it
        catches a gesture taken that its taker could never perform (a card to win with
        that is likelier in the partner's hand), which the search's play-outs, winning
        such chapters a few times in a hundred either way, cannot tell apart.  It takes
        at most :data:`CHECK_SECONDS`, and stops by the clock time ``until``."""
        game = game_for(obs)
        deals = random.Random(rng.next_u64())
        clock = self.clock
        deadline = clock() + CHECK_SECONDS
        if until is not None:
            deadline = min(deadline, until)
        wins = dict.fromkeys(legal, 0.0)
        for _ in range(CHECK_DEALS):
            if clock() >= deadline:
                break
            state = game.sample_state(obs, deals)
            scores = []
            for action in legal:
                child = state.clone()
                child.apply_unchecked(action, obs.seat)
                verdict = solve(child, CHECK_NODES, max(0.0, deadline - clock()), clock)
                scores.append(1.0 if verdict else 0.5 if verdict is None else 0.0)
            if clock() >= deadline:
                break  # a deal cut short by the clock is left out
            for action, score in zip(legal, scores):
                wins[action] += score
        best = max(legal, key=wins.__getitem__)
        return best if wins[best] >= wins[searched] + margin else searched
