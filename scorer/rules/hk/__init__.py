"""Hong Kong mahjong (港式麻将) as a rule book, after the game site's rules page (seed 004): the
fan table as data (``fans``), small detectors by family (``detect``), the best reading
(``scoring``), the share tables and payments (``payouts``), the house rules (``options``).
``BOOK`` (``book``) is what the layer (``scorer.rules``) registers."""
