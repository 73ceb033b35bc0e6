"""The playground driven by a script on stdin, through the real ``python -m bot`` entry point."""

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_bot(tmp_path, stdin: str, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["DS_DATABASE"] = str(tmp_path / "play.sqlite3")
    env["DS_CONFIG"] = os.devnull
    return subprocess.run([sys.executable, "-m", "bot", "--board", str(tmp_path / "board.png"), *args],
                          input=stdin, capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)


def renderer_available() -> bool:
    from bot.game.pictures import default_renderer

    return default_renderer() is not None


def test_a_scripted_two_player_game_runs_and_survives_a_restart(tmp_path):
    # 60 picks of option 1 cover the first turn's planning and execution
    first = run_bot(tmp_path, "1\n" * 60 + "quit\n", "--players", "Ann", "Bob")
    assert first.returncode == 0, first.stderr
    out = first.stdout
    assert "Game #1 begins. Ann: " in out and "Bob: " in out
    assert out.count("places an AP") >= 14  # 7 APs each
    assert "Execution phase begins." in out
    assert "Bye; the game is saved" in out
    if renderer_available():  # the picture of every prompt asked, said once
        assert (tmp_path / "turn.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert out.count("[turn picture of this prompt written to") == 1
    # start again: the same game continues where it stopped
    second = run_bot(tmp_path, "status\nlog 2\nundo\nnot-an-option\n2\nquit\n")
    assert second.returncode == 0, second.stderr
    assert "Continuing the stored game." in second.stdout
    assert "Not accepted:" in second.stdout  # the unknown option, and perhaps the undo
    assert "Game #2" not in second.stdout


def test_eof_on_the_first_question_exits_cleanly(tmp_path):
    result = run_bot(tmp_path, "")
    assert result.returncode == 0  # the end of input ends the playground, as at every prompt
    assert "Player names" in result.stdout and "Bye; no game was started." in result.stdout


def test_a_restart_continues_whatever_the_players_are_called(tmp_path):
    first = run_bot(tmp_path, "1\nquit\n", "--players", "Lobbyist", "Bob")
    assert first.returncode == 0, first.stderr
    again = run_bot(tmp_path, "status\nquit\n")
    assert "Continuing the stored game." in again.stdout and "Game #2" not in again.stdout


def test_names_are_asked_again_until_there_are_two_to_six(tmp_path):
    result = run_bot(tmp_path, "\nAnn\nAnn ann\nAnn Bob\nquit\n")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout.count("Player names") == 4
    assert "A game needs 2 to 6 players; 1 given." in result.stdout
    assert "Every player needs a different name." in result.stdout
    assert "Game #1 begins." in result.stdout


def test_too_many_names_on_the_command_line_are_asked_again(tmp_path):
    result = run_bot(tmp_path, "Ann Bob\nquit\n", "--players", *"ABCDEFG")
    assert "A game needs 2 to 6 players; 7 given." in result.stdout
    assert "Game #1 begins. Ann: " in result.stdout


def test_commands_ignore_case_and_errors_are_friendly(tmp_path):
    script = "BOARD\nLog abc\nLOG 1\nRules Aquatic\nCards\nTile d3\nTile Z9\nSPECIATION-3\nHelp\nQUIT\n"
    result = run_bot(tmp_path, script, "--players", "Ann", "Bob")
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "log takes a number of lines, for example: log 5" in out
    assert "Aquatic (card): " in out
    assert "[tile written to" in out and "'Z9' is not a tile on earth" in out
    assert "places an AP on Speciation 3" in out
    assert "Bye; the game is saved" in out
    assert "/ds" not in out  # the playground names its own commands, not Discord's
    assert "Traceback" not in result.stderr
    if renderer_available():
        assert (tmp_path / "turn.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert (tmp_path / "tile.png").exists()


def test_new_starts_another_game(tmp_path):
    run_bot(tmp_path, "1\nquit\n", "--players", "Ann", "Bob")
    again = run_bot(tmp_path, "quit\n", "--new", "--players", "Cy", "Di")
    assert "Game #2 begins. Cy: " in again.stdout


def test_a_board_path_in_a_missing_folder_is_refused_before_a_game_exists(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["DS_DATABASE"] = str(tmp_path / "play.sqlite3")
    env["DS_CONFIG"] = os.devnull
    result = subprocess.run([sys.executable, "-m", "bot", "--board", str(tmp_path / "nowhere" / "b.png"),
                             "--players", "Ann", "Bob"], input="1\nquit\n", capture_output=True, text=True,
                            cwd=ROOT, env=env, timeout=60)
    assert result.returncode == 2
    assert "does not exist" in result.stderr and "Traceback" not in result.stderr
    assert "Game #" not in result.stdout
    assert not (tmp_path / "play.sqlite3").exists()


def test_ctrl_c_exits_at_once_without_a_traceback(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["DS_DATABASE"] = str(tmp_path / "play.sqlite3")
    env["DS_CONFIG"] = os.devnull
    # SIG_DFL in the child: a shell runs a background job (`.ci/run &`) with SIGINT ignored, and
    # an ignored disposition is inherited, so Ctrl-C would never reach the playground at all
    proc = subprocess.Popen([sys.executable, "-m", "bot", "--board", str(tmp_path / "b.png")], cwd=ROOT, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        assert "Dominant Species playground" in proc.stdout.readline()
        assert "Player names" in proc.stdout.readline()  # now blocked reading stdin
        proc.send_signal(signal.SIGINT)
        # wait with stdin still open, as in a terminal (communicate() would close it: an end of
        # input racing the Ctrl-C, which the playground answers as "no names", exit 1)
        proc.wait(timeout=10)
        err = proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130
    assert "Traceback" not in err and "Bye" in err


def test_computer_players_fill_seats_in_the_playground(tmp_path):
    result = run_bot(tmp_path, "1\n" * 5 + "log 40\nquit\n", "--players", "Ann", "--ai", "easy", "--ai", "random")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Game #1 for Ann, AI (easy), AI (random)." in out
    assert "AI (easy): " in out and "AI (random): " in out  # dealt an animal each
    # Ann answered 5 times; each answer was followed by the computer players' own placements
    assert out.count("places an AP") >= 3 * 5
    assert out.count("\n> ") >= 5 and "Now: Ann" in out  # only the person is ever asked


def test_a_bad_ai_level_or_too_many_seats_is_refused(tmp_path):
    bad = run_bot(tmp_path, "quit\n", "--players", "Ann", "--ai", "godlike")
    assert bad.returncode == 2 and "invalid choice: 'godlike'" in bad.stderr
    crowded = run_bot(tmp_path, "\n", "--players", "Ann", "Bob", *(["--ai", "random"] * 5))
    assert crowded.returncode == 1
    assert "A game needs 2 to 6 players; 2 given with 5 computer players." in crowded.stdout


def stored_games(tmp_path) -> int:
    import sqlite3

    db = tmp_path / "play.sqlite3"
    if not db.exists():
        return 0
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT count(*) FROM games").fetchone()[0]
    finally:
        conn.close()


def test_the_names_prompt_takes_quit_help_and_the_end_of_input_as_every_prompt_does(tmp_path):
    quit_ = run_bot(tmp_path, "QUIT\n")
    assert quit_.returncode == 0, quit_.stderr
    assert "Bye; no game was started." in quit_.stdout
    assert "A game needs" not in quit_.stdout and stored_games(tmp_path) == 0
    helped = run_bot(tmp_path, "help\nAnn Bob\nquit\n")
    assert helped.returncode == 0, helped.stderr
    assert "Type the players' names on one line" in helped.stdout
    assert helped.stdout.count("Player names, separated by spaces") == 2  # asked again after the help
    assert "Game #1 for Ann, Bob." in helped.stdout  # "help" was not taken for a name
    ended = run_bot(tmp_path, "", "--new")  # the end of its input at the names prompt
    assert ended.returncode == 0, ended.stderr
    assert ended.stdout.count("Player names, separated by spaces") == 1
    assert "Bye; no game was started." in ended.stdout and stored_games(tmp_path) == 1


def test_a_plan_places_a_players_placements_when_their_turn_comes(tmp_path):
    # Bob plans three spaces; Ann and Cy choose option 1 by hand: Bob is never asked while his plan lasts
    result = run_bot(tmp_path, "plan Bob: wanderlust 1, wanderlust 2, wanderlust 3\nplan Bob\nplan Cy: nowhere\n"
                     + "1\n" * 8 + "quit\n", "--players", "Ann", "Bob", "Cy")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Your plan for the" in out and "Wanderlust 1, Wanderlust 2, Wanderlust 3" in out
    assert "Not accepted:" in out and "is not an action space" in out
    planned = [line for line in out.splitlines() if line.endswith("(planned)")]
    assert [line.split(" on ")[-1] for line in planned] == ["Wanderlust 1 (planned)", "Wanderlust 2 (planned)",
                                                            "Wanderlust 3 (planned)"]
    lasted = out.split("Wanderlust 1 (planned)")[1].split("Wanderlust 3 (planned)")[0]
    assert "Now: Bob" not in lasted  # never asked while the plan lasted


def _who_acts(state) -> bytes:
    """What the stand-in turn picture shows: whose prompt, after how many decisions."""
    import engine

    p = engine.prompt(state)
    return f"{state['seats'][p.seat]['name']} after {state['decisions']}".encode()


async def test_the_turn_picture_is_of_the_prompt_the_terminal_asks(tmp_path, monkeypatch):
    """Never a picture of a moment already past (the computer players moved on after it was
    drawn), and a new one for every placement of a Planning."""
    import io

    import renderers
    from bot.compose import local_service
    from bot.playground.session import Playground
    from bot.store.connect import open_store

    monkeypatch.setattr(renderers, "render_turn", lambda state, lang="en": _who_acts(state))
    store = await open_store(str(tmp_path / "play.sqlite3"))
    try:
        service = local_service(store)
        seen: list[tuple[bytes, bytes]] = []

        class Watched(Playground):
            async def ask(self, question: str) -> str | None:
                game = await service.store.latest_game(self.channel)
                if game is not None and game.state is not None:
                    seen.append((self.turn_path.read_bytes(), _who_acts(game.state)))
                return await super().ask(question)

        playground = Watched(service, "pg", tmp_path / "board.png", io.StringIO("1\n" * 20 + "quit\n"),
                             io.StringIO(), ai=["random"])
        assert await playground.setup(["Ann", "Bob"], None) is None
        assert await playground.loop() == 0
    finally:
        await store.close()
    assert len(seen) == 21
    assert all(shown == asked for shown, asked in seen), seen


def test_board_and_tile_say_the_position_in_words(tmp_path):
    """A terminal alone is enough to play: the pictures' contents are printed too."""
    result = run_bot(tmp_path, "board\ntile d3\ntile z9\nquit\n", "--players", "Ann", "Bob")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    board_part, tile_part = out.split("> ")[1], out.split("> ")[2]
    assert "The whole board. Turn 1" in board_part and "Scores:" in board_part
    for label in ("C3", "C4", "D2", "D3", "D4", "E3", "E4"):  # the tiles on earth at the start
        assert f"Tile {label} " in board_part, label
    tile_lines = [s.strip() for s in tile_part.splitlines() if s.strip().startswith("Tile ")]
    assert tile_lines[0].startswith("Tile D3 tundra: no species") and len(tile_lines) == 7


def test_six_computer_players_are_refused_at_once(tmp_path):
    result = run_bot(tmp_path, "Ann\n", *(["--ai", "random"] * 6))
    assert result.returncode == 2 and "at most 5 computer players (--ai)" in result.stderr
    assert "Player names" not in result.stdout and stored_games(tmp_path) == 0


def test_names_typed_with_commas_are_the_names(tmp_path):
    result = run_bot(tmp_path, "Ann, Bob\nquit\n")
    assert result.returncode == 0, result.stderr
    assert "Game #1 for Ann, Bob." in result.stdout and "Ann,:" not in result.stdout


def test_a_refused_input_says_what_may_be_typed_without_the_whole_list_again(tmp_path):
    result = run_bot(tmp_path, "99\nnonsense\noptions\nquit\n", "--players", "Ann", "Bob")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    listed = out.count("[speciation-1]")
    assert listed == 2  # at the start, and when asked for with 'options': not after each refusal
    assert out.count("Not accepted:") == 2
    assert len(re.findall(r"Type a number from 1 to \d+ or an option id; 'options' lists them again", out)) == 2


def test_the_pictures_the_playground_writes_beside_the_board_are_not_tracked():
    """By default they land in the repository's root (where ``python -m bot`` runs)."""
    from bot.game.chronicle import FINAL_IMAGE

    ignored = set((ROOT / ".gitignore").read_text().splitlines())
    for name in ("board.png", "turn.png", "tile.png", "history.png", FINAL_IMAGE):
        assert f"/{name}" in ignored, name


def test_with_lang_hu_the_playground_speaks_hungarian(tmp_path):
    result = run_bot(tmp_path, "help\nnonsense\nlog x\nquit\n", "--lang", "hu", "--players", "Anna", "Béla")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for said in ("Dominant Species játszótér", "A #1 játszma játékosai: Anna, Béla.", "Írd be egy lehetőség számát",
                 "Nem fogadható el:", "A log a sorok számát várja", "Viszlát; a játszma el van mentve"):
        assert said in out, said
    for english in ("Type an option number", "Not accepted:", "Bye;", "Game #1 for", "written to"):
        assert english not in out, english
