"""Which Discord shards this process runs, and which games are therefore its own.

Discord sends a server's events to shard ``(guild_id >> 22) % shard_count``.  With several bot
processes, each runs a range of shards; whatever the bot does on its own for a game (posting a
channel that fell behind, reminders and deadlines) is done by the process whose shards hold
the game's server, so two processes never post the same thing.  Games without a server (the
playground's, direct-message ones) belong to shard 0, where Discord sends direct messages.
"""

from __future__ import annotations

from dataclasses import dataclass


class ShardError(ValueError):
    """A shard configuration that cannot work; the message says why."""


def shard_of(guild_id: int | str | None, count: int) -> int:
    """The shard Discord uses for a server (0 for none, or an id that is not a number)."""
    try:
        gid = int(guild_id) if guild_id is not None else 0
    except ValueError:
        gid = 0
    return (gid >> 22) % count


@dataclass(frozen=True)
class Shards:
    ids: tuple[int, ...]
    count: int

    @classmethod
    def parse(cls, ids: object, count: object) -> Shards | None:
        """From configuration values (``"0,1"``, ``"0-1"``, ``[0, 1]``; a count); None when unset.

        A count alone means every shard in this process; ids without a count, an id outside
        0..count-1, or a repeated id is refused with a clear message.
        """
        if count in (None, ""):
            if ids not in (None, "", []):
                raise ShardError("shard_ids needs shard_count (the total number of shards over all processes)")
            return None
        try:
            if not isinstance(count, str | int | float):  # a TOML table or list, say
                raise TypeError(count)
            total = int(count)
        except (TypeError, ValueError):
            raise ShardError(f"shard_count must be a whole number, not {count!r}") from None
        if total < 1:
            raise ShardError(f"shard_count must be at least 1, not {total}")
        chosen = _parse_ids(ids) if ids not in (None, "", []) else list(range(total))
        if len(set(chosen)) != len(chosen):
            raise ShardError(f"shard_ids lists a shard twice: {chosen}")
        outside = [i for i in chosen if not 0 <= i < total]
        if outside:
            raise ShardError(f"shard_ids {outside} outside 0..{total - 1} (shard_count is {total})")
        return cls(tuple(sorted(chosen)), total)

    def owns(self, guild_id: int | str | None) -> bool:
        return shard_of(guild_id, self.count) in self.ids

    def __str__(self) -> str:
        return f"shards {','.join(map(str, self.ids))} of {self.count}"


def _parse_ids(ids: object) -> list[int]:
    if isinstance(ids, int):
        return [ids]
    parts = ids if isinstance(ids, list | tuple) else str(ids).replace(" ", "").split(",")
    chosen: list[int] = []
    for part in parts:
        text = str(part)
        try:
            if "-" in text.lstrip("-"):
                low, high = text.split("-", 1)
                chosen.extend(range(int(low), int(high) + 1))
            else:
                chosen.append(int(text))
        except ValueError:
            raise ShardError(f"shard_ids must be numbers such as 0,1 or 0-1, not {ids!r}") from None
    return chosen
