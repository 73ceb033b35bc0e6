"""``python -m renderers demo`` prints one JSON line of exactly this form."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from PIL import Image

from renderers.cli import main

ROOT = Path(__file__).resolve().parents[2]


def test_demo_prints_one_json_line_and_writes_the_png(tmp_path, capsys):
    out = tmp_path / "board.png"
    assert main(["demo", "--players", "6", "--seed", "3", "--decisions", "50", "--out", str(out)]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert list(data) == ["ms", "bytes", "width", "height"]
    assert data["bytes"] == out.stat().st_size
    with Image.open(out) as img:
        assert img.size == (data["width"], data["height"])


def test_demo_to_the_end_as_a_module(tmp_path):
    out = tmp_path / "end.png"
    proc = subprocess.run(
        [sys.executable, "-m", "renderers", "demo", "--players", "2", "--seed", "1", "--out", str(out)],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )
    assert json.loads(proc.stdout)["width"] == 1600
    assert out.exists()


def test_demo_tile_zoom_and_a_clear_error(tmp_path, capsys):
    out = tmp_path / "b.png"
    assert main(["demo", "--players", "4", "--seed", "1", "--decisions", "0", "--out", str(out),
                 "--tile", "D3", "--tile-out", str(tmp_path / "d3.png")]) == 0
    assert (tmp_path / "d3.png").exists()
    assert main(["demo", "--players", "4", "--seed", "1", "--decisions", "0", "--out", str(out),
                 "--tile", "A1"]) == 2
    assert "no tile at A1" in capsys.readouterr().err


def test_final_image_of_a_game_and_of_its_record(tmp_path, capsys):
    from engine import record
    from engine.simulate import random_game

    out = tmp_path / "end.png"
    assert main(["final", "--players", "2", "--seed", "1", "--out", str(out)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["bytes"] == out.stat().st_size and (data["width"], data["height"]) == (1600, 900)
    state, moves = random_game(2, 1)
    rec = tmp_path / "game.json"
    rec.write_text(record.dumps(record.build_record({"players": 2, "seed": 1}, moves, final_state=state)))
    again = tmp_path / "again.png"
    assert main(["final", "--record", str(rec), "--out", str(again)]) == 0
    capsys.readouterr()
    assert again.read_bytes() == out.read_bytes()
    assert main(["final", "--record", str(tmp_path / "missing.json"), "--out", str(again)]) == 2
    assert "error" in capsys.readouterr().err
