"""The rules engine: pure, immutable game states and typed actions.

It imports nothing from vision, web or hardware: everything flows into it."""

from .errors import RuleError
from .games import GAMES, GameDef
from .log import make_log, replay

__all__ = ["GAMES", "GameDef", "RuleError", "make_log", "replay"]
