"""The one refusal path: a refusal of the service's, raised by a command of any family (or a
button), reaches its member once, privately, in the service's words, and changes nothing.
The handlers let it rise; the client's tree error handler (and the buttons' wrapper) say it."""

from bot_process import slash
from fake_discord import FakeUser
from test_discord_e2e import stored

EVE = FakeUser(9101, "eve")
OUR_FAULT = "Something went wrong on our side"

#: (``/ds`` command, options, what the refusal says): one of every family, in a channel with no
#: game; hint and history defer first (the refusal is then the followup), status may.
REFUSED = [
    ("join", {}, "no game"),  # the lobby
    ("hint", {}, "no game"),  # play (deferred)
    ("undo", {"move": 1}, "no game"),  # play (answered at once)
    ("away", {"for": "3d"}, "no game"),  # seats
    ("status", {}, "no game"),  # the story
    ("history", {"turn": 1}, "no game"),  # the story (deferred)
    ("admin abandon", {"game": 1}, "manage server"),  # admin, without Manage Server
]


def _answers(fake, iid: str, response: dict) -> list[dict]:
    """Every answer an interaction got: its response (unless only "thinking") and its followups."""
    first = [] if response["type"] == 5 else [response]
    return first + fake.followups(iid)


async def test_a_refusal_of_any_family_is_said_once_privately(fake, bot):
    before = stored(bot.database)
    asked = []
    for sub, options, words in REFUSED:
        iid = fake.slash("ds", sub, options, user=EVE)
        response = await fake.response(iid, timeout=45)
        if response["type"] == 5:
            assert response["data"]["flags"] & 64, sub  # "thinking" only to the member
            await fake.wait_followups(iid, 1, timeout=45)
        asked.append((sub, words, iid, response))
    # a button: the full board of a game there is not
    click = fake.click("ds:full:4242", user=EVE)
    clicked = await fake.response(click)
    await fake.wait_followups(click, 1)
    await slash(fake, "rules", EVE)  # one more answered interaction: anything said twice has arrived by now
    for sub, words, iid, response in [*asked, ("Full board", "", click, clicked)]:
        answers = _answers(fake, iid, response)
        assert len(answers) == 1, (sub, answers)
        body = answers[0].get("data", answers[0])
        assert body.get("flags", 0) & 64, (sub, body)  # private
        assert words in body["content"].lower() and OUR_FAULT not in body["content"], (sub, body)
    assert stored(bot.database) == before
    assert b"command failed" not in bot.output and b"click failed" not in bot.output  # none taken for a fault
