"""The program inside the double-click bundle (see ``tools/build_bundle.py``)."""

import multiprocessing
import sys

from tabletop.cli import main, main_gui

if __name__ == "__main__":
    # Bots think in worker processes; a frozen program must let them start.
    multiprocessing.freeze_support()
    sys.exit(main(sys.argv[1:]) if len(sys.argv) > 1 else main_gui())
