"""The people of a soak (``bench/soak.py``): a few servers, each with its players, followers and a
manager, playing many games at once through the fake Discord, as people do and as slowly.

A *table* plays one game after another: a host opens it (``/ds new``, a thread of its own), others
take their seats (``/ds join``, the lobby card's Join button), computer players are seated
(``/ds addbot``), some hosts set a pace (``/ds settings reminder: deadline: at_deadline:``), the host
starts; then each player answers the live prompt when it is theirs, after a while, by clicking its
buttons and menus or with ``/ds play`` and its autocomplete; some go away for hours of the game's
clock (reminders, deadlines).  A game ends by a resignation, the host's ``/ds abandon``, the
manager's ``/ds admin abandon``, or played to its end by the AI; a finished game's players click
Rematch and play again.  Beside the tables: lobbies nobody starts (they expire), followers
(``/ds follow``), the managers' ``/ds admin games`` and ``defaults``, people looking
(``/ds status``, ``/ds board``, ``/ds mygames``), and Discord answering 429 and 5xx now and then.

Every interaction sent is kept (``World.sent``) with the process that was to answer it, so the
soak's ledger (``soak_watch``) can hold each answer and each move to account.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot_process import MENTION
from fake_discord import FakeDiscord, FakeUser
from soak_fleet import Fleet

CREATE_PUBLIC_THREADS = 1 << 35
MANAGE_GUILD = 1 << 5
DECLINE = ("forfeit", "done", "none", "place:0", "move:0")
AI_LEVELS = ("easy", "greedy", "random", "normal")
CHANNEL_LINK = re.compile(r"<#(\d+)>")
GAME_NUMBER = re.compile(r"game #(\d+)")
WAIT = 10.0  # seconds a person waits for an answer before trying something else


@dataclass
class Person:
    user: FakeUser
    think: float  # the mean seconds they take to answer a prompt
    idle: float  # the chance, each time it is their turn, that they go away for a while
    away_until: float = 0.0
    direct: bool = False  # asked for a direct message on their turn (/ds mygames direct:on)


@dataclass
class Server:
    index: int
    guild_id: int
    channel_id: int  # its text channel: lobby cards, and the games' threads beside them
    people: list[Person]
    manager: FakeUser
    followers: list[FakeUser]


@dataclass
class Sent:
    """One interaction dispatched to the bot."""

    iid: str
    kind: str  # "click", "select", "play", "autocomplete", or the command ("new", "admin games"...)
    user: int
    channel: int
    at: float  # time.perf_counter()
    member: int  # the bot process that was to answer it
    serving: bool  # that process was serving when it was sent
    move: tuple[int, int | None, str] | None = None  # (game, version, option) of a move


@dataclass
class Seated:
    """A game a table plays."""

    id: int
    thread: int
    host: Person
    people: list[Person]
    plan: str  # how it ends: "resign", "abandon", "admin", "ai" (played to its end by the AI), "long"
    end_after: int  # the people's decisions before it ends so
    decisions: int = 0
    resigned: set[int] = field(default_factory=set)


@dataclass
class Tally:
    """What the people did, by kind (games opened, rematches, faults injected...)."""

    counts: dict[str, int] = field(default_factory=dict)

    def add(self, what: str, n: int = 1) -> None:
        self.counts[what] = self.counts.get(what, 0) + n


def options_of(message: dict[str, Any]) -> list[dict[str, Any]]:
    """A prompt's option buttons and menus (not its Full board button)."""
    return [c for row in message.get("components") or [] for c in row.get("components", [])
            if c.get("custom_id", "").startswith(("ds:b:", "ds:s:"))]


def version_of(message: dict[str, Any]) -> int:
    return int(options_of(message)[0]["custom_id"].split(":")[3])


def custom_ids(message: dict[str, Any]) -> list[str]:
    return [c.get("custom_id", "") for row in message.get("components") or [] for c in row.get("components", [])]


class World:
    """The fake Discord, the bot processes, the servers and everything the people sent."""

    def __init__(self, fake: FakeDiscord, fleet: Fleet, servers: list[Server], rng: random.Random) -> None:
        self.fake = fake
        self.fleet = fleet
        self.servers = servers
        self.rng = rng
        #: the newest game of a channel, and a game's status, as the store has them (soak_watch.Watch sets them)
        self.game_of_channel: Callable[[int], int | None] = lambda _channel: None
        self.status_of: Callable[[int], str | None] = lambda _game: None
        self.sent: list[Sent] = []
        self.began = time.perf_counter()
        self.tally = Tally()
        self.stopping = asyncio.Event()
        self.guild_of: dict[int, int] = {s.channel_id: s.guild_id for s in servers}
        self.idle_lobbies: list[tuple[int, int, float]] = []  # (game, thread, when opened) nobody starts
        self.admin_answers: list[tuple[int, str, int]] = []  # (server, the answer, live games in the store then)
        self.count_live: Callable[[int], int] | None = None  # a server's live games, as the store has them

    # -- sending ---------------------------------------------------------------------------

    def send(self, kind: str, user: FakeUser, channel: int, dispatch: Callable[[], str],
             move: tuple[int, int | None, str] | None = None) -> Sent | None:
        """Dispatch one interaction; None when Discord could not deliver it (no process runs its
        server's shard: the player's client says the application did not respond)."""
        member = self.fleet.serving(self.guild_of[channel])
        try:
            iid = dispatch()
        except RuntimeError:  # the fake has no gateway session for it: the bot is down
            self.tally.add("sent while the bot was down")
            return None
        except (ValueError, LookupError):  # the message clicked is gone (deleted meanwhile): nothing sent
            return None
        sent = Sent(iid, kind, user.id, channel, time.perf_counter(), member.index, member.up, move)
        self.sent.append(sent)
        return sent

    async def response(self, sent: Sent | None, timeout: float = WAIT) -> dict[str, Any] | None:
        if sent is None:
            return None
        try:
            return await self.fake.response(sent.iid, timeout=timeout)
        except TimeoutError:
            return None

    async def command(self, user: FakeUser, sub: str, options: dict[str, Any] | None, channel: int, *,
                      permissions: int = 0, move: tuple[int, int | None, str] | None = None) -> str | None:
        """``/ds <sub>``: the text of its answer (the first followup of a deferred one), None without one."""
        sent = self.send(sub if move is None else "play", user, channel, lambda: self.fake.slash(
            "ds", sub, options or {}, user=user, channel_id=channel, permissions=permissions), move)
        answer = await self.response(sent)
        if answer is None or sent is None:
            return None
        if answer["type"] == 5:
            try:
                answer = (await self.fake.wait_followups(sent.iid, 1, timeout=WAIT * 2))[0]
            except TimeoutError:
                return None
            return answer.get("content") or ""
        return (answer.get("data") or {}).get("content") or ""

    async def choices(self, user: FakeUser, sub: str, focused: str, channel: int, *,
                      options: dict[str, Any] | None = None, permissions: int = 0) -> list[dict[str, Any]] | None:
        """What an autocomplete offers (None without an answer)."""
        sent = self.send("autocomplete", user, channel, lambda: self.fake.autocomplete(
            "ds", sub, options or {}, focused, user=user, channel_id=channel, permissions=permissions))
        answer = await self.response(sent)
        if answer is None or answer.get("type") != 8:
            return None
        return (answer.get("data") or {}).get("choices") or []

    async def click(self, user: FakeUser, message: dict[str, Any], custom_id: str, *,
                    value: str | None = None, move: tuple[int, int | None, str] | None = None) -> Sent | None:
        kind = "click" if value is None else "select"
        if value is None:
            sent = self.send(kind, user, int(message["channel_id"]), lambda: self.fake.click(
                custom_id, user=user, message_id=int(message["id"])), move)
        else:
            sent = self.send(kind, user, int(message["channel_id"]), lambda: self.fake.select(
                custom_id, [value], user=user, message_id=int(message["id"])), move)
        await self.response(sent)
        return sent

    async def followup(self, sent: Sent | None, timeout: float = WAIT) -> str | None:
        if sent is None:
            return None
        try:
            return (await self.fake.wait_followups(sent.iid, 1, timeout=timeout))[0].get("content") or ""
        except TimeoutError:
            return None

    async def pause(self, seconds: float) -> bool:
        """Sleep; True when the soak is over meanwhile."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.stopping.wait(), seconds)
        return self.stopping.is_set()

    # -- what a channel shows --------------------------------------------------------------

    def messages(self, channel: int) -> list[dict[str, Any]]:
        """The channel's messages as they are now, oldest first (deleted ones left out)."""
        now = (self.fake.message_or_none(p["_message_id"]) for p in self.fake.channel_messages(channel))
        return [m for m in now if m is not None]

    def live_prompt(self, channel: int) -> dict[str, Any] | None:
        for posted in reversed(self.fake.channel_messages(channel)):
            message = self.fake.message_or_none(posted["_message_id"])
            if message is not None and options_of(message):
                return message
        return None

    def find(self, channel: int, prefix: str) -> tuple[dict[str, Any], str] | None:
        """The newest message of the channel with a component whose custom id starts with ``prefix``."""
        for message in reversed(self.messages(channel)):
            for custom_id in custom_ids(message):
                if custom_id.startswith(prefix):
                    return message, custom_id
        return None


def pick(options: list[tuple[str, str]], rng: random.Random) -> tuple[str, str]:
    """(custom id, value): decline less often than the rest, as people do (bench/channel.py)."""
    active = [o for o in options if o[1] not in DECLINE]
    if active and (len(active) == len(options) or rng.random() >= 0.1):
        return rng.choice(active)
    return rng.choice(options)


class Table:
    """Games one after another at one table of a server."""

    def __init__(self, world: World, server: Server, index: int, rng: random.Random) -> None:
        self.world = world
        self.server = server
        self.index = index
        self.rng = rng
        self.actor_of: dict[int, int] = {}  # prompt message id -> the user it pinged

    @property
    def fake(self) -> FakeDiscord:
        return self.world.fake

    async def run(self, first: float = 0.0) -> None:
        """Games one after another; the first opened ``first`` seconds in (the tables of a server
        open over a while, as people come)."""
        world, game = self.world, None
        if await world.pause(first):
            return
        while not world.stopping.is_set():
            try:
                if game is None:
                    game = await self.open()
                    if game is None:
                        await world.pause(3)
                        continue
                ended = await self.play(game)
                game = await self.rematch(game) if ended == "finished" else None
            except Exception as e:  # noqa: BLE001 - one table's trouble is noted, the others play on
                world.tally.add(f"table trouble: {type(e).__name__}: {str(e)[:80]}")
                game = None
                await world.pause(3)

    # -- opening ----------------------------------------------------------------------------

    async def open(self) -> Seated | None:
        world, rng = self.world, self.rng
        host, *others = rng.sample(self.server.people, 4)
        players = rng.choice((2, 2, 2, 2, 3, 4))
        plan = rng.choice(("resign", "resign", "resign", "abandon", "admin", "ai", "ai", "long"))
        thread = await self.new_lobby(host, players)
        if thread is None:
            return None
        game_id = world.game_of_channel(thread)
        if game_id is None:
            return None
        world.tally.add("games opened")
        settings: dict[str, Any] = {}
        if plan == "ai":
            settings["on_resign"] = "play_on"
        if rng.random() < 0.3:
            settings |= {"reminder": rng.choice(("6h", "12h")), "deadline": rng.choice(("18h", "36h")),
                         "at_deadline": rng.choice(("ai", "ai", "wait"))}
        if rng.random() < 0.2:
            settings["board"] = rng.choice(("turn", "request"))
        if settings:
            await world.command(host.user, "settings", settings, thread)
        ai = 1 if plan == "ai" else (rng.choice((0, 0, 1)) if players > 2 else 0)
        people = [host, *others[:players - 1 - ai]]
        for person in people[1:]:
            await self.take_seat(person, game_id, thread)
        for _ in range(ai):
            await world.command(host.user, "addbot", {"level": rng.choice(AI_LEVELS)}, thread)
        return await self.start(Seated(game_id, thread, host, people, plan, self.ending(plan)))

    def ending(self, plan: str) -> int:
        return {"ai": self.rng.randint(3, 12), "long": 10**9}.get(plan, self.rng.randint(30, 160))

    async def new_lobby(self, host: Person, players: int) -> int | None:
        """``/ds new`` in the server's channel: the game's thread (opened from its lobby card)."""
        world = self.world
        channel = self.server.channel_id
        sent = world.send("new", host.user, channel, lambda: self.fake.slash(
            "ds", "new", {"players": players}, user=host.user, channel_id=channel))
        if await world.response(sent) is None or sent is None:
            return None
        for _ in range(100):
            card = self.fake.original_message(sent.iid)
            if card is not None and int(card["id"]) in self.fake.threads_created:
                thread = int(card["id"])
                self.world.guild_of[thread] = self.server.guild_id
                for _ in range(50):  # the lobby is stored right after its thread opened
                    if world.game_of_channel(thread) is not None:
                        return thread
                    await asyncio.sleep(0.1)
                return None
            await asyncio.sleep(0.1)
        return None

    async def take_seat(self, person: Person, game_id: int, thread: int) -> None:
        world = self.world
        if self.rng.random() < 0.5:
            found = world.find(self.server.channel_id, f"ds:join:{game_id}")
            if found is not None:
                await world.click(person.user, found[0], found[1])
                return
        options: dict[str, Any] = {}
        if self.rng.random() < 0.4:  # an animal of their choice, from the autocomplete
            free = await world.choices(person.user, "join", "animal", thread)
            if free:
                options["animal"] = self.rng.choice(free)["value"]
        await world.command(person.user, "join", options, thread)

    async def start(self, game: Seated) -> Seated | None:
        for _ in range(3):
            await self.world.command(game.host.user, "start", None, game.thread)
            for _ in range(40):
                status = self.world.status_of(game.id)
                if status == "active":
                    self.world.tally.add("games started")
                    return game
                if status != "lobby":
                    return None
                await asyncio.sleep(0.25)
        return None  # left as it is: its lobby expires in a few of the game's days

    # -- playing ----------------------------------------------------------------------------

    async def play(self, game: Seated) -> str:
        """Until the game is over (its status: finished or abandoned) or the soak ends."""
        world, rng = self.world, self.rng
        seen, moved_at = -1, time.perf_counter()
        while not world.stopping.is_set():
            status = world.status_of(game.id)
            if status in ("finished", "abandoned"):
                world.tally.add(f"games {status}")
                return status
            if game.decisions >= game.end_after and await self.end(game):
                for _ in range(12):  # the store says it is over soon after the answer
                    if world.status_of(game.id) in ("finished", "abandoned") or await world.pause(0.25):
                        break
                continue
            prompt = world.live_prompt(game.thread)
            if prompt is None:
                await world.pause(0.5)
                continue
            version = version_of(prompt)
            if version != seen:
                seen, moved_at = version, time.perf_counter()
            actor = self.actor(game, prompt)
            if actor is None and time.perf_counter() - moved_at > 8:  # nobody was pinged: who has options?
                actor = await self.probe(game)
                world.tally.add("probes: found someone" if actor else "probes: found nobody")
                moved_at = time.perf_counter()
            if actor is None or actor.user.id in game.resigned:
                await world.pause(0.4)
                continue
            now = time.perf_counter()
            if actor.away_until > now:
                await world.pause(min(2.0, actor.away_until - now))
                continue
            if rng.random() < actor.idle:  # away for some hours of the game: reminders, a deadline
                actor.away_until = now + rng.uniform(15, 60)
                world.tally.add("people away for a while")
                continue
            if await world.pause(rng.expovariate(1 / actor.think)):
                break
            if await self.answer(game, actor):
                game.decisions += 1
                await self.moved_on(game, version)
        return "stopping"

    def actor(self, game: Seated, prompt: dict[str, Any]) -> Person | None:
        """Who the prompt asks: the person its message pinged when it was posted (an edit keeps it)."""
        message_id = int(prompt["id"])
        if message_id not in self.actor_of:
            posted = next((p for p in reversed(self.fake.channel_messages(game.thread))
                           if p["_message_id"] == message_id), None)
            mention = MENTION.search((posted or prompt).get("content") or "")
            if mention is None:
                return None
            self.actor_of[message_id] = int(mention[1])
        return next((p for p in game.people if p.user.id == self.actor_of[message_id]), None)

    async def probe(self, game: Seated) -> Person | None:
        """Each player's ``/ds play`` autocomplete: whoever is offered options is to act."""
        for person in game.people:
            if person.user.id not in game.resigned and await self.world.choices(person.user, "play", "option",
                                                                                 game.thread):
                return person
        return None

    async def answer(self, game: Seated, person: Person) -> bool:
        """Answer the live prompt: click one of its options, or (now and then) /ds play what the
        autocomplete offers.  True when something was sent."""
        world, rng = self.world, self.rng
        prompt = world.live_prompt(game.thread)
        if prompt is None:
            return False
        version = version_of(prompt)
        if rng.random() < 0.25:
            offered = await world.choices(person.user, "play", "option", game.thread)
            if not offered:
                return False
            value = rng.choice(offered)["value"]
            at, _, option = value.partition("|")
            move = (game.id, int(at), option) if option else (game.id, None, value)
            await world.command(person.user, "play", {"option": value}, game.thread, move=move)
            return True
        choices: list[tuple[str, str]] = []
        for component in options_of(prompt):
            if component["type"] == 2:
                choices.append((component["custom_id"], component["custom_id"].split(":", 4)[4]))
            else:
                choices += [(component["custom_id"], o["value"]) for o in component["options"]]
        custom_id, value = pick(choices, rng)
        select = custom_id.startswith("ds:s:")
        sent = await world.click(person.user, prompt, custom_id, value=value if select else None,
                                 move=(game.id, version, value))
        return sent is not None

    async def moved_on(self, game: Seated, version: int, timeout: float = 8.0) -> None:
        """Wait (a little) for the channel to show the move, as a person waits before clicking again."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline and not self.world.stopping.is_set():
            prompt = self.world.live_prompt(game.thread)
            if prompt is None or version_of(prompt) > version:
                return
            await asyncio.sleep(0.1)
        self.world.tally.add("a move not shown within 8 s")

    async def end(self, game: Seated) -> bool:
        """End the game as planned (True when something was sent)."""
        world = self.world
        if game.plan == "abandon":
            return await world.command(game.host.user, "abandon", None, game.thread) is not None
        if game.plan == "admin":
            manager = self.server.manager
            listed = await world.choices(manager, "admin abandon", "game", self.server.channel_id,
                                         permissions=MANAGE_GUILD)
            if listed and not any(int(c["value"]) == game.id for c in listed):
                world.tally.add("admin abandon: the game was not offered")
            said = await world.command(manager, "admin abandon", {"game": game.id}, self.server.channel_id,
                                       permissions=MANAGE_GUILD)
            if said is not None and not said.startswith(f"Game #{game.id} is abandoned"):
                world.tally.add(f"admin abandon answered {said[:60]!r}")
            return said is not None
        people = [p for p in game.people if p.user.id not in game.resigned]
        if not people:
            game.end_after = 10**9  # the AI plays every seat now: to the end
            return False
        quitter = self.rng.choice(people)
        said = await world.command(quitter.user, "resign", None, game.thread)
        if said is not None:
            game.resigned.add(quitter.user.id)
            world.tally.add("resignations")
            game.end_after = game.decisions + (self.rng.randint(20, 80) if game.plan != "ai" else 0)
        return said is not None

    # -- a rematch ---------------------------------------------------------------------------

    async def rematch(self, game: Seated) -> Seated | None:
        """A former player clicks Rematch on the end post (sometimes two at once); the others take
        their seats with the invitation's Join button; the new host starts."""
        world, rng = self.world, self.rng
        found = None
        for _ in range(40):
            found = world.find(game.thread, f"ds:rematch:{game.id}")
            if found is not None:
                break
            if await world.pause(0.5):
                return None
        if found is None or rng.random() < 0.15:  # the end post never came (counted by the watch), or no rematch
            return None
        end, custom_id = found
        clickers = rng.sample(game.people, min(len(game.people), 2 if rng.random() < 0.25 else 1))
        sents = [world.send("rematch", p.user, game.thread, lambda p=p: self.fake.click(
            custom_id, user=p.user, message_id=int(end["id"]))) for p in clickers]
        said = [await world.followup(s, timeout=20) for s in sents]
        opened = [(p, t) for p, t in zip(clickers, said, strict=True) if t and "The rematch is open" in t]
        if len(opened) != 1:
            world.tally.add("rematch clicks that opened nothing" if not opened else "rematches opened twice")
            return None
        host, text = opened[0]
        numbers, links = GAME_NUMBER.findall(text), CHANNEL_LINK.findall(text)
        if not numbers or not links:
            return None
        new_id, thread = int(numbers[-1]), int(links[-1])
        world.guild_of[thread] = self.server.guild_id
        world.tally.add("rematches opened")
        for person in game.people:
            if person is host:
                continue
            invite = world.find(thread, f"ds:join:{new_id}")
            if invite is None:
                await self.world.command(person.user, "join", None, thread)
            else:
                await world.click(person.user, invite[0], invite[1])
        plan = rng.choice(("resign", "resign", "ai", "abandon"))
        return await self.start(Seated(new_id, thread, host, [host, *(p for p in game.people if p is not host)],
                                       plan if game.plan != "ai" else "ai", self.ending(plan)))


# -- beside the tables ---------------------------------------------------------------------


async def lobbies_nobody_starts(world: World, server: Server, rng: random.Random, every: float) -> None:
    """Now and then someone opens a lobby and nobody ever starts it: it closes itself after
    ``[housekeeping] lobby_days`` of the game's clock, saying so."""
    while not await world.pause(every * rng.uniform(0.5, 1.5)):
        host = rng.choice(server.people)
        table = Table(world, server, -1, rng)
        thread = await table.new_lobby(host, 4)
        game = None if thread is None else world.game_of_channel(thread)
        if thread is not None and game is not None:
            world.idle_lobbies.append((game, thread, time.perf_counter()))


async def followers(world: World, server: Server, rng: random.Random, every: float) -> None:
    """The server's followers follow a game now and then (and stop following one, sometimes)."""
    following: list[tuple[FakeUser, int]] = []
    while not await world.pause(every * rng.uniform(0.5, 1.5)):
        if following and rng.random() < 0.15:
            user, thread = following.pop(rng.randrange(len(following)))
            await world.command(user, "follow", {"state": "off"}, thread)
            continue
        threads = [t for t, g in world.guild_of.items() if g == server.guild_id and t != server.channel_id
                   and world.status_of(world.game_of_channel(t) or 0) == "active"]
        if not threads:
            continue
        user, thread = rng.choice(server.followers), rng.choice(threads)
        said = await world.command(user, "follow", None, thread)
        if said and said.startswith("You follow game"):
            following.append((user, thread))
            world.tally.add("follows")


async def manager(world: World, server: Server, rng: random.Random, every: float) -> None:
    """The server's manager: the server's defaults once, then ``/ds admin games`` now and then."""
    who = server.manager
    if server.index % 2 == 1:
        offered = await world.choices(who, "admin defaults", "at_deadline", server.channel_id,
                                      permissions=MANAGE_GUILD)
        value = offered[0]["value"] if offered else "ai"
        await world.command(who, "admin defaults", {"reminder": "24h", "deadline": "72h", "at_deadline": value},
                            server.channel_id, permissions=MANAGE_GUILD)
    while not await world.pause(every * rng.uniform(0.5, 1.5)):
        live = world.count_live(server.guild_id) if world.count_live is not None else -1
        said = await world.command(who, "admin games", None, server.channel_id, permissions=MANAGE_GUILD)
        if said is not None:
            world.admin_answers.append((server.index, said, live))


async def lookers(world: World, server: Server, rng: random.Random, every: float) -> None:
    """People looking: /ds status, /ds board, /ds mygames, /ds log in a game of the server."""
    while not await world.pause(every * rng.uniform(0.5, 1.5)):
        person = rng.choice(server.people)
        threads = [t for t, g in world.guild_of.items() if g == server.guild_id and t != server.channel_id]
        look = rng.choice(("status", "board", "mygames", "log", "status"))
        if look == "mygames" or not threads:
            await world.command(person.user, "mygames", None, server.channel_id)
        else:
            await world.command(person.user, look, None, rng.choice(threads))


async def direct_messages_wanted(world: World, server: Server) -> None:
    """Those who asked for a direct message on their turn say so once (``/ds mygames direct:on``)."""
    for person in server.people:
        if person.direct:
            await world.command(person.user, "mygames", {"direct": "on"}, server.channel_id)


#: Discord failing now and then: (method, path pattern, status).  Never an interaction's callback:
#: a fault there is Discord's failure to deliver an acknowledgement, not the bot's.
FAULTS = (
    ("POST", r"/channels/\d+/messages", 429),
    ("PATCH", r"/channels/\d+/messages/\d+", 429),
    ("DELETE", r"/channels/\d+/messages/\d+", 429),
    ("POST", r"/channels/\d+/messages", 500),
    ("POST", r"/channels/\d+/messages", 503),
    ("PATCH", r"/channels/\d+/messages/\d+", 502),
    ("PATCH", r"/channels/\d+/messages/\d+", 503),
    ("POST", r"/users/@me/channels", 429),
    ("POST", r"/channels/\d+/messages/\d+/threads", 429),
    ("PATCH", r"/webhooks/\d+/[^/]+/messages/@original", 429),
    ("POST", r"/webhooks/\d+/[^/]+", 429),
)


async def discord_failing(world: World, rng: random.Random, per_minute: float) -> None:
    """A 429 (with Retry-After, as Discord sends it) or a 5xx on one of the next requests of a kind."""
    if per_minute <= 0:
        return
    while not await world.pause(rng.expovariate(per_minute / 60)):
        method, pattern, status = rng.choice(FAULTS)
        world.fake.fail(method, pattern, status, times=1, retry_after=rng.uniform(0.2, 2.5) if status == 429 else None)
        world.tally.add(f"faults injected: {status}")
