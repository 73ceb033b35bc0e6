"""Channel benchmark: a whole 2-player game played by scripted players through the fake
Discord, clicking the buttons and menus of the live prompt as people would; prints what the
game left in its channel.

    .venv/bin/python bench/channel.py [--games 2] [--seed 3] [--baseline 26b71dd]

Figures per decision (a decision = one choice applied to the game):
* messages left in the game's channel (created minus deleted)       goal <= 0.35
* images uploaded, and their KB                                      goal <= 0.15 and <= 40 KB
* changes of the player to act that did not notify that player       goal 0
Each game's deal is random (as in production), so several games are played and summed.
``--baseline REF`` plays the same number of games, with the same scripted choices, against
another commit (checked out in a temporary git worktree) in the same run, side by side.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "bot"))
sys.path.insert(0, str(ROOT))

from baseline import baseline_tree  # noqa: E402
from bot_process import MENTION, BotProcess, slash  # noqa: E402
from fake_discord import FakeDiscord, FakeUser  # noqa: E402

ANN, BOB = FakeUser(9301, "ann"), FakeUser(9302, "bob")
DECLINE = ("forfeit", "done", "none", "place:0", "move:0")


class BotAt(BotProcess):
    """``python -m bot`` from another checkout (the baseline)."""

    def __init__(self, fake: FakeDiscord, database: Path, root: Path) -> None:
        super().__init__(fake, database)
        self.root = root

    async def start(self) -> None:
        import bot_process

        saved = bot_process.ROOT
        bot_process.ROOT = self.root
        try:
            await super().start()
        finally:
            bot_process.ROOT = saved


def options_of(message: dict) -> list[dict]:
    return [c for row in message.get("components") or [] for c in row.get("components", [])
            if c.get("custom_id", "").startswith(("ds:b:", "ds:s:"))]


def live_prompt(fake: FakeDiscord, channel: int) -> dict | None:
    for posted in reversed(fake.channel_messages(channel)):
        message = fake.message_or_none(posted["_message_id"]) if hasattr(fake, "message_or_none") \
            else fake._messages.get(posted["_message_id"])
        if message is not None and options_of(message):
            return message
    return None


def version_of(message: dict) -> int:
    return int(options_of(message)[0]["custom_id"].split(":")[3])


def finished(db: Path) -> bool:
    conn = sqlite3.connect(db)
    try:
        row = conn.execute("SELECT status FROM games ORDER BY id DESC LIMIT 1").fetchone()
        return row is not None and row[0] in ("finished", "abandoned")
    finally:
        conn.close()


async def wait_progress(fake: FakeDiscord, channel: int, version: int, db: Path, timeout: float = 60) -> dict | None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        prompt = live_prompt(fake, channel)
        if prompt is not None and version_of(prompt) > version:
            return prompt
        if finished(db):
            await asyncio.sleep(0.3)  # the final post follows the commit
            return None
        await asyncio.sleep(0.01)
    raise TimeoutError(f"the game did not move on from version {version}")


def pick(options: list[tuple[str, str, str]], chooser: random.Random) -> tuple[str, str, str]:
    """(kind, custom id, value): decline less often, as people do (engine.simulate.pick)."""
    active = [o for o in options if o[2] not in DECLINE]
    if active and (len(active) == len(options) or chooser.random() >= 0.1):
        return chooser.choice(active)
    return chooser.choice(options)


async def play(root: Path | None, seed: int) -> dict:
    async with FakeDiscord() as fake:
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "games.sqlite3"
            bot = BotProcess(fake, db) if root is None else BotAt(fake, db, root)
            await bot.start()
            started = time.perf_counter()
            channel = fake.channel_id
            await slash(fake, "new", ANN, {"players": 2})
            await slash(fake, "join", BOB)
            await slash(fake, "start", ANN)
            chooser = random.Random(seed)
            users = {u.id: u for u in (ANN, BOB)}
            prompt = await wait_progress(fake, channel, 0, db)
            clicks: list[int] = []
            stopped = 0
            try:
                await click_on(fake, db, prompt, chooser, users, clicks)
            except TimeoutError as why:  # say what the bot and Discord last did, then go on measuring
                print(f"game of seed {seed} stopped: {why}\n-- the bot's last lines:\n{bot.tail(30)}\n"
                      f"-- the fake Discord's last calls:\n{last_calls(fake)}", file=sys.stderr)
                stopped = 1
            seconds = time.perf_counter() - started
            await bot.stop()
            return {**measure(fake, channel, db, len(clicks), seconds), "stopped": stopped}


def last_calls(fake: FakeDiscord, count: int = 15) -> str:
    return "\n".join(f"{c.time:.3f} {c.method} {c.path} -> {c.status}{' (fault)' if c.fault else ''}"
                     for c in fake.calls[-count:])


async def click_on(fake: FakeDiscord, db: Path, prompt: dict | None, chooser: random.Random,
                   users: dict[int, FakeUser], clicks: list[int],
                   after: Callable[[], None] | None = None) -> None:
    """Click a random option of each new prompt until the game ends (``clicks``: the versions
    clicked; ``after``: called once each click's post came)."""
    actor = None
    while prompt is not None:
        mention = MENTION.search(prompt["content"])
        actor = users[int(mention[1])] if mention else actor
        choices = []
        for component in options_of(prompt):
            if component["type"] == 2:
                value = component["custom_id"].split(":", 4)[4]
                choices.append(("button", component["custom_id"], value))
            else:
                choices += [("select", component["custom_id"], o["value"]) for o in component["options"]]
        kind, custom_id, value = pick(choices, chooser)
        if kind == "button":
            iid = fake.click(custom_id, user=actor, message_id=int(prompt["id"]))
        else:
            iid = fake.select(custom_id, [value], user=actor, message_id=int(prompt["id"]))
        await fake.response(iid, timeout=30)
        clicks.append(version_of(prompt))
        prompt = await wait_progress(fake, int(prompt["channel_id"]), version_of(prompt), db)
        if after is not None:
            after()


def measure(fake: FakeDiscord, channel: int, db: Path, clicks: int, seconds: float) -> dict:
    base = f"/channels/{channel}/messages"
    calls = [c for c in fake.calls if not c.fault and c.status < 300 and c.path.startswith(base)]
    created = [c for c in calls if c.method == "POST" and c.path == base]
    deleted = [c for c in calls if c.method == "DELETE"]
    edited = [c for c in calls if c.method == "PATCH"]
    images = [f for c in created + edited for f in c.files]
    conn = sqlite3.connect(db)
    moves = [(s, o) for s, o in conn.execute("SELECT seat, option_id FROM moves WHERE undone = 0 ORDER BY version")]
    seats = dict(conn.execute("SELECT seat, user_id FROM seats"))
    conn.close()
    # every change of the player to act must have a new message mentioning them: the player asked
    # at each prompt is the one who made the next move (read from the store, whatever its rules)
    changes = [seats[seat] for i, (seat, _) in enumerate(moves) if i == 0 or moves[i - 1][0] != seat]
    pinged = [str(u) for c in created for u in ((c.json or {}).get("allowed_mentions") or {}).get("users", [])]
    unnotified, i = 0, 0
    for user in changes:  # in order: each change finds its ping among the posts that follow
        while i < len(pinged) and pinged[i] != user:
            i += 1
        if i == len(pinged):
            unnotified += 1
        else:
            i += 1
    decisions = len(moves)
    return {
        "decisions": decisions, "clicks": clicks, "seconds": round(seconds, 1),
        "created": len(created), "deleted": len(deleted), "edited": len(edited),
        "left": len(created) - len(deleted),
        "left_per_decision": round((len(created) - len(deleted)) / decisions, 3),
        "images": len(images), "images_per_decision": round(len(images) / decisions, 3),
        "image_kb_per_decision": round(sum(len(f.data) for f in images) / 1024 / decisions, 1),
        "image_kb_total": round(sum(len(f.data) for f in images) / 1024),
        "player_changes": len(changes), "unnotified": unnotified,
        "refused": len(fake.violations),  # requests Discord would have refused (tests/bot/discord_contract.py)
    }


def games(root: Path | None, seed: int, count: int) -> dict:
    """Several games, their counts summed and the ratios taken over the sums."""
    runs = [asyncio.run(play(root, seed + i)) for i in range(count)]
    total = {k: sum(r[k] for r in runs) for k in runs[0]}
    decisions = total["decisions"]
    total["seconds"] = round(total["seconds"], 1)
    total["left_per_decision"] = round(total["left"] / decisions, 3)
    total["images_per_decision"] = round(total["images"] / decisions, 3)
    total["image_kb_per_decision"] = round(total["image_kb_total"] / decisions, 1)
    total["games"] = count
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--baseline", help="a git ref to measure in the same run (e.g. the commit before)")
    args = parser.parse_args()
    rows = {"this tree": games(None, args.seed, args.games)}
    if args.baseline:
        with baseline_tree(args.baseline) as path:
            rows[f"baseline {args.baseline}"] = games(path, args.seed, args.games)
    keys = list(next(iter(rows.values())))
    width = max(len(k) for k in keys)
    print(f"{'':{width}}  " + "  ".join(f"{name:>22}" for name in rows))
    for key in keys:
        print(f"{key:{width}}  " + "  ".join(f"{row[key]!s:>22}" for row in rows.values()))
    print("goals: left_per_decision <= 0.35, images_per_decision <= 0.15, image_kb_per_decision <= 40, unnotified 0,"
          " refused 0, stopped 0 (a game whose post never came: its bot's last lines are printed above)")


if __name__ == "__main__":
    main()
