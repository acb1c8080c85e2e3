"""Taiwanese 16-tile mahjong (台灣十六張) as one namespace: its 台 table, options and payments.

    >>> import scorer
    >>> scorer.taiwan.Options().base, scorer.taiwan.BY_ID["concealed_self_drawn"].name_zh
    (30, '門清自摸')
"""

from .rules.taiwan.book import BOOK
from .rules.taiwan.fan_id import TaiwanFan as FanId
from .rules.taiwan.fans import BY_ID, FANS, TABLE
from .rules.taiwan.options import TaiwanOptions as Options
from .rules.taiwan.payouts import dealer_tai

__all__ = ["BOOK", "BY_ID", "FANS", "TABLE", "FanId", "Options", "dealer_tai"]
