"""The one way out to Discord: each error of Discord's (or of the network) is classified once,
and a call returns how it went instead of raising."""

from types import SimpleNamespace

import aiohttp
import discord

from bot.discord.operations import Operations, PostOutcome, outcome_of


def _refused(kind, status, code=0):
    """An error of discord.py's, as it raises it for Discord's answer ``status`` with ``code``."""
    return kind(SimpleNamespace(status=status, reason="x"), {"code": code, "message": "x"})


def test_each_error_of_discords_means_one_outcome():
    assert outcome_of(_refused(discord.Forbidden, 403, 50007)) is PostOutcome.CLOSED
    assert outcome_of(_refused(discord.Forbidden, 403, 50013)) is PostOutcome.FORBIDDEN
    assert outcome_of(_refused(discord.NotFound, 404, 10003)) is PostOutcome.GONE
    for passing in (_refused(discord.DiscordServerError, 503), _refused(discord.HTTPException, 429), TimeoutError(),
                    aiohttp.ClientConnectionError()):
        assert outcome_of(passing) is PostOutcome.FAILED
    assert outcome_of(_refused(discord.HTTPException, 400, 50035)) is PostOutcome.REFUSED


class _Channel:
    def __init__(self, error=None):
        self.error, self.sent = error, []

    async def send(self, **fields):
        if self.error is not None:
            raise self.error
        self.sent.append(fields)
        return SimpleNamespace(id=99)

    def get_partial_message(self, message_id):
        async def edit(**changes):
            if self.error is not None:
                raise self.error
            self.sent.append({"edit": message_id, **changes})
        return SimpleNamespace(edit=edit)


async def test_a_call_returns_its_outcome_and_never_raises_discords_errors():
    channel = _Channel()
    ops = Operations(SimpleNamespace(get_partial_messageable=lambda _id: channel))
    sent = await ops.post("5", "hi", nonce="n1")
    assert sent.ok and sent.message_id == "99" and channel.sent[0]["nonce"] == "n1"
    assert "view" not in channel.sent[0] and "files" not in channel.sent[0]  # only what the caller gave
    channel.error = _refused(discord.Forbidden, 403, 50013)
    refused = await ops.post("5", "hi")
    assert refused.outcome is PostOutcome.FORBIDDEN and refused.message_id is None and refused.error is channel.error
    channel.error = _refused(discord.NotFound, 404, 10008)
    assert (await ops.edit("5", 7, view=None)).outcome is PostOutcome.GONE
