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


def record_with_a_refused_move(path, bad_at: int = 5) -> None:
    """A record of a seeded 2-player game's first 12 moves, move ``bad_at`` (0-based) made illegal."""
    import random

    import engine
    from engine.record import RecordMove, build_record, dumps

    state = engine.new_game(2, 7, names=["Ann", "Bob"])
    chooser, moves = random.Random(1), []
    for _ in range(12):
        p = engine.prompt(state)
        option = chooser.choice(p.options).id
        engine.apply(state, p.seat, option)
        moves.append(RecordMove(p.seat, option))
    record = build_record({"players": 2, "seed": 7, "names": ["Ann", "Bob"]}, moves, final_state=state)
    record["moves"][bad_at]["option"] = "wanderlust-9"
    path.write_text(dumps(record))


async def test_a_record_with_a_refused_move_is_named_in_words(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    record_with_a_refused_move(bad)
    status, out = await play(tmp_path, "", load=str(bad))
    assert status == 2 and out == ""
    said = capsys.readouterr().err
    assert said.startswith(f"error: --load {bad}: move 6 of 12, ")
    assert "choosing 'wanderlust-9', does not replay: 'wanderlust-9' is not a legal choice now (Place an AP" in said
    assert "not_legal" not in said and "{" not in said  # no message key, no JSON
    status, out = await play(tmp_path, "", load=str(bad), lang="hu")
    assert "a(z) 6. lépés (12 közül)" in capsys.readouterr().err


async def test_the_playground_writes_a_record_that_load_takes(tmp_path):
    """``record`` writes the game as /ds log file:True does, so --load is tried without Discord."""
    mine = tmp_path / "mine.json"
    status, out = await play(tmp_path, f"initiative-1\nwanderlust-1\nrecord\nrecord {mine}\nquit\n", ["Ann", "Bob"])
    assert status == 0, out
    written = tmp_path / "dominant-species-game-1.json"
    assert f"[the record of game #1 written to {written}; python -m bot --load {written} plays or studies it]" in out
    from engine.record import read_record

    record = read_record(written.read_bytes())
    assert [m.option for m in record.moves] == ["initiative-1", "wanderlust-1"]
    assert read_record(mine.read_bytes()).moves == record.moves
    status, out = await play(tmp_path, "log 5\nquit\n", load=str(written))
    assert status == 0, out
    assert "as game #2" in out and "places an AP on Wanderlust 1" in out
    status, out = await play(tmp_path, "record /nonexistent/folder/x.json\nquit\n", channel="playground-loaded-1")
    assert "Cannot write the record to /nonexistent/folder/x.json: No such file or directory." in out
