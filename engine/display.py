"""The action display: eyeball spaces, their ids, and taking APs off them."""

from __future__ import annotations

from typing import Any

from engine.data import FREE_SPACES, ROW_BY_NAME

State = dict[str, Any]


def space_id(row: str, index: int) -> str:
    """``speciation-3``: rows by name, spaces counted from 1 at the left."""
    return f"{row}-{index + 1}"


def parse_space_id(text: str) -> tuple[str, int] | None:
    row, _, number = text.rpartition("-")
    if row not in ROW_BY_NAME or not number.isdigit():
        return None
    index = int(number) - 1
    return (row, index) if 0 <= index < ROW_BY_NAME[row].spaces else None


def is_free_space(row: str, index: int) -> bool:
    return (row, index) in FREE_SPACES


def vacant_spaces(state: State, *, exclude_rows: tuple[str, ...] = ()) -> list[tuple[str, int]]:
    """Spaces an AP may be placed on, in display order (free spaces are never vacant)."""
    return [
        (row, i)
        for row, spaces in state["display"].items()
        if row not in exclude_rows
        for i, occupant in enumerate(spaces)
        if occupant is None and not is_free_space(row, i)
    ]


def place_ap(state: State, animal: str, row: str, index: int) -> None:
    record = state["animals"][animal]
    assert record["aps"] > 0 and state["display"][row][index] is None
    record["aps"] -= 1
    state["display"][row][index] = animal


def take_ap(state: State, row: str, index: int) -> str:
    """Remove the AP on a space for execution; a normal AP goes back to its owner's supply."""
    animal: str | None = state["display"][row][index]
    assert animal is not None
    if not is_free_space(row, index):
        state["display"][row][index] = None
        state["animals"][animal]["aps"] += 1
    return animal
