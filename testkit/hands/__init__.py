"""Seeded hand generators, one family over one tile numbering (``testkit.hands.tiles``). Each
generator keeps its own stream: the same seed always gives the same hands, which is what the
digests and the differential tests' repro lines rely on.

    themed   complete MCR hands drawn from themes (flushes, straights, shifted chows, honour pungs,
             ...) so that the fans the reference calculator is checked on actually occur; tile codes,
             ``GenHand.reference_args()`` for ``pymahjonggb``; near misses (``near_misses``)
    load     the load and benchmark mix: every structure the scorer distinguishes, the expensive ones
             over-represented, as POST /v1/score bodies; ``request_pool`` puts the seeds first
    books    Hong Kong and Sichuan requests (``scorer.Hand``, context, options) for their digests
    worst    the slowest bodies of a ``load`` pool, timed in-process
"""
