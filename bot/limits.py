"""Discord's size limits, and the helpers every outgoing text goes through to fit them.

Discord refuses a whole message when one part is too long, so texts are cut here by
construction rather than trusted to be short.  Input quoted back to a user (an unknown
option, animal or tile) is cut much shorter: a refusal should say what was wrong, not echo
6,000 characters.
"""

from __future__ import annotations

CONTENT = 2000  # message content
EMBED_DESCRIPTION = 4096
SELECT_LABEL = 100  # select menu option label, value and description
SELECT_VALUE = 100
SELECT_DESCRIPTION = 100
SELECT_PLACEHOLDER = 150
AUTOCOMPLETE_NAME = 100  # autocomplete choice name and value
AUTOCOMPLETE_VALUE = 100
BUTTON_LABEL = 80
CUSTOM_ID = 100
THREAD_NAME = 100
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
