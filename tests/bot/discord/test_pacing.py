"""The bot's requests to Discord paced under its global limit (bot.discord.pacing), on a virtual
clock: however many posts want out at once, no second holds more than 50 of them; interaction
callbacks and webhooks never wait."""

from __future__ import annotations

import asyncio
from collections import Counter
from types import SimpleNamespace

from bot.discord.pacing import GLOBAL_BURST, GLOBAL_RATE, RequestPacer, pace_http


class VirtualTime:
    def __init__(self) -> None:
        self.now = 0.0

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += max(seconds, 1e-6)  # each waiter moves time on by its own wait
        await asyncio.sleep(0)


class FakeHttp:
    def __init__(self, time: VirtualTime) -> None:
        self.time, self.sent = time, []

    async def request(self, route, **kwargs):
        self.sent.append((route.path, self.time.now))
        return None


async def test_a_burst_of_requests_keeps_under_fifty_in_every_second():
    time = VirtualTime()
    http = FakeHttp(time)
    pacer = RequestPacer(clock=time.clock, sleep=time.sleep)
    pace_http(http, pacer)
    route = SimpleNamespace(path="/channels/{channel_id}/messages")
    await asyncio.gather(*(http.request(route, json={}) for _ in range(400)))
    assert len(http.sent) == 400  # every one went, none lost
    stamps = sorted(at for _, at in http.sent)
    # in every window of one second starting at a request, at most rate + burst went
    most = max(sum(1 for t in stamps[i:] if t < start + 1.0) for i, start in enumerate(stamps))
    assert most <= GLOBAL_RATE + GLOBAL_BURST <= 50
    assert pacer.waited > 0
    per_second = Counter(int(at) for at in stamps)
    assert max(per_second.values()) <= 50


async def test_interaction_callbacks_and_webhooks_never_wait():
    time = VirtualTime()
    http = FakeHttp(time)
    pace_http(http, RequestPacer(clock=time.clock, sleep=time.sleep))
    for path in ("/interactions/{interaction_id}/{interaction_token}/callback",
                 "/webhooks/{webhook_id}/{webhook_token}"):
        await asyncio.gather(*(http.request(SimpleNamespace(path=path)) for _ in range(200)))
    assert time.now == 0.0 and len(http.sent) == 400


def test_each_process_takes_its_shards_share_of_the_bots_limit():
    from bot.discord.pacing import process_share

    assert process_share() == GLOBAL_RATE  # one process, every shard
    assert process_share(2, 4) == GLOBAL_RATE / 2  # two processes of two shards each: 45 in all
    assert process_share(1, 4) + process_share(3, 4) == GLOBAL_RATE
    assert process_share(4, 4) == GLOBAL_RATE
