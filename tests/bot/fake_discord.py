"""A small fake Discord on 127.0.0.1 that the real discord.py client logs in to.

One aiohttp server answers the REST API under ``/api/v10`` and the gateway websocket on ``/``. Point a client at it
with ``discord.http.Route.BASE = fake.api_base`` and
``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway)``, then ``await client.start(token)``.

Tests then dispatch INTERACTION_CREATE events shaped as Discord sends them (``slash``, ``autocomplete``, ``click``,
``select``) and read back what the bot did: every REST request is in ``calls``; ``response``, ``followups`` and
``channel_messages`` give the interaction callbacks, webhook followups and channel posts. ``fail`` injects 429/5xx.
The fake keeps the messages it created, so clicking a button finds the message that carries it.

Every REST request is checked against Discord's contract (discord_contract.py: its OpenAPI description and documented
limits). A request Discord would refuse is answered as Discord would (400 Invalid Form Body, or 404/405) and kept in
``violations``; tests/bot/conftest.py fails the test that caused it, unless the test ``take_violations()`` itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import http
import json
import math
import re
import secrets
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Self

import discord_payloads as payloads
from aiohttp import WSMsgType, web
from aiohttp.multipart import BodyPartReader
from discord_contract import Violation, contract
from discord_payloads import JSON

# Gateway opcodes
DISPATCH, HEARTBEAT, IDENTIFY, RESUME, REQUEST_MEMBERS, HELLO, HEARTBEAT_ACK = 0, 1, 2, 6, 8, 10, 11
HEARTBEAT_INTERVAL_MS = 41250
_USER_MENTION = re.compile(r"<@!?(\d+)>")

# Interaction (2 command, 3 component, 4 autocomplete) and callback types
APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE = 2, 3, 4
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE = 4, 5, 6, 7
EPHEMERAL, LOADING = payloads.EPHEMERAL, payloads.LOADING

# VIEW_CHANNEL, SEND_MESSAGES, EMBED_LINKS, ATTACH_FILES, READ_MESSAGE_HISTORY, ADD_REACTIONS, USE_EXTERNAL_EMOJIS,
# USE_APPLICATION_COMMANDS, SEND_MESSAGES_IN_THREADS
DM_CHANNEL = 1
DEFAULT_PERMISSIONS = sum(1 << bit for bit in (10, 11, 14, 15, 16, 6, 18, 31, 38))

Handler = Callable[["RecordedCall", re.Match[str]], Awaitable[web.Response]]
_CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback")


@dataclass
class FakeUser:
    id: int
    name: str
    global_name: str | None = None
    locale: str = "en-US"  # the language of the user's Discord client (interactions carry it)

    def payload(self, *, bot: bool = False) -> JSON:
        return payloads.user(self.id, self.name, self.global_name, bot=bot)


@dataclass
class RecordedFile:
    field: str  # multipart field name, e.g. "files[0]"
    filename: str
    content_type: str
    data: bytes


@dataclass
class RecordedCall:
    method: str
    path: str  # relative to the API base, e.g. "/channels/123/messages"
    query: dict[str, str]
    json: Any  # the JSON body, or the payload_json part of a multipart body; None without a body
    files: list[RecordedFile]
    time: float  # time.perf_counter() when the request arrived
    status: int = 0  # the status the fake answered
    fault: bool = False  # answered by a fail() rule
    unknown: bool = False  # no such route in the fake (answered 404)
    violation: Violation | None = None  # what Discord would have refused in it (then answered as Discord does)


@dataclass
class Told:
    """A person told something where Discord notifies them: pinged in a channel post (or an
    interaction's public answer), or sent a direct message."""

    time: float  # time.perf_counter() when the request arrived
    channel_id: int  # where it was posted (for a direct message: the DM channel)
    user_id: int
    direct: bool
    content: str


@dataclass
class _Fault:
    method: str
    pattern: re.Pattern[str]
    status: int
    remaining: int
    retry_after: float


@dataclass
class _Interaction:
    id: int
    token: str
    kind: int
    user: FakeUser
    channel_id: int
    source_message_id: int | None  # the message a component belongs to
    response: JSON | None = None
    responded_at: float | None = None
    original_message_id: int | None = None
    followups: list[JSON] = field(default_factory=list)
    answered_at: float | None = None  # its answer: a callback that is not deferred, or the first followup after one


class _GatewaySession:
    """One client websocket: frames are queued and written in order by a single task."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.sequence = 0
        self.session_id = secrets.token_hex(16)
        self.awaiting_barrier = False
        self.shard: tuple[int, int] | None = None  # (shard id, shard count) from IDENTIFY, if sharded
        self.ready = False  # READY and every GUILD_CREATE handled by the client
        self._queue: asyncio.Queue[str] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write(), name="fake-discord-gateway-writer")

    def send(self, op: int, data: Any) -> None:
        self._queue.put_nowait(json.dumps({"op": op, "d": data, "s": None, "t": None}))

    def dispatch(self, event: str, data: Any) -> None:
        self.sequence += 1
        self._queue.put_nowait(json.dumps({"op": DISPATCH, "d": data, "s": self.sequence, "t": event}))

    async def _write(self) -> None:
        while True:
            frame = await self._queue.get()
            await self.ws.send_str(frame)

    async def close(self) -> None:
        self._writer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._writer
        if not self.ws.closed:
            await self.ws.close(code=1001)


def _json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    # discord.py only decodes bodies whose Content-Type is exactly "application/json" (no charset).
    body = json.dumps(data).encode()
    return web.Response(body=body, status=status, headers={"Content-Type": "application/json", **(headers or {})})


def _error(status: int, message: str, code: int = 0) -> web.Response:
    return _json_response({"message": message, "code": code}, status)


def _fault_response(fault: _Fault) -> web.Response:
    if fault.status != 429:
        return _error(fault.status, f"{fault.status}: {http.HTTPStatus(fault.status).phrase}")
    retry = fault.retry_after
    body = {"message": "You are being rate limited.", "retry_after": retry, "global": False}
    headers = {
        "Retry-After": str(math.ceil(retry)),
        "X-RateLimit-Limit": "5",
        "X-RateLimit-Remaining": "0",
        "X-RateLimit-Reset": f"{time.time() + retry:.3f}",
        "X-RateLimit-Reset-After": f"{retry:.3f}",
        "X-RateLimit-Bucket": "fake-bucket",
        "X-RateLimit-Scope": "user",
        "Via": "1.1 google",  # discord.py treats a 429 without Via as a Cloudflare ban and does not retry
    }
    return _json_response(body, 429, headers)


async def _read_body(request: web.Request) -> tuple[Any, list[RecordedFile], bool]:
    """(the JSON body or payload_json, the uploaded files, whether the body was multipart)."""
    if request.content_type.startswith("multipart/"):
        return *(await _read_multipart(request)), True
    raw = await request.read()
    return (json.loads(raw) if raw else None), [], False


async def _read_multipart(request: web.Request) -> tuple[Any, list[RecordedFile]]:
    reader = await request.multipart()
    payload: Any = None
    files: list[RecordedFile] = []
    while (part := await reader.next()) is not None:
        if not isinstance(part, BodyPartReader):
            continue
        if part.name == "payload_json":
            payload = json.loads(await part.text())
        else:
            data = bytes(await part.read())
            filename = part.filename or ""
            kind = part.headers.get("Content-Type") or payloads.content_type(filename, data)
            files.append(RecordedFile(part.name or "", filename, kind, data))
    return payload, files


def _with_files(body: Any, files: list[RecordedFile]) -> JSON:
    record = dict(body or {})
    if files:
        record["files"] = files
    return record


def _file_index(recorded: RecordedFile) -> int | None:
    match = re.fullmatch(r"files\[(\d+)\]", recorded.field)
    return int(match[1]) if match else None


_watching: list[list[FakeDiscord]] = []


@contextlib.contextmanager
def watch() -> Iterator[list[FakeDiscord]]:
    """Collect every FakeDiscord made inside the block (to look at their violations afterwards)."""
    made: list[FakeDiscord] = []
    _watching.append(made)
    try:
        yield made
    finally:
        _watching.remove(made)


class FakeDiscord:
    """The fake Discord server. Use ``async with FakeDiscord() as fake`` or ``start()``/``stop()``."""

    def __init__(self, *, app_permissions: int = DEFAULT_PERMISSIONS) -> None:
        self._ids = payloads.Snowflakes()
        self.application_id = self._ids.next()
        self.bot_user_id = self._ids.next()
        self.guild_id = self._ids.next()
        self.channel_id = self._ids.next()
        self.thread_id = self._ids.next()
        self.owner = FakeUser(self._ids.next(), "owner", "Owner")
        self.bot_user = FakeUser(self.bot_user_id, "fakebot", "Fake Bot")
        self.app_permissions = app_permissions
        #: each server's language (``guild_locale`` of its interactions); unlisted: en-US
        self.guild_locales: dict[int, str] = {}
        self.api_base = ""
        self.gateway = ""
        self.calls: list[RecordedCall] = []
        self.timestamps: dict[str, float] = {}
        self.identify_payload: JSON | None = None
        self._url_base = ""
        self._runner: web.AppRunner | None = None
        self._sessions: set[_GatewaySession] = set()
        self._session: _GatewaySession | None = None
        self._shard_sessions: dict[int, _GatewaySession] = {}  # shard id -> the session running it
        self._session_shards: dict[str, tuple[int, int]] = {}  # session id -> its shard (for RESUME)
        self._ready = asyncio.Event()
        self._changed = asyncio.Condition()
        self._faults: list[_Fault] = []
        self._holds: list[tuple[str, re.Pattern[str], asyncio.Event]] = []  # see hold()
        self._refuse_kinds: Callable[[str], int] | None = None  # see refuse_each_kind_once
        self.refused_kinds: list[str] = []
        self.violations: list[Violation] = []  # requests Discord would have refused (see take_violations)
        self.threads_created: list[int] = []
        self.archived_threads: list[int] = []  # threads the bot archived (PATCH archived: true), in order
        self.channels_deleted: list[int] = []  # channels and threads the bot deleted
        self._guild_names: dict[int, str] = {self.guild_id: "Fake Guild"}
        self._dm_channels: dict[int, int] = {}
        self.dm_closed: set[int] = set()  # users whose direct messages are closed (403, code 50007)
        self.dm_latency = 0.0  # seconds Discord takes to answer each direct-message request (open, send)
        self._dm_faults: dict[int, list[tuple[int, int]]] = {}  # user -> (status, code) of their next DMs
        self.direct_messages: list[tuple[int, str]] = []  # (user id, content) delivered
        self._commands: dict[int | None, list[JSON]] = {}
        self._command_ids: dict[tuple[int | None, str, int], int] = {}
        self._last_sync: list[JSON] = []
        self._interactions: dict[str, _Interaction] = {}
        self._by_token: dict[str, _Interaction] = {}
        self._messages: dict[int, JSON] = {}
        self._attachment_bytes: dict[int, bytes] = {}
        self._channel_posts: dict[int, list[JSON]] = {}  # channel -> the bodies posted there, in order
        self.told: list[Told] = []  # every ping and direct message delivered, in order
        self._nonces: dict[tuple[int, str], int] = {}  # (channel, nonce) -> the message it created
        self.repeated_nonces: list[tuple[int, str]] = []  # posts Discord's enforce_nonce kept from doubling
        self._users: dict[int, FakeUser] = {self.bot_user_id: self.bot_user}
        self._channels: dict[int, JSON] = {
            self.channel_id: payloads.text_channel(self.channel_id, self.guild_id, "general"),
            self.thread_id: payloads.thread(self.thread_id, self.guild_id, self.channel_id, self.bot_user_id, "game"),
        }
        self._routes: list[tuple[str, re.Pattern[str], Handler]] = self._route_table()
        for made in _watching:
            made.append(self)

    # ----------------------------------------------------------------- lifecycle

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/", self._gateway_handler)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._attachment_handler)
        app.router.add_route("*", r"/api/v{version:\d+}/{tail:.*}", self._rest_handler)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        self._url_base = f"http://127.0.0.1:{port}"
        self.api_base = f"{self._url_base}/api/v10"
        self.gateway = f"ws://127.0.0.1:{port}/"

    async def stop(self) -> None:
        """Close the client websockets and the server. Close the discord.py client first, or it reconnects."""
        for session in list(self._sessions):
            await session.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    def add_guild(self, name: str, *, shard: tuple[int, int] | None = None) -> tuple[int, int]:
        """Another server the bot is in, with one text channel (add it before the client connects).

        ``shard=(id, count)``: a server whose events Discord sends to that shard."""
        guild_id, channel_id = self._ids.next(), self._ids.next()
        if shard is not None:
            wanted, count = shard
            guild_id += ((wanted - (guild_id >> 22) % count) % count) << 22
        self._guild_names[guild_id] = name
        self._channels[channel_id] = payloads.text_channel(channel_id, guild_id, "general")
        return guild_id, channel_id

    def add_channel(self, name: str) -> int:
        """Another text channel of the guild (add it before the client connects)."""
        channel_id = self._ids.next()
        self._channels[channel_id] = payloads.text_channel(channel_id, self.guild_id, name)
        return channel_id

    def expect_reconnect(self) -> None:
        """Forget the last READY, so ``wait_ready`` waits for a client that (re)connects now."""
        self._ready.clear()

    async def wait_ready(self, timeout: float = 10) -> None:
        """Wait until the client identified and processed READY and GUILD_CREATE (its guild cache is filled)."""
        await asyncio.wait_for(self._ready.wait(), timeout)

    async def wait_shards(self, shard_ids: list[int], timeout: float = 30) -> None:
        """Wait until a client runs each of ``shard_ids`` and has processed its READY and GUILD_CREATEs."""

        def up() -> bool:
            return all(i in self._shard_sessions and self._shard_sessions[i].ready for i in shard_ids)

        await self._wait_until(up, timeout, f"shards {shard_ids} ready")

    def forget_shards(self, shard_ids: list[int]) -> None:
        """The client running these shards is gone (killed): wait for new sessions for them."""
        for i in shard_ids:
            self._shard_sessions.pop(i, None)

    def shard_of(self, guild_id: int | None, count: int) -> int:
        return 0 if guild_id is None else (guild_id >> 22) % count

    # ----------------------------------------------------------------- gateway

    async def _gateway_handler(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        session = _GatewaySession(ws)
        self._sessions.add(session)
        session.send(HELLO, {"heartbeat_interval": HEARTBEAT_INTERVAL_MS, "_trace": ["fake-gateway"]})
        try:
            async for msg in ws:
                if msg.type is WSMsgType.TEXT:
                    self._on_gateway_frame(session, json.loads(msg.data))
        finally:
            self._sessions.discard(session)
            if self._session is session:
                self._session = None
            if session.shard is not None and self._shard_sessions.get(session.shard[0]) is session:
                del self._shard_sessions[session.shard[0]]
            await session.close()
        return ws

    def _on_gateway_frame(self, session: _GatewaySession, frame: JSON) -> None:
        op, data = frame.get("op"), frame.get("d")
        if op == HEARTBEAT:
            session.send(HEARTBEAT_ACK, None)
            if session.awaiting_barrier:
                # The client answers our heartbeat request only after handling every frame sent before it.
                session.awaiting_barrier = False
                session.ready = True
                self._ready.set()
                asyncio.ensure_future(self._notify())
        elif op == IDENTIFY:
            self.identify_payload = data
            self._session = session
            if data.get("shard"):
                session.shard = (int(data["shard"][0]), int(data["shard"][1]))
                self._shard_sessions[session.shard[0]] = session
                self._session_shards[session.session_id] = session.shard
            session.dispatch("READY", self._ready_payload(session))
            for guild_id in self._session_guilds(session):
                session.dispatch("GUILD_CREATE", self._guild_payload(guild_id))
            self._request_barrier(session)
        elif op == RESUME:
            self._session = session
            shard = self._session_shards.get((data or {}).get("session_id", ""))
            if shard is not None:
                session.shard = shard
                session.session_id = data["session_id"]
                self._shard_sessions[shard[0]] = session
            session.dispatch("RESUMED", {"_trace": ["fake-gateway"]})
            self._request_barrier(session)
        elif op == REQUEST_MEMBERS:
            session.dispatch("GUILD_MEMBERS_CHUNK", self._members_chunk(data or {}))

    @staticmethod
    def _request_barrier(session: _GatewaySession) -> None:
        session.send(HEARTBEAT, session.sequence)
        session.awaiting_barrier = True

    def _ready_payload(self, session: _GatewaySession) -> JSON:
        return {
            "v": 10,
            "user": self._me(),
            "guilds": [{"id": str(g), "unavailable": True} for g in self._session_guilds(session)],
            "session_id": session.session_id,
            **({"shard": list(session.shard)} if session.shard else {}),
            "resume_gateway_url": self.gateway,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "_trace": ["fake-gateway"],
        }

    def _session_guilds(self, session: _GatewaySession) -> list[int]:
        """The servers whose events go to this session (all of them without sharding)."""
        if session.shard is None:
            return list(self._guild_names)
        return [g for g in self._guild_names if self.shard_of(g, session.shard[1]) == session.shard[0]]

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    def _me(self) -> JSON:
        return self.bot_user.payload(bot=True) | {"verified": True, "mfa_enabled": False, "flags": 0}

    def _guild_payload(self, guild_id: int | None = None) -> JSON:
        guild_id = guild_id or self.guild_id
        mine = [c for c in self._channels.values() if c.get("guild_id") == str(guild_id)]
        channels = [c for c in mine if c["type"] == payloads.TEXT_CHANNEL]
        threads = [c for c in mine if c["type"] == payloads.PUBLIC_THREAD]
        members = [payloads.member(self.bot_user.payload(bot=True))]
        return payloads.guild(guild_id, self._guild_names[guild_id], self.owner.id, channels=channels,
                              threads=threads, members=members, everyone_permissions=DEFAULT_PERMISSIONS)

    def _members_chunk(self, request: JSON) -> JSON:
        members = [payloads.member(u.payload(bot=u.id == self.bot_user_id)) for u in self._users.values()]
        chunk: JSON = {"guild_id": request.get("guild_id", str(self.guild_id)), "members": members,
                       "chunk_index": 0, "chunk_count": 1, "not_found": []}
        if "nonce" in request:
            chunk["nonce"] = request["nonce"]
        return chunk

    def _dispatch(self, event: str, data: JSON) -> None:
        session = self._session
        if self._shard_sessions or (session is not None and session.shard is not None):
            # sharded: a server's events go to the session running its shard; direct messages to shard 0
            count = next(iter(self._shard_sessions.values())).shard[1] if self._shard_sessions else session.shard[1]
            guild = data.get("guild_id")
            session = self._shard_sessions.get(self.shard_of(int(guild) if guild else None, count))
        if session is None:
            raise RuntimeError(f"no client runs the fake gateway session for {event} (call wait_ready() first)")
        session.dispatch(event, data)

    # ----------------------------------------------------------------- interactions (test side)

    def slash(self, command: str, subcommand: str | None = None, options: dict[str, Any] | None = None, *,
              user: FakeUser, channel_id: int | None = None, permissions: int = 0, locale: str | None = None,
              guild_locale: str | None = None) -> str:
        """Dispatch a chat-input command; ``subcommand`` may be ``"group sub"``. Returns the interaction id.
        ``locale``: the user's client language (default ``user.locale``); ``guild_locale``: the server's
        (default ``guild_locales`` of its guild, else en-US)."""
        data = self._command_data(command, subcommand, options or {}, focused=None)
        return self._interact(APPLICATION_COMMAND, data, user, channel_id, permissions, None, locale, guild_locale)

    def autocomplete(self, command: str, subcommand: str | None, options: dict[str, Any], focused: str, *,
                     user: FakeUser, channel_id: int | None = None, permissions: int = 0, locale: str | None = None,
                     guild_locale: str | None = None) -> str:
        """Dispatch an autocomplete for option ``focused`` (its value is sent as typed text)."""
        values = {focused: "", **options}
        data = self._command_data(command, subcommand, values, focused=focused)
        return self._interact(AUTOCOMPLETE, data, user, channel_id, permissions, None, locale, guild_locale)

    def outdated_autocomplete(self, command: str, subcommand: str, focused: str, typed: str = "", *,
                              user: FakeUser, channel_id: int | None = None, kind: int = payloads.STRING,
                              permissions: int = 0) -> str:
        """An autocomplete from a client that still shows an older command tree (Discord takes a while to give
        every client the last sync): ``subcommand`` (``"group sub"`` too) and its option ``focused`` (of type
        ``kind``) need not be in the tree the bot synced; only ``command`` must."""
        registered = self._find_command(command)
        leaves: list[JSON] = [{"name": focused, "type": kind, "value": typed, "focused": True}]
        for name in reversed(subcommand.split()):
            leaves = [{"name": name, "type": 1 if leaves[0]["type"] not in (1, 2) else 2, "options": leaves}]
        data: JSON = {"id": registered["id"], "name": registered["name"], "type": 1, "options": leaves}
        if "guild_id" in registered:
            data["guild_id"] = registered["guild_id"]
        return self._interact(AUTOCOMPLETE, data, user, channel_id, permissions, None)

    def click(self, custom_id: str, *, user: FakeUser, message_id: int | None = None, channel_id: int | None = None,
              permissions: int = 0, locale: str | None = None) -> str:
        """Click a button. Without ``message_id``, the newest stored message carrying ``custom_id`` is used."""
        return self._component(2, custom_id, None, user, message_id, channel_id, permissions, locale)

    def select(self, custom_id: str, values: list[str], *, user: FakeUser, message_id: int | None = None,
               channel_id: int | None = None, permissions: int = 0, locale: str | None = None) -> str:
        """Choose ``values`` in a string select (found like ``click`` finds its button)."""
        return self._component(3, custom_id, values, user, message_id, channel_id, permissions, locale)

    def _component(self, component_type: int, custom_id: str, values: list[str] | None, user: FakeUser,
                   message_id: int | None, channel_id: int | None, permissions: int, locale: str | None) -> str:
        message = self._message_with(custom_id, message_id, channel_id, component_type, values or [])
        data: JSON = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = values
        channel = channel_id or int(message["channel_id"])
        return self._interact(MESSAGE_COMPONENT, data, user, channel, permissions, message, locale)

    def _interact(self, kind: int, data: JSON, user: FakeUser, channel_id: int | None, permissions: int,
                  message: JSON | None, locale: str | None = None, guild_locale: str | None = None) -> str:
        channel = self._channel(channel_id or self.channel_id)
        self._users[user.id] = user
        record = _Interaction(self._ids.next(), secrets.token_urlsafe(48), kind, user, int(channel["id"]),
                              int(message["id"]) if message else None)
        member = payloads.member(user.payload(), permissions=permissions)
        guild_id = int(channel.get("guild_id") or self.guild_id)
        payload = payloads.interaction(
            interaction_id=record.id, token=record.token, kind=kind, data=data, application_id=self.application_id,
            guild_id=guild_id, channel=channel, member_payload=member,
            app_permissions=self.app_permissions,
            message_payload=message, locale=locale or user.locale,
            guild_locale=guild_locale or self.guild_locales.get(guild_id, "en-US"))
        interaction_id = str(record.id)
        self._interactions[interaction_id] = record
        self._by_token[record.token] = record
        self.timestamps[interaction_id] = time.perf_counter()
        self._dispatch("INTERACTION_CREATE", payload)
        return interaction_id

    def _channel(self, channel_id: int) -> JSON:
        try:
            return self._channels[channel_id]
        except KeyError:
            raise ValueError(f"the fake has no channel {channel_id}") from None

    def _command_data(self, command: str, subcommand: str | None, options: dict[str, Any],
                      focused: str | None) -> JSON:
        registered = self._find_command(command)
        chain: list[JSON] = []
        definitions: list[JSON] = registered.get("options", [])
        for name in (subcommand or "").split():
            chain.append(_find_option(definitions, name, registered["name"]))
            definitions = chain[-1].get("options", [])
        leaves = [payloads.command_option(_find_option(definitions, name, registered["name"]), value,
                                          focused=name == focused) for name, value in options.items()]
        for level in reversed(chain):
            leaves = [{"name": level["name"], "type": level["type"], "options": leaves}]
        data: JSON = {"id": registered["id"], "name": registered["name"], "type": 1, "options": leaves}
        if "guild_id" in registered:
            data["guild_id"] = registered["guild_id"]
        resolved = self._resolved(definitions, options)
        if resolved:
            data["resolved"] = resolved
        return data

    def _find_command(self, name: str) -> JSON:
        for scope in (self.guild_id, None):
            for command in self._commands.get(scope, []):
                if command["name"] == name and command.get("type", 1) == 1:
                    return command
        known = sorted({c["name"] for cs in self._commands.values() for c in cs})
        raise LookupError(f"/{name} was never synced; registered: {known}")

    def _resolved(self, definitions: list[JSON], options: dict[str, Any]) -> JSON:
        kinds = {d["name"]: d["type"] for d in definitions}
        users: JSON = {}
        members: JSON = {}
        channels: JSON = {}
        for name, value in options.items():
            if kinds.get(name) in (payloads.USER, payloads.MENTIONABLE) and isinstance(value, FakeUser):
                users[str(value.id)] = value.payload()
                members[str(value.id)] = {k: v for k, v in payloads.member(value.payload()).items() if k != "user"}
            elif kinds.get(name) == payloads.CHANNEL and int(getattr(value, "id", value)) in self._channels:
                channel = self._channels[int(getattr(value, "id", value))]
                channels[channel["id"]] = channel | {"permissions": str(self.app_permissions)}
        resolved = {"users": users, "members": members, "channels": channels}
        return {key: value for key, value in resolved.items() if value}

    def _message_with(self, custom_id: str, message_id: int | None, channel_id: int | None, component_type: int,
                      values: list[str]) -> JSON:
        if message_id is not None:
            try:
                return self._messages[message_id]
            except KeyError:
                raise ValueError(f"the fake has no message {message_id}") from None
        for candidate in sorted(self._messages.values(), key=lambda m: int(m["id"]), reverse=True):
            in_channel = channel_id is None or int(candidate["channel_id"]) == channel_id
            if in_channel and custom_id in payloads.components_custom_ids(candidate["components"]):
                return candidate
        return self._synthetic_message(custom_id, channel_id or self.channel_id, component_type, values)

    def _synthetic_message(self, custom_id: str, channel_id: int, component_type: int, values: list[str]) -> JSON:
        """A bot message carrying the component, for persistent/dynamic items the fake never saw posted (stored, so
        the bot can edit it)."""
        if component_type == 2:
            component: JSON = {"type": 2, "style": 1, "label": custom_id, "custom_id": custom_id}
        else:
            component = {"type": 3, "custom_id": custom_id, "min_values": 1, "max_values": max(1, len(values)),
                         "options": [{"label": v, "value": v} for v in values]}
        body = {"content": "", "components": [{"type": 1, "components": [component]}]}
        return self._create_message(channel_id, body, [])

    # ----------------------------------------------------------------- results (test side)

    def registered_commands(self) -> list[JSON]:
        """The commands as echoed by the last sync (global or guild), with ids."""
        return list(self._last_sync)

    async def response(self, interaction_id: str, timeout: float = 10) -> JSON:
        """The first callback body for the interaction ({"type", "data"}, plus "files" if files were sent)."""
        record = self._interactions[interaction_id]
        await self._wait_until(lambda: record.response is not None, timeout, f"callback for {interaction_id}")
        assert record.response is not None
        return record.response

    def followups(self, interaction_id: str) -> list[JSON]:
        """Webhook followups and message edits for the interaction, in order.

        Each entry is the request body (plus "files"), with "_op" ("send", "edit" or "delete") and "_message_id".
        """
        return list(self._interactions[interaction_id].followups)

    async def wait_followups(self, interaction_id: str, count: int = 1, timeout: float = 10) -> list[JSON]:
        record = self._interactions[interaction_id]
        await self._wait_until(lambda: len(record.followups) >= count, timeout, f"{count} followups")
        return list(record.followups)

    def channel_messages(self, channel_id: int | None = None) -> list[JSON]:
        """Bodies (plus "files" and "_message_id") POSTed to /channels/{id}/messages; default: the main channel."""
        wanted = channel_id or self.channel_id
        return list(self._channel_posts.get(wanted, []))

    async def wait_channel_messages(self, count: int = 1, channel_id: int | None = None,
                                    timeout: float = 10) -> list[JSON]:
        await self._wait_until(lambda: len(self.channel_messages(channel_id)) >= count, timeout,
                               f"{count} channel messages")
        return self.channel_messages(channel_id)

    def interaction_token(self, interaction_id: str) -> str:
        """The interaction's token (the webhook token of its callback and followup routes)."""
        return self._interactions[interaction_id].token

    def original_message(self, interaction_id: str) -> JSON | None:
        """The interaction's @original message (its response, or for a component the message it is on), if any."""
        record = self._interactions[interaction_id]
        return self._messages.get(record.original_message_id or 0)

    def message_or_none(self, message_id: int) -> JSON | None:
        """A message as it is now, or None once it was deleted."""
        return self._messages.get(int(message_id))

    def message(self, message_id: int) -> JSON:
        """The current state of a message the fake created (after edits), as Discord would return it."""
        return self._messages[message_id]

    def latency(self, interaction_id: str) -> float | None:
        """Seconds from dispatching the interaction to the arrival of its first callback."""
        responded = self._interactions[interaction_id].responded_at
        return None if responded is None else responded - self.timestamps[interaction_id]

    def answer_latency(self, interaction_id: str) -> float | None:
        """Seconds from dispatching the interaction to its answer: a callback that is not deferred, else the
        first followup (a deferred click that changed the game has none: the channel's post answers it)."""
        answered = self._interactions[interaction_id].answered_at
        return None if answered is None else answered - self.timestamps[interaction_id]

    def forget_uploads(self) -> None:
        """Drop the bytes of every file uploaded so far (a long run's memory); the calls keep their file names."""
        for call in self.calls:
            for upload in call.files:
                upload.data = b""
        self._attachment_bytes.clear()
        for posts in self._channel_posts.values():
            for body in posts:
                for upload in body.get("files") or []:
                    upload.data = b""

    def fail(self, method: str, path_pattern: str, status: int, times: int = 1,
             retry_after: float | None = None) -> None:
        """Answer the next ``times`` requests matching (method or "*", fullmatch of the API path) with ``status``.

        429 comes with Discord's rate-limit body and headers (``retry_after`` defaults to 0.05 s); other statuses with a
        JSON error. discord.py retries 429 and 500/502/504/524 (sleeping 1, 3, 5, 7, 9 s) up to 5 attempts in all.
        """
        fault = _Fault(method.upper(), re.compile(path_pattern), status, times, retry_after or 0.05)
        self._faults.append(fault)

    def fail_dm(self, user: FakeUser, status: int, times: int = 1, code: int = 0) -> None:
        """Answer the next ``times`` direct messages to ``user`` with ``status`` (a 403 with ``code``; a 429 with
        Discord's rate-limit body; a 5xx as an outage): opening the direct channel still works."""
        self._dm_faults.setdefault(user.id, []).extend([(status, code)] * times)

    def moderator_deletes(self, message_id: int) -> None:
        """A message deleted by someone else (a moderator): the bot finds it gone when it next touches it."""
        del self._messages[message_id]

    def moderator_deletes_channel(self, channel_id: int) -> None:
        """A channel or thread deleted by someone else: requests to it are answered 404 Unknown Channel."""
        del self._channels[channel_id]
        for message_id in [m for m, msg in self._messages.items() if int(msg["channel_id"]) == channel_id]:
            del self._messages[message_id]

    def hold(self, method: str, path_pattern: str) -> asyncio.Event:
        """Do the next request matching (method, fullmatch of the API path) but keep its answer until the
        returned event is set: Discord has done it, the bot does not know yet (kill it meanwhile)."""
        released = asyncio.Event()
        self._holds.append((method.upper(), re.compile(path_pattern), released))
        return released

    async def _held(self, call: RecordedCall) -> None:
        for hold in self._holds:
            method, pattern, released = hold
            if method in (call.method, "*") and pattern.fullmatch(call.path):
                self._holds.remove(hold)
                async with self._changed:
                    self._changed.notify_all()  # a test waiting for the request sees it done
                await released.wait()
                return

    def clear_faults(self) -> None:
        """Stop injecting faults (e.g. a missing permission was granted again)."""
        self._faults.clear()

    def take_violations(self) -> list[Violation]:
        """The contract violations so far, handed to a test that made them on purpose (it then asserts them);
        the fake forgets them, so they no longer fail the test."""
        taken, self.violations = self.violations, []
        contract().expected += len(taken)
        return taken

    async def _wait_until(self, predicate: Callable[[], bool], timeout: float, what: str) -> None:
        try:
            async with self._changed:
                await asyncio.wait_for(self._changed.wait_for(predicate), timeout)
        except TimeoutError:
            seen = [f"{c.method} {c.path} -> {c.status}" for c in self.calls[-10:]]
            raise TimeoutError(f"fake Discord: no {what} within {timeout}s; last calls: {seen}") from None

    # ----------------------------------------------------------------- REST

    def _route_table(self) -> list[tuple[str, re.Pattern[str], Handler]]:
        app, token, msg = r"(\d+)", r"([^/]+)", r"(@original|\d+)"
        table: list[tuple[str, str, Handler]] = [
            ("GET", r"/users/@me", self._get_me),
            ("GET", r"/gateway(?:/bot)?", self._get_gateway),
            ("GET", r"/(?:oauth2/)?applications/@me", self._get_application),
            ("PUT", rf"/applications/{app}/commands", self._put_commands),
            ("PUT", rf"/applications/{app}/guilds/(\d+)/commands", self._put_commands),
            ("GET", rf"/applications/{app}/commands", self._get_commands),
            ("GET", rf"/applications/{app}/guilds/(\d+)/commands", self._get_commands),
            ("POST", rf"/interactions/(\d+)/{token}/callback", self._post_callback),
            ("POST", rf"/webhooks/{app}/{token}", self._post_followup),
            ("GET", rf"/webhooks/{app}/{token}/messages/{msg}", self._get_webhook_message),
            ("PATCH", rf"/webhooks/{app}/{token}/messages/{msg}", self._patch_webhook_message),
            ("DELETE", rf"/webhooks/{app}/{token}/messages/{msg}", self._delete_webhook_message),
            ("GET", r"/channels/(\d+)", self._get_channel),
            ("PATCH", r"/channels/(\d+)", self._patch_channel),
            ("DELETE", r"/channels/(\d+)", self._delete_channel),
            ("POST", r"/channels/(\d+)/typing", self._no_content),
            ("POST", r"/channels/(\d+)/messages", self._post_channel_message),
            ("POST", r"/channels/(\d+)/messages/(\d+)/threads", self._post_thread_from_message),
            ("GET", r"/users/(\d+)", self._get_user),
            ("POST", r"/users/@me/channels", self._post_dm_channel),
            ("GET", r"/channels/(\d+)/messages/(\d+)", self._get_channel_message),
            ("PATCH", r"/channels/(\d+)/messages/(\d+)", self._patch_channel_message),
            ("DELETE", r"/channels/(\d+)/messages/(\d+)", self._delete_channel_message),
        ]
        return [(method, re.compile(pattern), handler) for method, pattern, handler in table]

    async def _rest_handler(self, request: web.Request) -> web.Response:
        body, files, multipart = await _read_body(request)
        call = RecordedCall(request.method, "/" + request.match_info["tail"], dict(request.query), body, files,
                            time.perf_counter())
        self.calls.append(call)
        call.violation = contract().check(call.method, call.path, call.query, body, [len(f.data) for f in files],
                                          multipart, interaction_type=self._answered_kind(call.path))
        if call.violation is not None:
            self.violations.append(call.violation)
        fault = self._take_fault(call)
        if fault is not None:  # Discord's rate limits and outages come before its form validation
            call.fault = True
            response = _fault_response(fault)
        elif call.violation is not None:
            status, answer = call.violation.answer()
            response = _json_response(answer, status)
        else:
            response = await self._route(call)
            await self._held(call)
        call.status = response.status
        async with self._changed:
            self._changed.notify_all()
        return response

    def _answered_kind(self, path: str) -> int | None:
        """For an interaction's callback, the type of the interaction it answers (the contract checks they fit)."""
        match = _CALLBACK.fullmatch(path)
        record = self._interactions.get(match[1]) if match else None
        return None if record is None else record.kind

    def refuse_each_kind_once(self, status: int | Callable[[str], int]) -> None:
        """From now on, refuse the first request of every kind (an operation of Discord's API: a
        method and a path template, e.g. ``PATCH /channels/{channel_id}/messages/{message_id}``)
        with ``status`` (or ``status(kind)``); later requests of that kind go through.  The kinds
        refused are in ``refused_kinds``, in order."""
        self._refuse_kinds = status if callable(status) else (lambda _kind: status)

    def _kind_fault(self, call: RecordedCall) -> _Fault | None:
        if self._refuse_kinds is None:
            return None
        operation, _, _ = contract().operation(call.method, call.path)
        kind = operation.name if operation is not None else f"{call.method} {call.path}"
        if kind in self.refused_kinds:
            return None
        self.refused_kinds.append(kind)
        return _Fault(call.method, re.compile(re.escape(call.path)), self._refuse_kinds(kind), 0, 0.05)

    def _take_fault(self, call: RecordedCall) -> _Fault | None:
        kind = self._kind_fault(call)
        if kind is not None:
            return kind
        for fault in self._faults:
            if fault.remaining > 0 and fault.method in (call.method, "*") and fault.pattern.fullmatch(call.path):
                fault.remaining -= 1
                return fault
        return None

    async def _route(self, call: RecordedCall) -> web.Response:
        for method, pattern, handler in self._routes:
            match = pattern.fullmatch(call.path)
            if method == call.method and match:
                return await handler(call, match)
        call.unknown = True
        return _error(404, "Unknown")

    async def _attachment_handler(self, request: web.Request) -> web.Response:
        contract().fake_only("GET", "/attachments/{channel_id}/{attachment_id}/{filename}")
        data = self._attachment_bytes.get(int(request.match_info["attachment_id"]))
        if data is None:
            return web.Response(status=404)
        return web.Response(body=data, content_type=payloads.content_type(request.match_info["filename"], data))

    async def _no_content(self, _call: RecordedCall, _match: re.Match[str]) -> web.Response:
        return web.Response(status=204)

    async def _get_me(self, _call: RecordedCall, _match: re.Match[str]) -> web.Response:
        return _json_response(self._me())

    async def _get_gateway(self, _call: RecordedCall, _match: re.Match[str]) -> web.Response:
        limit = {"total": 1000, "remaining": 999, "reset_after": 86400000, "max_concurrency": 1}
        return _json_response({"url": self.gateway.rstrip("/"), "shards": 1, "session_start_limit": limit})

    async def _get_application(self, _call: RecordedCall, _match: re.Match[str]) -> web.Response:
        return _json_response(payloads.app_info(self.application_id, "Fake App", self.owner.payload(),
                                                self.bot_user.payload(bot=True)))

    def _check_application(self, application_id: str) -> web.Response | None:
        if int(application_id) != self.application_id:
            return _error(403, "Missing Access", 50001)
        return None

    async def _put_commands(self, call: RecordedCall, match: re.Match[str]) -> web.Response:
        denied = self._check_application(match[1])
        if denied:
            return denied
        scope = int(match[2]) if match.lastindex == 2 else None
        if scope is not None and scope != self.guild_id:
            return _error(403, "Missing Access", 50001)
        commands = [self._register(body, scope) for body in call.json or []]
        self._commands[scope] = commands
        self._last_sync = commands
        return _json_response(commands)

    def _register(self, body: JSON, scope: int | None) -> JSON:
        key = (scope, body["name"], body.get("type", 1))
        command_id = self._command_ids.setdefault(key, self._ids.next())
        return payloads.registered_command(body, command_id, self.application_id, scope)

    async def _get_commands(self, _call: RecordedCall, match: re.Match[str]) -> web.Response:
        scope = int(match[2]) if match.lastindex == 2 else None
        return self._check_application(match[1]) or _json_response(self._commands.get(scope, []))

    # interaction callbacks and webhooks

    async def _post_callback(self, call: RecordedCall, match: re.Match[str]) -> web.Response:
        record = self._interactions.get(match[1])
        if record is None or record.token != match[2]:
            return _error(404, "Unknown interaction", 10062)
        if record.response is not None:
            return _error(400, "Interaction has already been acknowledged.", 40060)
        body = call.json or {}
        record.response = _with_files(body, call.files)
        record.responded_at = call.time
        if body.get("type") not in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE):
            record.answered_at = call.time
        message = self._apply_callback(record, body.get("type", 0), body.get("data") or {}, call.files)
        if body.get("type") == CHANNEL_MESSAGE and message is not None:
            self._note_pings(call.time, record.channel_id, (body.get("data") or {}) | {"flags": message["flags"]})
        if call.query.get("with_response", "").lower() not in ("1", "true"):
            return web.Response(status=204)
        return _json_response(self._callback_answer(record, body.get("type", 0), message))

    def _apply_callback(self, record: _Interaction, kind: int, data: JSON, files: list[RecordedFile]) -> JSON | None:
        if kind == CHANNEL_MESSAGE:
            message = self._create_message(record.channel_id, data, files, interaction=record)
        elif kind == DEFERRED_CHANNEL_MESSAGE:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            message = self._create_message(record.channel_id, {"flags": flags}, [], interaction=record)
        elif kind in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE) and record.source_message_id in self._messages:
            # For a component interaction, @original is the message the component is on.
            record.original_message_id = record.source_message_id
            return self._edit_message(record.source_message_id, data, files) if kind == UPDATE_MESSAGE else None
        else:
            return None
        record.original_message_id = int(message["id"])
        return message

    def _callback_answer(self, record: _Interaction, kind: int, message: JSON | None) -> JSON:
        """The InteractionCallbackResponse Discord returns for ?with_response=true."""
        answer: JSON = {"interaction": {"id": str(record.id), "type": record.kind,
                                        "response_message_loading": kind == DEFERRED_CHANNEL_MESSAGE,
                                        "response_message_ephemeral": False}}
        if message is not None:
            answer["interaction"]["response_message_id"] = message["id"]
            answer["interaction"]["response_message_ephemeral"] = bool(message["flags"] & EPHEMERAL)
            answer["resource"] = {"type": kind, "message": message}
        return answer

    def _webhook_interaction(self, match: re.Match[str]) -> _Interaction | None:
        record = self._by_token.get(match[2])
        return record if record is not None and int(match[1]) == self.application_id else None

    def _webhook_target(self, match: re.Match[str]) -> tuple[_Interaction | None, int | None]:
        record = self._webhook_interaction(match)
        if record is None:
            return None, None
        message_id = record.original_message_id if match[3] == "@original" else int(match[3])
        return record, message_id if message_id in self._messages else None

    async def _post_followup(self, call: RecordedCall, match: re.Match[str]) -> web.Response:
        record = self._webhook_interaction(match)
        if record is None:
            return _error(404, "Unknown Webhook", 10015)
        message = self._send_followup(record, call.json or {}, call.files)
        record.answered_at = record.answered_at or call.time
        self._note_pings(call.time, record.channel_id, (call.json or {}) | {"flags": message["flags"]})
        record.followups.append(_with_files(call.json, call.files) | {"_op": "send", "_message_id": int(message["id"])})
        if call.query.get("wait", "").lower() not in ("1", "true"):
            return web.Response(status=204)
        return _json_response(message)

    def _send_followup(self, record: _Interaction, body: JSON, files: list[RecordedFile]) -> JSON:
        """A new message, except that the first followup after a deferred response replaces its "thinking" message
        (which keeps the ephemeral flag of the defer, whatever the followup asks)."""
        loading = self._messages.get(record.original_message_id or 0)
        if loading is not None and loading["flags"] & LOADING:
            flags = int(body.get("flags") or 0) & ~EPHEMERAL
            return self._edit_message(int(loading["id"]), body | {"flags": flags}, files)
        return self._create_message(record.channel_id, body, files, interaction=record)

    async def _get_webhook_message(self, _call: RecordedCall, match: re.Match[str]) -> web.Response:
        _record, message_id = self._webhook_target(match)
        if message_id is None:
            return _error(404, "Unknown Message", 10008)
        return _json_response(self._messages[message_id])

    async def _patch_webhook_message(self, call: RecordedCall, match: re.Match[str]) -> web.Response:
        record, message_id = self._webhook_target(match)
        if record is None or message_id is None:
            return _error(404, "Unknown Message", 10008)
        message = self._edit_message(message_id, call.json or {}, call.files)
        record.followups.append(_with_files(call.json, call.files) | {"_op": "edit", "_message_id": message_id})
        return _json_response(message)

    async def _delete_webhook_message(self, _call: RecordedCall, match: re.Match[str]) -> web.Response:
        record, message_id = self._webhook_target(match)
        if record is None or message_id is None:
            return _error(404, "Unknown Message", 10008)
        del self._messages[message_id]
        record.followups.append({"_op": "delete", "_message_id": message_id})
        return web.Response(status=204)

    # channels and messages

    async def _get_channel(self, _call: RecordedCall, match: re.Match[str]) -> web.Response:
        channel = self._channels.get(int(match[1]))
        return _error(404, "Unknown Channel", 10003) if channel is None else _json_response(channel)

    async def _patch_channel(self, call: RecordedCall, match: re.Match[str]) -> web.Response:
        """Modify a channel; for a thread: archive, lock or rename it (``archived_threads`` lists each archiving)."""
        channel_id = int(match[1])
        channel = self._channels.get(channel_id)
        if channel is None:
            return _error(404, "Unknown Channel", 10003)
        body = call.json or {}
        thread_keys = {"archived", "locked", "auto_archive_duration", "invitable"} & set(body)
        if thread_keys and "thread_metadata" not in channel:
            return _error(400, "Invalid Form Body", 50035)
        if thread_keys:
            metadata = dict(channel["thread_metadata"])
            metadata.update({k: body[k] for k in thread_keys})
            if body.get("archived"):
                metadata["archive_timestamp"] = payloads.iso_now()
                self.archived_threads.append(channel_id)
            channel["thread_metadata"] = metadata
        if "name" in body:
            channel["name"] = body["name"]
        return _json_response(channel)

    async def _delete_channel(self, _call: RecordedCall, match: re.Match[str]) -> web.Response:
        """Delete a channel or thread; its messages go with it."""
        channel = self._channels.pop(int(match[1]), None)
        if channel is None:
            return _error(404, "Unknown Channel", 10003)
        self.channels_deleted.append(int(match[1]))
        for message_id in [m for m, msg in self._messages.items() if int(msg["channel_id"]) == int(match[1])]:
            del self._messages[message_id]
        return _json_response(channel)

    async def _get_user(self, _call: RecordedCall, match: re.Match[str]) -> web.Response:
        user = self._users.get(int(match[1]))
        return _error(404, "Unknown User", 10013) if user is None else _json_response(user.payload())

    async def _post_dm_channel(self, call: RecordedCall, _match: re.Match[str]) -> web.Response:
        if self.dm_latency:
            await asyncio.sleep(self.dm_latency)
        recipient = int((call.json or {}).get("recipient_id", 0))
        user = self._users.get(recipient)
        if user is None:
            return _error(404, "Unknown User", 10013)
        channel_id = self._dm_channels.setdefault(recipient, self._ids.next())
        channel = {"id": str(channel_id), "type": DM_CHANNEL, "recipients": [user.payload()], "last_message_id": None}
        self._channels[channel_id] = channel
        return _json_response(channel)

    async def _post_channel_message(self, call: RecordedCall, match: re.Match[str]) -> web.Response:
        channel_id = int(match[1])
        if channel_id not in self._channels:
            return _error(404, "Unknown Channel", 10003)
        channel = self._channels[channel_id]
        body = call.json or {}
        if body.get("enforce_nonce") and body.get("nonce") and (channel_id, str(body["nonce"])) in self._nonces:
            # Discord: a second message with the same nonce is not created; the first one is returned
            self.repeated_nonces.append((channel_id, str(body["nonce"])))
            return _json_response(self._messages.get(self._nonces[channel_id, str(body["nonce"])], {}))
        if channel["type"] == DM_CHANNEL:
            if self.dm_latency:
                await asyncio.sleep(self.dm_latency)
            recipient = int(channel["recipients"][0]["id"])
            faults = self._dm_faults.get(recipient)
            if faults:
                status, code = faults.pop(0)
                call.fault = True
                if status == 403:
                    return _error(403, "Forbidden", code)
                return _fault_response(_Fault("POST", re.compile(".*"), status, 0, 0.05))
            if recipient in self.dm_closed:
                return _error(403, "Cannot send messages to this user", 50007)
            self.direct_messages.append((recipient, (call.json or {}).get("content", "")))
        message = self._create_message(channel_id, call.json or {}, call.files)
        if body.get("nonce"):
            self._nonces[channel_id, str(body["nonce"])] = int(message["id"])
        posted = _with_files(call.json, call.files) | {"_message_id": int(message["id"])}
        self._channel_posts.setdefault(channel_id, []).append(posted)
        if channel["type"] == DM_CHANNEL:
            self.told.append(Told(call.time, channel_id, recipient, True, body.get("content") or ""))
        else:
            self._note_pings(call.time, channel_id, body)
        return _json_response(message)

    def _note_pings(self, at: float, channel_id: int, body: JSON) -> None:
        """The members a new message notifies: mentioned in its content and let through by its allowed_mentions
        (the bot's messages list whom they may ping; edits ping nobody)."""
        if int(body.get("flags") or 0) & EPHEMERAL:
            return
        content = body.get("content") or ""
        rules = body.get("allowed_mentions")
        for user in dict.fromkeys(_USER_MENTION.findall(content)):
            if rules is None or "users" in (rules.get("parse") or []) or user in map(str, rules.get("users") or []):
                self.told.append(Told(at, channel_id, int(user), False, content))

    async def _post_thread_from_message(self, call: RecordedCall, match: re.Match[str]) -> web.Response:
        """Start a public thread from a message (the thread's id is the message's, as in Discord)."""
        parent, message_id = int(match[1]), int(match[2])
        if parent not in self._channels or message_id not in self._messages:
            return _error(404, "Unknown Message", 10008)
        if message_id in self._channels:
            return _error(400, "A thread has already been created for this message", 160004)
        body = call.json or {}
        guild = int(self._channels[parent].get("guild_id") or self.guild_id)
        thread = payloads.thread(message_id, guild, parent, self.bot_user_id, body.get("name", "thread"))
        self._channels[message_id] = thread
        self.threads_created.append(message_id)
        self._dispatch("THREAD_CREATE", thread | {"newly_created": True})
        return _json_response(thread)

    def _channel_message(self, match: re.Match[str]) -> JSON | None:
        message = self._messages.get(int(match[2]))
        return message if message is not None and message["channel_id"] == match[1] else None

    async def _get_channel_message(self, _call: RecordedCall, match: re.Match[str]) -> web.Response:
        message = self._channel_message(match)
        return _error(404, "Unknown Message", 10008) if message is None else _json_response(message)

    async def _patch_channel_message(self, call: RecordedCall, match: re.Match[str]) -> web.Response:
        message = self._channel_message(match)
        if message is None:
            return _error(404, "Unknown Message", 10008)
        return _json_response(self._edit_message(int(message["id"]), call.json or {}, call.files))

    async def _delete_channel_message(self, _call: RecordedCall, match: re.Match[str]) -> web.Response:
        message = self._channel_message(match)
        if message is None:
            return _error(404, "Unknown Message", 10008)
        del self._messages[int(message["id"])]
        return web.Response(status=204)

    def _create_message(self, channel_id: int, body: JSON, files: list[RecordedFile],
                        interaction: _Interaction | None = None) -> JSON:
        extra: JSON = {}
        if interaction is not None:
            extra = {"webhook_id": str(self.application_id), "application_id": str(self.application_id),
                     "interaction_metadata": {"id": str(interaction.id), "type": interaction.kind,
                                              "user": interaction.user.payload(),
                                              "authorizing_integration_owners": {"0": str(self.guild_id)}}}
        message_id = self._ids.next()
        attachments = self._attachments(channel_id, body, files, [])
        guild = self._channels.get(channel_id, {}).get("guild_id")
        message = payloads.message(message_id, channel_id, int(guild) if guild else self.guild_id,
                                   self.bot_user.payload(bot=True), body,
                                   attachments, **extra)
        self._messages[message_id] = message
        return message

    def _edit_message(self, message_id: int, body: JSON, files: list[RecordedFile]) -> JSON:
        old = self._messages[message_id]
        channel_id = int(old["channel_id"])
        attachments = self._attachments(channel_id, body, files, old["attachments"])
        self._messages[message_id] = payloads.edited_message(old, body, attachments)
        return self._messages[message_id]

    def _attachments(self, channel_id: int, body: JSON, files: list[RecordedFile], existing: list[JSON]) -> list[JSON]:
        """Resolve a body's "attachments" list: ids of kept attachments, or file indexes of new uploads."""
        by_index = {_file_index(f): f for f in files}
        kept = {a["id"]: a for a in existing}
        listed = body.get("attachments")
        if listed is None:
            listed = [{"id": a["id"]} for a in existing] + [{"id": i} for i in by_index if i is not None]
        result: list[JSON] = []
        for entry in listed:
            if str(entry["id"]) in kept:
                result.append(kept[str(entry["id"])])
            elif int(entry["id"]) in by_index:
                upload = by_index[int(entry["id"])]
                attachment_id = self._ids.next()
                self._attachment_bytes[attachment_id] = upload.data
                result.append(payloads.attachment(attachment_id, entry.get("filename") or upload.filename,
                                                  upload.data, self._url_base, channel_id, entry.get("description")))
        return result


def _find_option(definitions: list[JSON], name: str, command: str) -> JSON:
    for definition in definitions:
        if definition["name"] == name:
            return definition
    raise LookupError(f"/{command} has no option or subcommand {name!r}; it has {[d['name'] for d in definitions]}")
