"""How long the game's own texts may be, and the helpers that make them fit.

A game's post is one chat message, so the service words its stories and answers to fit a
message (``CONTENT``, the 2,000 characters Discord allows a bot; the shell passes nothing
longer on).  Input quoted back to a user (an unknown option, animal or tile) is cut much
shorter: a refusal should say what was wrong, not echo 6,000 characters.
"""

from __future__ import annotations

CONTENT = 2000  # one message's text
#: How much of a user's input a refusal quotes back.
QUOTED_INPUT = 40

ELLIPSIS = "…"


def clip(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, ending with an ellipsis when cut."""
    if len(text) <= limit:
        return text
    return text[:limit - 1] + ELLIPSIS


def clip_end(text: str, limit: int) -> str:
    """``text`` cut from the front: for messages whose end (who acts now) matters most."""
    if len(text) <= limit:
        return text
    return ELLIPSIS + text[-(limit - 1):]


def quote(user_input: object, limit: int = QUOTED_INPUT) -> str:
    """A user's input as a refusal quotes it: one line, at most ``limit`` characters."""
    return clip(" ".join(str(user_input).split()), limit)
