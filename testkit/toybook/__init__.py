"""A toy rule book made from the "Adding a book" recipe of docs/rulebooks.md alone, to hold the recipe
true: five sets and a pair (16 tiles before the win), a small table that drives its detection, one
special form (seven pairs and a triplet), payments of the total from the discarder or from each.
``tests/rules/test_toy_book.py`` registers it, then scores, explains, waits and replays with it."""
