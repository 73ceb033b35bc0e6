"""The contract check itself (discord_contract.py): what it lets through, and each kind of request it refuses.

The direct checks use their own Contract, so the session's report counts only what the fake Discord saw.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from discord_contract import EXCEPTIONS, FAKE_ONLY, SPEC_PATH, Contract, Violation
from fake_discord import FakeDiscord

HERE = Path(__file__).resolve().parents[1]  # tests/bot: the fake and the conftest
CHANNEL, MESSAGE = "/channels/1234567890123/messages", "/channels/1234567890123/messages/1234567890124"
CALLBACK = "/interactions/1234567890125/a-token/callback"
COMMANDS = "/applications/1234567890126/guilds/1234567890127/commands"


@pytest.fixture(scope="module")
def checker() -> Contract:
    return Contract()


def button(custom_id: str = "ds:b:1", label: str = "Go") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def select(options: int = 3, **fields: Any) -> dict[str, Any]:
    choices = [{"label": f"Option {i}", "value": f"o{i}", "description": "a choice"} for i in range(options)]
    return {"type": 3, "custom_id": "ds:s:1", "placeholder": "Choose", "min_values": 1, "max_values": 1,
            "options": choices, **fields}


def row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


def message(**fields: Any) -> dict[str, Any]:
    """A message as the bot posts one: text, a mention, a row of buttons, a select, a board picture."""
    body = {"content": "<@1234567890128> your turn", "allowed_mentions": {"parse": [], "users": ["1234567890128"]},
            "components": [row(button(), button("ds:b:2")), row(select())],
            "attachments": [{"id": 0, "filename": "board.png", "description": "The board"}], "tts": False, "flags": 0}
    return body | fields


def command(*options: dict[str, Any], name: str = "ds", description: str = "Play Dominant Species") -> dict[str, Any]:
    return {"name": name, "description": description, "type": 1, "options": list(options)}


def sub(name: str, description: str = "A subcommand", *options: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "name": name, "description": description, "options": list(options)}


def problems(violation: Violation | None) -> list[str]:
    assert violation is not None, "the request passed"
    return [str(p) for p in violation.problems]


def refused(violation: Violation | None, where: str, text: str = "") -> None:
    """The violation names ``where`` (a dotted location), with ``text`` in its message."""
    found = problems(violation)
    assert any(p.startswith(f"{where}:") and text in p for p in found), found


# ---------------------------------------------------------------- what passes


def test_a_message_as_the_bot_posts_it_passes(checker):
    assert checker.check("POST", CHANNEL, {}, message(), files=[40_000], multipart=True) is None
    assert checker.check("PATCH", MESSAGE, {}, message()) is None  # discord.py sends tts with an edit too
    assert checker.seen["POST /channels/{channel_id}/messages"] >= 1


def test_interaction_callbacks_pass(checker):
    for body in ({"type": 4, "data": message(flags=64)}, {"type": 5, "data": {"flags": 64}}, {"type": 6},
                 {"type": 7, "data": {"content": "done", "components": [], "tts": False}},
                 {"type": 8, "data": {"choices": [{"name": "Initiative 1", "value": "12|initiative-1"}]}}):
        assert checker.check("POST", CALLBACK, {"with_response": "1"}, body) is None, body


def test_a_command_group_as_discord_py_syncs_it_passes(checker):
    play = sub("play", "Make a move", {"type": 3, "name": "option", "description": "What to do", "required": True,
                                       "autocomplete": True})
    group = {"type": 2, "name": "admin", "description": "For the host", "options": [sub("kick"), sub("pause")]}
    body = [command(play, group) | {"nsfw": False, "dm_permission": False, "contexts": None,
                                    "integration_types": None, "default_member_permissions": None},
            command(name="játék", description="Magyarul")]  # lower-case letters of any script
    assert checker.check("PUT", COMMANDS, {}, body) is None


def test_ids_may_be_json_integers_as_discord_py_sends_them(checker):
    body = message(allowed_mentions={"parse": [], "users": [1234567890128]})
    assert checker.check("POST", CHANNEL, {}, body) is None


def test_a_literal_segment_wins_over_a_parameter(checker):
    me, _, _ = checker.operation("GET", "/users/@me")
    other, _, params = checker.operation("GET", "/users/1234567890128")
    original, _, _ = checker.operation("PATCH", "/webhooks/1234567890126/a-token/messages/@original")
    assert me is not None and me.template == "/users/@me"
    assert other is not None and other.template == "/users/{user_id}" and params == {"user_id": "1234567890128"}
    assert original is not None and original.template.endswith("/messages/@original")


# ---------------------------------------------------------------- what is refused, kind by kind


def test_a_value_of_the_wrong_type(checker):
    refused(checker.check("POST", CHANNEL, {}, message(content=5)), "content", "is not of type")


def test_an_unknown_field_in_a_closed_object(checker):
    # The description leaves objects open; Discord would ignore the field, so the bug would go unseen.
    refused(checker.check("POST", CHANNEL, {}, message(ephemeral=True)), "(body)", "'ephemeral' was unexpected")
    bad_option = message(components=[row(select(options=1) | {"emoji_name": "x"})])
    refused(checker.check("POST", CHANNEL, {}, bad_option), "components[0].components[0]", "'emoji_name'")


def test_an_unknown_operation_and_a_wrong_method(checker):
    unknown = checker.check("GET", "/guilds/1234567890127/no-such-thing", {}, None)
    assert unknown is not None and unknown.status == 404 and unknown.answer()[1]["message"] == "404: Not Found"
    wrong = checker.check("PUT", CHANNEL, {}, message())
    assert wrong is not None and wrong.status == 405 and "has no PUT" in str(wrong)


def test_a_callback_that_cannot_answer_its_interaction(checker):
    # an autocomplete (type 4) takes its choices only; a command (2) cannot update a message it is not on
    message_answer = {"type": 4, "data": {"content": "Hello", "flags": 64}}
    refused(checker.check("POST", CALLBACK, {}, message_answer, interaction_type=4), "type", "only [8]")
    refused(checker.check("POST", CALLBACK, {}, {"type": 6}, interaction_type=2), "type", "interaction of type 2")
    choices = {"type": 8, "data": {"choices": []}}
    assert checker.check("POST", CALLBACK, {}, choices, interaction_type=4) is None
    assert checker.check("POST", CALLBACK, {}, message_answer, interaction_type=2) is None
    assert checker.check("POST", CALLBACK, {}, message_answer) is None  # the interaction unknown: not judged


def test_content_over_2000_characters(checker):
    # The description allows 4000 on a channel message; the documentation says 2000.
    refused(checker.check("POST", CHANNEL, {}, message(content="x" * 2001)), "content", "2000")
    refused(checker.check("POST", CALLBACK, {}, {"type": 4, "data": message(content="x" * 2001)}), "data.content")
    assert checker.check("POST", CHANNEL, {}, message(content="x" * 2000)) is None


def test_six_action_rows(checker):
    body = message(components=[row(button(f"ds:b:{i}")) for i in range(6)])
    refused(checker.check("POST", CHANNEL, {}, body), "components", "5 or fewer")


def test_six_buttons_in_a_row_and_a_select_beside_a_button(checker):
    crowded = message(components=[row(*(button(f"ds:b:{i}") for i in range(6)))])
    refused(checker.check("POST", CHANNEL, {}, crowded), "components[0].components", "5")
    mixed = message(components=[row(select(), button())])
    refused(checker.check("POST", CHANNEL, {}, mixed), "components[0].components", "alone in its action row")


def test_a_101_character_custom_id(checker):
    body = message(components=[row(button("x" * 101))])
    refused(checker.check("POST", CHANNEL, {}, body), "components[0].components[0].custom_id", "100")


def test_a_long_button_label_and_select_texts(checker):
    refused(checker.check("POST", CHANNEL, {}, message(components=[row(button(label="x" * 81))])),
            "components[0].components[0].label", "80")
    refused(checker.check("POST", CHANNEL, {}, message(components=[row(select(placeholder="x" * 151))])),
            "components[0].components[0].placeholder", "150")
    long_label = select()
    long_label["options"][1]["label"] = "x" * 101
    refused(checker.check("POST", CHANNEL, {}, message(components=[row(long_label)])),
            "components[0].components[0].options[1].label", "100")
    refused(checker.check("POST", CHANNEL, {}, message(components=[row(select(options=26))])),
            "components[0].components[0].options", "25")


def test_a_1025_character_attachment_description(checker):
    body = message(attachments=[{"id": 0, "filename": "board.png", "description": "x" * 1025}])
    refused(checker.check("POST", CHANNEL, {}, body, files=[40_000], multipart=True), "attachments[0].description",
            "1024")


def test_eleven_files_a_long_nonce_and_101_mentioned_users(checker):
    refused(checker.check("POST", CHANNEL, {}, message(), files=[1000] * 11, multipart=True), "files", "10")
    refused(checker.check("POST", CHANNEL, {}, message(), files=[11 * 1024 * 1024], multipart=True), "files[0]",
            "bytes")
    refused(checker.check("POST", CHANNEL, {}, message(nonce="n" * 26, enforce_nonce=True)), "nonce", "25")
    users = [str(1234567890000 + i) for i in range(101)]
    refused(checker.check("POST", CHANNEL, {}, message(allowed_mentions={"parse": [], "users": users})),
            "allowed_mentions.users", "100")


def test_flags_a_request_may_not_set(checker):
    refused(checker.check("POST", CHANNEL, {}, message(flags=64)), "flags", "cannot be set")  # an ephemeral post
    refused(checker.check("PATCH", MESSAGE, {}, message(flags=1 << 12)), "flags")  # silence an edit
    assert checker.check("POST", CHANNEL, {}, message(flags=1 << 12)) is None
    assert checker.check("POST", CALLBACK, {}, {"type": 4, "data": message(flags=64 | 1 << 12)}) is None


def test_embeds_over_6000_characters_in_all(checker):
    embeds = [{"title": "t", "description": "x" * 3000}, {"description": "y" * 2900, "footer": {"text": "z" * 100}}]
    refused(checker.check("POST", CHANNEL, {}, message(embeds=embeds)), "embeds", "6000")
    assert checker.check("POST", CHANNEL, {}, message(embeds=embeds[:1])) is None


@pytest.mark.parametrize("name", ["Play", "two words", "x" * 33, "", "ds!"])
def test_a_bad_command_name(checker, name):
    refused(checker.check("PUT", COMMANDS, {}, [command(name=name)]), "[0].name")


def test_a_bad_option_name_and_descriptions(checker):
    refused(checker.check("PUT", COMMANDS, {}, [command(sub("Play"))]), "[0].options[0].name", "lower-case")
    refused(checker.check("PUT", COMMANDS, {}, [command(description="")]), "[0].description", "between 1 and 100")
    refused(checker.check("PUT", COMMANDS, {}, [command(sub("play", "x" * 101))]), "[0].options[0].description")


def test_a_translated_name_keeps_the_rules_of_a_name(checker):
    translated = command(sub("play") | {"name_localizations": {"hu": "lépés"},
                                        "description_localizations": {"hu": "Lépj"}})
    assert checker.check("PUT", COMMANDS, {}, [translated]) is None
    capital = command(sub("play") | {"name_localizations": {"hu": "Lépés"}})
    refused(checker.check("PUT", COMMANDS, {}, [capital]), "[0].options[0].name_localizations.hu", "lower-case")


def test_26_subcommands_in_a_group(checker):
    group = {"type": 2, "name": "admin", "description": "For the host", "options": [sub(f"s{i}") for i in range(26)]}
    refused(checker.check("PUT", COMMANDS, {}, [command(group)]), "[0].options[0].options", "25")


def test_a_command_over_4000_characters_in_all(checker):
    options = [sub(f"s{i}", "d" * 100, *({"type": 3, "name": f"o{j}", "description": "d" * 100} for j in range(2)))
               for i in range(15)]
    refused(checker.check("PUT", COMMANDS, {}, [command(*options)]), "[0]", "4000")
    # Of a translated text the longest translation counts: each subcommand below counts 307 characters (untranslated,
    # 14), so 13 of them and the command's own 4 make 3995, and 14 of them 4302.
    hungarian = {"description_localizations": {"hu": "h" * 100, "de": "d" * 99}}
    translated = [sub(f"s{i:02d}", "short", *({"type": 3, "name": f"o{j}", "description": "d"} | hungarian
                                               for j in range(2))) | hungarian for i in range(14)]
    assert checker.check("PUT", COMMANDS, {}, [command(*translated[:13], description="DS")]) is None
    refused(checker.check("PUT", COMMANDS, {}, [command(*translated, description="DS")]), "[0]", "4000")


def test_autocomplete_choices(checker):
    many = {"type": 8, "data": {"choices": [{"name": f"c{i}", "value": f"v{i}"} for i in range(26)]}}
    refused(checker.check("POST", CALLBACK, {}, many), "data.choices", "25")
    long = {"type": 8, "data": {"choices": [{"name": "c", "value": "v" * 101}]}}
    refused(checker.check("POST", CALLBACK, {}, long), "data.choices[0].value", "100")


def test_a_thread_name(checker):
    threads = "/channels/1234567890123/messages/1234567890124/threads"
    assert checker.check("POST", threads, {}, {"name": "Ann's game", "auto_archive_duration": 10080}) is None
    refused(checker.check("POST", threads, {}, {"name": "x" * 101}), "name", "100")
    refused(checker.check("POST", threads, {}, {"name": ""}), "name")


def test_query_and_path_parameters(checker):
    refused(checker.check("POST", CALLBACK, {"with_response": "yes"}, {"type": 6}), "with_response", "boolean")
    refused(checker.check("POST", CALLBACK, {"wait": "true"}, {"type": 6}), "wait", "takes no query parameter")
    refused(checker.check("GET", CHANNEL, {"limit": "500"}, None), "limit", "maximum")
    refused(checker.check("GET", "/channels/general", {}, None), "channel_id")


def test_a_body_where_none_is_taken_and_none_where_one_is_needed(checker):
    refused(checker.check("POST", "/channels/1234567890123/typing", {}, {"content": "x"}), "(body)", "takes no body")
    refused(checker.check("POST", CALLBACK, {}, None), "(body)", "needs a body")


def test_the_answer_is_discords_invalid_form_body(checker):
    violation = checker.check("POST", CHANNEL, {}, message(content="x" * 2001, components=[row(button("x" * 101))]))
    assert violation is not None
    status, answer = violation.answer()
    assert status == 400 and answer["code"] == 50035 and answer["message"] == "Invalid Form Body"
    assert answer["errors"]["content"]["_errors"][0]["code"] == "BASE_TYPE_BAD_LENGTH"
    assert "_errors" in answer["errors"]["components"]["0"]["components"]["0"]["custom_id"]


def test_every_exception_and_fake_only_endpoint_is_explained_and_still_needed(checker):
    spec = json.loads(SPEC_PATH.read_text())
    schemas = spec["components"]["schemas"]
    for schema, prop, _replacement, reason in EXCEPTIONS:
        assert len(reason) > 40, (schema, prop)
        assert schema in schemas, f"{schema} is gone from the description: drop its exception"
        if prop is not None:  # a field the description lacks: once it has it, the exception goes
            assert prop not in schemas[schema].get("properties", {}), f"{schema}.{prop} is described now"
    for (method, template), reason in FAKE_ONLY.items():
        assert checker.operation(method, template) == (None, None, {}) and reason  # not an API operation


# ---------------------------------------------------------------- through the fake Discord


async def test_the_fake_answers_a_violation_as_discord_does_and_keeps_it(fake: FakeDiscord):
    async with aiohttp.ClientSession() as session:
        url = f"{fake.api_base}/channels/{fake.channel_id}/messages"
        async with session.post(url, json={"content": "x" * 2001}) as answer:
            assert answer.status == 400
            assert (await answer.json())["errors"]["content"]["_errors"][0]["code"] == "BASE_TYPE_BAD_LENGTH"
        async with session.get(f"{fake.api_base}/no/such/route") as answer:
            assert answer.status == 404
    assert fake.channel_messages() == []  # nothing was posted
    bad, unknown = fake.take_violations()
    assert bad.operation == "POST /channels/{channel_id}/messages" and "content" in str(bad)
    assert unknown.status == 404
    assert fake.violations == [] and fake.calls[0].violation == bad


async def test_discord_py_sees_the_400_as_discord_sends_it(fake: FakeDiscord, monkeypatch):
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    try:
        await http.static_login("fake-token")
        route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=fake.channel_id)
        with pytest.raises(discord.HTTPException) as raised:
            await http.request(route, json={"content": "hello", "components": [row(button("x" * 101))]})
    finally:
        await http.close()
    assert raised.value.status == 400 and raised.value.code == 50035
    assert "custom_id" in raised.value.text
    (violation,) = fake.take_violations()
    assert "components[0].components[0].custom_id" in str(violation)


def test_a_violation_fails_the_test_that_made_it(tmp_path):
    """The autouse fixture of tests/bot/conftest.py, run on two small tests in a pytest of their own."""
    (tmp_path / "test_sample.py").write_text(textwrap.dedent("""
        import aiohttp
        from fake_discord import FakeDiscord

        async def post(fake, body):
            async with aiohttp.ClientSession() as session:
                url = f"{fake.api_base}/channels/{fake.channel_id}/messages"
                async with session.post(url, json=body) as answer:
                    return answer.status

        async def test_sends_a_bad_message():
            async with FakeDiscord() as fake:
                assert await post(fake, {"content": "x" * 2001}) == 400

        async def test_sends_one_on_purpose():
            async with FakeDiscord() as fake:
                assert await post(fake, {"content": "x" * 2001}) == 400
                assert len(fake.take_violations()) == 1
    """))
    env = os.environ | {"PYTHONPATH": os.pathsep.join([str(HERE), str(HERE.parents[1])])}
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "conftest", "-p", "contract_report",
                          "-p", "no:cacheprovider",
                          "-o", "asyncio_mode=auto", "-o", "asyncio_default_fixture_loop_scope=function",
                          "--rootdir", str(tmp_path), str(tmp_path / "test_sample.py")],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 1 and "2 passed, 1 error" in run.stdout, run.stdout[-3000:]  # the error: at teardown
    assert "ERROR at teardown of test_sends_a_bad_message" in run.stdout
    assert "Discord would have refused" in run.stdout and "content: Must be between 0 and 2000" in run.stdout
    assert "Discord contract" in run.stdout and "violations: 2 (1 of them sent on purpose" in run.stdout
