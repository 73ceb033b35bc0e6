"""The outbox's kinds of notice: their names are stored in the outbox rows (an item queued by
one version is sent by the next), and an item of a kind this version does not know is posted."""

from __future__ import annotations

from bot.discord.outbox import kind_of
from bot.game.notices import KINDS, Delivery
from bot.store.models import OutboxItem

#: The names outbox rows were written with (bot/game/notices.py may add, never rename).
STORED = ("reminder", "deadline", "idle", "lobby_closed", "abandoned", "archive", "followers")


def test_every_name_ever_stored_is_still_a_kind():
    assert set(STORED) <= set(KINDS)
    assert all(KINDS[name].name == name for name in KINDS)


def test_an_item_of_a_kind_unknown_here_is_posted():
    item = OutboxItem(1, 2, "a-kind-from-a-newer-version", "c", "hello", [])
    kind = kind_of(item)
    assert (kind.delivery, kind.disarms, kind.closes_lobby) == (Delivery.POST, False, False)
    assert kind_of(OutboxItem(1, 2, "archive", "c", "", [])) is KINDS["archive"]
