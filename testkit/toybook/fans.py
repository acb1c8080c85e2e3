"""The toy book's table: the fans, their values, their detectors, what each leaves out."""

from __future__ import annotations

from scorer.rules.table import Fan, FanTable, Group
from testkit.toybook import detect as D
from testkit.toybook.fan_id import ToyFan as T

TABLE = FanTable((
    Fan(T.PAIRS, 4, "Pairs and a Triplet", "对对", D.pairs, Group.WHOLE_HAND),
    Fan(T.FULL_FLUSH, 5, "Full Flush", "清一色", D.full_flush, Group.WHOLE_HAND),
    Fan(T.ALL_PUNGS, 3, "All Pungs", "碰碰和", D.all_pungs, Group.WHOLE_HAND),
    Fan(T.CONCEALED_SELF_DRAWN, 2, "Concealed Self-Drawn", "门清自摸", D.concealed_self_drawn, Group.WHOLE_HAND,
        replaces=(T.CONCEALED, T.SELF_DRAWN)),
    Fan(T.CONCEALED, 1, "Concealed", "门清", D.concealed, Group.WHOLE_HAND),
    Fan(T.SELF_DRAWN, 1, "Self-Drawn", "自摸", D.self_drawn, Group.NO_SET),
))
