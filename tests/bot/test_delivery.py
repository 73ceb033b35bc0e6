"""Message building: limits Discord enforces, and who gets pinged."""

from bot.components import BUTTON_LABEL, OptionButton, prompt_view
from bot.delivery import mentions_for, message_text
from bot.limits import CONTENT as MESSAGE_LIMIT
from bot.replies import Choice, Reply


def test_a_long_text_keeps_the_mention_and_its_end():
    reply = Reply("x" * 5000 + " Now: Ann acts.", mention=["123"])
    text = message_text(reply, "\n(note)")
    assert len(text) <= MESSAGE_LIMIT
    assert text.startswith("<@123> ") and text.endswith("Now: Ann acts.\n(note)")


def test_only_the_player_to_act_can_be_pinged():
    allowed = mentions_for(Reply("hi", mention=["42", "@everyone"])).to_dict()
    assert allowed["parse"] == [] and allowed["users"] == [42]


def test_buttons_for_few_choices_selects_for_many():
    few = Reply("t", game_id=3, version=7, choices=[Choice("forfeit", "Forfeit " + "x" * 100), Choice("a", "A")])
    view, note = prompt_view(few)
    buttons = view.children
    assert [b.item.custom_id for b in buttons] == ["ds:b:3:7:forfeit", "ds:b:3:7:a"] and note == ""
    assert len(buttons[0].item.label) == BUTTON_LABEL and buttons[0].item.label.endswith("…")
    many = Reply("t", game_id=3, version=7, choices=[Choice(f"o{i}", f"Option {i}") for i in range(130)])
    view, note = prompt_view(many)
    assert [c.item.custom_id for c in view.children] == [f"ds:s:3:7:{p}" for p in range(5)]
    assert all(len(c.item.options) <= 25 for c in view.children)
    assert "5 more options" in note
    assert OptionButton.__discord_ui_compiled_template__.match("ds:b:3:7:kill:D2:birds")["option"] == "kill:D2:birds"
