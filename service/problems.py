"""Moved to ``scorer.wire.problems`` (the library owns the wire layer); this name is the same module,
kept for one release."""

import sys

from scorer.wire import problems as _moved

sys.modules[__name__] = _moved
