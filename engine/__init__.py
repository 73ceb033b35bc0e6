"""The pure rules engine for Dominant Species: state, prompts and one ``apply``.

Typical use::

    state = engine.new_game(4, seed=7)
    p = engine.prompt(state)           # who must choose, and the legal options
    engine.apply(state, p.seat, p.options[0].id)
"""

from typing import Any

from engine import actions, cards  # noqa: F401  (registers every step)
from engine.errors import RulesError
from engine.flow import Option, Prompt, advance, apply, options_for, prompt
from engine.phases import start
from engine.state import SetupError
from engine.state import new_game as _setup


def new_game(players: int, seed: int, **kwargs: Any) -> dict[str, Any]:
    """A new game, set up and advanced to its first prompt."""
    return start(_setup(players, seed, **kwargs))


__all__ = [
    "Option", "Prompt", "RulesError", "SetupError", "advance", "apply", "new_game",
    "options_for", "prompt",
]
