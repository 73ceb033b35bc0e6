"""Rules help for ``/ds rules``: every action, card and term, in English or Hungarian.

The texts live in the ``words`` catalogue (``rules.*`` and ``card.*``), the topic names in its
glossary.  A topic is found by its name in either language, so a Hungarian player may type
``Fajképződés`` and an English one ``Speciation``.
"""

from __future__ import annotations

from functools import cache

import words
from bot.game.limits import quote
from engine.data import DOMINANCE_CARDS, FOOD_CHAIN, ROW_NAMES

#: Terms with a rules entry, in the order the hint lists them (``survival``: the card's text).
#: The phases of a turn with a rules entry, in their order.
PHASES = ("planning", "execution", "reset")
TERMS = ("matching", "endangered", "dominance", "gene_pool", "ap", "eyeball", "food_chain", "initiative_order",
         "tundra", "survival", "bonus_points", "extinction", "turn", "ice_age")


@cache
def topics(lang: str = "en") -> dict[str, str]:
    """Topic name -> its text, in ``lang``: actions, phases, animals, then cards, then terms."""
    out = {words.term(f"action.{row}", lang): words.gettext(f"rules.action.{row}", lang) for row in ROW_NAMES}
    out |= {words.term(f"phase.{p}", lang): words.gettext(f"rules.phase.{p}", lang) for p in PHASES}
    out |= {words.term(f"animal.{a}", lang): words.gettext(f"rules.animal.{a}", lang) for a in FOOD_CHAIN}
    for card in DOMINANCE_CARDS:
        name = words.gettext("rules.card_topic", lang, card=card)
        out[name] = words.card_text(card, lang)
    for t in TERMS:
        text = words.card_text("Survival", lang) if t == "survival" else words.gettext(f"rules.term.{t}", lang)
        out[words.term(f"term.{t}", lang)] = text
    return out


def _all_names() -> dict[str, tuple[str, str]]:
    """Every topic name in every language -> (language, name)."""
    return {n: (lang, n) for lang in reversed(words.LANGUAGES) for n in topics(lang)}


def find_topics(text: str, limit: int = 25, lang: str = "en") -> list[str]:
    """Topic names containing ``text`` (case-insensitive), best matches first; names of
    ``lang`` first, then those of the other languages."""
    needle = text.strip().lower()
    ordered = list(topics(lang)) + [n for n in sorted(_all_names()) if n not in topics(lang)]
    starts = [n for n in ordered if n.lower().startswith(needle)]
    contains = [n for n in ordered if needle in n.lower() and n not in starts]
    return (starts + contains)[:limit]


def explain(topic: str | None, lang: str = "en") -> str:
    """The rules text of ``topic`` (a name in any language), answered in ``lang``."""
    if not topic:
        return _hint(lang)
    wanted = topic.strip().lower()
    card_suffix = words.gettext("rules.card_topic", lang, card="Aquatic").lower().replace("aquatic", "")
    exact = next((n for n in _all_names() if n.lower() in (wanted, wanted + card_suffix)), None)
    matches = find_topics(topic, 2, lang)
    name = exact or (matches[0] if len(matches) == 1 else None)
    if name is None:
        if matches:
            return words.gettext("rules.unknown_did_you_mean", lang, topic=quote(topic), matches=", ".join(matches))
        return words.gettext("rules.unknown", lang, topic=quote(topic), hint=_hint(lang))
    found_in, _ = _all_names()[name]
    local = _translate(name, found_in, lang)
    return words.gettext("rules.topic", lang, name=local, text=topics(lang)[local])


def _hint(lang: str) -> str:
    """What may be asked: the actions, phases and animals by name, and some terms."""
    def names(kind: str, ids: tuple[str, ...]) -> str:
        return ", ".join(words.term(f"{kind}.{i}", lang) for i in ids)

    return words.gettext("rules.hint", lang, actions=names("action", ROW_NAMES), phases=names("phase", PHASES),
                         animals=list(FOOD_CHAIN), terms=names("term", TERMS[:6]),
                         example=words.term("action.speciation", lang))


def _translate(name: str, from_lang: str, to_lang: str) -> str:
    """The same topic's name in ``to_lang`` (topics are built in the same order)."""
    if from_lang == to_lang:
        return name
    return list(topics(to_lang))[list(topics(from_lang)).index(name)]
