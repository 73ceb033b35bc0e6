"""Answers before your turn and standing row preferences through the fake Discord and the real bot
process (issue 38's "Done when"), one bot for two games set up on the SQLite file beforehand:

* the moves onto a new Wanderlust tile: the post that begins the step mentions at once everyone
  it will ask; a player asked twice answers both by ``/ds ahead orders answers:`` (picked from its
  autocomplete, chained), another through the private "Answer ahead" menus; nobody else sees any
  of it; when their turn comes their moves go in marked (early), in the step's order, and nobody
  is pinged for them;
* Planning with row preferences ("any domination, any wanderlust, then the best open space"):
  the player's placements go in from them without a ping, marked (planned), the plan keeps for
  the next turn, and the first post of Execution mentions at once everyone with an AP to act."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot_process import (
    BotProcess,
    eventually,
    is_ephemeral,
    latest_prompt,
    my_options,
    prompt_components,
    slash,
    text_of,
)
from fake_discord import FakeDiscord, FakeUser

import words
from bot.game.service import GameService
from bot.store.connect import open_store
from engine.ai.core import clone
from engine.early import Foreseen, foreseen, independent_now
from engine.flow import apply, prompt
from engine.rehearsal import aps_to_resolve
from engine.simulate import pick

PEOPLE = (FakeUser(9841, "ann"), FakeUser(9842, "bob"), FakeUser(9843, "cat"))
State = dict[str, Any]
ROWS = "any domination, any wanderlust, then the best open space"


@dataclass
class Position:
    """A game set up by the service, one choice before what the test is about."""

    channel: int
    game: int
    choice: str  # the choice that brings it (not made yet)
    actor: FakeUser  # who makes it
    by_seat: dict[int, FakeUser]
    after: State  # the state once it is made


def query(db: Path, sql: str, *args) -> list[tuple]:
    conn = sqlite3.connect(db, timeout=10)
    try:
        return list(conn.execute(sql, args))
    finally:
        conn.close()


def moves(db: Path, game: int) -> list[tuple[int, str, str]]:
    """(seat, option, made by) of a game's standing moves, in order."""
    return query(db, "SELECT seat, option_id, made_by FROM moves WHERE game_id = ? AND undone = 0 ORDER BY version",
                 game)


async def state_of(db: Path, channel: int) -> State:
    store = await open_store(str(db))
    try:
        game = await store.latest_game(str(channel))
        assert game is not None and game.state is not None
        return game.state
    finally:
        await store.close()


def pinged(message: dict) -> set[int]:
    return {int(u) for u in (message.get("allowed_mentions") or {}).get("users") or []}


def selects(body: dict) -> list[dict]:
    return [c for row in body.get("components") or [] for c in row["components"] if c["type"] == 3]


def told(fake: FakeDiscord) -> str:
    """Every text the bot posted or edited into a channel (not the private answers)."""
    return "\n".join((c.json or {}).get("content") or "" for c in fake.calls
                     if c.method in ("POST", "PATCH") and c.path.startswith("/channels/") and "/messages" in c.path)


async def set_up(service: GameService, fake: FakeDiscord, begins: Callable[[State], bool], *,
                 hints: bool = False) -> Position:
    """A 3-player game played at random by the service up to the choice that makes
    ``begins(state)`` hold, each in a channel of its own (a seed that never comes to it leaves its
    game there)."""
    for seed in range(8):
        channel = fake.add_channel(f"{begins.__name__}-{seed}")
        where = str(channel)
        await service.lobby.create_lobby(where, str(PEOPLE[0].id), PEOPLE[0].name, 3, guild_id=str(fake.guild_id),
                                         hints=hints)
        for person in PEOPLE[1:]:
            await service.lobby.join(where, str(person.id), person.name)
        await service.lobby.start(where, str(PEOPLE[0].id))
        game = await service.store.live_game(where)
        assert game is not None
        by_seat = {s.seat: next(p for p in PEOPLE if str(p.id) == s.user_id) for s in game.seats}
        chooser = random.Random(seed)
        for _ in range(400):
            status = await service.reads.status(where)
            if status.to_act is None:
                break
            choice = pick(status.choices, chooser).id
            state = (await service.store.live_game(where)).state
            asked = prompt(state)
            after = clone(state)
            apply(after, asked.seat, choice, asked=asked)
            if begins(after):
                return Position(channel, game.id, choice, by_seat[asked.seat], by_seat, after)
            await service.play.act(where, status.to_act, choice, status.version)
    raise AssertionError("no seed came to the position")


def wanderlust_asks_three(state: State) -> bool:
    """The moves onto a new Wanderlust tile begin, asking a seat other than the first twice and a
    third seat too."""
    if not independent_now(state) or state["steps"][-1]["name"] != "wanderlust_move":
        return False
    seats = [f.seat for f in foreseen(state)]
    later = seats[1:]
    return len(set(seats)) == 3 and any(later.count(s) >= 2 and s != seats[0] for s in later)


def turn_two_planning(state: State) -> bool:
    return state["phase"] == "planning" and state["turn"] >= 2


async def settle(db: Path, game: int) -> None:
    """Wait until the bot stops applying moves (answers ahead go in after the move that calls them)."""
    count = -1
    while count != (count := len(moves(db, game))):
        await asyncio.sleep(0.4)


async def act(fake: FakeDiscord, db: Path, position: Position, user: FakeUser, option: str) -> None:
    before = len(moves(db, position.game))
    said = await slash(fake, "play", user, {"option": option}, channel_id=position.channel)
    assert "not" not in text_of(said).lower()[:40], text_of(said)
    await eventually(lambda: len(moves(db, position.game)) > before)
    await settle(db, position.game)


async def answered_by_command(fake: FakeDiscord, position: Position, user: FakeUser, count: int) -> list[str]:
    """``/ds ahead orders answers:`` as a person types it: each answer picked from the autocomplete
    (its last offer), chained after the ones picked before."""
    typed = ""
    for _ in range(count):
        iid = fake.autocomplete("ds", "ahead orders", {"answers": typed}, "answers", user=user,
                                channel_id=position.channel)
        offered = [c["value"] for c in (await fake.response(iid))["data"]["choices"]]
        assert offered, typed
        typed = offered[-1] + ", "
    typed = typed.removesuffix(", ")
    kept = await slash(fake, "ahead orders", user, {"answers": typed}, channel_id=position.channel)
    assert is_ephemeral(kept) and "kept" in text_of(kept), text_of(kept)
    return [a.strip() for a in typed.split(",")]


async def answered_by_menu(fake: FakeDiscord, position: Position, user: FakeUser, count: int) -> None:
    """"Answer ahead" on the live prompt, then the menu of each prompt the step will ask them, one
    after another in the same private message: its last option each time."""
    live = latest_prompt(fake, position.channel)
    assert live is not None
    button = next(c["custom_id"] for c in prompt_components(live) if c["custom_id"].startswith("ds:ahead:"))
    iid = fake.click(button, user=user, message_id=int(live["id"]), channel_id=position.channel)
    menus = await fake.response(iid)
    assert menus["data"]["flags"] & 64, menus
    menu_id, body = int(fake.original_message(iid)["id"]), menus["data"]
    for _ in range(count):
        early = next(s for s in selects(body) if s["custom_id"].startswith("ds:ae:"))
        picked = fake.select(early["custom_id"], [early["options"][-1]["value"]], user=user, message_id=menu_id,
                             channel_id=position.channel)
        assert (await fake.response(picked))["type"] == 7
        body = fake.message(menu_id)
        assert "kept" in body["content"], body["content"]
    assert not [s for s in selects(body) if s["custom_id"].startswith("ds:ae:")]  # nothing more to answer


async def early_answers(fake: FakeDiscord, db: Path, position: Position) -> None:
    asks: tuple[Foreseen, ...] = foreseen(position.after)
    seats = [f.seat for f in asks]
    first = position.by_seat[seats[0]]
    twice = next(s for s in seats[1:] if seats.count(s) >= 2 and s != seats[0])
    third = next(s for s in seats if s not in (seats[0], twice))
    posts = len(fake.channel_messages(position.channel))

    # the Wanderlust tile goes down by hand: its post mentions everyone the step asks, at once
    await act(fake, db, position, position.actor, position.choice)
    await eventually(lambda: len(fake.channel_messages(position.channel)) > posts)
    opening = fake.channel_messages(position.channel)[posts]
    assert pinged(opening) == {position.by_seat[s].id for s in set(seats)}, opening
    assert "Also asked now" in opening["content"], opening["content"]

    # two of them answer before their turn, privately; nobody else sees it
    typed = await answered_by_command(fake, position, position.by_seat[twice], seats.count(twice))
    await answered_by_menu(fake, position, position.by_seat[third], seats.count(third))
    assert "kept" not in told(fake)
    theirs = text_of(await slash(fake, "ahead orders", first, channel_id=position.channel))
    assert not any(answer in theirs for answer in typed), theirs

    # the first answers by hand; the others' moves go in, in the step's order, marked, unpinged
    before = len(moves(db, position.game))
    quiet_from = len(fake.channel_messages(position.channel))
    for _ in range(seats.count(seats[0])):
        (option, *_) = await my_options(fake, first, position.channel)
        await act(fake, db, position, first, option["value"].split("|")[-1])
    made = moves(db, position.game)[before:before + len(seats)]
    assert [seat for seat, _, _ in made] == seats, made
    assert [by for _, _, by in made] == ["player"] * seats.count(seats[0]) + ["early"] * (len(seats) - seats.count(
        seats[0])), made
    assert [option for seat, option, _ in made if seat == twice] == typed
    questions = {words.prompt_text({"text": f.text}, "en") for f in asks if f.seat != seats[0]}
    for message in fake.channel_messages(position.channel)[quiet_from:]:
        if pinged(message) & {position.by_seat[twice].id, position.by_seat[third].id}:
            assert not any(q in message.get("content", "") for q in questions), message
    await eventually(lambda: "(early)" in told(fake))


async def row_preferences(fake: FakeDiscord, db: Path, position: Position) -> None:
    planner = next(p for p in position.by_seat.values() if p is not position.actor)
    seat = next(s for s, p in position.by_seat.items() if p is planner)
    kept = await slash(fake, "ahead plan", planner, {"spaces": ROWS}, channel_id=position.channel)
    assert is_ephemeral(kept) and "Domination" in text_of(kept), text_of(kept)
    assert "best open space" not in told(fake)  # nobody else sees it

    # Planning of turn 2 begins (its first placement too is served) and is played by the others
    before = len(moves(db, position.game))
    quiet_from = len(fake.channel_messages(position.channel))
    await act(fake, db, position, position.actor, position.choice)
    for _ in range(40):
        if (await state_of(db, position.channel))["phase"] != "planning":
            break
        asked = [p for p in position.by_seat.values() if await my_options(fake, p, position.channel)]
        assert asked and planner not in asked, "the plan places every one of their APs"
        (option, *_) = await my_options(fake, asked[0], position.channel)
        await act(fake, db, position, asked[0], option["value"].split("|")[-1])
    state = await state_of(db, position.channel)
    assert state["phase"] == "execution"
    made = moves(db, position.game)[before + 1:]
    placed = [(option, by) for s, option, by in made if s == seat and state["turn"] == 2]
    assert placed and {by for _, by in placed} == {"planned"}, made
    assert placed[0][0].startswith(("domination", "wanderlust")), placed  # the rows first, when open
    planning_posts = fake.channel_messages(position.channel)[quiet_from:-1]
    assert planning_posts and not any(planner.id in pinged(m) for m in planning_posts)  # never asked to place
    await eventually(lambda: "(planned)" in told(fake))

    # Execution begins: its first post mentions at once every person with an AP to act
    acting = {p.id for s, p in position.by_seat.items()
              if any(aps_to_resolve(state, a) for a, data in state["animals"].items() if data["seat"] == s)}
    assert len(acting) >= 2
    assert pinged(fake.channel_messages(position.channel)[-1]) == acting

    # the plan keeps for the next turn
    shown = text_of(await slash(fake, "ahead plan", planner, channel_id=position.channel))
    assert "Domination" in shown and "best open space" in shown, shown


async def test_early_answers_and_row_preferences_go_in_unpinged_marked_in_order(fake: FakeDiscord, tmp_path):
    db = tmp_path / "games.sqlite3"
    store = await open_store(str(db))
    try:
        service = GameService(store, renderer=None)
        wander = await set_up(service, fake, wanderlust_asks_three)
        planning = await set_up(service, fake, turn_two_planning, hints=True)
    finally:
        await store.close()
    bot = BotProcess(fake, db)
    await bot.start()
    try:
        # the bot first posts what the service left unposted: wait for it, so what follows is ours
        caught_up = "SELECT COUNT(*) FROM games WHERE id IN (?, ?) AND announced_version = version"
        await eventually(lambda: query(db, caught_up, wander.game, planning.game) == [(2,)], timeout=60)
        await asyncio.sleep(0.5)
        await early_answers(fake, db, wander)
        await row_preferences(fake, db, planning)
    finally:
        assert await bot.stop() == 0
