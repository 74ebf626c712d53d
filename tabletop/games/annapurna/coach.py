"""Why a step is good, in a newcomer's words: what a hint and a first game's guided
turns say about the step they light.  The climber bots weigh whole positions, so
this names what the step does for the climb and for the balance."""

from __future__ import annotations

from tabletop.engine.protocol import Action, Observation
from tabletop.games.annapurna.actions import (
    Decline, Explore, Hide, Leave, Look, Pass, Plant, Swap, Sweep, Take, Trade,
)
from tabletop.games.annapurna.cards import Card, value
from tabletop.games.annapurna.mountain import PEAK, row_of
from tabletop.games.annapurna.observation import AnnapurnaObservation

__all__ = ["explain"]


def _balance(n: int) -> str:
    if n == 0:
        return "balanced"
    return f"{abs(n)} {'yang' if n > 0 else 'yin'} out of balance"


def explain(observation: Observation, action: Action) -> str:
    assert isinstance(observation, AnnapurnaObservation)
    obs = observation
    me = obs.seat
    balance = obs.balance(me)
    if isinstance(action, Explore):
        if obs.locations[me] < 0:
            return ("Hike to Base Camp: your first turn turns up a card of your bottom row and "
                    "stands you on it; the climb starts there.")
        if action.place == PEAK:
            return "Explore your peak: reaching it is what the climb is for."
        known = obs.cards[me][action.place]
        if known >= 0:
            after = balance + value(known)
            return (f"Explore the card you know is there ({Card(known)}): it leaves you "
                    f"{_balance(after)}, and one row nearer the peak.")
        row = row_of(action.place)
        return (f"Explore upward (row {row + 1}): the higher you stand, the sooner you peak; "
                f"you are {_balance(balance)} now, and a sweep can mend what this turns up.")
    if isinstance(action, Trade):
        return (f"Trade the {Card(action.card)} from your backpack into your mountainside: "
                f"you are {_balance(balance)}, and a card you place is one you will know when "
                "you turn it up.")
    if isinstance(action, Hide):
        return (f"Hide the {Card(action.card)} on a friend's mountainside: it gives them a card "
                "that can balance their climb.")
    if isinstance(action, Plant):
        return ("Plant a prayer flag: it cancels that card's symbols for good and brings you "
                "back towards balance.")
    if isinstance(action, Sweep):
        return ("Sweep: the largest balanced group of your face-up cards goes to your cache, so "
                "it can no longer tip you out of balance.")
    if isinstance(action, Leave):
        return ("Leave the balanced group for a Helping Hand: a friend who needs one of its "
                "cards can take it into their backpack.")
    if isinstance(action, Take):
        return ("Helping Hand: take this card into your backpack; trading it in later can "
                "balance your own climb.")
    if isinstance(action, Decline):
        return "None of the offered cards would help your climb: leave them to the others."
    if isinstance(action, Look):
        whose = "your" if action.seat == me else "a friend's"
        what = "peak" if action.place == PEAK else "card on your path"
        return (f"Spyglass: look at {whose} {what}; knowing it tells you what to trade there "
                "before you step on it.")
    if isinstance(action, Swap):
        if action.b == PEAK and obs.cards[me][action.a] >= 0:
            return (f"Rockslide: bring the {Card(obs.cards[me][action.a])}, which you know, onto "
                    "your peak: it is the card that would balance you there.")
        return ("Rockslide: no card you know would balance your peak, so this swap changes "
                "little; any will do.")
    if isinstance(action, Pass):
        return "No action is possible: the turn goes on to the sweep."
    return ""
