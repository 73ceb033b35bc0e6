"""The hot seat's turns: undo takes back the latest choice whoever made it, before and after a
restart, a placement from a plan included; the option prompt accepts what it prints."""

from __future__ import annotations

import re

from playground_script import play

ASKED = re.compile(r"Planning phase\. Now: (\w+) \(")


async def test_undo_takes_back_the_latest_choice_the_same_before_and_after_a_restart(tmp_path):
    # two placements by hand; the terminal stops; started again, undo takes back the second
    # player's placement, then the first's (after a restart it was refused: the player to act was asked)
    status, out = await play(tmp_path, "initiative-1\nwanderlust-1\nquit\n", ["Ann", "Bob"])
    first, second = ASKED.findall(out)[:2]
    assert status == 0 and {first, second} == {"Ann", "Bob"}
    status, out = await play(tmp_path, "undo\nundo\nundo\nquit\n")
    assert status == 0, out
    assert "Continuing the stored game." in out
    assert out.index(f"{second} took back: Wanderlust 1.") < out.index(f"{first} took back: Initiative 1.")
    assert "Not accepted:" in out.split("took back: Initiative 1.")[1]  # nothing before the first choice


async def test_undo_takes_back_a_placement_made_from_a_plan(tmp_path):
    # both plan Wanderlust 1: the first to place is asked all the same (the placement asked now is
    # theirs to choose) and takes Initiative 1; the second's plan then places Wanderlust 1 at once
    script = "plan Ann: wanderlust 1\nplan Bob: wanderlust 1\ninitiative-1\nundo\nquit\n"
    status, out = await play(tmp_path, script, ["Ann", "Bob"])
    assert status == 0, out
    first = ASKED.findall(out)[0]
    second = "Bob" if first == "Ann" else "Ann"
    assert "Wanderlust 1 (planned)" in out
    after = out.split(f"{second} took back: Wanderlust 1.")[1]
    assert ASKED.findall(after)[0] == second and "Not accepted" not in out  # asked by hand now


async def test_the_option_prompt_accepts_the_names_it_prints_and_the_plan_accepts(tmp_path):
    """The label as listed, and a space as a plan names it, in any letter case and spacing."""
    script = ("wanderlust 1\nSPECIATION MEAT\nDomination  2\nspeciation 2 (sun)\n"
              "competition 8 (sea, jungle, and tundra)\nquit\n")
    status, out = await play(tmp_path, script, ["Ann", "Bob"])
    assert status == 0, out
    assert "Not accepted" not in out
    for placed in ("Wanderlust 1", "Speciation 1 (meat)", "Domination 2", "Speciation 2 (sun)",
                   "Competition 8 (sea, jungle, and tundra)"):
        assert f"You chose: {placed}." in out, placed
    status, out = await play(tmp_path, "fajképződés víz\nquit\n", lang="hu")
    assert "Nem fogadható el" not in out and "Fajképződés 4 (víz)" in out
