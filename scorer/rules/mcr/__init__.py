"""Mahjong Competition Rules (国标麻将): the 81-fan table as data (``fans``), its detectors
(``detect``), exclusion (``exclusion``), the best reading (``scoring``), payouts and a whole room
(``room``). ``BOOK`` is the rule book the layer (``scorer.rules``) registers."""
