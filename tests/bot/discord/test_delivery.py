"""Message building: limits Discord enforces, who gets pinged (followers' mentions over as many
posts as they need), and the prompt's components; the pace of followers' direct messages and
what counts as closed ones; retrying a post."""

import asyncio
from types import SimpleNamespace

import discord

from bot.discord.components import BUTTON_LABEL, BoardButton, OptionButton, prompt_view
from bot.discord.delivery import Announcer, compose, mentions_for, message_text
from bot.discord.news import FollowerNews, mention_posts
from bot.discord.operations import Operations, dms_closed, passing
from bot.discord.pacing import Pacer
from bot.game.channel import ChannelPost
from bot.game.followers import TurnNews
from bot.game.limits import CONTENT as MESSAGE_LIMIT
from bot.game.replies import Choice, Reply
from bot.store.models import LivePost, OutboxItem


def test_a_long_text_keeps_the_mention_and_its_end():
    reply = Reply("x" * 5000 + " Now: Ann acts.", mention=["123"])
    text = message_text(reply, "\n(note)")
    assert len(text) <= MESSAGE_LIMIT
    assert text.startswith("<@123> ") and text.endswith("Now: Ann acts.\n(note)")
    assert compose("hi", ["@everyone", "7"]) == "<@7> hi"


def test_followers_mentions_are_split_over_posts_discord_takes():
    users = [str(10**17 + i) for i in range(250)]
    head, now, more = "**Game #1: turn 3 is done.**", "Now: ann acts.", "**Game #1: turn 3 is done.** (more)"
    news, brief = f"{head}\n{'x' * 1700}\n{now}", f"{head}\n{'x' * 1100}\n{now}"
    posts = mention_posts(news, brief, more, [*users, "@everyone"])
    assert [u for _, part in posts for u in part] == users  # each once, in order; a name pings nobody
    assert all(len(content) <= MESSAGE_LIMIT and len(part) <= 100 for content, part in posts)
    assert posts[0][0].endswith(brief) and all(content.endswith(more) for content, _ in posts[1:])
    assert all(content.startswith(compose("", part)) for content, part in posts)
    assert mention_posts(news, brief, more, users[:3]) == [(compose(news, users[:3]), users[:3])]  # they fit
    assert mention_posts(news, brief, more, []) == []


def test_the_pacer_lets_a_burst_through_then_so_many_a_second():
    now = [0.0]
    pacer = Pacer(rate=10.0, burst=3, clock=lambda: now[0])
    assert [pacer.take() for _ in range(4)] == [True, True, True, False]
    assert abs(pacer.wait() - 0.1) < 1e-9
    now[0] += 0.25
    assert [pacer.take() for _ in range(3)] == [True, True, False]


def _refused(kind, status, code=0):
    """An error of discord.py's, as it raises it for Discord's answer ``status`` with ``code``."""
    return kind(SimpleNamespace(status=status, reason="x"), {"code": code, "message": "x"})


def test_only_a_403_with_code_50007_means_closed_direct_messages():
    assert dms_closed(_refused(discord.Forbidden, 403, 50007))
    assert not dms_closed(_refused(discord.Forbidden, 403, 50001))
    assert not dms_closed(_refused(discord.HTTPException, 503))
    assert passing(_refused(discord.DiscordServerError, 503)) and passing(_refused(discord.HTTPException, 429))
    assert passing(TimeoutError()) and not passing(_refused(discord.Forbidden, 403, 50007))


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
        self.postbox = self  # the service's part the announcer asks

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
    announcer = Announcer(Operations(client), service, retry_delays=(0.01, 0.01))
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
    announcer = Announcer(Operations(client), service, retry_delays=(0.01, 0.01))
    outcome = await announcer.sync("55")  # the move is stored; its post's first attempt fails
    assert outcome.value == "failed"
    await _posted(service, announcer)
    assert channel.sent == ["ds-7-2"] and service.recorded == [(2, "1000")]


async def test_a_channel_whose_retries_ran_out_is_caught_up_by_the_sweep():
    channel, service = _Channel(), _Flaky(failures=3)
    client = SimpleNamespace(get_partial_messageable=lambda _id: channel)
    announcer = Announcer(Operations(client), service, retry_delays=(0.01,))
    await announcer.sync("55")  # fails, and so does its one retry: given up
    for _ in range(100):
        await asyncio.sleep(0.01)
        if all(t.done() for t in announcer._retrying.values()):
            break
    assert not service.recorded and await announcer.catch_up() == 1  # the first sweep runs at once
    assert await announcer.catch_up() == 0  # ... the next only after CATCH_UP_SECONDS
    await _posted(service, announcer)
    assert channel.sent == ["ds-7-2"] and service.recorded == [(2, "1000")]


# -- followers' news ---------------------------------------------------------------------------


class _Followers:
    """A client and a service for FollowerNews: direct messages per ``refusals`` (user -> errors to raise
    first), the channel's posts kept, the users whose direct messages are closed and the outbox item's
    followers still to tell in dictionaries."""

    def __init__(self, refusals: dict[str, list[Exception]]) -> None:
        self.refusals, self.dms, self.posts, self.failed_at, self.mention = refusals, [], [], {}, None
        self.followers = self.postbox = self  # the service's parts the news asks

    async def create_dm(self, user):
        async def send(content, **kwargs):
            errors = self.refusals.get(str(user.id), [])
            if errors:
                raise errors.pop(0)
            self.dms.append(str(user.id))
        return SimpleNamespace(send=send)

    def get_partial_messageable(self, _channel_id):
        async def send(content, **kwargs):
            self.posts.append(content)
        return SimpleNamespace(send=send)

    async def follower_news(self, game_id, turns):
        return TurnNews(game_id, "55", "**Game #1: turn 1 is done.**", None, "", "brief", "more")

    async def closed_dms(self, users):
        return {u for u in users if u in self.failed_at}

    async def dms_closed(self, user_id):
        self.failed_at[user_id] = True

    async def still_to_tell(self, _item_id, mention):
        self.mention = mention


async def test_followers_news_goes_out_paced_retrying_failures_last_and_mentioning_closed_ones_at_the_end():
    fakes = _Followers({"2": [_refused(discord.Forbidden, 403, 50007)],
                        "3": [_refused(discord.DiscordServerError, 503)]})
    now = [0.0]
    news = FollowerNews(Operations(fakes), fakes, Pacer(rate=10.0, burst=3, clock=lambda: now[0]))
    item = OutboxItem(7, 1, "followers", "55", '{"first": 1, "last": 1}', ["1", "2", "3", "4"])
    told = await news.tell(item)
    assert (told.done, told.failed, told.wait is not None) == (False, True, True)  # paced after three
    assert fakes.dms == ["1"] and fakes.posts == [] and set(fakes.failed_at) == {"2"}
    assert fakes.mention == ["2", "4", "3"]  # who is left: the one Discord failed goes last
    now[0] += 1.0
    told = await news.tell(OutboxItem(7, 1, "followers", "55", item.text, fakes.mention))
    assert told.done and fakes.dms == ["1", "4", "3"]
    assert fakes.posts == ["<@2> **Game #1: turn 1 is done.**"]  # the closed one, once every DM was tried
