"""Orders and early answers through the game service, on both stores: an order goes in when its AP
acts, marked and without asking; one that no longer fits stops and its player is told privately;
early answers wait for their turn; everyone a new independent step asks is mentioned at once;
nothing of a book shows in the channel, its pictures' alt texts, the log, status, history, the
record or the export; bad input is refused and stores nothing."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from service_helpers import play_until, snapshot, start_game

import words
from bot.game.asked import asked
from bot.game.channel import plan as channel_plan
from bot.game.records import export_record
from bot.game.replies import BadRequest, IllegalChoice, NotSeated, StaleState, WrongPhase
from bot.game.service import GameService
from bot.store.models import AheadBook
from engine.early import foreseen_for, independent_now
from engine.rehearsal import Answer, Rehearsing, aps_to_resolve


async def moves_of(store, channel: str = "chan") -> list[tuple[int, str, str]]:
    game = await store.latest_game(channel)
    return [(m.seat, m.option_id, m.made_by) for m in await store.move_list(game.id)]


async def place(service, store, user: str, space: str) -> None:
    status = await service.reads.status("chan")
    assert status.to_act == user
    await service.play.act("chan", user, space, status.version)


async def order_whole(service, user: str, space: str) -> list[str]:
    """The player's order for their AP on ``space``: each prompt's first option, to the end."""
    given: list[str] = []
    while True:
        r = await service.ahead.rehearse("chan", user, space, given)
        if not r.choices:
            return given
        given.append(r.choices[0].id)


async def outbox_of(store, game_id: int) -> list[tuple[str, str, str]]:
    async with store.conn.execute("SELECT kind, text, mention FROM outbox WHERE game_id = ?", (game_id,)) as cur:
        return [(r["kind"], r["text"], r["mention"]) for r in await cur.fetchall()]


async def test_an_order_goes_in_when_its_ap_acts_marked_without_asking(service, store):
    users = await start_game(service, players=2)
    first = (await service.reads.status("chan")).to_act
    await place(service, store, first, "abundance-1")
    order = await order_whole(service, first, "abundance-1")
    assert order and order[0].startswith("element:")
    kept = await service.ahead.give_order("chan", first, "abundance-1", order)
    assert "kept" in words.say(kept.message, "en") and not kept.public
    game = await store.live_game("chan")
    seat = game.seat_of(first).seat
    shown = words.say((await service.ahead.show("chan", first)).message, "en")
    assert "Order for the" in shown and "Abundance 1" in shown
    # Planning played out by hand, away from Abundance; Execution comes to the ordered AP
    chooser = random.Random(3)
    asked_for_it = False
    for _ in range(200):
        if any(by == "ordered" for _, _, by in await moves_of(store)):
            break
        game = await store.live_game("chan")
        p = asked(game.state)
        asked_for_it |= p.kind == "abundance" and p.seat == seat
        status = await service.reads.status("chan")
        options = [c for c in status.choices if not c.id.startswith("abundance")] or status.choices
        await service.play.act("chan", status.to_act, chooser.choice(options).id, status.version)
    ordered = [(s, o) for s, o, by in await moves_of(store) if by == "ordered"]
    assert ordered == [(seat, o) for o in order]  # the whole action, in order, as the player's own
    assert not asked_for_it  # never asked: the order answered
    game = await store.live_game("chan")
    assert list(game.marks().values()).count("ordered") == len(order)  # the channel marks their lines
    row = (await store.books(game.id)).get(game.seat_of(first).animals[0])
    assert row is None or not row.book["orders"]  # used up
    assert not [k for k, _, _ in await outbox_of(store, game.id) if k == "ahead_stopped"]  # nothing to tell
    assert len(users) == 2


async def test_an_order_that_no_longer_fits_stops_and_its_player_is_told_privately(service, store):
    await start_game(service, players=2)
    first = (await service.reads.status("chan")).to_act
    await place(service, store, first, "abundance-1")
    game = await store.live_game("chan")
    seat = game.seat_of(first)
    animal = seat.animals[0]
    # an answer to the very prompt whose option is not offered when it comes (as an element gone)
    text = Rehearsing(game.state, animal, "abundance-1").asked.text.to_dict()
    seed = {"key": "abundance.element", "args": {"element": "seed"}}
    gone = Answer("abundance", json.loads(json.dumps(text)), "element:nowhere", seed)
    book = {"animal": animal, "standing": {"wishes": [], "best": False}, "early": [],
            "orders": [{"animal": animal, "space": "abundance-1", "turn": game.state["turn"],
                        "answers": [gone.to_dict()]}]}
    async with store.transaction():
        await store.put_book(game.id, AheadBook(animal, book))

    def asked_now(g) -> bool:
        p = asked(g.state)
        return p is not None and p.kind == "abundance" and p.seat == seat.seat

    chooser = random.Random(5)
    game = await play_until(service, store, asked_now, chooser)
    told = [(t, m) for k, t, m in await outbox_of(store, game.id) if k == "ahead_stopped"]
    assert len(told) == 1 and "no longer offered" in told[0][0] and first in told[0][1]
    post = await service.postbox.channel_post("chan")
    assert post is not None and "no longer offered" not in post.text  # the post only asks
    shown = words.say((await service.ahead.show("chan", first)).message, "en")
    assert "no longer offered" in shown  # atop their own view, once
    # its AP named, its answer as its label read
    assert "Your order for Abundance 1 stopped: Your answer 'Place seed on earth'" in shown, shown
    assert "no longer offered" not in words.say((await service.ahead.show("chan", first)).message, "en")


async def test_bad_orders_and_early_answers_are_refused_and_store_nothing(service, store):
    users = await start_game(service, players=2)
    first = (await service.reads.status("chan")).to_act
    other = next(u for u in users if u != first)
    await place(service, store, first, "abundance-1")
    version = (await store.live_game("chan")).version
    before = await snapshot(store)
    cases = [
        (lambda: service.ahead.give_order("chan", other, "abundance-1", ["element:meat"]), IllegalChoice, "no AP"),
        (lambda: service.ahead.give_order("chan", first, "abundance-2", ["element:meat"]), IllegalChoice, "no AP"),
        (lambda: service.ahead.give_order("chan", first, "nowhere-9", ["x"]), IllegalChoice, "not a space"),
        (lambda: service.ahead.give_order("chan", first, "abundance-1", ["element:plastic"]), IllegalChoice, ""),
        (lambda: service.ahead.give_order("chan", first, "abundance-1", "%%%, ???"), IllegalChoice, ""),
        (lambda: service.ahead.give_order("chan", first, "abundance-1", "x" * 6000), BadRequest, "too long"),
        (lambda: service.ahead.give_order("chan", first, "abundance-1", ""), BadRequest, "at least one"),
        (lambda: service.ahead.give_order("chan", "stranger", "abundance-1", ["element:meat"]), NotSeated, ""),
        (lambda: service.ahead.give_order("chan", first, "abundance-1", ["element:meat"], version=version - 1),
         StaleState, ""),
        (lambda: service.ahead.answer_early("chan", first, ["move:1"]), BadRequest, "nothing to answer early"),
        (lambda: service.ahead.clear_order("chan", first, "domination-1"), BadRequest, "no order"),
    ]
    for call, error, said in cases:
        with pytest.raises(error) as raised:
            await call()
        assert said in words.say(raised.value.message, "en")
    assert await snapshot(store) == before
    await service.play.resign("chan", other)  # two players: the game is over
    with pytest.raises(WrongPhase):
        await service.ahead.give_order("chan", first, "abundance-1", ["element:meat"])


async def test_early_answers_wait_for_their_turn_and_everyone_is_asked_at_once(service, store):
    """Random games until an independent step asks a player more than once; their later answers
    given early go in without asking them, marked early."""
    for seed in range(6):
        channel = f"early{seed}"
        await start_game(service, channel, players=3)
        chooser = random.Random(seed)

        def later(game) -> bool:
            state = game.state
            return (state is not None and independent_now(state)
                    and any(len(foreseen_for(state, a)) > 1 for a in state["animals"]))

        try:
            game = await play_until(service, store, later, chooser, limit=500, channel=channel)
        except AssertionError:
            continue
        state = game.state
        animal = next(a for a in state["animals"] if len(foreseen_for(state, a)) > 1)
        seat = next(s for s in game.seats if animal in s.animals)
        # everyone the step asks is mentioned at once, in the step's first post (and only there)
        assert game.at_once is not None and seat.seat in game.at_once["seats"]
        shown = replace(game, seats=[replace(s, user_id=str(9000 + s.seat)) for s in game.seats],
                        post=replace(game.post, message_id=None), announced_version=-1)
        first_post = channel_plan(replace(shown, at_once={**game.at_once, "version": game.version}), "now", None)
        assert first_post is not None
        assert sorted(first_post.mention) == sorted(str(9000 + s) for s in game.at_once["seats"])
        assert ("Also asked now" in first_post.text) == (len(game.at_once["seats"]) > 1)
        later = channel_plan(replace(shown, at_once={**game.at_once, "version": game.version - 1},
                                     announced_version=game.version - 1), "now", None)
        assert later is not None and len(later.mention) <= 1 and "Also asked now" not in later.text
        pending = asked(state)
        ahead = [f for f in foreseen_for(state, animal) if f.prompt().text != pending.text or f.seat != pending.seat]
        answers = [f.options[-1].id for f in ahead]
        kept = await service.ahead.answer_early(channel, seat.user_id, answers, animal=animal)
        assert "kept" in words.say(kept.message, "en")
        while (status := await service.reads.status(channel)).to_act is not None:
            g = await store.latest_game(channel)
            if not independent_now(g.state):
                break
            await service.play.act(channel, status.to_act, status.choices[0].id, status.version)
        early = [o for s, o, by in await moves_of(store, channel) if by == "early"]
        assert early == answers
        return
    pytest.skip("no independent step asked anyone twice in these seeds")


async def public_outputs(service, channel: str) -> tuple:
    """Everything others may read of a game: the channel's post and its pictures' alt texts, the
    log, /ds status, /ds history, the record (as exported)."""
    post = await service.postbox.channel_post(channel)
    status = (await service.reads.status(channel)).message
    log = (await service.reads.log(channel, 200)).message
    moment = await service.chronicle.moment_at(channel, 1, 1, picture=True)
    _, record, _ = await export_record(service.chronicle, channel, 0.0)
    return (post.text if post else None, dict(post.alts) if post else None, words.say(status, "en"),
            words.say(log, "en"), moment.text, moment.alt, record)


async def test_nothing_of_a_book_shows_to_anyone_before_it_is_used(store, now):
    """Every book given (standing plans, orders, early answers): what the others may read of the
    game is the same, word for word, as without them (the clock stands still: status says how long
    ago the player to act was asked)."""
    service = GameService(store, renderer=None, clock=now)
    users = await start_game(service, players=3)
    first = (await service.reads.status("chan")).to_act
    await place(service, store, first, "abundance-1")
    before = await public_outputs(service, "chan")
    order = await order_whole(service, first, "abundance-1")
    await service.ahead.give_order("chan", first, "abundance-1", order)
    for user in users:
        if user != (await service.reads.status("chan")).to_act:
            await service.plans.set_plan("chan", user, "domination, speciation 3, wanderlust 1")
    game = await store.live_game("chan")
    assert len(await store.books(game.id)) == 2  # the one to act now keeps none (it would place at once)
    assert await public_outputs(service, "chan") == before


async def test_when_execution_begins_everyone_with_an_ap_to_act_is_asked_at_once(service, store):
    """The first post of a turn's Execution mentions every person with an AP still to act, once;
    one who gave orders for every AP too (leaving them out would tell the channel who did)."""
    await start_game(service, "chan", players=3)

    def one_placed_all(g) -> bool:  # Planning goes on, and somebody has placed every AP
        return (g.state is not None and g.state["phase"] == "planning"
                and any(g.state["animals"][a]["aps"] == 0 for a in g.state["animals"]))

    game = await play_until(service, store, one_placed_all, random.Random(5))
    done = next(s for s in game.seats if all(game.state["animals"][a]["aps"] == 0 for a in s.animals))
    for animal in done.animals:
        for space in aps_to_resolve(game.state, animal):
            if answers := await order_whole(service, done.user_id, space):  # an AP that asks nothing needs none
                await service.ahead.give_order("chan", done.user_id, space, answers)
    game = await play_until(service, store, lambda g: g.state is not None and g.state["phase"] == "execution",
                            random.Random(5))
    state = game.state
    acting = {s.seat: [a for a in s.animals if aps_to_resolve(state, a)] for s in game.seats}
    assert game.at_once is not None and game.at_once["step"] == [state["turn"], "execution"]
    assert game.at_once["seats"] == sorted(seat for seat, animals in acting.items() if animals)
    assert done.seat in game.at_once["seats"] or not acting[done.seat]  # ordered, and asked all the same
    assert len(game.at_once["seats"]) >= 2  # more than the player to act: asked at once
    shown = replace(game, seats=[replace(s, user_id=str(9000 + s.seat)) for s in game.seats],
                    post=replace(game.post, message_id=None), announced_version=-1)
    first_post = channel_plan(shown, "now", None)
    assert first_post is not None and sorted(first_post.mention) == sorted(str(9000 + s) for s in game.at_once["seats"])
    # the same turn goes on: nobody is asked at once again
    status = await service.reads.status("chan")
    await service.play.act("chan", status.to_act, status.choices[0].id, status.version)
    after = await store.live_game("chan")
    assert after.at_once == game.at_once or after.at_once["step"][1] != "execution"
    shown_after = replace(after, seats=shown.seats, announced_version=game.version)
    later = channel_plan(shown_after, "now", None)
    assert later is None or "Also asked now" not in later.text


async def test_the_first_post_of_a_step_mentions_everyone_even_when_the_seat_to_act_stays(service, store):
    """Mentions ping only in a new message: when the seat that acted last is also the first the
    step asks, or a computer's unposted moves came first, the step's first post is still a new
    message mentioning everyone, once."""
    await start_game(service, "chan", players=3)
    game = await play_until(service, store, lambda g: g.state is not None and g.state["phase"] == "execution",
                            random.Random(5))
    seat = asked(game.state).seat
    seats = [replace(s, user_id=str(9000 + s.seat)) for s in game.seats]
    kept = replace(game.post, message_id="77", seat=seat)  # the post already shows this seat asked
    for announced in (-1, game.version - 1, game.at_once["version"] - 1):
        shown = replace(game, seats=seats, post=kept, announced_version=announced)
        post = channel_plan(shown, "now", None)
        assert post is not None and post.new_message, announced
        assert sorted(post.mention) == sorted(str(9000 + s) for s in game.at_once["seats"])
    done = replace(game, seats=seats, post=kept, announced_version=game.version - 1,
                   at_once={**game.at_once, "version": game.version - 1})
    post = channel_plan(done, "now", None)
    assert post is not None and not post.new_message and post.mention == []
