"""Standing plans through the game service, on both stores: placements go in from a player's plan
at once, as moves of their own (planned), in initiative order as spaces fill up, and the plan
keeps; a plan whose wishes are all taken asks its player and tells them privately what became of
it; nobody else sees a plan; bad plans are refused with a clear answer and store nothing."""

from __future__ import annotations

import random

import pytest
from service_helpers import snapshot, start_game

import words
from bot.game.replies import BadRequest, NoGame, NotAllowed, NotSeated, WrongPhase
from engine import logbook
from engine.history import replay


async def seats_in_turn(service, store) -> list[tuple[str, str]]:
    """(user id, animal) of the seats in the order they place, starting with the one asked now."""
    game = await store.live_game("chan")
    order = game.state["initiative"]
    first = (await service.reads.status("chan")).to_act
    users = {s.animals[0]: s.user_id for s in game.seats}
    i = order.index(next(a for a, u in users.items() if u == first))
    return [(users[a], a) for a in order[i:] + order[:i]]


async def wishes(store, animal: str) -> tuple[tuple[str, ...], list]:
    """An animal's standing plan's wishes, and what its player has not been told yet."""
    game = await store.latest_game("chan")
    row = (await store.books(game.id)).get(animal)
    if row is None:
        return (), []
    return tuple(row.book["standing"]["wishes"]), row.told


async def moves_of(store) -> list[tuple[int, str, str]]:
    game = await store.latest_game("chan")
    return [(m.seat, m.option_id, m.made_by) for m in await store.move_list(game.id)]


async def test_planned_placements_go_in_at_once_in_turn_as_spaces_fill_up(service, store):
    await start_game(service, players=3)
    (first, a1), (second, a2), (third, a3) = await seats_in_turn(service, store)
    await service.plans.set_plan("chan", second, "speciation meat, wanderlust 2, domination 1")
    await service.plans.set_plan("chan", third, "speciation-1; wanderlust 2; migration 1; abundance 1")
    reply = await service.play.act("chan", first, "wanderlust-2")  # takes what both planned second
    assert reply.to_act == first  # the two others placed from their plans: the first player is asked again
    made = (await moves_of(store))[-3:]
    assert [(o, by) for _, o, by in made] == [("wanderlust-2", "player"), ("speciation-1", "planned"),
                                             ("migration-1", "planned")]
    # a standing plan keeps whole: it is read again from its top at the next placement
    assert await wishes(store, a2) == (("speciation-1", "wanderlust-2", "domination-1"), [])
    planned, told = await wishes(store, a3)  # its first two were taken before its turn: by whom, kept
    assert planned == ("speciation-1", "wanderlust-2", "migration-1", "abundance-1")
    assert told == [{"taken": [["speciation-1", a2], ["wanderlust-2", a1]]}]
    await service.play.act("chan", first, "adaptation-1")
    # the second's Speciation wish is granted by its AP there: its next open wish, Domination 1, is placed
    assert [(o, by) for _, o, by in await moves_of(store)][-3:-1] == [("adaptation-1", "player"),
                                                                     ("domination-1", "planned")]
    game = await store.live_game("chan")
    post = await service.postbox.channel_post("chan")
    assert post is not None and post.text.count("(planned)") == 4  # the channel marks them, nothing more
    assert post.text.count("Domination") == 1  # only its placement: the plans stay private
    assert len(game.planned) == 4


async def test_a_plan_all_taken_asks_its_player_and_tells_them_privately(service, store):
    await start_game(service, players=3)
    (first, a1), (second, a2), _ = await seats_in_turn(service, store)
    await service.plans.set_plan("chan", second, "initiative, wasteland")
    await service.play.act("chan", first, "initiative-1")
    # the first player took Initiative; the second's plan still has Wasteland: it is placed
    assert [(o, by) for _, o, by in await moves_of(store)][-1] == ("wasteland-1", "planned")
    kept = words.say((await service.plans.set_plan("chan", second, "initiative, wasteland")).message, "en")
    assert f"Initiative 1 went to the {a1.capitalize()}" in kept  # the news of the plan, told once
    while (status := await service.reads.status("chan")).to_act != second:
        await service.play.act("chan", status.to_act, status.choices[-1].id)
    post = await service.postbox.channel_post("chan")
    assert post.new_message and "went to" not in post.text and "planned spaces" not in post.text  # it only asks
    game = await store.live_game("chan")
    async with store.conn.execute("SELECT kind, text, mention FROM outbox WHERE game_id = ?", (game.id,)) as cur:
        told = [tuple(r) for r in await cur.fetchall() if r["kind"] == "ahead_stopped"]
    # each wish taken is told once, at the placement that first found it taken (the player read it
    # when they set the plan again): the ask now tells nothing new
    assert told == []
    shown = words.say((await service.plans.show_plan("chan", second)).message, "en")
    assert "Initiative 1, Wasteland 1" in shown and "went to" not in shown


async def test_a_planned_space_already_taken_is_said_when_the_plan_is_set(service, store):
    await start_game(service, players=3)
    (first, a1), (second, _), _ = await seats_in_turn(service, store)
    await service.play.act("chan", first, "wanderlust-1")
    reply = words.say((await service.plans.set_plan("chan", second, "wanderlust 1, domination 2")).message, "en")
    assert f"Already taken in this Planning: Wanderlust 1 went to the {a1.capitalize()}." in reply
    game = await store.live_game("chan")
    assert [tuple(r.book["standing"]["wishes"]) for r in (await store.books(game.id)).values()] == [
        ("wanderlust-1", "domination-2")]  # passed over later
    free = words.say((await service.plans.set_plan("chan", second, "domination 2")).message, "hu")
    assert "már foglalt" not in free  # only a space taken is said


async def test_a_planned_placement_counts_as_the_player_acting_and_can_be_taken_back(service, store):
    await start_game(service, players=2)
    (first, _), (second, _) = await seats_in_turn(service, store)
    await service.plans.set_plan("chan", second, "domination 5")
    await service.play.act("chan", first, "domination-1")
    game = await store.live_game("chan")
    assert (await moves_of(store))[-1] == (game.seat_of(second).seat, "domination-5", "planned")
    assert game.decided[game.seat_of(second).seat] == logbook.total(game.state)  # its recap starts after it
    before = game.version
    await service.takeback.undo("chan", second)  # like any choice of theirs
    game = await store.live_game("chan")
    assert game.version == before + 1 and "domination-5" not in [o for _, o, _ in await moves_of(store)]
    assert (await service.reads.status("chan")).to_act == second  # now asked, as if they had not chosen


async def test_each_animal_has_its_own_plan_in_the_multi_animal_variant(service, store):
    users = await start_game(service, players=2, variant="multi-animal")
    game = await store.live_game("chan")
    animals = game.seat_of(users[0]).animals
    assert len(animals) > 1
    with pytest.raises(BadRequest, match="say whose placements"):
        await service.plans.set_plan("chan", users[0], "domination 1")
    await service.plans.set_plan("chan", users[0], "domination 1", animal=animals[0])
    await service.plans.set_plan("chan", users[0], "domination 2", animal=animals[1])
    assert (await wishes(store, animals[0]))[0] == ("domination-1",)
    assert (await wishes(store, animals[1]))[0] == ("domination-2",)
    with pytest.raises(BadRequest, match="not yours"):
        await service.plans.set_plan("chan", users[1], "domination 3", animal=animals[0])


async def test_bad_plans_are_refused_clearly_and_store_nothing(service, store):
    users = await start_game(service, players=2)
    before = await snapshot(store)
    cases = [
        ("spaciation meat", BadRequest, '"spaciation meat" is not an action space'),
        ("regression 3", BadRequest, "an animal's own space"),
        ("speciation meat, " * 600, BadRequest, "too long"),
        (",, ;", BadRequest, "at least one action space"),
        ("domination 1, then the best open space", BadRequest, "hints"),  # this game allows none
        ("then the best open space, domination 1", BadRequest, "can only end a plan"),
    ]
    for text, error, said in cases:
        with pytest.raises(error) as raised:
            await service.plans.set_plan("chan", users[0], text)
        assert said in words.say(raised.value.message, "en")
    with pytest.raises(NotSeated):
        await service.plans.set_plan("chan", "stranger", "domination 1")
    with pytest.raises(NoGame):
        await service.plans.set_plan("elsewhere", users[0], "domination 1")
    assert await snapshot(store) == before
    await service.play.resign("chan", users[1])  # two players: the game is over
    with pytest.raises(WrongPhase):
        await service.plans.set_plan("chan", users[0], "domination 1")


async def test_every_planned_placement_is_legal_in_many_seeded_games(service, store):
    """Every seat keeps a random plan, renewed now and then; every placement from a plan is a legal
    move (the engine accepts it through the service), and plans never touch another phase."""
    for game_no in range(3):
        channel = f"chan{game_no}"
        users = await start_game(service, channel, players=3 + game_no)
        chooser = random.Random(game_no)
        spaces = list(("initiative-1", "adaptation-1", "adaptation-2", "abundance-1", "wasteland-1",
                              "depletion-1", "glaciation-1", "speciation-1", "speciation-3", "wanderlust-1",
                              "wanderlust-2", "migration-1", "competition-3", "domination-1", "domination-2"))
        for _ in range(400):
            status = await service.reads.status(channel)
            if status.to_act is None:
                break
            for user in users:
                if chooser.random() < 0.2:
                    await service.plans.set_plan(channel, user, ", ".join(chooser.sample(spaces, 4)))
            await service.play.act(channel, status.to_act, chooser.choice(status.choices).id, status.version)
        game = await store.latest_game(channel)
        made = await store.move_list(game.id)
        assert any(m.made_by == "planned" for m in made)
        assert logbook.kept(replay(game.setup, [(m.seat, m.option_id) for m in made])) == game.state


async def test_an_undo_takes_back_the_moves_answered_ahead_after_the_choice(service, store):
    await start_game(service, players=3)
    (first, _), (second, _), (third, _) = await seats_in_turn(service, store)
    await service.plans.set_plan("chan", second, "domination 5")
    await service.plans.set_plan("chan", third, "domination 4")
    before = len(await moves_of(store))
    await service.play.act("chan", first, "domination-1")
    assert [by for _, _, by in await moves_of(store)][before:] == ["player", "planned", "planned"]
    with pytest.raises(NotAllowed):
        await service.takeback.undo("chan", second)  # not theirs to take back: the first chose by hand
    await service.takeback.undo("chan", first)  # their choice, and what went in by itself after it
    assert len(await moves_of(store)) == before
    assert (await service.reads.status("chan")).to_act == first  # asked again, by hand
    # the plans keep: the next move places from them again
    await service.play.act("chan", first, "domination-2")
    assert [o for _, o, _ in await moves_of(store)][before:] == ["domination-2", "domination-5", "domination-4"]
