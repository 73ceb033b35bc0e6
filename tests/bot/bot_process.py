"""Running ``python -m bot`` (its own start-up code) against the fake Discord, and playing it."""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path

from fake_discord import FakeDiscord, FakeUser

ROOT = Path(__file__).resolve().parents[2]
MENTION = re.compile(r"<@(\d+)>")


async def eventually(check: Callable[[], object], timeout: float = 15) -> None:
    """Wait until ``check()`` holds (the bot finishes a step after it answered); fail if it never does."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        await asyncio.sleep(0.05)
    assert check()


def measured(env: dict[str, str]) -> dict[str, str]:
    """A clean environment ``env`` for ``python -m bot`` plus coverage.py's own variables, so
    the process is measured under ``make coverage`` like every other it starts."""
    return {**{k: v for k, v in os.environ.items() if k.startswith("COVERAGE_")}, **env}


class BotProcess:
    """The real bot in a subprocess, pointed at the fake with the documented variables."""

    def __init__(self, fake: FakeDiscord, database: Path, *, env: dict[str, str] | None = None,
                 shards: list[int] | None = None) -> None:
        """``env``: more variables (``DS_DATABASE_URL``, ``DS_SHARD_COUNT``...); ``shards``: the
        shard ids this process runs (then start() waits for those shards)."""
        self.fake = fake
        self.database = database
        self.env = env or {}
        self.shards = shards
        self.proc: asyncio.subprocess.Process | None = None
        self.output = b""
        self._drain: asyncio.Task[None] | None = None

    async def start(self) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith("DS_")}
        env.update({
            "DISCORD_TOKEN": "fake-token-never-printed",
            "DS_DATABASE": str(self.database),
            "DS_DISCORD_API_BASE": self.fake.api_base,
            "DS_DISCORD_GATEWAY": self.fake.gateway,
            "DS_SYNC_GUILD": str(self.fake.guild_id),
            "DS_CONFIG": os.devnull,
            "DS_RETRY_DELAYS": "0.3,0.6,1.2",
        })
        env.update(self.env)
        self.fake.expect_reconnect()
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=ROOT, env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        # Read as it is written: a pipe nobody reads fills up (64 KB) and the bot, blocked
        # writing a log line, would look idle to a long test or benchmark.
        self._drain = asyncio.create_task(self._read_output(self.proc))
        if self.shards is not None:
            await self.fake.wait_shards(self.shards, timeout=60)
        else:
            await self.fake.wait_ready(timeout=30)
        for _ in range(300):  # the command sync comes from setup_hook, before READY is handled
            if self.fake.registered_commands():
                return
            await asyncio.sleep(0.05)
        raise TimeoutError("the bot never synced its commands")

    async def _read_output(self, proc: asyncio.subprocess.Process) -> None:
        assert proc.stdout is not None
        while chunk := await proc.stdout.read(65536):
            self.output += chunk

    async def _ended(self) -> None:
        """Wait for the process to exit and for the last of what it wrote."""
        assert self.proc is not None
        await asyncio.wait_for(self.proc.wait(), 30)
        if self._drain is not None:
            await asyncio.wait_for(self._drain, 30)

    def tail(self, lines: int = 40) -> str:
        """The last lines the bot wrote (so far)."""
        return "\n".join(self.output.decode(errors="replace").splitlines()[-lines:])

    async def kill(self) -> None:
        """SIGKILL: the process dies wherever it is, without closing anything."""
        assert self.proc is not None
        self.proc.kill()
        await self._ended()

    async def stop(self) -> int:
        """SIGTERM, as ``docker stop`` sends; returns the exit status."""
        assert self.proc is not None
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            await self._ended()
        except TimeoutError:  # say where it was, then make room for the next test
            self.proc.kill()
            await self._ended()
            raise AssertionError(
                f"the bot did not stop within 30 s of SIGTERM; its last lines:\n{self.tail()}") from None
        assert self.proc.returncode is not None
        return self.proc.returncode


def free_port() -> int:
    """A TCP port on 127.0.0.1 nobody listens on now."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def descendants(pid: int) -> set[int]:
    """Every process below ``pid`` (its render workers, their resource tracker...)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


async def slash(fake: FakeDiscord, sub: str, user: FakeUser, options: dict | None = None, *,
                channel_id: int | None = None, permissions: int = 0) -> dict:
    """Run ``/ds <sub>``; returns the callback body, with the first followup under "followup"."""
    iid = fake.slash("ds", sub, options or {}, user=user, channel_id=channel_id, permissions=permissions)
    response = await fake.response(iid, timeout=45)
    if response["type"] == 5:  # deferred: the answer is the first followup
        response = {**response, "followup": (await fake.wait_followups(iid, 1, timeout=45))[0]}
    return response


def text_of(response: dict) -> str:
    body = response.get("followup") or response.get("data") or {}
    return body.get("content") or ""


REFUSALS = ("The game moved on", "It is not your turn", "is not a legal choice", "You have no seat")


def is_refusal(text: str) -> bool:
    """Whether a reply is one of the service's refusals of a move."""
    return any(r in text for r in REFUSALS)


def alt_texts(body: dict) -> dict[str, str | None]:
    """The alt text (Discord's attachment ``description``) of each file a message or answer carries."""
    listed = {str(a.get("id")): a for a in body.get("attachments") or []}
    named = {a.get("filename"): a.get("description") for a in listed.values()}
    out = {}
    for f in body.get("files") or []:
        index = f.field.removeprefix("files[").rstrip("]")
        out[f.filename] = (listed.get(index) or {}).get("description", named.get(f.filename))
    return out


def is_ephemeral(response: dict) -> bool:
    flags = (response.get("data") or {}).get("flags", 0) or 0
    return bool(flags & 64)


async def my_options(fake: FakeDiscord, user: FakeUser, channel_id: int | None = None) -> list[dict]:
    iid = fake.autocomplete("ds", "play", {"option": ""}, "option", user=user, channel_id=channel_id)
    response = await fake.response(iid, timeout=45)
    assert response["type"] == 8
    return response["data"]["choices"]


async def play_by_autocomplete(fake: FakeDiscord, users: list[FakeUser], chooser: random.Random, limit: int,
                               channel_id: int | None = None) -> int:
    """Play random legal options using only autocomplete and /ds play; returns decisions made."""
    done = 0
    while done < limit:
        for user in users:
            choices = await my_options(fake, user, channel_id)
            if choices:
                break
        else:
            return done  # nobody has anything to choose: the game is over
        choice = chooser.choice(choices)
        response = await slash(fake, "play", user, {"option": choice["value"]}, channel_id=channel_id)
        assert not is_refusal(text_of(response)), text_of(response)
        done += 1
    return done


def prompt_components(message: dict) -> list[dict]:
    return [c for row in message.get("components") or [] for c in row.get("components", [])]


def latest_prompt(fake: FakeDiscord, channel_id: int | None = None) -> dict | None:
    """The newest message in the channel that still offers options (deleted ones are gone)."""
    for message in reversed(fake.channel_messages(channel_id)):
        current = fake.message_or_none(message["_message_id"])
        if current is not None and option_components(current):
            return current
    return None


def option_components(message: dict) -> list[dict]:
    """A prompt's option buttons and selects (not its "Full board" or "Plan ahead" button)."""
    return [c for c in prompt_components(message) if c.get("custom_id", "").startswith(("ds:b:", "ds:s:"))]


def prompt_version(message: dict) -> int:
    """The state version a prompt message was built for (from its components' custom ids)."""
    return int(option_components(message)[0]["custom_id"].split(":")[3])


async def next_prompt(fake: FakeDiscord, newer_than: int, channel_id: int | None = None,
                      timeout: float = 20) -> dict:
    """Wait for a prompt built for a state newer than ``newer_than``."""
    for _ in range(int(timeout / 0.05)):
        prompt = latest_prompt(fake, channel_id)
        if prompt is not None and prompt_version(prompt) > newer_than:
            return prompt
        await asyncio.sleep(0.05)
    raise TimeoutError(f"no prompt newer than version {newer_than}")
