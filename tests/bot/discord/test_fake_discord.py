"""The fake Discord works with the real discord.py client: login, command sync, interactions, files, faults.

The client here is a minimal ``discord.Client`` with a ``/demo`` group defined in this file, not the project's bot.
"""

from __future__ import annotations

import asyncio
import io
import time
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
import yarl
from discord import app_commands
from fake_discord import FakeDiscord, FakeUser
from PIL import Image

ALICE = FakeUser(100000000000000001, "alice", "Alice")
WORDS = ["apple", "apricot", "banana", "cherry"]
MANAGE_GUILD = 1 << 5


def png_bytes() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (3, 2), "red").save(buffer, format="PNG")
    return buffer.getvalue()


class PingView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Ping", custom_id="demo:ping")
    async def ping(self, interaction: discord.Interaction, _button: discord.ui.Button) -> None:
        await interaction.response.edit_message(content="pong", view=None)


class PickView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(custom_id="demo:pick", options=[discord.SelectOption(label=w, value=w) for w in WORDS])
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(f"picked {','.join(select.values)}", ephemeral=True)


class RollButton(discord.ui.DynamicItem[discord.ui.Button], template=r"demo:roll:(?P<sides>\d+)"):
    def __init__(self, sides: int) -> None:
        super().__init__(discord.ui.Button(label="Roll", custom_id=f"demo:roll:{sides}"))
        self.sides = sides

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: Any) -> RollButton:
        return cls(int(match["sides"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        assert isinstance(interaction.client, DemoClient)
        interaction.client.rolled.append(self.sides)


class Demo(app_commands.Group):
    def __init__(self) -> None:
        super().__init__(name="demo", description="Demo commands")

    @app_commands.command(description="Repeat a word")
    @app_commands.describe(text="A word", times="How many times")
    async def echo(self, interaction: discord.Interaction, text: str, times: int = 1) -> None:
        await interaction.response.send_message(" ".join([text] * times))

    @echo.autocomplete("text")
    async def echo_text(self, _interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=w.title(), value=w) for w in WORDS if w.startswith(current)]

    @app_commands.command(description="A button")
    async def ping(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Press it", view=PingView())

    @app_commands.command(description="A select")
    async def pick(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Pick one", view=PickView())

    @app_commands.command(description="Deferred, then a file")
    async def slow(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("board", file=discord.File(io.BytesIO(png_bytes()), "board.png"))

    @app_commands.command(description="Deferred privately, then answered")
    async def secret(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send("only you", ephemeral=False)

    @app_commands.command(description="Where and who")
    async def where(self, interaction: discord.Interaction) -> None:
        channel = interaction.channel
        text = (f"{type(channel).__name__}:{getattr(channel, 'id', None)}:{interaction.permissions.manage_guild}:"
                f"{interaction.app_permissions.attach_files}:{interaction.user.display_name}")
        await interaction.response.send_message(text, ephemeral=True)


class DemoClient(discord.Client):
    def __init__(self, guild_id: int) -> None:
        super().__init__(intents=discord.Intents(guilds=True))
        self.guild = discord.Object(guild_id)
        self.tree = app_commands.CommandTree(self)
        self.tree.add_command(Demo(), guild=self.guild)
        self.rolled: list[int] = []

    async def setup_hook(self) -> None:
        self.add_dynamic_items(RollButton)
        await self.tree.sync(guild=self.guild)


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as server:
        yield server


@pytest.fixture
async def client(fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[DemoClient]:
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.gateway))
    bot = DemoClient(fake.guild_id)
    runner = asyncio.create_task(bot.start("fake-token"))
    ready = asyncio.create_task(fake.wait_ready())
    await asyncio.wait({runner, ready}, return_when=asyncio.FIRST_COMPLETED)
    if runner.done():  # start() failed: surface its error instead of a timeout
        ready.cancel()
        runner.result()
    await ready
    yield bot
    await bot.close()
    await runner


def calls_to(fake: FakeDiscord, method: str, path_start: str) -> list[Any]:
    return [c for c in fake.calls if c.method == method and c.path.startswith(path_start)]


async def test_the_client_logs_in_and_syncs_the_demo_group(fake: FakeDiscord, client: DemoClient) -> None:
    assert client.user is not None and client.user.id == fake.bot_user_id
    assert client.application_id == fake.application_id
    assert fake.identify_payload is not None and fake.identify_payload["intents"] == discord.Intents(guilds=True).value
    guild = client.get_guild(fake.guild_id)
    assert guild is not None and guild.get_channel(fake.channel_id) is not None
    assert guild.get_thread(fake.thread_id) is not None

    sync = calls_to(fake, "PUT", f"/applications/{fake.application_id}/guilds/{fake.guild_id}/commands")
    assert len(sync) == 1 and sync[0].status == 200
    (demo,) = fake.registered_commands()
    assert demo["name"] == "demo" and demo["guild_id"] == str(fake.guild_id) and demo["id"]
    echo = next(o for o in demo["options"] if o["name"] == "echo")
    options = {o["name"]: o for o in echo["options"]}
    assert options["text"]["type"] == 3 and options["text"]["autocomplete"] is True
    assert options["times"]["type"] == 4 and options["times"].get("required") is False


async def test_a_slash_command_gets_a_channel_message(fake: FakeDiscord, client: DemoClient) -> None:
    interaction_id = fake.slash("demo", "echo", {"text": "hi", "times": 3}, user=ALICE)
    response = await fake.response(interaction_id)
    assert response["type"] == 4
    assert response["data"]["content"] == "hi hi hi"  # "times" arrived as an integer
    assert fake.latency(interaction_id) is not None and fake.latency(interaction_id) > 0
    callback = calls_to(fake, "POST", f"/interactions/{interaction_id}/")
    assert callback[0].query.get("with_response") == "1" and callback[0].status == 200


async def test_the_interaction_carries_channel_member_and_permissions(fake: FakeDiscord, client: DemoClient) -> None:
    in_thread = fake.slash("demo", "where", user=ALICE, channel_id=fake.thread_id, permissions=MANAGE_GUILD)
    in_channel = fake.slash("demo", "where", user=ALICE)
    assert (await fake.response(in_thread))["data"]["content"] == f"Thread:{fake.thread_id}:True:True:Alice"
    answer = await fake.response(in_channel)
    assert answer["data"]["content"] == f"TextChannel:{fake.channel_id}:False:True:Alice"
    assert answer["data"]["flags"] == 64


async def test_an_autocomplete_gets_choices(fake: FakeDiscord, client: DemoClient) -> None:
    interaction_id = fake.autocomplete("demo", "echo", {"text": "ap"}, "text", user=ALICE)
    response = await fake.response(interaction_id)
    assert response == {"type": 8, "data": {"choices": [{"name": "Apple", "value": "apple"},
                                                        {"name": "Apricot", "value": "apricot"}]}}


async def test_a_button_click_updates_its_message(fake: FakeDiscord, client: DemoClient) -> None:
    command = fake.slash("demo", "ping", user=ALICE)
    posted = await fake.response(command)
    assert posted["data"]["components"][0]["components"][0]["custom_id"] == "demo:ping"

    click = fake.click("demo:ping", user=ALICE)
    response = await fake.response(click)
    assert response["type"] == 7 and response["data"]["content"] == "pong"
    original = fake.original_message(command)
    assert original is not None and original == fake.original_message(click)
    assert original["content"] == "pong" and original["components"] == []
    assert original["interaction_metadata"]["id"] == command


async def test_a_dynamic_button_is_deferred(fake: FakeDiscord, client: DemoClient) -> None:
    response = await fake.response(fake.click("demo:roll:6", user=ALICE))
    assert response == {"type": 6}
    assert client.rolled == [6]


async def test_a_string_select_reaches_its_view(fake: FakeDiscord, client: DemoClient) -> None:
    await fake.response(fake.slash("demo", "pick", user=ALICE))
    response = await fake.response(fake.select("demo:pick", ["banana"], user=ALICE))
    assert response["type"] == 4 and response["data"]["content"] == "picked banana"
    assert response["data"]["flags"] == 64


async def test_a_deferred_command_sends_a_followup_with_a_file(fake: FakeDiscord, client: DemoClient) -> None:
    interaction_id = fake.slash("demo", "slow", user=ALICE)
    assert (await fake.response(interaction_id))["type"] == 5
    (followup,) = await fake.wait_followups(interaction_id)
    assert followup["_op"] == "send" and followup["content"] == "board"
    assert followup["attachments"] == [{"id": 0, "filename": "board.png"}]
    assert followup["files"][0].data == png_bytes()
    # As on Discord, the first followup replaces the "thinking" message rather than posting a new one.
    original = fake.original_message(interaction_id)
    assert original is not None and int(original["id"]) == followup["_message_id"]
    assert original["flags"] == 0 and original["attachments"][0]["filename"] == "board.png"


async def test_the_first_followup_keeps_the_ephemeral_flag_of_the_defer(fake: FakeDiscord,
                                                                       client: DemoClient) -> None:
    interaction_id = fake.slash("demo", "secret", user=ALICE)
    assert await fake.response(interaction_id) == {"type": 5, "data": {"flags": 64}}
    (followup,) = await fake.wait_followups(interaction_id)
    assert followup["content"] == "only you"
    original = fake.original_message(interaction_id)
    assert original is not None and original["content"] == "only you" and original["flags"] == 64


async def test_a_channel_message_with_a_file_is_recorded(fake: FakeDiscord, client: DemoClient) -> None:
    channel = client.get_channel(fake.channel_id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("the board", file=discord.File(io.BytesIO(png_bytes()), "board.png"))
    (posted,) = fake.channel_messages()
    assert posted["content"] == "the board" and posted["_message_id"] == sent.id
    (upload,) = posted["files"]
    assert upload.filename == "board.png" and upload.data == png_bytes()
    attachment = sent.attachments[0]
    assert (attachment.filename, attachment.width, attachment.height) == ("board.png", 3, 2)
    assert attachment.content_type == "image/png" and await attachment.read() == png_bytes()
    edited = await sent.edit(content="edited")
    assert edited.content == "edited" and len(edited.attachments) == 1


async def test_a_429_is_retried_and_the_message_arrives(fake: FakeDiscord, client: DemoClient) -> None:
    fake.fail("POST", r"/channels/\d+/messages", 429, retry_after=0.2)
    channel = client.get_channel(fake.channel_id)
    assert isinstance(channel, discord.TextChannel)
    started = time.perf_counter()
    await channel.send("after the limit")
    assert time.perf_counter() - started >= 0.2
    attempts = calls_to(fake, "POST", f"/channels/{fake.channel_id}/messages")
    assert [(c.status, c.fault) for c in attempts] == [(429, True), (200, False)]
    assert [m["content"] for m in fake.channel_messages()] == ["after the limit"]


async def test_a_503_surfaces_as_an_http_exception(fake: FakeDiscord, client: DemoClient) -> None:
    fake.fail("POST", r"/channels/\d+/messages", 503)
    channel = client.get_channel(fake.channel_id)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.HTTPException) as raised:
        await channel.send("lost")
    assert raised.value.status == 503 and fake.channel_messages() == []


class _FastAsyncio:
    """discord.http's view of asyncio with its retry sleeps (1 + 2 * tries seconds after a 500) shortened."""

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    @staticmethod
    async def sleep(delay: float, result: Any = None) -> Any:
        return await asyncio.sleep(delay / 100, result)


async def test_a_persistent_500_surfaces_after_discord_py_retries(fake: FakeDiscord, client: DemoClient,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discord.http, "asyncio", _FastAsyncio())
    fake.fail("POST", r"/channels/\d+/messages", 500, times=5)
    channel = client.get_channel(fake.channel_id)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.HTTPException) as raised:
        await channel.send("lost")
    assert raised.value.status == 500
    assert len(calls_to(fake, "POST", f"/channels/{fake.channel_id}/messages")) == 5
    await channel.send("the server is back")
    assert [m["content"] for m in fake.channel_messages()] == ["the server is back"]


async def test_unknown_routes_answer_404_and_are_recorded(fake: FakeDiscord, client: DemoClient) -> None:
    with pytest.raises(discord.NotFound):
        await client.http.request(discord.http.Route("GET", "/guilds/{guild_id}/bans", guild_id=fake.guild_id))
    (call,) = [c for c in fake.calls if c.unknown]
    assert call.path == f"/guilds/{fake.guild_id}/bans" and call.status == 404


async def test_a_second_callback_is_refused_like_discord_does(fake: FakeDiscord, client: DemoClient) -> None:
    interaction_id = fake.slash("demo", "echo", {"text": "once"}, user=ALICE)
    await fake.response(interaction_id)
    token = fake.interaction_token(interaction_id)
    route = discord.http.Route("POST", "/interactions/{i}/{t}/callback", i=interaction_id, t=token)
    with pytest.raises(discord.HTTPException) as raised:
        await client.http.request(route, json={"type": 4, "data": {"content": "twice"}})
    assert raised.value.code == 40060
