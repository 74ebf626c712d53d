"""The picture on the results screen: every climber's mountainside as it ended."""

from __future__ import annotations

import pygame

from tabletop.games.annapurna.mountain import PLACES
from tabletop.games.annapurna.observation import EMPTY, AnnapurnaObservation
from tabletop.games.annapurna.rules import AnnapurnaState
from tabletop.games.annapurna.table.art import AnnapurnaArt
from tabletop.games.annapurna.table.faces import face_key
from tabletop.ui.table.zones import Pyramid

__all__ = ["results_picture"]


def results_picture(art: AnnapurnaArt, state: AnnapurnaState, size: tuple[int, int],
                    seen_by: int | None = None) -> pygame.Surface:
    """Each mountainside side by side, as its climber sees it (a card known face down
    dimmed, as at the table), with the peak tokens above and the planted flags on their
    cards.  With ``seen_by``, every mountainside as that seat knows it (a seat at another
    computer knows no more)."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    n = state.game.num_players
    w, h = size
    cell = w // n
    card_w = max(12, min(cell // 6, round(h / 5.5 * 0.72)))
    card = (card_w, round(card_w * 1.4))
    for seat in range(n):
        obs = state.observation(seat if seen_by is None else seen_by)
        assert isinstance(obs, AnnapurnaObservation)
        zone = Pyramid("end", card, (cell * seat + cell / 2, h * 0.5), gap=3)
        for place in range(PLACES - 1, -1, -1):
            if obs.cards[seat][place] == EMPTY:
                continue
            face = art.cards.base(face_key(obs, seat, place), card)
            x, y = zone.place(place)
            image.blit(face, face.get_rect(center=(round(x), round(y))))
        token = state.peak[seat]
        if token:
            mark = art.peak_token(token, max(16, round(card_w * 0.8)))
            image.blit(mark, mark.get_rect(midbottom=(cell * seat + cell // 2,
                                                     round(zone.rect.top - 4))))
        for count, place in enumerate(state.planted[seat], 1):
            if place >= 0:
                flag = art.flag(count, max(14, round(card_w * 0.7)))
                x, y = zone.place(place)
                image.blit(flag, flag.get_rect(center=(round(x), round(y))))
    return image
