"""Taiwanese 16-tile mahjong (台灣十六張麻將) as a rule book: five sets and a pair, flowers by seat,
台 counted on a base, the dealer's extra 台 paid between the dealer and the winner. Its fan table
(``fans``) drives the detection: each row names the function of ``detect`` that counts it, and
``scoring`` asks every row of every reading."""
