"""The lab: tools that measure and test the games rather than play them.

``tabletop simulate``, ``tournament``, ``autoplay`` and ``bench`` run from here, with the
fuzzer, the UI monkey and the kill-and-resume endurance run.  Nothing at the table
imports this package; the tools may import everything else.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # some tools drive the real table
