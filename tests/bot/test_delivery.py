"""Message building: limits Discord enforces, who gets pinged, and the prompt's components."""

from bot.components import BUTTON_LABEL, BoardButton, OptionButton, prompt_view
from bot.delivery import compose, mentions_for, message_text
from bot.limits import CONTENT as MESSAGE_LIMIT
from bot.replies import Choice, Reply


def test_a_long_text_keeps_the_mention_and_its_end():
    reply = Reply("x" * 5000 + " Now: Ann acts.", mention=["123"])
    text = message_text(reply, "\n(note)")
    assert len(text) <= MESSAGE_LIMIT
    assert text.startswith("<@123> ") and text.endswith("Now: Ann acts.\n(note)")
    assert compose("hi", ["@everyone", "7"]) == "<@7> hi"


def test_only_the_player_to_act_can_be_pinged():
    allowed = mentions_for(["42", "@everyone"]).to_dict()
    assert allowed["parse"] == [] and allowed["users"] == [42]


def test_buttons_for_few_choices_selects_for_many_and_always_the_full_board():
    few = [Choice("forfeit", "Forfeit " + "x" * 100), Choice("a", "A")]
    view, note = prompt_view(3, 7, few)
    buttons = view.children
    assert [b.item.custom_id for b in buttons] == ["ds:b:3:7:forfeit", "ds:b:3:7:a", "ds:full:3"] and note == ""
    assert len(buttons[0].item.label) == BUTTON_LABEL and buttons[0].item.label.endswith("…")
    many = [Choice(f"o{i}", f"Option {i}") for i in range(130)]
    view, note = prompt_view(3, 7, many)
    assert [c.item.custom_id for c in view.children] == [*(f"ds:s:3:7:{p}" for p in range(4)), "ds:full:3"]
    assert all(len(c.item.options) <= 25 for c in view.children[:-1])
    assert "30 more options" in note
    assert OptionButton.__discord_ui_compiled_template__.match("ds:b:3:7:kill:D2:birds")["option"] == "kill:D2:birds"
    assert BoardButton.__discord_ui_compiled_template__.match("ds:full:3")["game"] == "3"


def test_an_option_id_too_long_for_a_button_goes_in_a_select():
    long_id = "x" * 95
    view, _ = prompt_view(3, 7, [Choice(long_id, "Long"), Choice("a", "A")])
    assert view.children[0].item.custom_id == "ds:s:3:7:0"
    assert all(len(c.item.custom_id) <= 100 for c in view.children)


def test_a_game_over_post_has_no_components():
    view, note = prompt_view(3, 7, [], board=False)
    assert view is None and note == ""
