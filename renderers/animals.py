"""Animal displays (elements, gene pool, species, APs, VP) and the live facts of the footer:
initiative order, the Survival card, the supplies."""

from __future__ import annotations

from typing import Any

from cachetools import LRUCache
from PIL import Image, ImageDraw

import words
from engine import ecology
from engine.data import FOOD_CHAIN, MAX_DISPLAY_ELEMENTS, PRINTED_ELEMENTS
from renderers import fonts, sprites
from renderers.layout import (
    ANIMALS,
    FOOTER,
    FOOTER_FACTS_Y,
    FOOTER_PAWN_RADIUS,
    PANEL_ELEMENT_PITCH,
    PANEL_ELEMENT_RADIUS,
    animal_panel,
)
from renderers.palette import (
    ANIMAL_COLOURS,
    ANIMAL_LETTERS,
    EMPTY_HEX,
    INK,
    MUTED,
    PAGE,
    PAPER,
    WHITE,
    text_on,
)

State = dict[str, Any]

#: Panels drawn lately, by all that they show: from one post to the next most are the same,
#: and a panel is drawn from some thirty shapes and texts.  A panel is about 160 KB (RGB); the
#: bytes kept are bounded, least recently used out first.
PANEL_BYTES = 3 * 2**20
_PANELS: LRUCache[tuple[Any, ...], Image.Image] = LRUCache(PANEL_BYTES, getsizeof=fonts.image_bytes)
_panels_asked = [0, 0]  # hits, misses


def caches() -> list[dict[str, Any]]:
    return [{"name": "animals.panels", "entries": len(_PANELS), "bytes": _PANELS.currsize, "bound": _PANELS.maxsize,
             "hits": _panels_asked[0], "misses": _panels_asked[1]}]


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def draw_static(img: Image.Image) -> None:
    ImageDraw.Draw(img).rectangle(ANIMALS.tuple(), fill=PAGE)


def draw(img: Image.Image, state: State, active: str | None, dominance: dict[str, str],
         lang: str = words.DEFAULT) -> None:
    """One panel per animal in play, in food-chain order (strongest first)."""
    d = ImageDraw.Draw(img)
    on_earth: dict[str, int] = {}
    for tile in state["tiles"].values():
        for a, n in tile["species"].items():
            on_earth[a] = on_earth.get(a, 0) + n
    in_play = [a for a in FOOD_CHAIN if a in state["animals"]]
    result = state.get("result") or {}
    winners = set(state["seats"][result["winner_seat"]]["animals"]) if result else set()
    for slot, animal in enumerate(in_play):
        tag = (words.gettext("pic.to_act", lang) if animal == active
               else (words.gettext("pic.winner", lang) if animal in winners else None))
        args = (animal, slot, tag, on_earth.get(animal, 0), sum(1 for a in dominance.values() if a == animal), lang)
        if fonts.is_recording():  # the texts are being checked: draw them
            panel(img, d, state, *args)
            continue
        rec = state["animals"][animal]
        key = (*args, rec["vp"], state["seats"][rec["seat"]]["name"], rec["aps"], rec["aps_owned"],
               rec["gene_pool"], tuple(rec["added"]))
        b = animal_panel(slot)
        drawn = _PANELS.get(key)
        if drawn is None:
            _panels_asked[1] += 1
            panel(img, d, state, *args)
            # the panel's frame takes its right and bottom edges too
            _PANELS[key] = img.crop((b.left, b.top, b.right + 1, b.bottom + 1))
        else:
            _panels_asked[0] += 1
            img.paste(drawn, (b.left, b.top))


def panel(img: Image.Image, d: ImageDraw.ImageDraw, state: State, animal: str, slot: int,
           tag: str | None, on_earth: int, dominated: int, lang: str = words.DEFAULT) -> None:
    """``tag`` (TO ACT, WINNER) marks the panel with a heavy frame and a black label."""
    active = tag is not None
    b = animal_panel(slot)
    rec = state["animals"][animal]
    colour = ANIMAL_COLOURS[animal]
    ink = text_on(colour)
    d.rounded_rectangle(b.tuple(), radius=10, fill=PAPER, outline=INK, width=3 if active else 1)
    # Header band: letter, name, VP.
    d.rounded_rectangle((b.left, b.top, b.right, b.top + 34), radius=10, fill=colour, outline=INK,
                        width=3 if active else 1)
    d.rectangle((b.left + 3, b.top + 20, b.right - 3, b.top + 33), fill=colour)
    d.line((b.left, b.top + 34, b.right, b.top + 34), fill=INK, width=1)
    vp = words.gettext("pic.vp", lang, vp=rec["vp"])
    vp_w = round(fonts.width(vp, 19, bold=True))
    name = fonts.fit(f"{ANIMAL_LETTERS[animal]}  {words.term(f'animal.{animal}', lang)}", 19, b.width - vp_w - 30,
                     bold=True)
    fonts.text(d, (b.left + 10, b.top + 18), name, 19, ink, anchor="lm", bold=True)
    fonts.text(d, (b.right - 10, b.top + 18), vp, 19, ink, anchor="rm", bold=True)
    # Seat name, and the tag.
    seat = state["seats"][rec["seat"]]["name"]
    tag_w = 0
    if tag:
        tag_w = round(fonts.width(tag, 15)) + 16
        d.rounded_rectangle((b.right - 8 - tag_w, b.top + 42, b.right - 8, b.top + 64), radius=5, fill=INK)
        fonts.text(d, (b.right - 8 - tag_w / 2, b.top + 53), tag, 15, WHITE, anchor="mm", bold=True)
    fonts.text(d, (b.left + 10, b.top + 53), fonts.fit(fonts.safe(seat), 16, b.width - 24 - tag_w), 16, INK,
               anchor="lm")
    # Elements: the printed ones sit on a grey plate, added ones after it, then free slots.
    y = b.top + 90
    x0 = b.left + 12 + PANEL_ELEMENT_RADIUS
    printed = len(PRINTED_ELEMENTS[animal])
    d.rounded_rectangle((b.left + 6, y - PANEL_ELEMENT_RADIUS - 5,
                         x0 + (printed - 1) * PANEL_ELEMENT_PITCH + PANEL_ELEMENT_RADIUS + 6,
                         y + PANEL_ELEMENT_RADIUS + 5), radius=8, fill=EMPTY_HEX, outline=MUTED, width=1)
    elements = ecology.display_elements(state, animal)
    for i in range(max(MAX_DISPLAY_ELEMENTS, len(elements))):
        at = (x0 + i * PANEL_ELEMENT_PITCH + (4 if i >= printed else 0), y)
        if i < len(elements):
            sprites.paste_center(img, sprites.element(elements[i], PANEL_ELEMENT_RADIUS), at)
        else:
            sprites.paste_center(img, sprites.empty_slot(PANEL_ELEMENT_RADIUS), at)
    # Numbers, two columns.
    rows = (
        ((words.term("term.gene_pool", lang), rec["gene_pool"]), (words.gettext("pic.on_earth", lang), on_earth)),
        ((words.gettext("pic.aps", lang), words.gettext("pic.aps_of", lang, aps=rec["aps"], owned=rec["aps_owned"])),
         (words.gettext("pic.dominates", lang), dominated)),
    )
    for j, row in enumerate(rows):
        ty = b.top + 124 + j * 23
        for k, (label, value) in enumerate(row):
            tx = b.left + 10 + k * (b.width // 2)
            room = b.width // 2 - 30 - round(fonts.width(str(value), 16, bold=True))
            fonts.text(d, (tx, ty), fonts.fit(label, 15, room), 15, MUTED, anchor="lm")
            fonts.text(d, (tx + b.width // 2 - 16, ty), str(value), 16, INK, anchor="rm", bold=True)


def draw_facts(img: Image.Image, state: State, lang: str = words.DEFAULT) -> None:
    """Initiative order, the Survival card's holder and the supplies, on one footer line."""
    d = ImageDraw.Draw(img)
    y = FOOTER_FACTS_Y
    x = 12
    title = words.gettext("pic.initiative", lang)
    fonts.text(d, (x, y), title, 17, INK, anchor="lm", bold=True)
    x += max(86, round(fonts.width(title, 17, bold=True)) + 12)
    r = FOOTER_PAWN_RADIUS
    for n, animal in enumerate(state["initiative"], start=1):
        fonts.text(d, (x, y), f"{n}.", 16, MUTED, anchor="lm")
        sprites.paste_center(img, sprites.pawn(animal, r), (x + 16 + r, y))
        x += 2 * r + 30
    x += 20
    title = words.gettext("pic.survival", lang)
    fonts.text(d, (x, y), title, 17, INK, anchor="lm", bold=True)
    x += max(118, round(fonts.width(title, 17, bold=True)) + 12)
    bag = sum(state["bag"].values())
    facts = words.gettext("pic.supplies", lang, tundra=state.get("tundra_supply", 0), bag=bag)
    room = FOOTER.right - 12 - round(fonts.width(facts, 16)) - 16 - x  # the holder's text ends before the facts
    holder = ecology.survival_holder(state)
    if holder is None:
        fonts.text(d, (x, y), fonts.fit(words.gettext("pic.survival.nobody", lang), 16, room), 16, MUTED, anchor="lm")
    else:
        sprites.paste_center(img, sprites.pawn(holder, r), (x + r, y))
        said = words.gettext("pic.survival.holder", lang, animal=holder)
        fonts.text(d, (x + 2 * r + 8, y), fonts.fit(said, 16, room - 2 * r - 8), 16, INK, anchor="lm")
    fonts.text(d, (FOOTER.right - 12, y), facts, 16, INK, anchor="rm")
