"""One subpackage per game; each implements ``cambria.core.interface.GameRules`` in its
``definition`` module and adds its board drawing (``svg``), its side of the web session
(``web``) and its evaluation for the computer players (``ai``)."""
