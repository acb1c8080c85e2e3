"""Sichuan 血战到底 (Bloody to the End): the rule book and the settlement of a whole hand of play."""
