"""Between turns: shanten per winning form (``shanten``), and what a hand waits on, for how much,
or what to discard (``analysis``), by any rule book."""
