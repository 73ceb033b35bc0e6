"""The step machine: one pending prompt at a time, one ``apply`` for every choice.

The state holds a stack of steps (``state["steps"]``); the top one is current.  Each step
name maps to a ``StepKind``: ``ask`` returns the prompt for the step, or ``None`` when
nobody has a real choice, in which case ``auto`` runs and the machine moves on.  ``choose``
applies one legal option and returns the log line.  Steps are plain dicts, so the state
always serialises.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.errors import RulesError
from engine.state import animal_name, log

State = dict[str, Any]
Step = dict[str, Any]

MAX_LABEL = 100  # Discord's limit for one choice
MAX_AUTO_STEPS = 100_000  # a guard against a step that never yields


@dataclass(frozen=True)
class Option:
    id: str
    label: str

    def __post_init__(self) -> None:
        if len(self.label) > MAX_LABEL or len(self.id) > MAX_LABEL:
            raise ValueError(f"option too long: {self.id!r} / {self.label!r}")


@dataclass(frozen=True)
class Ask:
    """What a step needs from a person: the animal that chooses and the legal options."""

    animal: str
    kind: str
    text: str
    options: list[Option]


@dataclass(frozen=True)
class Prompt:
    """The one pending decision of a game."""

    seat: int
    animal: str
    kind: str
    text: str
    options: tuple[Option, ...]
    _ids: frozenset[str] = field(default=frozenset(), repr=False, compare=False)

    def option(self, option_id: str) -> Option | None:
        for o in self.options:
            if o.id == option_id:
                return o
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "animal": self.animal,
            "kind": self.kind,
            "text": self.text,
            "options": [{"id": o.id, "label": o.label} for o in self.options],
        }


@dataclass(frozen=True)
class StepKind:
    ask: Callable[[State, Step], Ask | None]
    choose: Callable[[State, Step, str], str]
    auto: Callable[[State, Step], None] | None = None


STEPS: dict[str, StepKind] = {}


def register(
    name: str,
    ask: Callable[[State, Step], Ask | None],
    choose: Callable[[State, Step, str], str] | None = None,
    auto: Callable[[State, Step], None] | None = None,
) -> None:
    if name in STEPS:
        raise ValueError(f"step {name!r} registered twice")
    STEPS[name] = StepKind(ask, choose or _no_choice, auto)


def _no_choice(state: State, step: Step, option_id: str) -> str:
    raise AssertionError(f"step {step['name']} never asks")


def push(state: State, name: str, **data: Any) -> Step:
    step = {"name": name, **data}
    state["steps"].append(step)
    return step


def pop(state: State) -> Step:
    return state["steps"].pop()


def replace(state: State, name: str, **data: Any) -> Step:
    state["steps"].pop()
    return push(state, name, **data)


def skip(state: State, step: Step, reason: str) -> None:
    """End a step nobody can act on, saying why in the log."""
    pop(state)
    log(state, reason)


# ---------------------------------------------------------------------------------------------


def advance(state: State) -> Ask | None:
    """Run automatic steps until a person must choose or the game is over.

    Returns what the waiting step asks (``None`` once the game is over), so a caller that
    needs the next prompt at once, such as an AI search, need not build it twice.
    """
    for _ in range(MAX_AUTO_STEPS):
        if state["phase"] == "over" or not state["steps"]:
            return None
        step = state["steps"][-1]
        kind = STEPS[step["name"]]
        ask = kind.ask(state, step)
        if ask is not None:
            return ask
        if kind.auto is None:
            pop(state)
        else:
            kind.auto(state, step)
    raise AssertionError("the step machine did not reach a prompt")


def prompt(state: State) -> Prompt | None:
    """The pending decision, or ``None`` when the game is over."""
    if state["phase"] == "over" or not state["steps"]:
        return None
    step = state["steps"][-1]
    ask = STEPS[step["name"]].ask(state, step)
    if ask is None:  # only if someone edited the state by hand
        raise AssertionError(f"step {step['name']} has no prompt; call advance() first")
    return prompt_of(state, ask)


def prompt_of(state: State, ask: Ask) -> Prompt:
    """The prompt for what a step asks."""
    return Prompt(
        seat=state["animals"][ask.animal]["seat"],
        animal=ask.animal,
        kind=ask.kind,
        text=ask.text,
        options=tuple(ask.options),
    )


def options_for(state: State, seat: int) -> tuple[Option, ...]:
    """The options this seat may choose right now (empty when it is not this seat's turn)."""
    p = prompt(state)
    return p.options if p is not None and p.seat == seat else ()


def apply(state: State, seat: int, option_id: str) -> State:
    """Apply one choice by ``seat``; raises RulesError (state untouched) if it is illegal.

    On success the state is changed in place, advanced to the next prompt, and returned.
    """
    p = prompt(state)
    if p is None:
        raise RulesError("The game is over; no more choices can be made.")
    if not isinstance(seat, int) or seat != p.seat:
        who = state["seats"][p.seat]["name"]
        raise RulesError(
            f"It is not your turn: {who} ({animal_name(p.animal)}) must choose now ({p.text})."
        )
    if not isinstance(option_id, str) or p.option(option_id) is None:
        shown = ", ".join(o.id for o in p.options[:12])
        more = f" and {len(p.options) - 12} more" if len(p.options) > 12 else ""
        raise RulesError(
            f"'{option_id}' is not a legal choice now ({p.text}). Choose one of: {shown}{more}."
        )
    step = state["steps"][-1]
    line = STEPS[step["name"]].choose(state, step, option_id)
    log(state, f"{animal_name(p.animal)}: {line}")
    state["decisions"] += 1
    advance(state)
    return state
