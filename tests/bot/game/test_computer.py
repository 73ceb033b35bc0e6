"""Computer players in the service: AI seats the host adds, the AI holding a seat (left,
resigned, past a deadline), its moves on the same path as a player's, and its race with a
late click.  The clock is injected; the AI thinks in a thread, as in the playground."""

from __future__ import annotations

import asyncio

import pytest
from service_helpers import start_game

import engine
from bot.game import replies
from bot.game.computer import HOLD_LEVEL, AiTurns, think_here
from bot.game.pace import HOUR
from bot.game.scheduler import Scheduler
from bot.game.service import GameService


@pytest.fixture
async def ai(store, now):
    return GameService(store, clock=now, chooser=think_here)


async def _nothing() -> int:
    return 0


async def ai_until_a_person(service: GameService, game_id: int, limit: int = 400) -> int:
    """Let the AI move until a person must act (or the game ends); returns its moves."""
    moved = 0
    while moved < limit and await service.computer.ai_turn(game_id):
        moved += 1
    return moved


async def lobby_with_ai(service: GameService, *levels: str, players: int = 4) -> int:
    reply = await service.lobby.create_lobby("chan", "host", "Ann", players)
    for level in levels:
        await service.computer.add_ai("chan", "host", level)
    return reply.game_id


async def test_the_host_seats_computer_players_and_they_play_their_turns(ai, store, now):
    game_id = await lobby_with_ai(ai, "easy", "random", players=3)
    game = await store.live_game("chan")
    assert [s.user_name for s in game.seats] == ["Ann", "AI (easy)", "AI (random)"]
    assert [s.ai_level for s in game.seats] == [None, "easy", "random"]
    assert all(not s.user_id.isdigit() for s in game.seats[1:])  # never a Discord user to mention
    await ai.lobby.start("chan", "host")
    for _ in range(12):  # the opening: each AI seat answers whenever it is asked
        await ai_until_a_person(ai, game_id)
        status = await ai.reads.status("chan")
        assert status.to_act == "host"  # the AI never leaves its own decisions to anyone
        await ai.play.act("chan", "host", status.choices[0].id, status.version)
    moves = await store.move_list(game_id)
    by_seat = {m.seat: m.made_by for m in moves}
    assert by_seat[0] == "player" and by_seat[1] == by_seat[2] == "ai"
    assert {m.user_id for m in moves if m.seat == 1} == {game.seats[1].user_id}
    game = await store.live_game("chan")
    assert game.state["log"][-1]  # the AI's choices are logged like anyone's
    assert engine.prompt(game.state).seat == 0 or game.clock.due_at == now()


async def test_an_ai_seat_to_act_makes_the_game_due_at_once(ai, store, now):
    game_id = await lobby_with_ai(ai, "random", players=2)
    await ai.lobby.start("chan", "host")
    game = await store.live_game("chan")
    if engine.prompt(game.state).seat == 1:
        assert game.clock.due_at == now()  # the scheduler starts the AI's turn at its next tick
        assert await ai.clockwork.pace_tick(game_id, now()) is True
        await ai_until_a_person(ai, game_id)
    game = await store.live_game("chan")
    assert engine.prompt(game.state).seat == 0
    assert game.clock.due_at is None or game.clock.due_at > now()  # the person's clock: reminders only


async def test_the_scheduler_lets_the_ai_play_until_a_person_must_act(ai, store, now):
    game_id = await lobby_with_ai(ai, "random", "random", players=3)
    await ai.lobby.start("chan", "host")
    shown: list[int] = []

    async def show(gid: int) -> None:
        shown.append(gid)

    turns = AiTurns(ai.computer, show)
    scheduler = Scheduler(ai, _nothing, on_ai=turns.start, clock=now)
    for _ in range(6):
        status = await ai.reads.status("chan")
        if status.to_act == "host":
            await ai.play.act("chan", "host", status.choices[-1].id, status.version)
        await scheduler.tick()
        for _ in range(400):  # the turn runs as a task: the tick does not wait for the AI to think
            if not turns.busy():
                break
            await asyncio.sleep(0.01)
    await turns.stop()
    assert shown and set(shown) == {game_id}
    assert (await ai.reads.status("chan")).to_act == "host"
    assert {m.made_by for m in await store.move_list(game_id) if m.seat} == {"ai"}


async def test_bad_ai_seats_are_refused_and_change_nothing(ai, store, service):
    await ai.lobby.create_lobby("chan", "host", "Ann", 2)
    with pytest.raises(replies.BadRequest, match="not a level.*easy, normal, hard"):
        await ai.computer.add_ai("chan", "host", "godlike")
    with pytest.raises(replies.NotAllowed, match="Only the host, Ann"):
        await ai.computer.add_ai("chan", "other", "easy")
    await ai.computer.add_ai("chan", "host", "easy")
    with pytest.raises(replies.WrongPhase, match="full"):
        await ai.computer.add_ai("chan", "host", "easy")
    assert len((await store.live_game("chan")).seats) == 2
    with pytest.raises(replies.BadRequest, match="not available"):
        await service.computer.add_ai("chan", "host", "easy")  # a service without computer players
    await ai.lobby.start("chan", "host")
    with pytest.raises(replies.WrongPhase):
        await ai.computer.add_ai("chan", "host", "easy")  # not once the game runs
    assert len((await store.live_game("chan")).seats) == 2


async def test_the_host_removes_an_ai_seat_by_its_number(ai, store):
    await lobby_with_ai(ai, "easy", "hard", players=4)
    with pytest.raises(replies.BadRequest, match="either the member or the seat"):
        await ai.lobby.kick("chan", "host")
    with pytest.raises(replies.BadRequest, match="seats 1 to 3"):
        await ai.lobby.kick("chan", "host", seat_number=5)
    reply = await ai.lobby.kick("chan", "host", seat_number=2)
    assert "AI (easy)" in reply.text
    assert [s.user_name for s in (await store.live_game("chan")).seats] == ["Ann", "AI (hard)"]


async def test_a_deadline_hands_the_current_decisions_to_the_ai_then_the_player_is_back(ai, store, now):
    users = await start_game(ai, players=2)
    await ai.clockwork.set_pace("chan", users[0], reminder="off", deadline="2h", at_deadline="ai")
    game = await store.live_game("chan")
    late = engine.prompt(game.state).seat
    now.t += 2 * HOUR
    assert await ai.clockwork.pace_tick(game.id, now()) is True
    notices = await store.unsent()
    assert [n.kind for n in notices] == ["deadline"] and "the AI plays" in notices[0].text
    moved = 0
    while (await store.live_game("chan")).state and engine.prompt((await store.live_game("chan")).state).seat == late:
        assert await ai.computer.ai_turn(game.id)
        moved += 1
    assert moved >= 1
    moves = await store.move_list(game.id)
    assert [m.made_by for m in moves[-moved:]] == ["clock"] * moved
    after = await store.live_game("chan")
    assert not after.clock.deadline_done  # the next player's clock is fresh
    assert await ai.computer.ai_turn(game.id) is False  # a person's turn: the AI does not touch it


class HeldThought:
    """A chooser that waits, once it is asked, until the test releases it: the AI "thinking"."""

    def __init__(self) -> None:
        self.thinking, self.release = asyncio.Event(), asyncio.Event()

    async def __call__(self, state, level, seed):
        self.thinking.set()
        await self.release.wait()
        return await think_here(state, level, seed)


async def test_a_late_click_and_the_ai_race_and_exactly_one_wins(store, now):
    slow = HeldThought()

    racer = GameService(store, clock=now, chooser=slow)
    users = await start_game(racer, players=2)
    await racer.clockwork.set_pace("chan", users[0], reminder="off", deadline="1h", at_deadline="ai")
    game = await store.live_game("chan")
    now.t += HOUR
    assert await racer.clockwork.pace_tick(game.id, now())
    ai_move = asyncio.create_task(racer.computer.ai_turn(game.id))
    await slow.thinking.wait()
    status = await racer.reads.status("chan")
    await racer.play.act("chan", status.to_act, status.choices[0].id, status.version)  # the player, just in time
    slow.release.set()
    assert await ai_move is False  # the AI's choice is dropped: the player's move stands
    moves = await store.move_list(game.id)
    assert len(moves) == 1 and moves[0].made_by == "player"


async def test_the_ai_holds_a_resigned_or_left_seat_until_a_person_takes_it(ai, store):
    users = await start_game(ai, players=3)
    await ai.lobby.leave("chan", users[1])
    await ai.play.resign("chan", users[2])
    game = await store.live_game("chan")
    for _ in range(8):
        await ai_until_a_person(ai, game.id)
        status = await ai.reads.status("chan")
        assert status.to_act == users[0]
        await ai.play.act("chan", users[0], status.choices[0].id, status.version)
    held = {m.seat for m in await store.move_list(game.id) if m.made_by == "ai"}
    assert held == {1, 2}
    await ai.clockwork.replace_seat("chan", users[0], 2, "u9", "Sub")
    await ai_until_a_person(ai, game.id)
    seat = (await store.live_game("chan")).seat_of("u9")
    assert not seat.ai_hold and seat.ai_level is None
    assert HOLD_LEVEL in ("normal", "hard")  # a held seat is played seriously


async def test_a_person_takes_an_ai_seat_over(ai, store):
    await lobby_with_ai(ai, "easy", players=2)
    await ai.lobby.start("chan", "host")
    await ai.clockwork.replace_seat("chan", "host", 2, "u5", "Bea")
    seat = (await store.live_game("chan")).seat_of("u5")
    assert seat.ai_level is None and not seat.is_ai
    assert await ai.computer.ai_turn((await store.live_game("chan")).id) is False


async def test_a_lobby_left_to_computer_players_closes_and_one_never_hosts(ai, store):
    await lobby_with_ai(ai, "easy", players=3)
    await ai.lobby.join("chan", "bea", "Bea")
    await ai.lobby.leave("chan", "host")
    game = await store.live_game("chan")
    assert game.host.user_name == "Bea"  # the person, not the computer player seated before her
    reply = await ai.lobby.leave("chan", "bea")
    assert "is closed" in reply.text
    assert await store.live_game("chan") is None


async def test_a_player_back_while_the_ai_thinks_decides_themselves(store, now):
    slow = HeldThought()

    racer = GameService(store, clock=now, chooser=slow)
    users = await start_game(racer, players=2)
    asked = (await racer.reads.status("chan")).to_act
    await racer.lobby.leave("chan", asked)  # the AI holds the seat
    game = await store.live_game("chan")
    ai_move = asyncio.create_task(racer.computer.ai_turn(game.id))
    await slow.thinking.wait()
    await racer.clockwork.back("chan", asked)  # back before the AI chose: no version changes, the seat does
    slow.release.set()
    assert await ai_move is False
    assert await store.move_list(game.id) == [] and (await racer.reads.status("chan")).to_act == asked
    assert users


async def test_the_expert_budget_reaches_the_worker_that_thinks(store):
    from bot.compose import pooled_service
    from bot.game.computer import SEAT_LEVELS
    from bot.game.render_pool import RenderPool

    assert "expert" in SEAT_LEVELS
    asked = []

    class Pool:  # the render pool's signatures; choose records what the worker would be given
        board = tile = turn = final = None

        def choose(self, state, level, seed, budget_ms):
            asked.append((level, seed, budget_ms))
            return engine.prompt(state).options[0].id

    service = pooled_service(store, Pool(), expert_ms=250)
    state = engine.new_game(2, 5)
    await service.computer.chooser(state, "expert", 7)
    assert asked == [("expert", 7, 250)]
    pool = RenderPool(workers=1)
    try:
        option = await asyncio.to_thread(pool.choose, state, "expert", 7, 5)
        assert engine.prompt(state).option(option) is not None
    finally:
        await asyncio.to_thread(pool.close)


async def test_the_configured_level_holds_a_seat_and_plays_past_a_deadline(store, now):
    asked: list[str] = []

    async def chooser(state, level, seed):
        asked.append(level)
        return await think_here(state, "easy", seed)  # quick; the level asked for is what is checked

    ai = GameService(store, clock=now, chooser=chooser, hold_level="expert")
    users = await start_game(ai, players=2)
    await ai.lobby.leave("chan", users[1])
    game = await store.live_game("chan")
    for _ in range(4):
        await ai_until_a_person(ai, game.id)
        status = await ai.reads.status("chan")
        if status.to_act != users[0]:
            break
        await ai.play.act("chan", users[0], status.choices[0].id, status.version)
    assert asked and set(asked) == {"expert"}
