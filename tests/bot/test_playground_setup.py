"""Starting the playground as a newcomer does: names on the command line, one name alone, a
new game over a stored one."""

from __future__ import annotations

from playground_script import play

from bot.__main__ import parse_args


async def test_names_on_the_command_line_split_as_at_the_prompt(tmp_path):
    """docs/playing.md: names may be separated by spaces or commas, on the command line too."""
    for n, given in enumerate((["Ann,Bob"], ["Ann,", "Bob"], ["Ann", ",Bob"])):
        names = parse_args(["--players", *given]).players
        status, out = await play(tmp_path, "quit\n", names, channel=f"table-{n}")
        assert status == 0, out
        assert "for Ann, Bob." in out and "Ann,:" not in out and "Ann,Bob:" not in out, given


async def test_one_name_suggests_a_computer_opponent(tmp_path):
    status, out = await play(tmp_path, "Ann\nquit\n")
    assert status == 0
    assert ("A game needs 2 to 6 players; 1 given. To play against the computer: python -m bot --players Ann "
            "--ai normal") in out
    status, out = await play(tmp_path, "Anna\nquit\n", lang="hu")
    assert "A számítógép ellen így játszhatsz: python -m bot --players Anna --ai normal" in out
    status, out = await play(tmp_path, "quit\n", ["Ann"], ai=["easy"])
    assert "To play against the computer" not in out and "for Ann, AI (easy)." in out  # one name with --ai is a game


async def test_new_says_which_stored_game_it_abandons(tmp_path):
    await play(tmp_path, "quit\n", ["Ann", "Bob"])
    status, out = await play(tmp_path, "quit\n", ["Cy", "Dee"], new=True)
    assert status == 0
    assert "Game #1 (Ann, Bob) is abandoned for a new one." in out
    assert out.index("Game #1 (Ann, Bob) is abandoned") < out.index("Game #2 for Cy, Dee.")
    status, out = await play(tmp_path, "quit\n", ["Anna", "Béla"], new=True, lang="hu")
    assert "A #2 játszmát (Cy, Dee) félbehagyjuk egy új kedvéért." in out
