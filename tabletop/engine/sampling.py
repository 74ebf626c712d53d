"""Dealing unknown cards again, consistently with what a player has seen.

Search bots imagine the hidden cards many times over.  Every imagined deal must
agree with the public record: a player who once could not play a suit holds none
of it now.  :func:`deal_with_constraints` hands each hidden slot a card whose suit
the slot allows (a bit mask of suits), at random where the constraints leave room.

>>> from tabletop.engine.rng import Rng
>>> cards = [0, 1, 32, 33]            # two of suit 0, two of suit 1
>>> dealt = deal_with_constraints(cards, [0b01, 0b01, 0b10, 0b11], Rng(1))
>>> sorted(dealt[:2]), dealt[2] >> 5
([0, 1], 1)
"""

from __future__ import annotations

import random
from collections.abc import Callable, MutableSequence, Sequence
from typing import Any, Generic, TypeVar

from tabletop.engine.cards import suit_of
from tabletop.engine.rng import RandomSource

__all__ = ["ConstrainedDeal", "ImpossibleDeal", "deal_with_constraints", "quick_shuffle"]


C = TypeVar("C", bound=int)

_GREEDY_TRIES = 12


class ImpossibleDeal(ValueError):
    """No assignment of the cards satisfies the slots' constraints."""


def deal_with_constraints(
    cards: Sequence[C],
    masks: Sequence[int],
    rng: RandomSource,
    suit: Callable[[int], int] = suit_of,
) -> list[C]:
    """Return ``cards`` rearranged so that ``suit(result[i])`` is a bit of ``masks[i]``."""
    return ConstrainedDeal(cards, masks, suit).deal(rng)


class ConstrainedDeal(Generic[C]):
    """:func:`deal_with_constraints` for a search that deals the same cards into the
    same slots again and again: what does not change from deal to deal — which slots
    are constrained, in what order they are served, the cards by suit — is worked out
    once."""

    def __init__(self, cards: Sequence[C], masks: Sequence[int],
                 suit: Callable[[int], int] = suit_of) -> None:
        if len(cards) != len(masks):
            raise ImpossibleDeal(f"{len(cards)} cards for {len(masks)} places")
        self.cards = list(cards)
        self.masks = list(masks)
        self.suit = suit
        present = 0
        self.by_suit: dict[int, list[C]] = {}
        for card in cards:
            present |= 1 << suit(card)
            self.by_suit.setdefault(suit(card), []).append(card)
        # A slot that allows every suit among the cards is free: it takes whatever the
        # constrained slots leave, which a shuffle deals as fairly as one card at a time.
        #: The constrained slots, with how many suits each allows (the fewest go first).
        self.constrained = [(_popcount(m), i) for i, m in enumerate(masks)
                            if m & present != present]

    def deal(self, rng: RandomSource) -> list[C]:
        """One deal of the cards into their places, every place's constraint kept."""
        if not self.constrained:
            shuffled = self.cards[:]
            quick_shuffle(shuffled, rng)
            return shuffled
        for _ in range(_GREEDY_TRIES):
            dealt = self._greedy(rng)
            if dealt is not None:
                return dealt
        return _by_flow(self.cards, self.masks, rng, self.suit)

    def _greedy(self, rng: RandomSource) -> list[C] | None:
        """Most constrained slot first (ties in random order), each taking a random
        fitting card, then the free slots the rest at random; ``None`` if stuck."""
        buckets = {s: cards[:] for s, cards in self.by_suit.items()}
        for bucket in buckets.values():
            quick_shuffle(bucket, rng)
        uniform = rng.random
        masks = self.masks
        order = sorted((count, uniform(), slot) for count, slot in self.constrained)
        dealt: list[C | None] = [None] * len(masks)
        for _, _, slot in order:
            mask = masks[slot]
            fitting = [bucket for s, bucket in buckets.items() if bucket and (mask >> s) & 1]
            total = 0
            for bucket in fitting:
                total += len(bucket)
            if total == 0:
                return None
            pick = int(uniform() * total)
            for bucket in fitting:
                if pick < len(bucket):
                    dealt[slot] = bucket.pop()
                    break
                pick -= len(bucket)
        rest = [card for bucket in buckets.values() for card in bucket]
        quick_shuffle(rest, rng)
        at = 0
        for slot in range(len(masks)):
            if dealt[slot] is None:
                dealt[slot] = rest[at]
                at += 1
        return dealt  # type: ignore[return-value]  # (every slot is filled)


def quick_shuffle(items: MutableSequence[Any], rng: RandomSource) -> None:
    """Shuffle in place: with a :class:`random.Random` (what the search bots use), by
    Fisher–Yates on its C-speed floats, about twice as fast as ``Random.shuffle``'s
    integer draws (the bias of ``int(random() * n)`` is below 2**-50); any other
    generator shuffles by its own method."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    uniform = rng.random
    for i in range(len(items) - 1, 0, -1):
        j = int(uniform() * (i + 1))
        items[i], items[j] = items[j], items[i]


def _buckets(cards: Sequence[C], rng: RandomSource, suit: Callable[[int], int]) -> dict[int, list[C]]:
    buckets: dict[int, list[C]] = {}
    for card in cards:
        buckets.setdefault(suit(card), []).append(card)
    for bucket in buckets.values():
        quick_shuffle(bucket, rng)
    return buckets


def _by_flow(
    cards: Sequence[C], masks: Sequence[int], rng: RandomSource, suit: Callable[[int], int]
) -> list[C]:
    """An exact assignment by augmenting paths between slot groups and suits."""
    buckets = _buckets(cards, rng, suit)
    groups: dict[int, list[int]] = {}
    for slot, mask in enumerate(masks):
        groups.setdefault(mask, []).append(slot)
    suits = list(buckets)
    supply = {s: len(buckets[s]) for s in suits}
    flow: dict[tuple[int, int], int] = {}
    # Each slot is one unit of demand; find an augmenting path for it in turn.
    for mask, slots in groups.items():
        for _ in slots:
            if not _augment(mask, groups, suits, supply, flow, rng):
                raise ImpossibleDeal("the known voids leave no consistent deal")
    dealt: list[C | None] = [None] * len(masks)
    for mask, slots in groups.items():
        places = slots[:]
        rng.shuffle(places)
        for s in suits:
            for _ in range(flow.get((mask, s), 0)):
                dealt[places.pop()] = buckets[s].pop()
    return [card for card in dealt if card is not None]


def _augment(
    start: int,
    groups: dict[int, list[int]],
    suits: list[int],
    supply: dict[int, int],
    flow: dict[tuple[int, int], int],
    rng: RandomSource,
) -> bool:
    """Route one more unit from group ``start`` to a suit with spare cards (BFS)."""
    parent: dict[tuple[str, int], tuple[str, int] | None] = {("g", start): None}
    queue: list[tuple[str, int]] = [("g", start)]
    while queue:
        node = queue.pop(0)
        kind, key = node
        if kind == "g":
            order = suits[:]
            rng.shuffle(order)
            for s in order:
                if (key >> s) & 1 and ("s", s) not in parent:
                    parent[("s", s)] = node
                    if supply[s] > 0:
                        _apply_path(("s", s), parent, supply, flow)
                        return True
                    queue.append(("s", s))
        else:
            for mask in groups:
                if flow.get((mask, key), 0) > 0 and ("g", mask) not in parent:
                    parent[("g", mask)] = node
                    queue.append(("g", mask))
    return False


def _apply_path(
    end: tuple[str, int],
    parent: dict[tuple[str, int], tuple[str, int] | None],
    supply: dict[int, int],
    flow: dict[tuple[int, int], int],
) -> None:
    supply[end[1]] -= 1
    node: tuple[str, int] | None = end
    while node is not None and parent[node] is not None:
        prev = parent[node]
        assert prev is not None
        if prev[0] == "g":  # forward edge group -> suit
            flow[(prev[1], node[1])] = flow.get((prev[1], node[1]), 0) + 1
        else:  # backward edge suit -> group: undo one unit
            flow[(node[1], prev[1])] -= 1
        node = prev


def _popcount(mask: int) -> int:
    return bin(mask & 0xFFFF).count("1") if mask >= 0 else 64
