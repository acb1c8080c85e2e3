"""Hong Kong mahjong (港式麻将) as one namespace: its fan table (limit hands first) and options.

    >>> import scorer
    >>> scorer.hk.Options().max_fan, scorer.hk.FanId.ALL_PUNGS.value
    (13, 'all_pungs')
"""

from .rules.hk.book import BOOK
from .rules.hk.detect import HkFan as FanId
from .rules.hk.fans import BY_ID, FANS, MAX_FAN, MIN_FAN, TABLE
from .rules.hk.options import HKOptions as Options

__all__ = ["BOOK", "BY_ID", "FANS", "MAX_FAN", "MIN_FAN", "TABLE", "FanId", "Options"]
