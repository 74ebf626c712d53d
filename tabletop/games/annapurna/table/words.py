"""What the information panel says: a card pointed at (what it is, what it does and
whether the balance meter counts it) and what a friend carries, short enough for the
panel of a small window."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence

from tabletop.games.annapurna.cards import CARDS_PER_SUIT, EFFECT_TEXT, TYPES, Card, Effect
from tabletop.games.annapurna.observation import AnnapurnaObservation
from tabletop.ui.table.spec import InfoLine

__all__ = ["TIPS", "card_lines", "carried"]

#: The panel's tips, last: where the panel is short, what the friends carry goes first.
TIPS = (InfoLine("Face-up cards count: yin cancels yang.", ""),
        InfoLine("Sideways or up, never down.", "soft"))
#: Effect cards in a list of what someone carries.
SHORT = {Effect.CHOCOLATE: "Chocolate", Effect.ALTITUDE: "Altitude", Effect.ROPE: "Rope"}


def card_lines(obs: AnnapurnaObservation, key: Hashable, seat: int | None,
               place: int | None) -> list[InfoLine] | None:
    """A card pointed at, in a backpack (``place`` is ``None``) or at ``place`` of
    ``seat``'s mountainside: only a face-up card on a mountainside counts towards the
    balance, so a card traded, hidden or buried face down waits until it turns up."""
    down = seat is not None and place is not None and not obs.up[seat][place]
    if not isinstance(key, int):
        return [InfoLine("A face-down card", "accent"),
                InfoLine("It counts towards balance only once it turns up.", "soft")
                ] if down else None
    kind = TYPES[key % CARDS_PER_SUIT]
    lines = [InfoLine(str(Card(key)), "accent")]
    if kind.effect is not None:
        lines.append(InfoLine(EFFECT_TEXT[kind.effect], "soft"))
    elif seat is None or place is None:
        lines.append(InfoLine(f"Counts {kind.value:+d} once face up on a mountainside.", "soft"))
    elif place in obs.planted[seat]:
        lines.append(InfoLine("Under a prayer flag: it no longer counts.", "soft"))
    elif down:
        lines.append(InfoLine(f"Face down: counts {kind.value:+d} only once it turns up.",
                              "soft"))
    else:
        lines.append(InfoLine(f"Counts {kind.value:+d} towards balance.", "soft"))
    return lines


def carried(cards: Sequence[int]) -> str:
    """A backpack in few words: "yin 3, 4; yang 2; Chocolate, Spyglass ×2"."""
    types = [TYPES[c % CARDS_PER_SUIT] for c in cards]
    parts = [f"{side} {', '.join(str(v) for v in sorted(values))}"
             for side, values in (("yin", [-t.value for t in types if t.value < 0]),
                                  ("yang", [t.value for t in types if t.value > 0])) if values]
    effects = Counter(SHORT.get(t.effect, t.name) for t in types if t.effect is not None)
    if effects:
        parts.append(", ".join(name if n == 1 else f"{name} ×{n}"
                               for name, n in sorted(effects.items())))
    return "; ".join(parts) or "empty"
