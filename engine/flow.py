"""The step machine: one pending prompt at a time, one ``apply`` for every choice.

The state holds a stack of steps (``state["steps"]``); the top one is current.  Each step
name maps to a ``StepKind``: ``ask`` returns the prompt for the step, or ``None`` when
nobody has a real choice, in which case ``auto`` runs and the machine moves on.  ``choose``
applies one legal option and returns the decision's log message (a ``Msg``); what it
logs itself (consequences) follows that line.  Steps are plain dicts, so the state
always serialises.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import RulesError
from engine.geometry import corner_spellings, parse_corner_label
from engine.state import log
from engine.text import Msg, entry

State = dict[str, Any]
Step = dict[str, Any]

MAX_LABEL = 100  # Discord's limit for one choice
QUOTED_ID = 40  # how much of an unknown option id an error message repeats
SHOWN_IDS = 12  # how many legal option ids an error message lists
MAX_AUTO_STEPS = 100_000  # a guard against a step that never yields


@dataclass(frozen=True)
class Option:
    """One legal choice: a stable ``id`` and ``text``, what it does (``words.option`` words
    it, in at most 100 characters)."""

    id: str
    text: Msg

    def __post_init__(self) -> None:
        if len(self.id) > MAX_LABEL:
            raise ValueError(f"option id too long: {self.id!r}")


#: The options of an ask, or a function making them (see ``Ask``).
Options = list[Option] | Callable[[], list[Option]]


@dataclass(frozen=True)
class Ask:
    """What a step needs from a person: the animal that chooses and the legal options.
    ``options`` may be a function making them, called when the prompt's options are first
    read: a search plays thousands of steps whose next prompt it never reads (it need only
    know that someone is asked, who and about what)."""

    animal: str
    kind: str
    text: Msg
    options: Options


def spellings(option_id: str) -> tuple[str, ...]:
    """What a player may type for an option: its id, and for a corner (``corner:C2-SE``) each
    label of the corner (from its three tiles' names), with or without ``corner:``."""
    kind, _, label = option_id.partition(":")
    key = parse_corner_label(label) if kind == "corner" else None
    if key is None:
        return (option_id,)
    labels = corner_spellings(key)
    return (option_id, *labels, *(f"corner:{s}" for s in labels if f"corner:{s}" != option_id))


#: Sets an attribute of a Prompt, which forbids setting them otherwise.
_set = object.__setattr__


class Prompt:
    """The one pending decision of a game (immutable)."""

    __slots__ = ("seat", "animal", "kind", "text", "_options")
    seat: int
    animal: str
    kind: str
    text: Msg
    _options: tuple[Option, ...] | Callable[[], list[Option]]

    def __init__(self, seat: int, animal: str, kind: str, text: Msg,
                 options: Sequence[Option] | Callable[[], list[Option]]) -> None:
        """``options`` may be a function making them (an ``Ask``'s), called when first read."""
        _set(self, "seat", seat)
        _set(self, "animal", animal)
        _set(self, "kind", kind)
        _set(self, "text", text)
        _set(self, "_options", tuple(options) if not callable(options) else options)

    @property
    def options(self) -> tuple[Option, ...]:
        options = self._options
        if isinstance(options, tuple):
            return options
        made = tuple(options())
        _set(self, "_options", made)
        return made

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a Prompt does not change ({name})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Prompt):
            return NotImplemented
        return (self.seat, self.animal, self.kind, self.text, self.options) == \
            (other.seat, other.animal, other.kind, other.text, other.options)

    def __hash__(self) -> int:
        return hash((self.seat, self.animal, self.kind, self.text, self.options))

    def __repr__(self) -> str:
        return (f"Prompt(seat={self.seat!r}, animal={self.animal!r}, kind={self.kind!r}, text={self.text!r}, "
                f"options={self.options!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        return Prompt, (self.seat, self.animal, self.kind, self.text, self.options)

    def option(self, option_id: str) -> Option | None:
        for o in self.options:
            if o.id == option_id:
                return o
        return None

    def typed(self, text: str) -> str | None:
        """The id of the option ``text`` spells, in any letter case: its id, or for a corner
        any of its labels, with or without ``corner:`` (``c2-se``, ``D2-NW``); else None."""
        wanted = text.strip().lower()
        for o in self.options:
            if wanted in (s.lower() for s in spellings(o.id)):
                return o.id
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "animal": self.animal,
            "kind": self.kind,
            "text": self.text.to_dict(),
            "options": [{"id": o.id, "text": o.text.to_dict()} for o in self.options],
        }


#: A step kind's three parts: the prompt (``None``: nobody has a real choice), applying one
#: legal option (returns the decision's log message), and what runs when nobody is asked.
AskFn = Callable[[State, Step], Ask | None]
ChooseFn = Callable[[State, Step, str], Msg]
AutoFn = Callable[[State, Step], None]


@dataclass(frozen=True)
class StepKind:
    ask: AskFn
    choose: ChooseFn
    auto: AutoFn | None = None


STEPS: dict[str, StepKind] = {}


def register(
    name: str,
    ask: AskFn,
    choose: ChooseFn | None = None,
    auto: AutoFn | None = None,
) -> None:
    if name in STEPS:
        raise ValueError(f"step {name!r} registered twice")
    STEPS[name] = StepKind(ask, choose or _no_choice, auto)


def _no_choice(state: State, step: Step, option_id: str) -> Msg:
    raise AssertionError(f"step {step['name']} never asks")


def push(state: State, name: str, **data: Any) -> Step:
    step = {"name": name, **data}
    state["steps"].append(step)
    return step


def pop(state: State) -> Step:
    step: Step = state["steps"].pop()
    return step


def replace(state: State, name: str, **data: Any) -> Step:
    state["steps"].pop()
    return push(state, name, **data)


def skip(state: State, step: Step, key: str, **args: Any) -> None:
    """End a step nobody can act on, saying why in the log (under the step's animal, if any)."""
    pop(state)
    log(state, key, by=step.get("animal"), **args)


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
        options=ask.options,
    )


def options_for(state: State, seat: int) -> tuple[Option, ...]:
    """The options this seat may choose right now (empty when it is not this seat's turn)."""
    p = prompt(state)
    return p.options if p is not None and p.seat == seat else ()


def apply(state: State, seat: int, option_id: str, *, asked: Prompt | None = None) -> State:
    """Apply one choice by ``seat``; raises RulesError (state untouched) if it is illegal.

    On success the state is changed in place, advanced to the next prompt, and returned.
    ``asked``: the prompt the caller has just computed for this very state (computed again if not).
    """
    p = asked if asked is not None else prompt(state)
    if p is None:
        raise RulesError("game_over")
    if not isinstance(seat, int) or seat != p.seat:
        raise RulesError("not_your_turn", player=state["seats"][p.seat]["name"], animal=p.animal,
                         prompt=p.text.to_dict())
    if not isinstance(option_id, str) or p.option(option_id) is None:
        quoted = str(option_id)
        quoted = quoted if len(quoted) <= QUOTED_ID else quoted[:QUOTED_ID - 1] + "…"
        shown = [o.id for o in p.options[:SHOWN_IDS]]
        if len(p.options) > SHOWN_IDS:
            raise RulesError("not_legal_more", option=quoted, prompt=p.text.to_dict(), options=shown,
                             n=len(p.options) - SHOWN_IDS)
        raise RulesError("not_legal", option=quoted, prompt=p.text.to_dict(), options=shown)
    step = state["steps"][-1]
    before, turn = len(state["log"]), state["turn"]
    said = STEPS[step["name"]].choose(state, step, option_id)
    # the decision's line comes first, then whatever the choice set off
    state["log"].insert(before, entry(turn, said, p.animal))
    state["decisions"] += 1
    advance(state)
    return state
