"""Discord's size limits on what the shell sends, beyond the message text the game fits itself
(``bot.game.limits``).  Discord refuses a whole request when one part is too long, so texts
are cut here by construction rather than trusted to be short."""

from __future__ import annotations

from bot.game.limits import CONTENT, clip, clip_end

EMBED_DESCRIPTION = 4096
SELECT_LABEL = 100  # select menu option label, value and description
SELECT_VALUE = 100
SELECT_DESCRIPTION = 100
SELECT_PLACEHOLDER = 150
AUTOCOMPLETE_NAME = 100  # autocomplete choice name and value
AUTOCOMPLETE_VALUE = 100
AUTOCOMPLETE_CHOICES = 25
BUTTON_LABEL = 80
CUSTOM_ID = 100
THREAD_NAME = 100
ALT_TEXT = 1024  # an attachment's description (alt text); ``words.alt`` fits it by construction

__all__ = ["ALT_TEXT", "AUTOCOMPLETE_CHOICES", "AUTOCOMPLETE_NAME", "AUTOCOMPLETE_VALUE", "BUTTON_LABEL", "CONTENT",
           "CUSTOM_ID", "EMBED_DESCRIPTION", "SELECT_DESCRIPTION", "SELECT_LABEL", "SELECT_PLACEHOLDER", "SELECT_VALUE",
           "THREAD_NAME", "clip", "clip_end"]
