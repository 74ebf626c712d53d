"""Write Annapurna's eighteen mandalas: ``art/annapurna/mandala_00.svg`` … ``mandala_17.svg``.

One mandala per card index; the table tints it in the climber's colour, so four suits
share eighteen shapes and every one of the 72 cards still hides its own pattern
(index and colour together).  Each mandala is white on transparent, built from a few
rings of petals, dots, star points and scallops around a centre, with a gated square
(the palace of a classic mandala) in some.  A small seeded generator chooses the rings,
so the files are the same on every run.

    python tools/annapurna_mandalas.py            # write into art/annapurna/
    python tools/annapurna_mandalas.py --out DIR  # write somewhere else
"""

from __future__ import annotations

import argparse
import math
import random
from pathlib import Path

SIZE = 200
C = SIZE / 2
COUNT = 18
#: Rotational symmetries, one chosen per mandala.
ORDERS = (6, 8, 8, 10, 12, 12, 16)


def _pt(r: float, a: float) -> tuple[float, float]:
    return C + r * math.cos(a), C + r * math.sin(a)


def _f(p: tuple[float, float]) -> str:
    return f"{p[0]:.1f},{p[1]:.1f}"


def petals(n: int, r0: float, r1: float, width: float, turn: float, pointed: bool) -> str:
    """``n`` petals from radius ``r0`` to ``r1``, ``width`` radians wide at the belly."""
    d = []
    for i in range(n):
        a = turn + 2 * math.pi * i / n
        base_l, base_r = _pt(r0, a - width * 0.35), _pt(r0, a + width * 0.35)
        tip = _pt(r1, a)
        mid = r0 + (r1 - r0) * (0.45 if pointed else 0.75)
        bl, br = _pt(mid, a - width), _pt(mid, a + width)
        if pointed:
            d.append(f"M{_f(base_l)}Q{_f(bl)} {_f(tip)}Q{_f(br)} {_f(base_r)}Z")
        else:
            t1, t2 = _pt(r1 * 1.02, a - width * 0.5), _pt(r1 * 1.02, a + width * 0.5)
            d.append(f"M{_f(base_l)}C{_f(bl)} {_f(t1)} {_f(tip)}C{_f(t2)} {_f(br)} {_f(base_r)}Z")
    return "".join(d)


def star(n: int, r_in: float, r_out: float, turn: float) -> str:
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        pts.append(_pt(r, turn + math.pi * i / n))
    return "M" + "L".join(_f(p) for p in pts) + "Z"


def scallops(n: int, r: float, depth: float, turn: float) -> str:
    """A ring of ``n`` arches, like the rim of a lotus seen from above."""
    d = []
    for i in range(n):
        a0 = turn + 2 * math.pi * i / n
        a1 = a0 + 2 * math.pi / n
        p0, p1 = _pt(r, a0), _pt(r, a1)
        ctrl = _pt(r + depth * 2, (a0 + a1) / 2)
        d.append(f"M{_f(p0)}Q{_f(ctrl)} {_f(p1)}")
    return "".join(d)


def dots(n: int, r: float, radius: float, turn: float, opacity: float) -> str:
    out = []
    for i in range(n):
        x, y = _pt(r, turn + 2 * math.pi * i / n)
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}"/>')
    return f'<g fill="#fff" opacity="{opacity:.2f}">' + "".join(out) + "</g>"


def palace(half: float, gate: float) -> str:
    """A square with a T-shaped gate in the middle of each side."""
    g, s, step = gate, half, gate * 0.55
    pts = [(-s, -s), (-g, -s), (-g, -s - step), (g, -s - step), (g, -s), (s, -s)]
    outline: list[tuple[float, float]] = []
    for k in range(4):  # the same side turned four times
        ca, sa = math.cos(k * math.pi / 2), math.sin(k * math.pi / 2)
        outline += [(C + x * ca - y * sa, C + x * sa + y * ca) for x, y in pts[:-1]]
    return "M" + "L".join(_f(p) for p in outline) + "Z"


def mandala(index: int) -> str:
    rng = random.Random(7_121 + index * 104_729)
    n = rng.choice(ORDERS)
    turn = -math.pi / 2 + (math.pi / n if rng.random() < 0.5 else 0.0)
    parts: list[str] = []
    stroke = 'fill="none" stroke="#fff" stroke-linecap="round" stroke-linejoin="round"'
    # The rim: a circle or two, and a crown of scallops or dots.
    parts.append(f'<circle cx="{C}" cy="{C}" r="96" {stroke} stroke-width="3"/>')
    if rng.random() < 0.6:
        parts.append(f'<circle cx="{C}" cy="{C}" r="89" {stroke} stroke-width="1.5" opacity="0.8"/>')
    rim = rng.choice(("scallop", "dots", "petal"))
    if rim == "scallop":
        parts.append(f'<path d="{scallops(n * 2, 82, 5, turn)}" {stroke} stroke-width="2.5"/>')
    elif rim == "dots":
        parts.append(dots(n * 2, 82, 3.2, turn, 0.9))
    else:
        parts.append(f'<path d="{petals(n * 2, 70, 88, 0.12, turn, True)}" {stroke} '
                     f'stroke-width="2"/>')
    palace_square = index % 3 == 1
    if palace_square:
        parts.append(f'<path d="{palace(50, 14)}" {stroke} stroke-width="3"/>')
        parts.append(f'<circle cx="{C}" cy="{C}" r="44" {stroke} stroke-width="2"/>')
    # Two or three rings of petals, outside in, alternating filled and drawn.
    radii = [74.0, 52.0, 32.0] if not palace_square else [42.0, 28.0]
    for ring, r1 in enumerate(radii):
        r0 = r1 * rng.uniform(0.35, 0.55)
        count = n if ring % 2 == 0 else n * rng.choice((1, 2))
        width = (math.pi / count) * rng.uniform(0.6, 0.95)
        shift = turn + (math.pi / count if ring % 2 else 0.0)
        pointed = rng.random() < 0.6
        if (ring + index) % 2 == 0:
            parts.append(f'<path d="{petals(count, r0, r1, width, shift, pointed)}" fill="#fff" '
                         f'fill-opacity="{rng.uniform(0.35, 0.55):.2f}" stroke="#fff" '
                         f'stroke-width="1.8" stroke-linejoin="round"/>')
        else:
            parts.append(f'<path d="{petals(count, r0, r1, width, shift, pointed)}" {stroke} '
                         f'stroke-width="2.6"/>')
        if ring == 0 and rng.random() < 0.7:
            parts.append(dots(count, r1 + 5, 2.2, shift, 0.8))
    # Between the rings: a star or a ring of dots; at the heart a seed.
    inner = radii[-1]
    if rng.random() < 0.5:
        parts.append(f'<path d="{star(n, inner * 0.3, inner * 0.62, turn)}" fill="#fff" '
                     f'opacity="0.6"/>')
    else:
        parts.append(f'<circle cx="{C}" cy="{C}" r="{inner * 0.55:.1f}" {stroke} stroke-width="2"/>')
        parts.append(dots(n, inner * 0.55, 2.0, turn, 0.9))
    parts.append(f'<circle cx="{C}" cy="{C}" r="{rng.uniform(6, 10):.1f}" fill="#fff"/>')
    parts.append(f'<circle cx="{C}" cy="{C}" r="13" {stroke} stroke-width="1.5"/>')
    body = "\n".join(parts)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE}" '
            f'width="{SIZE}" height="{SIZE}">\n{body}\n</svg>\n')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    root = Path(__file__).resolve().parents[1]
    parser.add_argument("--out", type=Path, default=root / "art" / "annapurna")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for index in range(COUNT):
        (args.out / f"mandala_{index:02d}.svg").write_text(mandala(index), encoding="utf-8")


if __name__ == "__main__":
    main()
