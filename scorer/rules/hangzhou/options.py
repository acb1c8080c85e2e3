"""The 杭州 house rules as one frozen value (``HangzhouOptions``) and the presets: the MIL 2025
competition table (the default) and the online platform's multiplier table (``fan-calc``).

Both families are fan on one log₂ scale: a hand's basic points are 底分 × 2^fan (the Hangzhou rule
document, §9). Each option cites the RULINGS.md row that states it (HZH…).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..book import Preset, option

# The options' values, each a literal Final: the compiled scoring reads them in place, not by name.
FLAT: Final = "flat"
PER_QUAD: Final = "per_quad"
SINGLE: Final = "single"
EACH: Final = "each"
STREAK: Final = "streak"
FIXED_8: Final = "fixed_8"
MAX_BASE = 1_000_000
_DOC = "the Hangzhou rule document"


@dataclass(frozen=True)
class HangzhouOptions:
    """The house rules of a Hangzhou table; the defaults are the MIL 2025 competition rules."""

    base: int = option(1, "底分: basic points are 底分 × 2^fan", source=f"HZH1: {_DOC}, §9 (MIL §三.17: 1 unless "
                       "agreed)", minimum=1, maximum=MAX_BASE)
    max_fan: int = option(4, "the cap on a hand's fan; 0: none", source=f"HZH2: {_DOC}, §5 and §8 (MIL §八.4: 4; "
                          "the platform's fan-calc and KZ: none)", minimum=0, maximum=20)
    seven_pairs_fan: int = option(2, "七对子's fan", source=f"HZH3: {_DOC}, §8 seven_pairs (MIL 2; HMP, TRE 1)",
                              minimum=1, maximum=2)
    luxury_seven_pairs: str = option(FLAT, "豪华七对: flat (4 fan in the place of 七对子, once) or per_quad (七对子 "
                                     "and 1 fan per quad)", source=f"HZH4: {_DOC}, §8 luxury_seven_pairs (MIL; HMP, "
                                     "TRE)", choices=(FLAT, PER_QUAD))
    no_joker: int = option(1, "无财神's fan (0: not scored)", source=f"HZH5: {_DOC}, §8 no_joker (MIL 1; HMP none)",
                           minimum=0, maximum=1)
    four_jokers: int = option(0, "四个白板's fan: 财神 held at the win and 财神 counted as 财飘 make four (0: not "
                              "scored)", source=f"HZH6: {_DOC}, §8 four_jokers (HMP 1; MIL none)", minimum=0,
                              maximum=1)
    ten_winds: bool = option(True, "十风 is a win (3 fan, 4 with a 财神 among the ten discards)",
                             source=f"HZH7: {_DOC}, §8 ten_winds (MIL §八.7; HMP, TRE none)")
    kong_chain: str = option(SINGLE, "杠开: single (1 fan however many kongs in a row) or each (1 fan per kong of "
                             "the chain, context chain_kongs)", source=f"HZH8: {_DOC}, §8 kong_chain (MIL, OMU; HMP)",
                             choices=(SINGLE, EACH))
    dealer_multiplier: str = option(STREAK, "the dealer's multiplier: streak (2 / 4 / 8 by 老庄) or fixed_8",
                                    source=f"HZH9: {_DOC}, §8 dealer_multiplier (MIL §五.10; HMP)",
                                    choices=(STREAK, FIXED_8))
    contract: bool = option(True, "三吃承包: three chows off one's 上家 move the whole payment",
                            source=f"HZH10: {_DOC}, §9 (MIL §八.8; none in HMP, HMA)")


PRESETS = (
    Preset("mil-2025", "the MIL 2025 competition rules (杭州麻将（推广）竞赛规则（试行2025版）): additive fan, a "
           "4-fan cap, 老庄 ×2/×4/×8, 无财神, 十风, 三吃承包", f"HZH11: {_DOC}, §10 (MIL; OMU)"),
    Preset("fan-calc", "the online platform's fan-calc scorer: every item a doubling, no cap, the dealer ×8, no "
           "liability", f"HZH11: {_DOC}, §10 (HMP's golden responses)",
           (("max_fan", 0), ("seven_pairs_fan", 1), ("luxury_seven_pairs", PER_QUAD), ("no_joker", 0),
            ("four_jokers", 1), ("ten_winds", False), ("kong_chain", EACH), ("dealer_multiplier", FIXED_8),
            ("contract", False))),
)
