"""Render a contact sheet of Annapurna's art: every face at two sizes, the backs, icons,
meeples, tokens and flags, and a mountainside of overlapping cards.

    python tools/annapurna_sheet.py OUT.png     # also writes OUT_grey.png

Runs without a display (it sets the dummy video driver itself).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from tabletop.games.annapurna.cards import CARDS_PER_SUIT, Effect, card_of  # noqa: E402
from tabletop.games.annapurna.table.art import AnnapurnaArt  # noqa: E402
from tabletop.ui.assets import Assets  # noqa: E402
from tabletop.ui.cards import CardSprite  # noqa: E402
from tabletop.ui.text import Text  # noqa: E402

BACKGROUND = (44, 58, 60)
INK = (230, 232, 226)
GAP = 8
MARGIN = 24
SIZES = ((64, 90), (140, 196))


def sheet(art: AnnapurnaArt, text: Text) -> pygame.Surface:
    big_w = MARGIN * 2 + CARDS_PER_SUIT * (SIZES[1][0] + GAP)
    blocks: list[tuple[str, pygame.Surface]] = []
    for size in SIZES:
        w, h = size
        cols = CARDS_PER_SUIT + 1
        block = pygame.Surface((cols * (w + GAP) + w, 4 * (h + GAP)), pygame.SRCALPHA)
        for suit in range(4):
            for index in range(CARDS_PER_SUIT):
                block.blit(art.cards.base(card_of(suit, index), size),
                           (index * (w + GAP), suit * (h + GAP)))
            key = CardSprite.BACK if suit == 0 else ("back", suit)
            block.blit(art.cards.base(key, size), (CARDS_PER_SUIT * (w + GAP) + GAP, suit * (h + GAP)))
        blocks.append((f"faces {w}x{h}", block))
    blocks.append(("icons, meeples, tokens, flags", extras(art)))
    blocks.append(("mountainsides (rows overlap by 45%), and dimmed cards", mountains(art)))
    height = MARGIN + sum(b.get_height() + 40 for _, b in blocks) + MARGIN
    width = max(big_w, *(b.get_width() + 2 * MARGIN for _, b in blocks))
    out = pygame.Surface((width, height))
    out.fill(BACKGROUND)
    y = MARGIN
    for title, block in blocks:
        out.blit(text.render(title, 18, INK, bold=True), (MARGIN, y))
        y += 30
        out.blit(block, (MARGIN, y))
        y += block.get_height() + 10
    return out


def extras(art: AnnapurnaArt) -> pygame.Surface:
    pieces: list[pygame.Surface] = []
    for size in (16, 24, 40, 72):
        pieces += [art.yin_icon(size), art.yang_icon(size), art.symbol("yin", size),
                   art.symbol("yang", size)]
    pieces += [art.effect_icon(e, 64) for e in Effect]
    pieces += [art.effect_icon(e, 24) for e in Effect]
    pieces += [art.meeple(s, shenpa, 64) for shenpa in (False, True) for s in range(4)]
    pieces += [art.meeple(s, False, 28) for s in range(4)]
    pieces += [art.peak_token(n, 56) for n in range(1, 5)]
    pieces += [art.peak_token(n, 28) for n in range(1, 5)]
    pieces += [art.flag(n, 72) for n in range(1, 4)]
    pieces += [art.emblem(s, 40) for s in range(4)]
    pieces += [art.mandala(card_of(s, 5), 96) for s in range(4)]
    width = 1900
    x = y = row_h = 0
    places = []
    for piece in pieces:
        if x + piece.get_width() > width:
            x, y, row_h = 0, y + row_h + GAP * 2, 0
        places.append((piece, (x, y)))
        x += piece.get_width() + GAP * 2
        row_h = max(row_h, piece.get_height())
    block = pygame.Surface((width, y + row_h), pygame.SRCALPHA)
    for piece, pos in places:
        block.blit(piece, pos)
    return block


def mountains(art: AnnapurnaArt) -> pygame.Surface:
    """Two mountainsides, 5-4-3-2-1 rows, some cards face up, some dimmed."""
    parts = []
    for size, suit in (((64, 90), 0), ((100, 140), 2), ((100, 140), 1)):
        w, h = size
        step_y = round(h * 0.55)  # each row hides the lower 45% of the row above
        block = pygame.Surface((5 * (w + 4), 4 * step_y + h), pygame.SRCALPHA)
        index = 0
        for row in range(4, -1, -1):  # the summit first: lower rows lie over its foot
            count = 5 - row
            for col in range(count):
                x = round((5 - count) * (w + 4) / 2 + col * (w + 4))
                y = (4 - row) * step_y
                card = card_of(suit, (index * 7 + suit * 3) % CARDS_PER_SUIT)
                key: object = card if (index % 3) else CardSprite.BACK
                if index == 4:
                    key = ("dim", card)
                block.blit(art.cards.base(key, size), (x, y))
                index += 1
        parts.append(block)
    width = sum(p.get_width() + 40 for p in parts)
    out = pygame.Surface((width, max(p.get_height() for p in parts)), pygame.SRCALPHA)
    x = 0
    for p in parts:
        out.blit(p, (x, 0))
        x += p.get_width() + 40
    return out


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    target = Path(sys.argv[1])
    pygame.display.init()
    pygame.font.init()
    assets = Assets()
    text = Text(assets)
    art = AnnapurnaArt(assets, text)
    image = sheet(art, text)
    target.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(image, str(target))
    grey = pygame.transform.grayscale(image)
    pygame.image.save(grey, str(target.with_name(target.stem + "_grey" + target.suffix)))
    print(target, image.get_size())


if __name__ == "__main__":
    main()
