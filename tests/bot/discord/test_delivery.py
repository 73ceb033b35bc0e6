"""Message building: limits Discord enforces, who gets pinged, and the prompt's components;
retrying a post."""

import asyncio
from types import SimpleNamespace

from bot.discord.components import BUTTON_LABEL, BoardButton, OptionButton, prompt_view
from bot.discord.delivery import Announcer, compose, mentions_for, message_text
from bot.game.channel import ChannelPost
from bot.game.limits import CONTENT as MESSAGE_LIMIT
from bot.game.replies import Choice, Reply
from bot.store.models import LivePost


def test_a_long_text_keeps_the_mention_and_its_end():
    reply = Reply("x" * 5000 + " Now: Ann acts.", mention=["123"])
    text = message_text(reply, "\n(note)")
    assert len(text) <= MESSAGE_LIMIT
    assert text.startswith("<@123> ") and text.endswith("Now: Ann acts.\n(note)")
    assert compose("hi", ["@everyone", "7"]) == "<@7> hi"


def test_only_the_player_to_act_can_be_pinged():
    allowed = mentions_for(["42", "@everyone"]).to_dict()
    assert allowed["parse"] == [] and allowed["users"] == [42]


def test_buttons_for_few_choices_selects_for_many_and_always_the_full_board():
    few = [Choice("forfeit", "Forfeit " + "x" * 100), Choice("a", "A")]
    view, note = prompt_view(3, 7, few)
    buttons = view.children
    assert [b.item.custom_id for b in buttons] == ["ds:b:3:7:forfeit", "ds:b:3:7:a", "ds:full:3"] and note == ""
    assert len(buttons[0].item.label) == BUTTON_LABEL and buttons[0].item.label.endswith("…")
    many = [Choice(f"o{i}", f"Option {i}") for i in range(130)]
    view, note = prompt_view(3, 7, many)
    assert [c.item.custom_id for c in view.children] == [*(f"ds:s:3:7:{p}" for p in range(4)), "ds:full:3"]
    assert all(len(c.item.options) <= 25 for c in view.children[:-1])
    assert "30 more options" in note
    assert OptionButton.__discord_ui_compiled_template__.match("ds:b:3:7:kill:D2:birds")["option"] == "kill:D2:birds"
    assert BoardButton.__discord_ui_compiled_template__.match("ds:full:3")["game"] == "3"


def test_an_option_id_too_long_for_a_button_goes_in_a_select():
    long_id = "x" * 95
    view, _ = prompt_view(3, 7, [Choice(long_id, "Long"), Choice("a", "A")])
    assert view.children[0].item.custom_id == "ds:s:3:7:0"
    assert all(len(c.item.custom_id) <= 100 for c in view.children)


def test_a_game_over_post_has_no_components():
    view, note = prompt_view(3, 7, [], board=False)
    assert view is None and note == ""


# -- retries -----------------------------------------------------------------------------------


class _Channel:
    """A channel that takes every post (as Discord does, a repeated nonce returns the first)."""

    def __init__(self) -> None:
        self.sent: list[str] = []  # the nonce of every post request

    async def send(self, **kwargs):
        self.sent.append(kwargs["nonce"])
        return SimpleNamespace(id=1000 + self.sent.index(kwargs["nonce"]))


class _Service:
    """One pending post (version 2), whose record waits for ``recording`` to be let go."""

    def __init__(self) -> None:
        self.recorded: list[tuple[int, str | None]] = []
        self.recording = asyncio.Event()
        self.record_started = asyncio.Event()

    async def channel_post(self, channel_id: str) -> ChannelPost | None:
        if self.recorded:
            return None
        return ChannelPost(7, 2, True, "Now: ann acts.", [], [Choice("a", "A")], False, None, None, None,
                           LivePost(None, 0))

    async def record_post(self, post: ChannelPost, message_id: str | None) -> None:
        self.record_started.set()
        await self.recording.wait()  # e.g. a busy database
        self.recorded.append((post.version, message_id))


async def test_a_retry_asked_for_while_a_post_is_under_way_does_not_post_it_again():
    """A click in a channel that is behind asks for a retry at once (``retry_now``); a retry
    already posting must finish and record its post, not be cancelled after Discord took the
    post: else the post is made again (or, once the game moved on, a second live prompt)."""
    channel, service = _Channel(), _Service()
    client = SimpleNamespace(get_partial_messageable=lambda _id: channel)
    announcer = Announcer(client, service, retry_delays=(0.01, 0.01))
    announcer.retry_now("55")
    await asyncio.wait_for(service.record_started.wait(), 5)  # posted; its record is under way
    announcer.retry_now("55")  # a click in the channel meanwhile
    await asyncio.sleep(0.05)
    service.recording.set()
    for _ in range(100):
        await asyncio.sleep(0.01)
        if service.recorded and all(t.done() for t in announcer._retrying.values()):
            break
    await announcer.close()
    assert channel.sent == ["ds-7-2"]  # posted once
    assert service.recorded == [(2, "1000")]


class _Flaky(_Service):
    """A pending post whose first planning fails (say the database was busy for a moment)."""

    def __init__(self, failures: int = 1) -> None:
        super().__init__()
        self.recording.set()
        self.failures = failures

    async def channel_post(self, channel_id: str) -> ChannelPost | None:
        if self.failures:
            self.failures -= 1
            raise RuntimeError("database is locked")
        return await super().channel_post(channel_id)

    async def unposted_channels(self) -> list[str]:
        return [] if self.recorded else ["55"]


async def _posted(service: _Service, announcer: Announcer) -> None:
    for _ in range(200):
        await asyncio.sleep(0.01)
        if service.recorded:
            break
    await announcer.close()


async def test_a_post_whose_attempt_failed_for_any_reason_is_retried_without_anyone_acting():
    channel, service = _Channel(), _Flaky()
    client = SimpleNamespace(get_partial_messageable=lambda _id: channel)
    announcer = Announcer(client, service, retry_delays=(0.01, 0.01))
    outcome = await announcer.sync("55")  # the move is stored; its post's first attempt fails
    assert outcome.value == "failed"
    await _posted(service, announcer)
    assert channel.sent == ["ds-7-2"] and service.recorded == [(2, "1000")]


async def test_a_channel_whose_retries_ran_out_is_caught_up_by_the_sweep():
    channel, service = _Channel(), _Flaky(failures=3)
    client = SimpleNamespace(get_partial_messageable=lambda _id: channel)
    announcer = Announcer(client, service, retry_delays=(0.01,))
    await announcer.sync("55")  # fails, and so does its one retry: given up
    for _ in range(100):
        await asyncio.sleep(0.01)
        if all(t.done() for t in announcer._retrying.values()):
            break
    assert not service.recorded and await announcer.catch_up() == 1  # the first sweep runs at once
    assert await announcer.catch_up() == 0  # ... the next only after CATCH_UP_SECONDS
    await _posted(service, announcer)
    assert channel.sent == ["ds-7-2"] and service.recorded == [(2, "1000")]
