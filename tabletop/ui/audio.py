"""Sound effects: short, soft, and silent without an audio device."""

from __future__ import annotations

import time
from enum import StrEnum

import pygame

from tabletop.ui.assets import Assets

__all__ = ["Audio", "Sound"]


class Sound(StrEnum):
    """Every sound effect there is; each is ``sounds/<value>.wav`` (a test checks)."""

    ANEMONE = "anemone"
    BUZZ = "buzz"
    CHIME = "chime"
    CLICK = "click"
    DEAL = "deal"
    DISCARD = "discard"
    ERROR = "error"
    FANFARE = "fanfare"
    FLIP = "flip"
    HOVER = "hover"
    PLAY = "play"
    RIGHT = "right"
    SCORE = "score"
    SHUFFLE = "shuffle"
    SWEEP = "sweep"
    TRICK_WON = "trick_won"
    TURN = "turn"
    WRONG = "wrong"


#: The same sound is not restarted more often than this (a deal of 40 cards).
MIN_REPEAT_SECONDS = 0.045


class Audio:
    """Plays named effects at the settings' volume; does nothing if there is no device."""

    def __init__(self, assets: Assets, volume: float = 0.7, muted: bool = False) -> None:
        self.volume = volume
        self.muted = muted
        self.enabled = False
        self._sounds: dict[Sound, pygame.mixer.Sound] = {}
        self._last_played: dict[Sound, float] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            pygame.mixer.set_num_channels(16)
        except pygame.error:
            return  # no audio device: play silently
        for name in Sound:
            path = assets.sound_path(f"{name.value}.wav")
            try:
                self._sounds[name] = pygame.mixer.Sound(str(path))
            except (pygame.error, FileNotFoundError):
                continue
        self.enabled = bool(self._sounds)

    def play(self, name: Sound, volume: float = 1.0) -> None:
        name = Sound(name)  # a name that is not a sound fails here, loudly, not in silence
        if not self.enabled or self.muted or self.volume <= 0:
            return
        sound = self._sounds.get(name)
        if sound is None:
            return
        now = time.monotonic()
        if now - self._last_played.get(name, 0.0) < MIN_REPEAT_SECONDS:
            return
        self._last_played[name] = now
        sound.set_volume(max(0.0, min(1.0, self.volume * volume)))
        try:
            sound.play()
        except pygame.error:
            pass

    def set_volume(self, volume: float, muted: bool | None = None) -> None:
        self.volume = max(0.0, min(1.0, volume))
        if muted is not None:
            self.muted = muted
