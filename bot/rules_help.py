"""Rules help for ``/ds rules``: every action, card and term, in our own words."""

from __future__ import annotations

from bot.limits import quote
from engine.cards.texts import CARD_TEXTS, SURVIVAL_TEXT

ACTIONS: dict[str, str] = {
    "Initiative": "Move your initiative marker one place forward (swap with the animal ahead), then put "
                  "the same AP on any vacant eyeball space; it acts when that space comes up.",
    "Adaptation": "Take one element from the Adaptation box onto your display (at most 6 elements). "
                  "What is left moves to the Regression box in the Reset.",
    "Regression": "Every turn, each animal loses one added element of every type in the Regression box. "
                  "Printed elements are safe. Each AP on this row (the reptiles' free one too) protects "
                  "one type for its owner.",
    "Abundance": "Put one element from the Abundance box on any vacant corner of earth. Leftovers move to "
                 "Wasteland in the Reset.",
    "Wasteland": "The AP may throw one element out of the Wasteland box. Then every element on a corner "
                 "touching tundra whose type is still in the box goes back to the bag.",
    "Depletion": "Remove one element from earth whose type is shown in the Depletion box.",
    "Glaciation": "Only the left-most AP acts: turn a tile next to tundra into tundra. Elements surrounded "
                  "by three tundra tiles go; each animal keeps one species there (the rest go home); you "
                  "score bonus points for the tundra tiles next to it. The other APs wait; in each Reset they "
                  "move one space to the left.",
    "Speciation": "Choose an element on earth of your space's type; add species from your gene pool to the "
                  "tiles around it, up to each terrain's limit (sea/wetland 4, savannah/jungle/forest 3, "
                  "desert/mountain 2, tundra 1). The insects' free space adds 1 species to any tile.",
    "Wanderlust": "Add a face-up tile next to earth, optionally with an element from the box, score bonus "
                  "points for its neighbours; then every animal may move species onto it from next door.",
    "Migration": "Move up to the number on your space of your species, each to an adjacent tile. Birds fly "
                 "two tiles, but never across an empty hex. A species moves once per action.",
    "Competition": "On one tile of each terrain your space shows (tundra always counts), where you and "
                   "another animal both have species, eliminate one of theirs. The arachnids' space allows "
                   "any terrain.",
    "Domination": "Score a tile not scored this turn: by species count, ties to the animal higher on the "
                  "food chain. Then the tile's dominant animal picks a face-up dominance card.",
}

TERMS: dict[str, str] = {
    "Matching": "An animal's matching elements on a tile: for each element on its display, count the "
                "elements of that type on the tile's corners, and add it all up.",
    "Endangered": "A species on a tile where its animal matches no element. It cannot dominate and dies "
                  "in the next Extinction (the mammals may save one).",
    "Dominance": "The animal matching strictly more elements on a tile than every other animal there "
                 "dominates it. A tie: nobody does.",
    "Gene pool": "Your species not yet on earth. Species that die go to the box, not back to the pool.",
    "AP": "Action pawn: placed on an eyeball space in Planning, it performs that action in Execution.",
    "Eyeball": "A space on the action display where one AP fits.",
    "Food chain": "Mammals, reptiles, birds, amphibians, arachnids, insects: the higher animal wins ties.",
    "Initiative order": "The order in which animals place APs in Planning; insects start first.",
    "Tundra": "A glaciated tile. It scores 1 VP for first place and holds at most one new species per "
              "Speciation; the Survival card rewards holding it.",
    "Survival": SURVIVAL_TEXT,
    "Bonus points": "0, 1, 3, 6, 10, 15, 21, 28, 36, 45 VP for a count of 0 to 9 or more.",
    "Extinction": "In every Reset, endangered species die; the mammals may save one.",
    "Turn": "Planning (place every AP in initiative order), Execution (actions top to bottom, left to "
            "right), Reset (Extinction, Survival, new elements and cards).",
    "Ice Age": "The bottom dominance card: taking it ends the game after the turn, then every tile is "
               "scored once more.",
}

TOPICS: dict[str, str] = {**ACTIONS, **{f"{k} (card)": v for k, v in CARD_TEXTS.items()}, **TERMS}


def find_topics(text: str, limit: int = 25) -> list[str]:
    """Topic names containing ``text`` (case-insensitive), best matches first."""
    needle = text.strip().lower()
    names = sorted(TOPICS)
    starts = [n for n in names if n.lower().startswith(needle)]
    contains = [n for n in names if needle in n.lower() and n not in starts]
    return (starts + contains)[:limit]


def explain(topic: str | None) -> str:
    if not topic:
        return ("Ask about an action (" + ", ".join(ACTIONS) + "), a card, or a term such as "
                + ", ".join(list(TERMS)[:6]) + ". Try /ds rules topic:Speciation.")
    matches = find_topics(topic, 2)
    exact = next((n for n in TOPICS if n.lower() == topic.strip().lower()
                  or n.lower() == f"{topic.strip().lower()} (card)"), None)
    name = exact or (matches[0] if len(matches) == 1 else None)
    if name is None:
        hint = f" Did you mean {', '.join(matches)}?" if matches else ""
        return f"No rules topic '{quote(topic)}'.{hint}"
    return f"**{name}**: {TOPICS[name]}"
