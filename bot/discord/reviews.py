"""The review of a finished game in Discord (``bot.game.review``):

* ``ReviewPosts``: the review post in the game's channel, posted when its review starts, edited
  as it fills in, and at the end its text, the race picture (with alt text) and a button per
  turning point (its position, privately, as ``/ds history`` draws it);
* ``ask_review``: the Review button of the end-of-game post and ``/ds history review:``: the
  asker's own part, privately (or how far the review has come); refusals rise to the one
  refusal path.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.discord import components
from bot.discord.answers import answer, defer, user_lang
from bot.discord.components import TurningPointButton
from bot.discord.limits import CONTENT, clip
from bot.discord.operations import Operations, PostOutcome
from bot.discord.posts import picture
from bot.game.review import RACE_IMAGE, ReviewPost

if TYPE_CHECKING:
    from bot.discord.responder import Responder
    from bot.game.service import GameService

log = logging.getLogger(__name__)


def review_view(post: ReviewPost) -> discord.ui.View | None:
    """A button per turning point: its position, privately."""
    if not post.points:
        return None
    view = discord.ui.View(timeout=None)
    for number, move in post.points[:5]:
        view.add_item(TurningPointButton(post.game_id, move, number, post.lang))
    return view


class ReviewPosts:
    """Shows each review in its game's channel, as it fills in."""

    def __init__(self, ops: Operations, service: GameService) -> None:
        self.ops = ops
        self.service = service

    async def show(self, game_id: int) -> None:
        """Post or edit the game's review post to what it should show now (best effort: a post
        Discord refused is tried again at the next slice, or at the next start)."""
        post = await self.service.review.post(game_id)
        if post is None:
            return
        content = clip(post.text, CONTENT)
        view = review_view(post)
        files = [picture(post.image, RACE_IMAGE, post.alt)] if post.image else []
        message_id = post.message_id
        if message_id is not None:
            changes: dict[str, object] = {"content": content, "view": view}
            if files:
                changes["attachments"] = files
            sent = await self.ops.edit(post.channel_id, message_id, **changes)
            if sent.outcome is PostOutcome.GONE:
                message_id = None  # deleted: post it afresh
        if message_id is None:
            sent = await self.ops.post(post.channel_id, content, view=view, files=files,
                                       nonce=f"ds-review-{game_id}-{post.done}-{int(post.final)}")
            message_id = sent.message_id
        if not sent.ok:
            log.warning("the review post of game %s failed (%s)", game_id, sent.outcome.value)
            return
        await self.service.review.posted(post, message_id)


async def ask_review(shell: Responder, interaction: discord.Interaction, game: int | None) -> None:
    """A review asked for (the button's game, or ``/ds history review: game:``): answered privately."""
    if not await defer(interaction, ephemeral=True, thinking=True):
        return
    lang = user_lang(interaction)
    guild = None if interaction.guild_id is None else str(interaction.guild_id)
    asked = await shell.service.review.ask(str(interaction.channel_id), guild, game)  # the runner finds it
    text = shell.service.review.answer(asked, str(interaction.user.id), lang)
    await answer(interaction, clip(text, CONTENT), ephemeral=True)


def install_review_buttons(shell: Responder) -> None:
    """Route the Review button to its handler (the turning points' go to ``history``)."""
    components.set_handler("review", lambda i, game: ask_review(shell, i, game))


__all__ = ["ReviewPosts", "ask_review", "install_review_buttons", "review_view"]
