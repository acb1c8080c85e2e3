"""Moved to ``scorer.wire.scoring`` (the library owns the wire layer); this name is the same module,
kept for one release."""

import sys

from scorer.wire import scoring as _moved

sys.modules[__name__] = _moved
