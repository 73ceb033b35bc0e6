"""Alt text: what a picture of the game shows, in words, for a screen reader.

Discord reads an attachment's ``description`` aloud; it holds at most 1,024 characters.
``alt_text(state, lang, kind=...)`` says what the picture is (a turn picture, the whole board,
a zoom on a tile, a past board, the end of the game), the turn and the phase, who acts and on
what, what changed since the picture before (``before``), the scores, and for the end picture the
winner and each animal's VPs by source.  With the messages beside the pictures (they carry the
game's log), a reader who hears only these follows the whole game.

The text fits by construction: the head, who acts and the scores come first and are short
(six animals at most); what changed is told newest first as far as it fits, and the end's
sources by animal are cut, lowest scores first, to what is left.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import logbook, vp
from engine.flow import prompt as engine_prompt
from words import DEFAULT, gettext, line, ngettext, prompt_text, tie_break, vp_source

State = Mapping[str, Any]
#: Discord's limit for an attachment's description.
LIMIT = 1024
KINDS = ("turn", "board", "tile", "history", "final")
#: The catalogue keys this module words (the catalogue test counts them as used).
KEYS = (
    *(f"alt.kind.{k}" for k in KINDS), "alt.acts", "alt.over", "alt.changed", "alt.changed_more", "alt.scores",
    "alt.score", "alt.winner", "alt.sources", "alt.no_sources", "alt.tile", "alt.no_species", "alt.species",
    "alt.elements", "alt.no_elements",
)


def alt_text(state: State, lang: str = DEFAULT, *, kind: str = "turn", before: State | None = None,
             tile: str | None = None) -> str:
    """The alt text of a picture of ``state`` (at most ``LIMIT`` characters).

    ``kind``: ``turn`` (the compact turn picture), ``board`` (the whole board), ``tile`` (a zoom on
    the tile ``tile``, an axial key such as ``"0,-1"``), ``history`` (a past board), ``final``
    (the end-of-game picture).  ``before``: the state the previous picture showed; what changed
    since is told (without it, the latest lines of the log).
    """
    if kind not in KINDS:
        raise ValueError(f"unknown picture kind {kind!r}")
    head = gettext(f"alt.kind.{kind}", lang, turn=state["turn"], phase=state["phase"])
    if kind == "final" and state.get("result"):
        return _fit([head, _winner(state, lang)], _sources(state, lang), lang, newest=False)
    fixed = [head]
    if kind == "tile" and tile is not None and tile in state["tiles"]:
        fixed.append(_tile(state, tile, lang))
    p = engine_prompt(dict(state))
    if p is not None:
        name = state["seats"][p.seat]["name"]
        fixed.append(gettext("alt.acts", lang, player=name, animal=p.animal, question=prompt_text(p, lang)))
    else:
        fixed.append(gettext("alt.over", lang))
    fixed.append(_scores(state, lang))
    return _fit(fixed, _changes(state, before, lang), lang, newest=True)


def _scores(state: State, lang: str) -> str:
    animals = sorted(state["animals"], key=lambda a: -state["animals"][a]["vp"])
    vps = ", ".join(gettext("alt.score", lang, animal=a, vp=state["animals"][a]["vp"]) for a in animals)
    return gettext("alt.scores", lang, vps=vps)


def _changes(state: State, before: State | None, lang: str) -> list[str]:
    """What changed, as lines, oldest first: the log since ``before`` (else the latest lines)."""
    told = logbook.total(state)  # indices in the whole log: a saved state keeps only its recent part
    since = logbook.total(before) if before is not None and logbook.total(before) <= told else told - 6
    lines = [line(e, lang).rstrip(".") + "." for e in logbook.since(state, since)]
    if not lines:
        return []
    return [gettext("alt.changed", lang), *lines]


def _winner(state: State, lang: str) -> str:
    res = state["result"]
    seat = res["winner_seat"]
    said = gettext("alt.winner", lang, player=state["seats"][seat]["name"], animal=res["winner"],
                   vp=res["seat_scores"][seat])
    if res.get("tie_break"):
        said += " " + tie_break(res["tie_break"], res["winner"], lang)
    return said


def _sources(state: State, lang: str) -> list[str]:
    """Each animal's VPs by source, best score first."""
    rows = []
    for a in sorted(state["animals"], key=lambda a: -state["animals"][a]["vp"]):
        parts = vp.breakdown(dict(state), a)
        sources = ", ".join(f"{vp_source(s, lang)} {n}" for s, n in parts.items())
        rows.append(gettext("alt.sources", lang, animal=a, vp=state["animals"][a]["vp"], sources=sources)
                    if sources else gettext("alt.no_sources", lang, animal=a, vp=state["animals"][a]["vp"]))
    return rows


def earth(state: State, lang: str = DEFAULT, tiles: list[str] | None = None) -> list[str]:
    """One line per tile on earth (or per tile of ``tiles``, axial keys), column by column:
    its species and the elements on its corners (what a terminal shows beside a picture)."""
    keys = [k for k in state["tiles"] if tiles is None or k in tiles]
    return [_tile(state, k, lang) for k in sorted(keys, key=lambda k: tuple(map(int, k.split(","))))]


def _tile(state: State, hkey: str, lang: str) -> str:
    t = state["tiles"][hkey]
    species = ", ".join(gettext("alt.species", lang, animal=a, n=n)
                        for a, n in sorted(t["species"].items(), key=lambda x: -x[1]) if n)
    elements = [e for c, e in sorted(state["elements"].items()) if hkey in c.split("|")]
    return gettext("alt.tile", lang, tile={"hex": hkey, "terrain": t["terrain"]},
                   species=species or gettext("alt.no_species", lang),
                   corners=gettext("alt.elements", lang, elements=elements) if elements
                   else gettext("alt.no_elements", lang))


def _fit(fixed: list[str], more: list[str], lang: str, *, newest: bool, limit: int = LIMIT) -> str:
    """``fixed`` (each cut to its share of the room, should one be long), then as many items of
    ``more`` as fit: the newest (last) ones when ``newest``, else the first ones; a heading (an
    item ending in ``:``) stays in front; a count says how many were left out."""
    share = limit // (len(fixed) + 1)
    fixed = [_cut(f, share) for f in fixed]
    heading, items = (more[0], more[1:]) if more and more[0].endswith(":") else ("", more)
    room = limit - len(" ".join(fixed)) - len(heading) - 2
    order = list(reversed(items)) if newest else list(items)
    kept: list[str] = []
    used = 0
    for i, item in enumerate(order):
        rest = len(order) - i - 1
        room_for_note = len(ngettext("alt.changed_more", rest, lang)) + 1 if rest else 0
        if used + len(item) + 1 + room_for_note > room:
            break
        kept.append(item)
        used += len(item) + 1
    if newest:
        kept.reverse()
    parts = list(fixed)
    if kept or not items:
        parts += [heading] if heading and kept else []
    left = len(items) - len(kept)
    if left:
        note = ngettext("alt.changed_more", left, lang)
        parts += [note] if newest else []
        parts += kept
        parts += [] if newest else [note]
    else:
        parts += kept
    return _cut(" ".join(p for p in parts if p), limit)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"
