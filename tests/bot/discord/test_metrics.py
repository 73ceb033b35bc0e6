"""The metrics' bookkeeping, without a bot: an interaction named, acknowledged on the wire,
finished with its outcome; Discord's error statuses counted; what counts as a store error."""

from __future__ import annotations

import sqlite3
from types import SimpleNamespace

import aiohttp
import discord
from prometheus_client.parser import text_string_to_metric_families

from bot.discord.answers import OUTCOME
from bot.discord.metrics import Metrics, command_of
from bot.store.api import StoreUnavailable, is_store_error


def interaction(iid: int, kind=discord.InteractionType.application_command, *names: str, custom_id: str = ""):
    options: list = []
    for name in reversed(names):
        options = [{"type": 2 if options else 1, "name": name, "options": options}]
    data = {"name": "ds", "options": options} if not custom_id else {"custom_id": custom_id}
    return SimpleNamespace(id=iid, type=kind, data=data, guild_id=42, extras={})


def samples(metrics: Metrics) -> dict:
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for f in text_string_to_metric_families(metrics.exposition().decode()) for s in f.samples}


def test_commands_are_named_by_their_path_below_ds():
    assert command_of(interaction(1, discord.InteractionType.application_command, "play")) == "play"
    assert command_of(interaction(2, discord.InteractionType.application_command, "admin", "games")) == "admin games"
    assert command_of(SimpleNamespace(data={"name": "DROP TABLE"})) == "other"  # never an arbitrary label


def test_an_interaction_is_acknowledged_on_the_wire_and_finished_with_its_outcome():
    metrics = Metrics()
    played, refused = interaction(10, discord.InteractionType.application_command, "play"), \
        interaction(11, discord.InteractionType.application_command, "play")
    for i in (played, refused):
        metrics.start(i)
        metrics.start(i)  # once, however often it is noted
    metrics.http_answered("/api/v10/interactions/10/token/callback", 204)
    metrics.http_answered("/api/v10/interactions/11/token/callback", 204)
    refused.extras[OUTCOME] = "refused"  # what answers.send_error notes
    metrics.finish(played)
    metrics.finish(refused)
    metrics.finish(refused)  # a second finish counts nothing
    auto = interaction(12, discord.InteractionType.autocomplete, "play")
    metrics.start(auto)
    metrics.http_answered("/api/v10/interactions/12/token/callback", 204)  # its callback is its answer
    got = samples(metrics)

    def value(name, **labels):
        return got.get((name, tuple(sorted(labels.items()))), 0.0)

    assert value("ds_interactions_total", kind="command", command="play", outcome="ok") == 1
    assert value("ds_interactions_total", kind="command", command="play", outcome="refused") == 1
    assert value("ds_interactions_total", kind="autocomplete", command="play", outcome="ok") == 1
    assert value("ds_interaction_ack_seconds_count", kind="command") == 2
    assert value("ds_interaction_answer_seconds_count", kind="command", command="play") == 2
    assert value("ds_discord_http_requests_total") == 3


def test_discord_errors_by_status_and_network_failures():
    metrics = Metrics()
    for status in (200, 204, 429, 429, 500, 403, 101):
        metrics.http_answered("/api/v10/channels/1/messages", status)
    got = samples(metrics)
    errors = {dict(labels)["status"]: v for (name, labels), v in got.items() if name == "ds_discord_http_errors_total"}
    assert errors == {"429": 2, "500": 1, "403": 1}
    assert got[("ds_discord_http_requests_total", ())] == 6  # the gateway's upgrade (101) is no REST request


def test_what_counts_as_a_store_error():
    assert is_store_error(sqlite3.OperationalError("database is locked"))
    assert is_store_error(StoreUnavailable("gone")) and is_store_error(ConnectionRefusedError())
    assert is_store_error(TimeoutError())
    assert not is_store_error(aiohttp.ClientOSError()) and not is_store_error(ValueError("a bug"))
    assert not is_store_error(discord.HTTPException(SimpleNamespace(status=500, reason="x"), "down"))
