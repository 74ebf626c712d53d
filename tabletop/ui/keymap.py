"""One keymap for the whole app: the keys the kit keeps, each with one meaning.

Every table answers these the same way, whatever the game.  A game's own actions
(Ready, Pass, Sweep…) get keys from its spec's controls, shown on their buttons,
and never one of these; a test holds every game to it.
"""

from __future__ import annotations

from enum import Enum

import pygame

__all__ = ["Command", "RESERVED", "command", "key_name"]


class Command(Enum):
    """What a reserved key means, everywhere."""

    HINT = "hint"              # H: light a good move
    BACK = "back"              # Esc: put back what is chosen, take back a half-made step, pause
    PAUSE = "pause"            # Pause: the pause menu
    RULES = "rules"            # F1: the rules page
    FULLSCREEN = "fullscreen"  # F11 (the app's)
    UNDO = "undo"              # Ctrl+Z
    REDO = "redo"              # Ctrl+Y, Ctrl+Shift+Z
    LEFT = "left"              # Left: the previous usable piece, or place
    RIGHT = "right"            # Right: the next one
    UP = "up"                  # Up: the row above (Shift+Tab)
    DOWN = "down"              # Down / Tab: the row below
    PLAY = "play"              # Enter: make the chosen move (or press the main button)
    MAIN = "main"              # Space: hurry the animation, or press the main button


_PLAIN = {
    pygame.K_h: Command.HINT,
    pygame.K_ESCAPE: Command.BACK,
    pygame.K_PAUSE: Command.PAUSE,
    pygame.K_F1: Command.RULES,
    pygame.K_F11: Command.FULLSCREEN,
    pygame.K_LEFT: Command.LEFT,
    pygame.K_RIGHT: Command.RIGHT,
    pygame.K_UP: Command.UP,
    pygame.K_DOWN: Command.DOWN,
    pygame.K_TAB: Command.DOWN,
    pygame.K_RETURN: Command.PLAY,
    pygame.K_KP_ENTER: Command.PLAY,
    pygame.K_SPACE: Command.MAIN,
}

#: Keys no game may bind (with or without modifiers; Z and Y only with Ctrl).
RESERVED: frozenset[int] = frozenset(_PLAIN)
#: Letters the kit keeps with Ctrl (or Cmd): a game may not bind them either.
RESERVED_WITH_COMMAND: frozenset[int] = frozenset((pygame.K_z, pygame.K_y))


def command(key: int, mod: int = 0) -> Command | None:
    """The kit's meaning of a key press, or ``None`` if it is free for the game."""
    if mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
        if key == pygame.K_z:
            return Command.REDO if mod & pygame.KMOD_SHIFT else Command.UNDO
        if key == pygame.K_y:
            return Command.REDO
        return None
    found = _PLAIN.get(key)
    if found is Command.DOWN and key == pygame.K_TAB and mod & pygame.KMOD_SHIFT:
        return Command.UP
    return found


def key_name(key: int) -> str:
    """How a key is written on a button: "R", "1", "Esc"."""
    name = pygame.key.name(key)
    return {"escape": "Esc", "space": "Space", "return": "Enter"}.get(name, name.upper())
