"""The pygame shell.  Importing this package does not import pygame; its modules do."""

import os

# pygame greets on stdout when imported; the command line prints JSON there.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
