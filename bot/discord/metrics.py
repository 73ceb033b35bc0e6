"""The host's metrics, in Prometheus' terms (``prometheus-client``): what the bot answers and
how fast, what it asks of Discord and what Discord refused, and everything the game side
reports through ``bot.game.telemetry.Telemetry`` (which ``Metrics`` implements).

Interactions are timed from the moment the bot's handler sees them:

* **acknowledgement**: until Discord took the interaction's first callback (a defer or the
  answer itself; Discord allows 3 seconds).  It is seen on the wire: an ``aiohttp`` trace on
  discord.py's HTTP session (``Metrics.http_trace``) notes the callback's answer, and every
  other answer of Discord's REST API, counted by status when it is an error;
* **answer**: until the handler has said its last word (the command's completion, the
  click's handler returning; for an autocomplete, its callback).

Every metric lives in the ``Metrics`` object's own registry, so two bots in one process (tests,
benchmarks) never share counters.  ``bot.discord.monitor`` serves them on ``/metrics``.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector

from bot.discord.answers import OUTCOME
from bot.game.telemetry import MOVE_SOURCES, RENDER_KINDS

log = logging.getLogger(__name__)

#: An interaction never answered (an unknown button, a crash in discord.py) is forgotten after this.
FORGET_SECONDS = 900.0
OPEN_MAX = 1000
_CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback$")
_NAME = re.compile(r"^[a-z0-9_ -]{1,64}$")
OUTCOMES = ("ok", "refused", "error")


#: Each process of the bot (``bot``, ``worker 1``...): its resident bytes and its caches, each a dict
#: with name, entries, bytes, bound, hits, misses (``bot.game.memory.census``).
Census = Callable[[], list[tuple[str, int, list[dict[str, Any]]]]]


class _Memory(Collector):
    """Each process's memory and each cache's size and hits, read at the scrape."""

    def __init__(self) -> None:
        self.census: Census | None = None
        self.recycled: Callable[[], int] | None = None

    def collect(self) -> Iterator[Any]:
        if self.census is None:
            return
        resident = GaugeMetricFamily("ds_process_resident_bytes", "Resident memory (RSS) of each process of "
                                     "the bot: the bot and its render workers", labels=["process"])
        entries = GaugeMetricFamily("ds_cache_entries", "Entries in each cache, by process",
                                    labels=["cache", "process"])
        held = GaugeMetricFamily("ds_cache_bytes", "Bytes a cache holds (its own estimate), by process",
                                 labels=["cache", "process"])
        bound = GaugeMetricFamily("ds_cache_bound_bytes", "The most bytes a cache may hold",
                                  labels=["cache", "process"])
        hits = CounterMetricFamily("ds_cache_hits", "Reads a cache answered", labels=["cache", "process"])
        misses = CounterMetricFamily("ds_cache_misses", "Reads a cache did not answer", labels=["cache", "process"])
        for process, rss, caches in self.census():
            resident.add_metric([process], rss)
            for c in caches:
                labels = [c["name"], process]
                entries.add_metric(labels, c["entries"])
                held.add_metric(labels, c["bytes"])
                bound.add_metric(labels, c["bound"])
                hits.add_metric(labels, c["hits"])
                misses.add_metric(labels, c["misses"])
        yield from (resident, entries, held, bound, hits, misses)
        if self.recycled is not None:
            yield CounterMetricFamily("ds_render_workers_recycled", "Render pools replaced by a fresh one because a "
                                      "worker held more than [render] worker_mb", value=self.recycled())


@dataclass
class _Open:
    """An interaction being answered."""

    kind: str  # command, autocomplete, component
    command: str
    started: float
    server: str | None
    acked: bool = False


def kind_of(interaction: discord.Interaction) -> str:
    if interaction.type is discord.InteractionType.autocomplete:
        return "autocomplete"
    if interaction.type is discord.InteractionType.component:
        return "component"
    return "command"


def command_of(interaction: discord.Interaction) -> str:
    """The command as Discord names it (``play``, ``admin games``: without the group ``ds``)."""
    data: dict[str, Any] = dict(interaction.data or {})
    parts: list[str] = []
    options = data.get("options") or []
    while options and options[0].get("type") in (1, 2):  # a subcommand or a subcommand group
        parts.append(str(options[0].get("name")))
        options = options[0].get("options") or []
    name = " ".join(parts) or str(data.get("name") or "")
    return name if _NAME.match(name) else "other"


class Metrics:
    """Every metric of one bot process, and the interaction timings in flight."""

    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        self.registry = r = registry or CollectorRegistry()
        self.interactions = Counter(
            "ds_interactions", "Interactions answered, by kind (command, autocomplete, component), command "
            "(a /ds subcommand or a button's kind) and outcome (ok, refused: told why privately, error)",
            ["kind", "command", "outcome"], registry=r)
        self.ack_seconds = Histogram(
            "ds_interaction_ack_seconds", "From an interaction reaching the bot to Discord taking its first "
            "callback (Discord allows 3 s)", ["kind"], registry=r,
            buckets=(0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0))
        self.answer_seconds = Histogram(
            "ds_interaction_answer_seconds", "From an interaction reaching the bot to its handler's last word",
            ["kind", "command"], registry=r, buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0))
        self.moves = Counter("ds_moves", "Moves written, by who made them (player, ai, clock, resigned)",
                             ["source"], registry=r)
        self.render_seconds = Histogram(
            "ds_render_seconds", "Pictures drawn and how long each took (waiting on a render worker "
            "included), by kind (board, turn, tile, history, final)", ["kind"], registry=r,
            buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0))
        self.render_failures = Counter("ds_render_failures", "Pictures that could not be drawn, by kind",
                                       ["kind"], registry=r)
        self.outbox_depth = Gauge("ds_outbox_depth", "Reminders and notices decided but not sent yet "
                                  "(over every process of the database)", registry=r)
        self.outbox_retries = Counter("ds_outbox_retries", "Outbox sends Discord refused, kept for the next "
                                      "tick, by kind", ["kind"], registry=r)
        self.post_failures = Counter("ds_post_failures", "Channel posts Discord did not take (retried), by "
                                     "outcome (forbidden, gone, failed)", ["outcome"], registry=r)
        self.scheduler_lag = Histogram(
            "ds_scheduler_lag_seconds", "How late the scheduler handled a game that was due (a reminder, a "
            "deadline, a computer player's turn)", registry=r,
            buckets=(0.1, 0.5, 1.0, 2.0, 5.0, 30.0, 60.0, 300.0, 3600.0, 86400.0))
        self.live_games = Gauge("ds_live_games", "Live games of this process's servers, by status (lobby, active)",
                                ["status"], registry=r)
        self.discord_requests = Counter("ds_discord_http_requests", "Requests made to Discord's REST API",
                                        registry=r)
        self.discord_errors = Counter("ds_discord_http_errors", "Discord REST answers with an error status "
                                      "(429 and 5xx included: discord.py retries those), by status; network "
                                      "failures as status \"network\"", ["status"], registry=r)
        self.store_errors = Counter("ds_store_errors", "Database failures met, by where (move, command, "
                                    "component, pace, scheduler, ai, housekeeping, health)", ["where"], registry=r)
        self.housekeeping = Counter("ds_housekeeping", "Housekeeping done, by action (lobby_expired, "
                                    "thread_archived, idle_pointed_out, moves_packed)", ["action"], registry=r)
        for source in MOVE_SOURCES:  # every series exists from the start: a rate over a missing one is empty
            self.moves.labels(source)
        for kind in RENDER_KINDS:
            self.render_failures.labels(kind)
        for status in ("lobby", "active"):
            self.live_games.labels(status)
        #: each process's memory and caches, once ``watch_memory`` says how to read them
        self.memory = _Memory()
        r.register(self.memory)
        self._open: dict[int, _Open] = {}
        self._children: dict[tuple[int, tuple[str, ...]], Any] = {}

    def _of(self, metric: Any, *labels: str) -> Any:
        """``metric.labels(*labels)``, kept: prometheus-client's lookup costs more than the count itself."""
        key = (id(metric), labels)
        child = self._children.get(key)
        if child is None:
            child = self._children[key] = metric.labels(*labels)
        return child

    def exposition(self) -> bytes:
        """The scrape: every metric in Prometheus' text format."""
        return generate_latest(self.registry)

    # -- interactions ----------------------------------------------------------------------

    def start(self, interaction: discord.Interaction, command: str | None = None) -> None:
        """The bot's handler sees ``interaction`` now (once; later calls change nothing)."""
        if interaction.id in self._open:
            return
        if len(self._open) >= OPEN_MAX:
            self._forget_stale()
        self._open[interaction.id] = _Open(kind_of(interaction), command or command_of(interaction),
                                           time.perf_counter(),
                                           None if interaction.guild_id is None else str(interaction.guild_id))

    def finish(self, interaction: discord.Interaction, outcome: str | None = None) -> None:
        """The handler said its last word; ``outcome`` (else what its answer noted, else ok)."""
        self._finish(interaction.id, outcome or interaction.extras.get(OUTCOME) or "ok")

    def _finish(self, interaction_id: int, outcome: str) -> None:
        entry = self._open.pop(interaction_id, None)
        if entry is None:
            return
        seconds = time.perf_counter() - entry.started
        outcome = outcome if outcome in OUTCOMES else "error"
        self._of(self.interactions, entry.kind, entry.command, outcome).inc()
        self._of(self.answer_seconds, entry.kind, entry.command).observe(seconds)
        log.info("interaction %s %s: %s in %.0f ms", entry.kind, entry.command, outcome, seconds * 1000,
                 extra={"command": entry.command, "kind": entry.kind, "outcome": outcome,
                        "ms": round(seconds * 1000, 1), "interaction": str(interaction_id), "server": entry.server})

    def _acknowledged(self, interaction_id: int) -> None:
        entry = self._open.get(interaction_id)
        if entry is None or entry.acked:
            return
        entry.acked = True
        self._of(self.ack_seconds, entry.kind).observe(time.perf_counter() - entry.started)
        if entry.kind == "autocomplete":  # its callback is its answer
            self._finish(interaction_id, "ok")

    def _forget_stale(self) -> None:
        now = time.perf_counter()
        for key in [k for k, e in self._open.items() if now - e.started > FORGET_SECONDS]:
            del self._open[key]

    # -- Discord's REST API, on the wire -----------------------------------------------------

    def http_trace(self) -> aiohttp.TraceConfig:
        """An ``aiohttp`` trace for discord.py's HTTP session (``discord.Client(http_trace=...)``)."""
        trace = aiohttp.TraceConfig()

        async def on_end(_session: Any, _ctx: Any, params: aiohttp.TraceRequestEndParams) -> None:
            self.http_answered(str(params.url.path), params.response.status)

        async def on_error(_session: Any, _ctx: Any, params: aiohttp.TraceRequestExceptionParams) -> None:
            self.discord_requests.inc()
            self.discord_errors.labels("network").inc()

        trace.on_request_end.append(on_end)
        trace.on_request_exception.append(on_error)
        return trace

    def http_answered(self, path: str, status: int) -> None:
        if status == 101:  # the gateway's websocket upgrade is not a REST request
            return
        self.discord_requests.inc()
        if status >= 400:
            self._of(self.discord_errors, str(status)).inc()
            return
        callback = _CALLBACK.search(path)
        if callback is not None:
            self._acknowledged(int(callback[1]))

    # -- the shell's own events --------------------------------------------------------------

    def post_failed(self, outcome: str) -> None:
        self._of(self.post_failures, outcome).inc()

    def watch_memory(self, census: Census, recycled: Callable[[], int] | None = None) -> None:
        """Report each process's memory and caches (``census``) and the render pools replaced
        (``recycled``) at every scrape."""
        self.memory.census = census
        self.memory.recycled = recycled

    def census(self, lobbies: int, active: int, outbox: int) -> None:
        """What a scrape shows as it is now (read from the store just before)."""
        self.live_games.labels("lobby").set(lobbies)
        self.live_games.labels("active").set(active)
        self.outbox_depth.set(outbox)

    # -- bot.game.telemetry.Telemetry ---------------------------------------------------------

    def moved(self, made_by: str, count: int = 1) -> None:
        self._of(self.moves, made_by if made_by in MOVE_SOURCES else "player").inc(count)

    def rendered(self, kind: str, seconds: float, ok: bool) -> None:
        if ok:
            self._of(self.render_seconds, kind).observe(seconds)
        else:
            self._of(self.render_failures, kind).inc()

    def overdue(self, seconds: float) -> None:
        self.scheduler_lag.observe(max(0.0, seconds))

    def outbox_failed(self, kind: str) -> None:
        self._of(self.outbox_retries, kind).inc()

    def store_failed(self, where: str) -> None:
        self._of(self.store_errors, where).inc()

    def housekept(self, what: str) -> None:
        self._of(self.housekeeping, what).inc()
