"""Players' plans: for each animal of a game, the action spaces its player wants for its coming
Planning placements, in order, kept privately (no post, picture, log or record shows them), and
the planned spaces found taken by others since its player last looked.  A part of
``bot.store.sqlite.Store`` (and so of ``PgStore``)."""

from __future__ import annotations

import json
import time

from bot.store.models import Plan
from bot.store.part import StorePart


class PlanRows(StorePart):
    async def plans(self, game_id: int) -> dict[str, Plan]:
        """Every animal's plan in the game (animals without one are left out)."""
        async with self._read().execute("SELECT animal, spaces, taken FROM plans WHERE game_id = ?",
                                        (game_id,)) as cur:
            return {r["animal"]: Plan(r["animal"], json.loads(r["spaces"]), json.loads(r["taken"]))
                    for r in await cur.fetchall()}

    async def put_plan(self, game_id: int, plan: Plan) -> None:
        """(In a transaction.) Keep ``plan`` as the animal's (a plan with nothing left to tell is removed)."""
        if not plan.spaces and not plan.taken:
            await self.conn.execute("DELETE FROM plans WHERE game_id = ? AND animal = ?", (game_id, plan.animal))
            return
        await self.conn.execute(
            "INSERT INTO plans (game_id, animal, spaces, taken, updated_at) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (game_id, animal) DO UPDATE SET spaces = excluded.spaces, taken = excluded.taken, "
            "updated_at = excluded.updated_at",
            (game_id, plan.animal, json.dumps(plan.spaces), json.dumps(plan.taken), time.time()))
