"""Which cards count toward a Sweet Gesture so far: the table lays them under it,
their tops peeking out above the gesture."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from tabletop.engine.cards import rank_of, suit_of
from tabletop.games.anniversary.cards import POSITION, AnniversaryCard
from tabletop.games.anniversary.content import GESTURE_BY_ID
from tabletop.games.anniversary.gestures import COLOUR_MASKS, Gesture, Kind, Status
from tabletop.games.anniversary.observation import AnniversaryObservation
from tabletop.ui.cards import ImageCache
from tabletop.ui.table.frame import Frame
from tabletop.ui.table.picture import Decor
from tabletop.ui.table.zones import Row

__all__ = ["MINI", "tucked_cards", "tucked_decor"]

#: A tucked card's size (design units).
MINI = (32, 45)


def tucked_cards(gid: int, owner: int, obs: AnniversaryObservation) -> list[AnniversaryCard]:
    """The cards that count toward a gesture, to lay under it on the table."""
    g = GESTURE_BY_ID[gid]
    mine = [d for d in obs.history if d.footer == owner]
    k = g.kind
    if k is Kind.WIN_WITH_CARD or k is Kind.WIN_WITH_RANK:
        return [d.winner for d in mine if _wins_for(g, d.winner)][:1]
    if k is Kind.WIN_CONTAINING:
        return [c for d in mine for _, c in d.plays if c == g.card][:1]
    if k is Kind.AT_LEAST or k is Kind.NO_COLOUR:
        mask = COLOUR_MASKS[g.colour or 0]
        return [c for d in mine for _, c in d.plays if mask >> c & 1]
    return [d.winner for d in mine]


def _wins_for(g: Gesture, card: int) -> bool:
    if g.kind is Kind.WIN_WITH_CARD:
        return bool(card == g.card)
    return suit_of(card) != POSITION and rank_of(card) == g.rank


def tucked_decor(faces: ImageCache, frame: Frame, row: Row, seat: int,
                 obs: AnniversaryObservation) -> Iterator[Decor]:
    """The cards that count toward each of ``seat``'s pending gestures (in ``row``),
    peeking out above it, the first six of each."""
    mini = frame.card(MINI)
    owned = [(g, mark) for g, o, mark in zip(obs.gestures, obs.owners, obs.settled) if o == seat]
    for n, (gid, mark) in enumerate(owned):
        if mark is not Status.PENDING:
            continue
        rect = row.slot_rect(n)
        for k, card in enumerate(tucked_cards(gid, seat, obs)[:6]):
            yield Decor(("tucked", gid, card), (card, mini), partial(faces.base, card, mini),
                        (rect.x + frame.px(6) + k * frame.px(18), rect.y - frame.px(24)),
                        row.layer - 2)
