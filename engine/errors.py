"""The one error the engine raises at players."""

from __future__ import annotations

import json
from typing import Any

from engine.text import Msg


class RulesError(Exception):
    """An illegal choice: ``msg`` says what is wrong and what is allowed (``words.error``
    words it).  ``str()`` is for developers: the key and its parameters.

    Raising it never changes the game state.
    """

    def __init__(self, key: str, **args: Any) -> None:
        self.msg = Msg(key, args)
        super().__init__(f"{key} {json.dumps(args, sort_keys=True, default=str)}")

    @property
    def key(self) -> str:
        return self.msg.key

    @property
    def params(self) -> dict[str, Any]:
        return dict(self.msg.args)
