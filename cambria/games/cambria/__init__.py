"""Cambria (Eric B. Vogel, 2008): forts, roads, boats and a legion on a map of Wales or Cumbria.

Modules in the order they import each other: ``board`` (maps as validated data) ->
``state`` (a position) -> ``actions`` (decisions and their notation) -> ``rules`` (chance,
legal actions, applying them with their effects, captures, scoring) -> ``definition`` (the
game interface); beside them ``svg`` (the board drawing), ``evaluate`` and ``ai`` (the
computer players' judgement) and ``web`` (the turn builder and views for the page).
"""
