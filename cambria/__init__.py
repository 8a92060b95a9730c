"""Cambria (Eric B. Vogel, 2008): a pure-Python rules engine for the board game.

>>> from cambria import Game
>>> game = Game("cumbria", ["Ann", "Bob"], seed=1)
>>> while not game.is_over():
...     if game.is_chance():
...         _ = game.roll()
...     else:
...         _ = game.play(game.legal_actions()[0])
>>> game.result()["winner"] in (0, 1)
True
"""

from .actions import Action, IllegalActionError, NotationError
from .board import MAP_IDS, Board, MapError, board_from_dict, load_board
from .game import Game
from .record import RecordError
from .state import State

__version__ = "0.1.0"

__all__ = [
    "Action", "Board", "Game", "IllegalActionError", "MAP_IDS", "MapError", "NotationError",
    "RecordError", "State", "board_from_dict", "load_board", "__version__",
]
