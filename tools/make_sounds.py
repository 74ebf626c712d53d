"""Synthesise Tabletop's sound effects from scratch.

Every sound the game plays is generated here using only the Python standard
library: oscillators, envelopes, filtered noise and some mixing. No
recordings, sample packs or third-party packages are used, so the sounds are
entirely original and can be rebuilt at any time, byte for byte.

Output: 16-bit signed mono PCM WAV files at 44100 Hz, one per game event.

    deal, play, flip, discard, sweep   cards handled on the felt
    shuffle                            the deck being riffled
    trick_won, anemone, score          rewards and tallies
    error                              an illegal move (a gentle double bonk)
    chime, fanfare                     end of a hand / end of the game
    buzz, right, wrong                 a face-off starts / an answer counts / it does not
    click, hover, turn                 user-interface cues

The files are loudness-matched so they play at the same perceived level. The
measure is frequency-weighted energy over the loudest 50 ms of each file,
which suits very short sounds. The weighting is LUFS-style but gives less
weight to bass (see `ear_weighted`). A few sounds get a small deliberate
offset (`trim_db`): hover and click are quieter, play is a little louder.
No file peaks above -1 dBFS.

Usage, from the project root:

    python tools/make_sounds.py              # write <project>/sounds/*.wav
    python tools/make_sounds.py --out DIR    # write the files somewhere else
    python tools/make_sounds.py --report     # also print duration/peak/RMS

The output is deterministic: noise comes from fixed per-sound seeds, so two
runs produce identical files. Each file is read back and checked (format,
peak, DC offset, silent edges). If any check fails the script exits with
status 1.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import sys
import wave
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

SAMPLE_RATE = 44_100
PEAK_CEILING_DB = -1.0  # no file may peak above this
TARGET_LOUDNESS_DB = -15.5  # common loudness every sound is matched to
LOUDNESS_WINDOW_S = 0.05  # window for the short-term loudness measure
FADE_IN_S = 0.001  # every file starts with at least this raised-cosine fade
NOISE_RMS = 0.3  # filtered noise layers are scaled to this RMS (peaks near 1)
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "sounds"

Signal = list[float]
Curve = Callable[[float], float]  # time in seconds -> value (Hz, gain, ...)

# Equal-tempered pitches (Hz) used by the tonal sounds.
F_SHARP3, A3 = 185.00, 220.00
D3, F3 = 146.83, 174.61
G4 = 392.00
C5, E5, G5 = 523.25, 659.26, 783.99
A5, C6 = 880.00, 1046.50
C7, E7, G7 = 2093.00, 2637.02, 3135.96


# --------------------------------------------------------------------------
# Basic building blocks
# --------------------------------------------------------------------------


def n_samples(seconds: float) -> int:
    """Number of samples in `seconds` of audio."""
    return max(0, round(seconds * SAMPLE_RATE))


def constant(value: float) -> Curve:
    """A curve that never changes."""
    return lambda _t: value


def glide(start: float, end: float, time_constant: float) -> Curve:
    """Exponential approach from `start` to `end` (e.g. a pitch glide)."""
    return lambda t: end + (start - end) * math.exp(-t / time_constant)


def smooth_curve(points: Sequence[tuple[float, float]]) -> Curve:
    """Cosine-interpolated curve through (time, value) points, held at the ends."""

    def curve(t: float) -> float:
        if t <= points[0][0]:
            return points[0][1]
        for (t0, v0), (t1, v1) in pairwise(points):
            if t <= t1:
                blend = 0.5 - 0.5 * math.cos(math.pi * (t - t0) / (t1 - t0))
                return v0 + (v1 - v0) * blend
        return points[-1][1]

    return curve


def sample_curve(curve: Curve, seconds: float) -> Signal:
    """Evaluate `curve` at every sample time."""
    return [curve(i / SAMPLE_RATE) for i in range(n_samples(seconds))]


# --------------------------------------------------------------------------
# Oscillators
# --------------------------------------------------------------------------


def oscillate(freq: float | Curve, seconds: float, harmonics: Sequence[float] = (1.0,)) -> Signal:
    """Additive oscillator: harmonic k+1 of `freq` with amplitude harmonics[k].

    `freq` may be a curve; the phase is accumulated so glides stay smooth.
    The phase starts at zero, so the wave starts at zero too.
    """
    pitch = freq if callable(freq) else constant(freq)
    step = 2.0 * math.pi / SAMPLE_RATE
    sin = math.sin
    phase = 0.0
    out: Signal = []
    for i in range(n_samples(seconds)):
        out.append(sum(a * sin((k + 1) * phase) for k, a in enumerate(harmonics)))
        phase += step * pitch(i / SAMPLE_RATE)
    return out


@dataclass(frozen=True)
class Partial:
    """One mode of a struck object (bar, bell, block)."""

    ratio: float  # frequency as a multiple of the fundamental
    amp: float  # starting amplitude
    decay: float  # seconds for the amplitude to fall by 1/e


def struck(
    freq: float, seconds: float, partials: Sequence[Partial], attack: float = 0.002
) -> Signal:
    """Sum of exponentially decaying sine partials: mallets, bells, blocks."""
    n = n_samples(seconds)
    out = [0.0] * n
    sin = math.sin
    for p in partials:
        f = freq * p.ratio
        if f >= 0.45 * SAMPLE_RATE:
            continue  # would alias
        w = 2.0 * math.pi * f / SAMPLE_RATE
        fall = math.exp(-1.0 / (p.decay * SAMPLE_RATE))
        gain = p.amp
        for i in range(n):
            out[i] += gain * sin(w * i)
            gain *= fall
    return multiply(out, attack_ramp(n, attack))


# --------------------------------------------------------------------------
# Envelopes
# --------------------------------------------------------------------------


def attack_ramp(n: int, attack: float) -> Signal:
    """Raised-cosine rise from 0 to 1 over `attack` seconds, then 1."""
    na = n_samples(attack)
    return [0.5 - 0.5 * math.cos(math.pi * i / na) if i < na else 1.0 for i in range(n)]


def decay_envelope(seconds: float, attack: float, decay: float) -> Signal:
    """Raised-cosine attack, then exponential decay with time constant `decay`."""
    na = n_samples(attack)
    fall = 1.0 / (decay * SAMPLE_RATE)
    return [
        0.5 - 0.5 * math.cos(math.pi * i / na) if i < na else math.exp(-(i - na) * fall)
        for i in range(n_samples(seconds))
    ]


def shape_envelope(seconds: float, points: Sequence[tuple[float, float]]) -> Signal:
    """Smooth envelope through (time, level) points."""
    return sample_curve(smooth_curve(points), seconds)


def edge_window(n: int, fade_in: float, fade_out: float) -> Signal:
    """1.0 in the middle, raised-cosine fades to 0 at both ends."""
    n_in, n_out = max(1, n_samples(fade_in)), max(1, n_samples(fade_out))
    window = [1.0] * n
    for i in range(min(n_in, n)):
        window[i] = 0.5 - 0.5 * math.cos(math.pi * i / n_in)
    for i in range(min(n_out, n)):
        window[n - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / n_out)
    return window


# --------------------------------------------------------------------------
# Filters (biquads from the RBJ Audio EQ Cookbook) and noise
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Biquad:
    """Normalised biquad coefficients (a0 == 1)."""

    b0: float
    b1: float
    b2: float
    a1: float
    a2: float


def _rbj(b: tuple[float, float, float], a: tuple[float, float, float]) -> Biquad:
    return Biquad(b[0] / a[0], b[1] / a[0], b[2] / a[0], a[1] / a[0], a[2] / a[0])


def _omega(freq: float, q: float) -> tuple[float, float]:
    w0 = 2.0 * math.pi * min(freq, 0.45 * SAMPLE_RATE) / SAMPLE_RATE
    return math.cos(w0), math.sin(w0) / (2.0 * q)


def lowpass_coeffs(cutoff: float, q: float = math.sqrt(0.5)) -> Biquad:
    cos_w, alpha = _omega(cutoff, q)
    b = (1 - cos_w) / 2
    return _rbj((b, 1 - cos_w, b), (1 + alpha, -2 * cos_w, 1 - alpha))


def highpass_coeffs(cutoff: float, q: float = math.sqrt(0.5)) -> Biquad:
    cos_w, alpha = _omega(cutoff, q)
    b = (1 + cos_w) / 2
    return _rbj((b, -(1 + cos_w), b), (1 + alpha, -2 * cos_w, 1 - alpha))


def bandpass_coeffs(centre: float, q: float) -> Biquad:
    """Band-pass with 0 dB gain at the centre frequency."""
    cos_w, alpha = _omega(centre, q)
    return _rbj((alpha, 0.0, -alpha), (1 + alpha, -2 * cos_w, 1 - alpha))


def high_shelf_coeffs(freq: float, gain_db: float, q: float) -> Biquad:
    cos_w, alpha = _omega(freq, q)
    a = 10 ** (gain_db / 40)
    root = 2 * math.sqrt(a) * alpha
    plus, minus = (a + 1) + (a - 1) * cos_w, (a + 1) - (a - 1) * cos_w
    b = (a * (plus + root), -2 * a * ((a - 1) + (a + 1) * cos_w), a * (plus - root))
    return _rbj(b, (minus + root, 2 * ((a - 1) - (a + 1) * cos_w), minus - root))


def run_biquad(signal: Signal, f: Biquad) -> Signal:
    """Filter `signal` (transposed direct form II)."""
    z1 = z2 = 0.0
    out: Signal = []
    for x in signal:
        y = f.b0 * x + z1
        z1 = f.b1 * x - f.a1 * y + z2
        z2 = f.b2 * x - f.a2 * y
        out.append(y)
    return out


def lowpass(signal: Signal, cutoff: float) -> Signal:
    return run_biquad(signal, lowpass_coeffs(cutoff))


def bandpass(signal: Signal, centre: float, q: float) -> Signal:
    return run_biquad(signal, bandpass_coeffs(centre, q))


def swept_bandpass(signal: Signal, centre: Curve, q: float) -> Signal:
    """Unity-peak band-pass whose centre (Hz) follows a curve over time.

    A zero-delay-feedback state-variable filter stays stable while the
    frequency moves, so it is used for swishes.
    """
    k = 1.0 / q
    ic1 = ic2 = 0.0
    out: Signal = []
    for i, x in enumerate(signal):
        g = math.tan(math.pi * min(centre(i / SAMPLE_RATE), 0.45 * SAMPLE_RATE) / SAMPLE_RATE)
        a1 = 1.0 / (1.0 + g * (g + k))
        v3 = x - ic2
        v1 = a1 * ic1 + g * a1 * v3
        v2 = ic2 + g * v1
        ic1, ic2 = 2.0 * v1 - ic1, 2.0 * v2 - ic2
        out.append(k * v1)
    return out


def white_noise(seconds: float, rng: random.Random) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(n_samples(seconds))]


def band_noise(seconds: float, rng: random.Random, centre: float | Curve, q: float) -> Signal:
    """White noise through a (possibly swept) band-pass, scaled to NOISE_RMS."""
    noise = white_noise(seconds, rng)
    if callable(centre):
        filtered = swept_bandpass(noise, centre, q)
    else:
        filtered = bandpass(noise, centre, q)
    return scaled(filtered, NOISE_RMS / rms(filtered))


def noise_burst(
    rng: random.Random, seconds: float, centre: float | Curve, q: float, attack: float, decay: float
) -> Signal:
    """Band-limited noise with a quick attack and exponential decay: paper, felt."""
    return multiply(band_noise(seconds, rng, centre, q), decay_envelope(seconds, attack, decay))


# --------------------------------------------------------------------------
# Mixing
# --------------------------------------------------------------------------


def multiply(a: Signal, b: Signal) -> Signal:
    return [x * y for x, y in zip(a, b, strict=True)]


def scaled(signal: Signal, gain: float) -> Signal:
    return [x * gain for x in signal]


def mix(seconds: float, *layers: tuple[Signal, float, float]) -> Signal:
    """Mix (signal, start time, gain) layers into a buffer `seconds` long.

    Anything running past the end of the buffer is cut off.
    """
    out = [0.0] * n_samples(seconds)
    for signal, start, gain in layers:
        offset = n_samples(start)
        for i, x in enumerate(signal[: max(0, len(out) - offset)]):
            out[offset + i] += gain * x
    return out


# --------------------------------------------------------------------------
# Measurement
# --------------------------------------------------------------------------


def to_db(amplitude: float) -> float:
    return 20.0 * math.log10(amplitude) if amplitude > 1e-12 else -240.0


def peak(signal: Sequence[float]) -> float:
    return max((abs(x) for x in signal), default=0.0)


def rms(signal: Sequence[float]) -> float:
    return math.sqrt(sum(x * x for x in signal) / len(signal)) if signal else 0.0


def ear_weighted(signal: Sequence[float]) -> Signal:
    """Weight a signal roughly as the ear hears it at moderate volume.

    The +4 dB high shelf is the one from ITU-R BS.1770 (LUFS) K-weighting.
    BS.1770's 38 Hz high-pass is replaced by a gentle 150 Hz one (-4 dB at
    200 Hz, -10 dB at 100 Hz), following the equal-loudness contours. Without
    it, low thumps and bonks would count far louder than they sound.
    """
    shelf = high_shelf_coeffs(1681.974450955533, 3.999843853973347, 0.7071752369554196)
    low_cut = highpass_coeffs(150.0, 0.5)
    return run_biquad(run_biquad(list(signal), shelf), low_cut)


def loudness_db(signal: Sequence[float]) -> float:
    """Short-term loudness: ear-weighted mean square over the loudest window.

    The window is LOUDNESS_WINDOW_S long. A sound shorter than the window
    counts as padded with silence, so very short blips measure a bit quieter,
    roughly as the ear hears them.
    """
    weighted = ear_weighted(signal)
    width = n_samples(LOUDNESS_WINDOW_S)
    running = [0.0]
    for x in weighted:
        running.append(running[-1] + x * x)
    if len(weighted) <= width:
        best = running[-1]
    else:
        best = max(running[i + width] - running[i] for i in range(len(weighted) - width + 1))
    energy = best / width
    return 10.0 * math.log10(energy) if energy > 1e-24 else -240.0


# --------------------------------------------------------------------------
# Finishing: length, fades, DC, level
# --------------------------------------------------------------------------


def fit_length(signal: Signal, seconds: float) -> Signal:
    n = n_samples(seconds)
    return signal[:n] + [0.0] * (n - len(signal))


def remove_dc(signal: Signal, window: Signal) -> Signal:
    """Subtract the mean, shaped by `window` so the faded edges stay at zero."""
    offset = sum(signal) / sum(window)
    return [x - offset * w for x, w in zip(signal, window, strict=True)]


def normalise(signal: Signal, loudness_target_db: float) -> Signal:
    """Scale to the target loudness, but never let the peak exceed the ceiling."""
    gain_db = loudness_target_db - loudness_db(signal)
    gain_db = min(gain_db, PEAK_CEILING_DB - to_db(peak(signal)))
    return scaled(signal, 10 ** (gain_db / 20))


def finish(signal: Signal, seconds: float, fade_out: float, trim_db: float) -> Signal:
    """Exact length, click-free edges, zero mean, matched loudness."""
    signal = fit_length(signal, seconds)
    window = edge_window(len(signal), FADE_IN_S, fade_out)
    signal = remove_dc(multiply(signal, window), window)
    return normalise(signal, TARGET_LOUDNESS_DB + trim_db)


# --------------------------------------------------------------------------
# Recipes: one function per sound. Each gets a seeded RNG and its duration.
# --------------------------------------------------------------------------

MARIMBA = (Partial(1.0, 1.0, 0.15), Partial(4.0, 0.16, 0.03), Partial(10.0, 0.03, 0.008))
WARM_BELL = (
    Partial(1.0, 1.0, 0.30),
    Partial(1.0017, 0.2, 0.30),  # slightly detuned twin: a slow, gentle shimmer
    Partial(2.0, 0.3, 0.15),
    Partial(3.0, 0.1, 0.08),
    Partial(4.2, 0.05, 0.04),
)
CHORD_BELL = (
    Partial(1.0, 1.0, 0.45),
    Partial(1.002, 0.2, 0.45),
    Partial(2.0, 0.25, 0.2),
    Partial(3.0, 0.08, 0.1),
)
PLUCK = (Partial(1.0, 1.0, 0.14), Partial(2.0, 0.35, 0.06), Partial(3.0, 0.12, 0.035))
PING = (
    Partial(1.0, 1.0, 0.14),
    Partial(1.0013, 0.15, 0.14),
    Partial(2.0, 0.18, 0.07),
    Partial(3.0, 0.05, 0.04),
    Partial(4.1, 0.03, 0.025),
)
WOODBLOCK = (Partial(1.0, 1.0, 0.02), Partial(2.72, 0.3, 0.009), Partial(5.1, 0.1, 0.004))
SPARKLE = (Partial(1.0, 1.0, 0.045), Partial(2.0, 0.15, 0.02))
TICK = (Partial(1.0, 1.0, 0.004), Partial(2.7, 0.2, 0.002))


def decaying_tone(
    freq: float | Curve,
    seconds: float,
    attack: float,
    decay: float,
    harmonics: Sequence[float] = (1.0,),
) -> Signal:
    """An oscillator shaped by a quick attack and an exponential decay."""
    return multiply(oscillate(freq, seconds, harmonics), decay_envelope(seconds, attack, decay))


def air_swish(rng: random.Random, seconds: float, centre: Curve, peak_at: float) -> Signal:
    """A short breath of air that swells and dies away, e.g. a card moving."""
    envelope = shape_envelope(seconds, [(0.0, 0.0), (peak_at, 1.0), (seconds, 0.0)])
    return multiply(band_noise(seconds, rng, centre, 1.0), envelope)


def make_deal(rng: random.Random, seconds: float) -> Signal:
    """Bright 'fft' of a flicked card, with a papery lower body."""
    fft = noise_burst(rng, seconds, glide(5500.0, 3200.0, 0.03), 1.1, attack=0.004, decay=0.018)
    body = noise_burst(rng, seconds, 1000.0, 0.7, attack=0.006, decay=0.028)
    return lowpass(mix(seconds, (fft, 0.0, 1.0), (body, 0.0, 0.45)), 9000.0)


def make_play(rng: random.Random, seconds: float) -> Signal:
    """A firm slap: a breath of air, a noise crack, then a low thump of the table."""
    hit = 0.01
    table = hit + 0.003  # the table answers a moment after the card lands
    air = air_swish(rng, hit + 0.004, glide(2000.0, 3500.0, 0.01), peak_at=hit)
    slap = noise_burst(rng, seconds, 1800.0, 0.6, attack=0.0006, decay=0.012)
    crack = noise_burst(rng, seconds, 5000.0, 0.8, attack=0.0004, decay=0.005)
    thump = decaying_tone(glide(160.0, 85.0, 0.02), seconds, attack=0.004, decay=0.028)
    knock = decaying_tone(260.0, seconds, attack=0.001, decay=0.015)
    return mix(
        seconds,
        (air, 0.0, 0.15),
        (slap, hit, 1.0),
        (crack, hit, 0.35),
        (thump, table, 0.45),
        (knock, table, 0.25),
    )


def make_flip(rng: random.Random, seconds: float) -> Signal:
    """Two-part snap: the edge lifting, a breath of air, the face landing."""
    lift = noise_burst(rng, seconds, 2400.0, 1.0, attack=0.002, decay=0.010)
    air = air_swish(rng, 0.04, glide(1500.0, 4000.0, 0.02), peak_at=0.03)
    snap = noise_burst(rng, seconds, 4200.0, 0.8, attack=0.0005, decay=0.008)
    body = noise_burst(rng, seconds, 1200.0, 0.7, attack=0.001, decay=0.015)
    layers = (lift, 0.004, 0.6), (air, 0.008, 0.15), (snap, 0.048, 1.0), (body, 0.048, 0.35)
    return lowpass(mix(seconds, *layers), 8500.0)


def make_discard(rng: random.Random, seconds: float) -> Signal:
    """A dull, muffled slide onto the pile with a soft landing."""
    envelope = shape_envelope(seconds, [(0.0, 0.0), (0.035, 1.0), (0.09, 0.55), (seconds, 0.0)])
    slide = multiply(band_noise(seconds, rng, glide(1500.0, 600.0, 0.08), 0.7), envelope)
    landing = noise_burst(rng, seconds, 500.0, 0.7, attack=0.002, decay=0.02)
    thud = decaying_tone(110.0, seconds, attack=0.002, decay=0.025)
    layers = (slide, 0.0, 1.0), (landing, 0.085, 0.5), (thud, 0.085, 0.25)
    return lowpass(mix(seconds, *layers), 2200.0)


def make_sweep(rng: random.Random, seconds: float) -> Signal:
    """Cards gathered up: a swish that rises then falls, with a few card edges."""
    centre = smooth_curve([(0.0, 600.0), (0.22, 3500.0), (seconds, 1000.0)])
    level = shape_envelope(
        seconds, [(0.0, 0.0), (0.06, 0.35), (0.21, 1.0), (0.32, 0.45), (seconds, 0.0)]
    )
    layers = [(multiply(band_noise(seconds, rng, centre, 1.3), level), 0.0, 1.0)]
    for start in sorted(rng.uniform(0.06, 0.3) for _ in range(5)):
        edge = noise_burst(rng, 0.05, rng.uniform(2500.0, 4500.0), 1.2, attack=0.001, decay=0.008)
        layers.append((edge, start, 0.25))
    return lowpass(mix(seconds, *layers), 7000.0)


def make_trick_won(rng: random.Random, seconds: float) -> Signal:
    """Two rising marimba notes, G5 then C6."""
    first = struck(G5, seconds, MARIMBA, attack=0.0015)
    second = struck(C6, seconds, MARIMBA, attack=0.0015)
    return mix(seconds, (first, 0.0, 0.75), (second, 0.11, 1.0))


def make_anemone(rng: random.Random, seconds: float) -> Signal:
    """A watery bloop (a sine gliding up fast), a smaller bubble, a tiny sparkle."""
    bloop = decaying_tone(glide(280.0, 1000.0, 0.03), seconds, attack=0.004, decay=0.06)
    bubble = decaying_tone(glide(500.0, 1500.0, 0.02), seconds, attack=0.003, decay=0.035)
    layers = [(bloop, 0.0, 1.0), (bubble, 0.075, 0.35)]
    for start, freq, gain in ((0.12, C7, 0.22), (0.165, E7, 0.18), (0.21, G7, 0.15)):
        layers.append((struck(freq, seconds - start, SPARKLE, attack=0.001), start, gain))
    return mix(seconds, *layers)


def make_score(rng: random.Random, seconds: float) -> Signal:
    """A soft woodblock tick for the tally."""
    block = struck(800.0, seconds, WOODBLOCK, attack=0.0008)
    tick = noise_burst(rng, seconds, 3000.0, 1.0, attack=0.0003, decay=0.0015)
    return lowpass(mix(seconds, (block, 0.0, 1.0), (tick, 0.0, 0.15)), 5000.0)


def bonk(freq: float, seconds: float) -> Signal:
    """A soft, rounded low note whose pitch drops slightly as it starts.

    The overtones (2nd to 4th harmonic) fade faster than the fundamental and
    let small laptop speakers, which cannot play 200 Hz, still carry the pitch.
    """
    pitch = glide(freq * 1.12, freq, 0.015)
    body = decaying_tone(pitch, seconds, attack=0.003, decay=0.05)
    overtones = decaying_tone(pitch, seconds, 0.003, 0.035, harmonics=(0.0, 0.45, 0.2, 0.08))
    return [a + b for a, b in zip(body, overtones, strict=True)]


def make_error(rng: random.Random, seconds: float) -> Signal:
    """A gentle 'uh-oh': two low bonks a minor third apart, descending."""
    second = 0.13
    layers = (bonk(A3, seconds), 0.0, 1.0), (bonk(F_SHARP3, seconds - second), second, 1.0)
    return lowpass(mix(seconds, *layers), 2000.0)


def make_buzz(rng: random.Random, seconds: float) -> Signal:
    """A quiz-show buzzer: a reedy tone on a fifth, quick to sound and to stop."""
    reed = (1.0, 0.5, 0.33, 0.25, 0.2, 0.14, 0.1)
    body = mix(seconds, (oscillate(A3, seconds, reed), 0.0, 0.6),
               (oscillate(A3 * 1.5, seconds, reed), 0.0, 0.35))
    envelope = shape_envelope(seconds, ((0.0, 0.0), (0.012, 1.0), (seconds * 0.7, 0.85),
                                        (seconds, 0.0)))
    return lowpass(multiply(body, envelope), 2600.0)


def make_right(rng: random.Random, seconds: float) -> Signal:
    """Two bright marimba notes, a fourth up: that counts."""
    notes = ((E5, 0.0, 0.8), (A5, 0.09, 1.0))
    return mix(seconds, *((struck(f, seconds - t, MARIMBA), t, g) for f, t, g in notes))


def make_wrong(rng: random.Random, seconds: float) -> Signal:
    """A low, soft pluck falling a minor third: not that one."""
    layers = ((struck(F3, seconds, PLUCK), 0.0, 0.9), (struck(D3, seconds - 0.1, PLUCK), 0.1, 1.0))
    return lowpass(mix(seconds, *layers), 1800.0)


def make_chime(rng: random.Random, seconds: float) -> Signal:
    """A warm C major arpeggio on soft bells."""
    notes = ((C5, 0.0, 0.8), (E5, 0.12, 0.85), (G5, 0.24, 0.95))
    return mix(seconds, *((struck(f, seconds, WARM_BELL), t, gain) for f, t, gain in notes))


def make_fanfare(rng: random.Random, seconds: float) -> Signal:
    """A quick G-C-E-G run up to a ringing, lightly strummed C major chord."""
    run = ((G4, 0.0, 0.6), (C5, 0.09, 0.65), (E5, 0.18, 0.7), (G5, 0.27, 0.75))
    layers = [(struck(f, seconds - t, PLUCK), t, gain) for f, t, gain in run]
    chord_at = 0.40
    for i, freq in enumerate((C5 / 2, C5, E5, G5, C6)):
        note = struck(freq, seconds - chord_at, CHORD_BELL, attack=0.006)
        layers.append((note, chord_at + 0.012 * i, 0.35 if i == 0 else 0.45))
    return mix(seconds, *layers)


def make_click(rng: random.Random, seconds: float) -> Signal:
    """A short soft pop: a sine falling fast in pitch, plus a hint of tick."""
    pop = decaying_tone(glide(1500.0, 650.0, 0.004), seconds, attack=0.0004, decay=0.007)
    tick = noise_burst(rng, seconds, 3500.0, 1.0, attack=0.0002, decay=0.001)
    return lowpass(mix(seconds, (pop, 0.0, 1.0), (tick, 0.0, 0.12)), 6000.0)


def make_hover(rng: random.Random, seconds: float) -> Signal:
    """A tiny, very short tick."""
    return struck(1600.0, seconds, TICK, attack=0.0005)


def make_shuffle(rng: random.Random, seconds: float) -> Signal:
    """A riffle: twelve card flicks that speed up, over a soft purr."""
    purr_level = shape_envelope(
        seconds, [(0.0, 0.0), (0.1, 0.5), (0.5, 1.0), (0.62, 0.3), (seconds, 0.0)]
    )
    layers = [(multiply(band_noise(seconds, rng, 2500.0, 0.5), purr_level), 0.0, 0.12)]
    start, gap = 0.01, 0.075
    for i in range(12):
        at = start + rng.uniform(-0.003, 0.003)
        centre, decay = rng.uniform(2500.0, 4800.0), rng.uniform(0.006, 0.010)
        flick = noise_burst(rng, 0.08, centre, 1.2, attack=0.0005, decay=decay)
        body = noise_burst(rng, 0.08, 1200.0, 0.8, attack=0.001, decay=0.012)
        gain = (0.7 + 0.3 * i / 11) * rng.uniform(0.85, 1.15)  # a little louder as it goes
        layers += [(flick, at, gain), (body, at, 0.3 * gain)]
        start, gap = start + gap, gap * 0.912  # each gap ~9% shorter: the riffle speeds up
    return lowpass(mix(seconds, *layers), 7000.0)


def make_turn(rng: random.Random, seconds: float) -> Signal:
    """A single soft bell ping (A5)."""
    return struck(A5, seconds, PING, attack=0.003)


# --------------------------------------------------------------------------
# The sound list
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class SoundSpec:
    name: str
    seconds: float
    recipe: Callable[[random.Random, float], Signal]
    fade_out: float  # raised-cosine fade at the end, seconds
    trim_db: float = 0.0  # deliberate offset from the common loudness


SOUNDS = (
    SoundSpec("deal", 0.12, make_deal, fade_out=0.02),
    SoundSpec("play", 0.16, make_play, fade_out=0.03, trim_db=1.5),
    SoundSpec("flip", 0.12, make_flip, fade_out=0.02),
    SoundSpec("discard", 0.2, make_discard, fade_out=0.04, trim_db=-2.0),
    SoundSpec("sweep", 0.4, make_sweep, fade_out=0.06, trim_db=-1.0),
    SoundSpec("trick_won", 0.45, make_trick_won, fade_out=0.08),
    SoundSpec("anemone", 0.35, make_anemone, fade_out=0.06),
    SoundSpec("score", 0.1, make_score, fade_out=0.02, trim_db=-2.0),
    SoundSpec("error", 0.3, make_error, fade_out=0.05, trim_db=-1.0),
    SoundSpec("chime", 0.9, make_chime, fade_out=0.25),
    SoundSpec("fanfare", 1.4, make_fanfare, fade_out=0.35),
    SoundSpec("click", 0.05, make_click, fade_out=0.01, trim_db=-5.0),
    SoundSpec("hover", 0.03, make_hover, fade_out=0.008, trim_db=-9.0),
    SoundSpec("shuffle", 0.7, make_shuffle, fade_out=0.06, trim_db=-1.0),
    SoundSpec("turn", 0.4, make_turn, fade_out=0.1, trim_db=-1.0),
    SoundSpec("buzz", 0.32, make_buzz, fade_out=0.04, trim_db=-3.0),
    SoundSpec("right", 0.45, make_right, fade_out=0.1),
    SoundSpec("wrong", 0.4, make_wrong, fade_out=0.08, trim_db=-1.0),
)


def render(spec: SoundSpec) -> Signal:
    """Synthesise one sound, finished and levelled, as floats in [-1, 1]."""
    rng = random.Random(f"tabletop-sound:{spec.name}")  # str seeds are hashed stably
    return finish(spec.recipe(rng, spec.seconds), spec.seconds, spec.fade_out, spec.trim_db)


# --------------------------------------------------------------------------
# WAV files: writing, reading back, checking, reporting
# --------------------------------------------------------------------------


def write_wav(path: Path, signal: Signal) -> None:
    """Write 16-bit signed little-endian mono PCM."""
    pcm = [max(-32768, min(32767, round(x * 32767))) for x in signal]
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(SAMPLE_RATE)
        out.writeframes(struct.pack(f"<{len(pcm)}h", *pcm))


def read_wav(path: Path) -> tuple[tuple[int, int, int], list[float]]:
    """Return ((channels, sample width, rate), samples scaled to [-1, 1))."""
    with wave.open(str(path), "rb") as src:
        fmt = (src.getnchannels(), src.getsampwidth(), src.getframerate())
        frames = src.readframes(src.getnframes())
    count = len(frames) // 2
    return fmt, [v / 32768 for v in struct.unpack(f"<{count}h", frames[: 2 * count])]


def check(path: Path, expected_seconds: float) -> list[str]:
    """Problems found in a written file (an empty list means it is fine)."""
    fmt, samples = read_wav(path)
    if fmt != (1, 2, SAMPLE_RATE):
        return [f"format is {fmt}, expected (1, 2, {SAMPLE_RATE})"]
    problems: list[str] = []
    if len(samples) != n_samples(expected_seconds):
        problems.append(f"{len(samples)} samples, expected {n_samples(expected_seconds)}")
    if to_db(peak(samples)) > PEAK_CEILING_DB + 0.05:
        problems.append(f"peak {to_db(peak(samples)):.2f} dBFS above the ceiling")
    if abs(sum(samples) / len(samples)) > 1e-4:
        problems.append(f"DC offset {sum(samples) / len(samples):.2e}")
    if max(abs(samples[0]), abs(samples[-1])) > 1e-3:
        problems.append("does not start and end at silence")
    if to_db(peak(samples[-n_samples(0.002) :])) > -40.0:
        problems.append("last 2 ms louder than -40 dBFS")
    return problems


def report(folder: Path) -> str:
    """A table of size, duration, peak, RMS and loudness for every sound."""
    lines = [f"{'file':<14}{'bytes':>8}{'dur s':>8}{'peak dB':>10}{'rms dB':>9}{'loud dB':>9}"]
    total = 0
    for spec in SOUNDS:
        path = folder / f"{spec.name}.wav"
        _, samples = read_wav(path)
        total += path.stat().st_size
        lines.append(
            f"{path.name:<14}{path.stat().st_size:>8}{len(samples) / SAMPLE_RATE:>8.3f}"
            f"{to_db(peak(samples)):>10.1f}{to_db(rms(samples)):>9.1f}"
            f"{loudness_db(samples):>9.1f}"
        )
    lines.append(f"{'total':<14}{total:>8}")
    lines.append("peak and rms in dBFS; loud = ear-weighted energy of the loudest 50 ms, in dB")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Synthesise Tabletop's sound effects.")
    parser.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help="output folder (default: sounds/)"
    )
    parser.add_argument(
        "--report", action="store_true", help="print duration, peak, RMS and loudness per file"
    )
    args = parser.parse_args(argv)

    args.out.mkdir(parents=True, exist_ok=True)
    failed = False
    for spec in SOUNDS:
        path = args.out / f"{spec.name}.wav"
        write_wav(path, render(spec))
        for problem in check(path, spec.seconds):
            print(f"{path.name}: {problem}", file=sys.stderr)
            failed = True
    print(f"wrote {len(SOUNDS)} sounds to {args.out}" + (" (checks FAILED)" if failed else ""))
    if args.report:
        print(report(args.out))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
