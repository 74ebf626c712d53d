"""Why a move is good, in a newcomer's words: what a hint and the guided first
chapter say about the move they light.

It reads the same observation the move was chosen from and the same judgement the
partner bots use (:func:`~tabletop.games.anniversary.thumb.want_to_foot`): which
gestures want this Date footed by whom, and which card would foot it.
"""

from __future__ import annotations

from tabletop.engine.cards import rank_of, suit_of
from tabletop.engine.protocol import Action, Observation
from tabletop.games.anniversary.actions import Pass, Pick, Place, Play, Ready, Take
from tabletop.games.anniversary.thumb import want_to_foot
from tabletop.games.anniversary.cards import COLOUR_NAMES, POSITION, TOP, AnniversaryCard
from tabletop.games.anniversary.content import GESTURE_BY_ID
from tabletop.games.anniversary.gestures import Kind, Status
from tabletop.games.anniversary.observation import AnniversaryObservation
from tabletop.games.anniversary.rules import winning_play

__all__ = ["explain"]


def explain(observation: Observation, action: Action) -> str:
    assert isinstance(observation, AnniversaryObservation)
    obs = observation
    if isinstance(action, Take):
        gesture = GESTURE_BY_ID[action.gesture]
        promise = gesture.text.rstrip(".")
        if gesture.kind is Kind.LAST_DATE and TOP in obs.hand:
            return (f"Take \u201c{gesture.title}\u201d ({promise}): you hold the Top card, "
                    "which foots any Date it is played in. Keep it for the last one.")
        if len(obs.offer) == 1:
            return (f"Take \u201c{gesture.title}\u201d ({promise}): your hand can perform "
                    "it, and a promise you can keep is worth keeping yourself.")
        return (f"Take \u201c{gesture.title}\u201d ({promise}): the least sweet of the "
                "gestures on offer that still lets the two of you perform them all.")
    if isinstance(action, Pass):
        gesture = GESTURE_BY_ID[obs.offer[0]]
        return (f"Pass \u201c{gesture.title}\u201d: only your partner could ever perform it "
                "with the cards the two of you can hold.")
    if isinstance(action, Pick):
        return (f"Show the {action.card} with Healthy Communication: your partner learns where "
                "it stands among your cards without a word, and can plan the Dates around it.")
    if isinstance(action, Place):
        return (f"A gem at the {action.gem.value} tells your partner this is your "
                f"{action.gem.meaning} card of its colour.")
    if isinstance(action, Ready):
        return "Nothing needs saying before this Date: keep your Healthy Communication for later."
    if isinstance(action, Play):
        return _play(obs, action.card)
    return ""


def _play(obs: AnniversaryObservation, card: AnniversaryCard) -> str:
    plays = [*obs.plays, (obs.seat, card)]
    mask = 0
    for _, c in plays:
        mask |= 1 << c
    footers = [d.footer for d in obs.history]
    desire = want_to_foot(obs.seat, obs.gestures, obs.owners, obs.settled, footers, obs.date,
                          obs.total_dates, mask)
    wins = winning_play(plays) == len(plays) - 1
    own = _own_winner_gesture(obs, card)
    why = _reason(obs, mask, footers, desire)
    saving = _saving_top(obs, card)
    if saving:
        return saving
    follow = ""
    if obs.plays:
        led = suit_of(obs.plays[0][1])
        if suit_of(card) == led and led != POSITION:
            follow = f"You must follow {COLOUR_NAMES[led]} while you hold it. "
    if own is not None and wins:
        return f"{follow}The {card} foots this Date, and \u201c{own}\u201d wants exactly that."
    if not obs.plays:
        if desire > 0:
            return f"You lead. You want to foot this Date ({why}): the {card} is a strong lead."
        if desire < 0:
            return (f"You lead. Better that your partner foots this Date ({why}): the {card} "
                    "leaves it to them.")
        return f"You lead. Nothing rides on this Date for you: the {card} is one you can spare."
    if desire > 0:
        if wins:
            return f"{follow}You want to foot this Date ({why}): the {card} takes it."
        return (f"{follow}You would like this Date ({why}), but none of your cards can take it: "
                f"the {card} is the one you miss least.")
    if desire < 0:
        if wins:
            return (f"{follow}You would rather not foot this Date ({why}), but every card you "
                    f"may play takes it: the {card} costs least.")
        return (f"{follow}Better that your partner foots this Date ({why}): the {card} stays "
                "under theirs.")
    if wins:
        return f"{follow}Nothing rides on this Date: the {card} takes it without costing a plan."
    return f"{follow}Nothing rides on this Date: the {card} is a card you can spare."


def _saving_top(obs: AnniversaryObservation, card: AnniversaryCard) -> str:
    """Said when the seat keeps its Top card back for a gesture about the last Date."""
    if card == TOP or TOP not in obs.hand or obs.date >= obs.total_dates:
        return ""
    if obs.plays and any(suit_of(c) == suit_of(obs.plays[0][1]) for c in obs.hand):
        return ""  # the Top card could not be played now anyway
    for gid, owner, mark in zip(obs.gestures, obs.owners, obs.settled):
        g = GESTURE_BY_ID[gid]
        if owner == obs.seat and mark is Status.PENDING and g.kind is Kind.LAST_DATE:
            return (f"Play the {card} and keep the Top card back: it foots any Date, and "
                    f"your \u201c{g.title}\u201d needs the last one, Date {obs.total_dates}.")
    return ""


def _own_winner_gesture(obs: AnniversaryObservation, card: AnniversaryCard) -> str | None:
    """The title of a pending "foot a Date with …" gesture of this seat ``card`` fulfils."""
    for gid, owner, mark in zip(obs.gestures, obs.owners, obs.settled):
        if owner != obs.seat or mark is not Status.PENDING:
            continue
        g = GESTURE_BY_ID[gid]
        if (g.kind is Kind.WIN_WITH_CARD and g.card == card) or \
                (g.kind is Kind.WIN_WITH_RANK and suit_of(card) != POSITION
                 and rank_of(card) == g.rank):
            return g.title
    return None


def _reason(obs: AnniversaryObservation, mask: int, footers: list[int], desire: int) -> str:
    """The gesture that pulls hardest in ``desire``'s direction, in words."""
    best: tuple[int, str] | None = None
    for gid, owner, mark in zip(obs.gestures, obs.owners, obs.settled):
        if mark is not Status.PENDING:
            continue
        pull = want_to_foot(obs.seat, (gid,), (owner,), (mark,), footers, obs.date,
                            obs.total_dates, mask)
        if pull == 0 or (pull > 0) != (desire > 0):
            continue
        whose = "your" if owner == obs.seat else "your partner's"
        line = f"{whose} \u201c{GESTURE_BY_ID[gid].title}\u201d"
        if best is None or abs(pull) > best[0]:
            best = (abs(pull), line)
    return best[1] if best is not None else "your gestures ask for it"
