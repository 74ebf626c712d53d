"""Deals that agree with what the table shows of Anomia, for the bots' search: the
unseen cards shuffled into the draw piles."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine.rng import RandomSource, Rng
from tabletop.games.anomia.events import BOX
from tabletop.games.anomia.observation import AnomiaView
from tabletop.games.anomia.rules import AnomiaState, FaceOff

if TYPE_CHECKING:
    from tabletop.games.anomia.game import AnomiaGame

__all__ = ["sample_deal"]


def sample_deal(game: AnomiaGame, view: AnomiaView, rng: RandomSource) -> AnomiaState:
    """A state agreeing with ``view``: the unseen cards shuffled into the draw piles."""
    state = AnomiaState(game, Rng(int(rng.random() * (1 << 53))))
    state.dealt = view.dealt
    state.piles = [list(p) for p in view.piles]
    state.won = [list(w) for w in view.won]
    state.wild, state.covered, state.aside = view.wild, list(view.covered), list(view.aside)
    state.turn, state.again, state.matched = view.turn, view.again, view.matched
    state.now, state.phase, state.judge = view.now, view.phase, view.judge
    state.serial = view.faceoff.serial if view.faceoff else 0
    seen = {c for p in state.piles for c in p} | {c for w in state.won for c in w}
    seen |= set(state.covered) | set(state.aside) | ({state.wild} - {-1})
    fo = view.faceoff
    if fo is not None:
        face = FaceOff(fo.piles, fo.seats, fo.asks, fo.wild, "", fo.started, fo.serial)
        face.ends, face.strikes, face.pending = fo.ends, list(fo.strikes), fo.pending
        face.tie_card, face.tiebreaks = fo.tie_card, fo.tiebreaks
        if fo.tie_card >= 0:
            seen.add(fo.tie_card)
            face.tie_side = 0 if fo.tie_card in game.box.in_play else BOX
        top = state.top(fo.piles[0])
        face.symbol = "" if fo.wild or top is None else top.symbol.label
        state.faceoff = face
    if view.dispute is not None:
        state.dispute = (view.dispute[0], view.dispute[1], view.now)
    state.votes = dict(view.votes)
    state.said = set(view.said)
    state.extra = {c: list(t) for c, t in view.extra}
    state.paces = [list(p) for p in view.paces] or state.paces
    if view.dealt:
        unseen = [c for c in game.box.in_play if c not in seen]
        rng.shuffle(unseen)
        state.draw = [unseen[:view.draw[0]], unseen[view.draw[0]:]]
    return state
