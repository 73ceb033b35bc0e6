"""Direct messages to players who asked for them (``/ds mygames direct:on``): their turn, a
reminder.  Closed direct messages are remembered (only a 403 with code 50007 says so): such a
player is mentioned in the channel from then on, as is one whose message failed this time."""

from __future__ import annotations

import logging

from bot.discord.limits import CONTENT, clip_end
from bot.discord.operations import Operations, PostOutcome
from bot.game.service import GameService

log = logging.getLogger(__name__)


class DirectMessages:
    def __init__(self, ops: Operations, service: GameService) -> None:
        self.ops = ops
        self.service = service

    async def tell(self, user_id: str, text: str) -> PostOutcome:
        """A direct message to a player who asked for one: POSTED if it went; FAILED if Discord
        failed it for a passing reason (the outbox tries a reminder again); anything else: the
        player is mentioned in the channel instead (REFUSED: they asked for no direct message)."""
        if not user_id.isdigit():
            return PostOutcome.REFUSED
        if not await self.service.postbox.wants_dm(user_id):
            return PostOutcome.REFUSED
        sent = await self.ops.direct(user_id, clip_end(text, CONTENT))
        if sent.outcome is PostOutcome.CLOSED:  # mention them in the channel from now on
            log.info("direct messages to %s are closed (%r); mentioning them in the channel", user_id, sent)
            await self.service.postbox.dms_closed(user_id)
        elif not sent.ok:
            log.warning("a direct message to %s failed (%r); mentioning them in the channel if it is not tried again",
                        user_id, sent)
        return sent.outcome
