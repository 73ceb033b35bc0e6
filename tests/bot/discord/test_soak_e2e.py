"""A short soak, in CI's suite (about a minute): ``bench/soak.py``'s month of a busy server cut to
half a minute of play (tests/bot/soak_run.py): two servers, a few games at once with people and
computer players, followers, a test clock an hour a second (reminders, deadlines, a lobby that
expires), Discord answering 429 and 5xx now and then, and a kill -9 of the bot in the middle while
the players keep clicking.  Afterwards every move the bot acknowledged is stored, once; none it
refused is; no stored move was never asked for; every game's channel caught up with its game or
waits on someone who was told; and Discord would have refused no request.  How fast it answered is
``bench/soak.py``'s to measure, not this test's."""

from __future__ import annotations

from soak_run import Options, soak

SHORT = Options(minutes=0.6, games=5, servers=2, people=6, followers=3, kill_every=14, down=(1.0, 3.0),
                faults=40, grace=40, think=1.2, idle=0.02, lobby_days=1, idle_lobby_every=12, follow_every=6,
                admin_every=10, look_every=4, settle=60, seed=7)


async def test_a_short_soak_loses_no_move_and_leaves_no_game_stopped(tmp_path):
    ledger = await soak(SHORT, tmp_path)
    figures = ledger.figures
    report = "\n".join(f"{k}: {v}" for k, v in figures.items())
    print(f"\n--- the short soak ---\n{report}")
    assert figures["kill -9"] >= 1, report
    assert figures["moves acknowledged"] >= 20, report
    assert figures["acknowledged and stored"] == figures["moves acknowledged"], report
    assert figures["refused yet stored"] == 0 and figures["stored, never asked"] == 0, report
    assert figures["games that stopped with nobody told"] == 0, report
    assert figures["requests Discord would refuse"] == 0, report
    assert figures["exit codes after SIGTERM"] == [0], report
    timing = ("unanswered within 3 s",)  # measured by bench/soak.py, not asserted here
    assert not [p for p in ledger.problems if not p.startswith(timing)], "\n".join(ledger.problems)
