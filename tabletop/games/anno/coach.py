"""Why a move is good, in a newcomer's words: what a hint and a first game's guided
turns say about the move they light (the rule of thumb of :mod:`.bot`, explained)."""

from __future__ import annotations

from tabletop.engine.protocol import Action, Observation
from tabletop.games.anno.actions import Burn, Commit, Exchange, Match, Stage, Unstage, Withdraw
from tabletop.games.anno.thumb import keep_value, unseen_months
from tabletop.games.anno.cards import Kind, kind_of, month_accepts
from tabletop.games.anno.matching import stageable
from tabletop.games.anno.observation import AnnoObservation

__all__ = ["explain"]


def explain(observation: Observation, action: Action) -> str:
    assert isinstance(observation, AnnoObservation)
    obs = observation
    if isinstance(action, Match):
        return _match(obs, action)
    if isinstance(action, Exchange):
        return _exchange(obs, action)
    if isinstance(action, Burn):
        return _burn(obs, action)
    if obs.declared is not None:
        return _step(obs, action)
    return ""


def _exchange(obs: AnnoObservation, action: Exchange) -> str:
    """A Blue Moon fetching a Community Eight card: for a Month, how many cards could then
    be matched to it as it is laid down (the rules' :func:`stageable`, so a Weather card
    without the season it brings does not count)."""
    card = obs.community[action.position]
    if card is not None and kind_of(card) is Kind.MONTH:
        hand = [c for c in obs.hand if c != action.blue_moon]
        community = [c for c in obs.community if c is not None and c != card]
        fits = len(stageable(card, (), (), hand))
        if fits:
            return (f"Your Blue Moon can fetch {card} from the Community Eight, and {fits} of "
                    f"your cards {'fits' if fits == 1 else 'fit'} it: a match waiting to "
                    "happen.")
        if stageable(card, (), (), community):
            return (f"Your Blue Moon can fetch {card} from the Community Eight, and cards "
                    "there can be matched to it once you lay it down.")
    if len(obs.hand) == 1:
        return (f"Your Blue Moon is your last card and cannot be burned: swapping it for the "
                f"{card} keeps the round going.")
    return f"Your Blue Moon can fetch the {card} from the Community Eight for a later match."


def _step(obs: AnnoObservation, action: Action) -> str:
    """A step of the declaration under way (it cannot be changed for another month)."""
    month = obs.declared
    if isinstance(action, Stage):
        return (f"Add the {action.card} to {month}: it belongs to the best match you can "
                "still make to it.")
    if isinstance(action, Unstage):
        return (f"Take the {action.card} back: the best match you can still make to {month} "
                "goes without it.")
    if isinstance(action, Commit):
        return (f"Confirm the match to {month}: it is the best you can make to it this "
                "turn.")
    if isinstance(action, Withdraw):
        return (f"Nothing can be matched to {month} now: take the declaration back, and "
                "burn a card.")
    return ""


def _match(obs: AnnoObservation, action: Match) -> str:
    hand = set(obs.hand)
    from_hand = sum(1 for c in action.cards if c in hand)
    laid = action.month in hand
    n = len(action.cards)
    cards = "card" if n == 1 else "cards"
    source = "your hand" if from_hand else "the Community Eight"
    if laid:
        text = f"Lay down {action.month} and match {n} {cards} from {source} to it: "
    else:
        text = f"Match {n} {cards} from {source} to {action.month}: "
    if from_hand:
        text += "each card that leaves your hand scores +5 on your board instead of \u22125."
    else:
        text += "+5 each, and your hand keeps its cards for later matches."
    if from_hand + (1 if laid else 0) == len(obs.hand):
        text += " Your hand is then empty, and that ends the round."
    return text


def _burn(obs: AnnoObservation, action: Burn) -> str:
    card = action.card
    if obs.withdrawn is not None:
        start = f"You took back your declaration of {obs.withdrawn}, so your turn ends with a burn."
    elif obs.matched:
        start = "Every turn ends with a burn."
    else:
        start = "No match is possible this turn, so you burn."
    unseen = unseen_months(obs)
    worst = min(obs.hand, key=lambda c: keep_value(obs, c, obs.hand, unseen))
    if card != worst:
        return f"{start} Burn the {card}."
    if kind_of(card) is Kind.MONTH:
        return (f"{start} The {card} is the card least likely to be matched from your hand, "
                "judging by what is in sight.")
    open_months = sum(1 for m in unseen if month_accepts(m, card))
    if open_months == 0:
        return (f"{start} Every Month the {card} fits is already in sight and out of your "
                "reach, so it is the card you need least.")
    return (f"{start} Of your cards, the {card} is the least likely to find a Month you can "
            "lay: burn it and keep the rest.")
