"""The playground's ``plan``: the terminal's own words for it in both languages, ``clear`` in
every language, a name without a seat or of a computer seat, a space already taken said at once,
a plan that ran out told, and adding to a plan."""

from __future__ import annotations

import re

from playground_script import play

ASKED = re.compile(r"Planning phase\. Now: (\w+) \(")


async def test_the_help_and_the_no_plan_answer_give_the_terminals_own_form(tmp_path):
    status, out = await play(tmp_path, "help\nplan Bob\nquit\n", ["Ann", "Bob"])
    assert status == 0, out
    helped = out.split("> ")[1]
    assert "plan Ann: speciation meat, wanderlust 2" in helped and "/ds" not in helped
    answer = out.split("> ")[2]
    assert re.search(r"The \w+ have no plan: Bob is asked for each placement\.", answer)
    assert "plan Bob: speciation meat, wanderlust 2 sets it" in answer
    assert "spaces:" not in answer and "/ds" not in answer
    status, out = await play(tmp_path, "help\nplan Béla\nquit\n", ["Anna", "Béla"], lang="hu", channel="hu")
    assert "plan Anna: fajképződés hús, wanderlust 2" in out.split("> ")[1]
    answer = out.split("> ")[2]
    assert re.search(r"Nincs terv \(\w+\): Béla minden lerakásnál választ\.", answer)
    assert "plan Béla: fajképződés hús, wanderlust 2 megadja" in answer and "spaces:" not in answer


async def test_clear_in_english_is_accepted_in_every_language(tmp_path):
    script = "plan Béla: wanderlust 2\nplan Béla: clear\nplan Anna: wanderlust 3\nplan Anna: törlés\nquit\n"
    status, out = await play(tmp_path, script, ["Anna", "Béla"], lang="hu")
    assert status == 0, out
    assert "Nem fogadható el" not in out
    assert len(re.findall(r"A terved \(\w+\) törölve", out)) == 2, out


async def test_a_name_without_a_seat_or_of_a_computer_seat_is_said(tmp_path):
    script = "plan Zed: wanderlust 1\nplan AI (easy): wanderlust 1\nplan AI (easy)\nquit\n"
    status, out = await play(tmp_path, script, ["Ann", "Bob"], ai=["easy"])
    assert status == 0, out
    assert "Nobody called Zed has a seat in this game (the players: Ann, Bob)." in out
    assert out.count("AI (easy) is a computer player: it keeps no plan.") == 2
    assert "is not an action space" not in out
    status, out = await play(tmp_path, "plan Zoé: wanderlust 1\nquit\n", ["Anna", "Béla"], lang="hu", channel="hu",
                             ai=["easy"])
    assert "Zoé nevű játékos nem ül ebben a játszmában (a játékosok: Anna, Béla)." in out


async def test_a_space_taken_is_said_when_the_plan_is_set_and_a_plan_that_ran_out_is_told(tmp_path):
    # the first to place takes Initiative; the second plans it (said taken at once), then the
    # second adds Wanderlust 2 after it
    script = "initiative-1\nplan initiative\nplan + wanderlust 2\nplan\nquit\n"
    status, out = await play(tmp_path, script, ["Ann", "Bob"])
    assert status == 0, out
    assert "Already taken in this Planning: Initiative 1 went to the" in out
    assert "Planned for the" in out and ": Initiative 1, Wanderlust 2." in out  # added after the first
    # a plan whose every space is taken: its player is told who took them when they look
    script = "plan Cy: domination 1\nplan Dee: domination 1\ndomination 1\nplan Cy\nplan Dee\nquit\n"
    status, out = await play(tmp_path, script, ["Cy", "Dee"], channel="second")
    assert re.search(r"Taken before your turn came: Domination 1 went to the \w+\.", out), out


async def test_orders_and_early_answers_in_the_terminals_own_words(tmp_path):
    script = ("help\nabundance-1\norder Ann: abundance 1: forfeit\norder Bob: abundance 1: forfeit\n"
              "order Ann\norder Bob\nearly Ann: move:1\nquit\n")
    status, out = await play(tmp_path, script, ["Ann", "Bob"])
    assert status == 0, out
    assert "order Ann: abundance 1: element:meat" in out.split("> ")[1]  # the help tells the terminal's form
    assert out.count("Your order for Abundance 1 is kept") == 1  # the one whose AP it is
    assert "have no AP on Abundance 1" in out  # the other's: refused, nothing kept
    assert out.count("Order for the") == 2  # said when kept, and shown to its player only
    assert "there is nothing to answer early now" in out
    status, out = await play(tmp_path, "order Anna\nearly Béla: move:1\nquit\n", ["Anna", "Béla"], lang="hu",
                             channel="hu")
    assert status == 0 and "Nincs terv (" in out and "most nincs mire előre válaszolni" in out, out


async def test_early_answers_are_cleared_with_any_languages_clear_word(tmp_path):
    status, out = await play(tmp_path, "early Ann: clear\nearly Bob: törlés\nquit\n", ["Ann", "Bob"])
    assert status == 0, out
    assert out.count("You have no early answers to clear.") == 2, out  # read as clearing, not as an answer
    assert "nothing to answer early now" not in out


async def test_the_terminal_shows_what_an_order_and_early_answers_would_meet(tmp_path):
    # the first to act places on Abundance 1; the order is given to both names (one has the AP)
    script = ("abundance-1\norder Ann: abundance 1: 1\norder Bob: abundance 1: 1\n"
              "order Ann: adaptation 1: forfeit adaptation\norder Ann: abundance 1: Forfeit Abundance\n"
              "order Bob: abundance 1: FORFEIT abundance\nearly Ann\nquit\n")
    status, out = await play(tmp_path, script, ["Ann", "Bob"])
    assert status == 0, out
    said = out.split("> ")  # [k]: the answer to the k-th line
    kept = next(a for a in said[2:4] if "is kept" in a)  # a number, as the live prompt numbers the options
    assert "Next it would ask: Abundance: choose a vacant corner" in kept and "Its options: corner:" in kept
    labelled = next(a for a in said[5:7] if "is kept" in a)  # a label as shown, in any case
    assert "Forfeit Abundance" in labelled and "Next it would ask" not in labelled
    assert all("have no AP on Abundance 1" in a for a in (*said[2:4], *said[5:7]) if a not in (kept, labelled))
    assert "nothing to answer early now" in said[7]  # early Ann: what the step would ask her


async def test_order_name_and_the_plan_help_give_the_terminals_own_form(tmp_path):
    status, out = await play(tmp_path, "help\norder Ann\nquit\n", ["Ann", "Bob"])
    assert status == 0, out
    helped, books = out.split("> ")[1:3]
    assert "any domination" in helped and "then the best open space" in helped and "first wish first" in helped
    assert "Plan with plan Ann: speciation meat, any domination." in books
    assert "spaces:" not in books and "/ds" not in books
    status, out = await play(tmp_path, "help\norder Béla\nquit\n", ["Anna", "Béla"], lang="hu", channel="hu")
    helped, books = out.split("> ")[1:3]
    assert "bármelyik domináció" in helped and "aztán a legjobb szabad mező" in helped
    assert "Tervezz így: plan Béla: fajképződés hús, bármelyik domináció." in books and "spaces:" not in books
