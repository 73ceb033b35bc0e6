"""The turn picture: every prompt kind renders, small and narrow; options are found where
they are (corners ringed and named, tiles outlined); the option subset is honoured."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import engine
import words
from engine.geometry import key_label
from renderers import draw_turn, highlight_between, render_turn, sprites
from renderers import turn as turn_picture
from renderers.layout import ELEMENT_RADIUS
from renderers.options import referenced
from renderers.palette import INK

MAX_BYTES = 150_000


def close(a, b, tol: int = 40) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


@pytest.fixture(scope="module")
def by_kind(snapshots):
    """One state per prompt kind (and the end) from the session's seeded games."""
    out = {}
    for _what, before, after in snapshots:
        p = engine.prompt(after)
        out.setdefault(p.kind if p else "over", (before, after))
    return out


def test_every_prompt_kind_renders_narrow_and_small(snapshots):
    for what, before, after in snapshots:
        png = render_turn(after, highlight_between(before, after))
        img = Image.open(io.BytesIO(png))
        assert img.width == turn_picture.WIDTH, what
        assert 500 <= img.height <= 900, (what, img.size)
        assert len(png) <= MAX_BYTES, (what, len(png))


def test_corner_options_are_ringed_and_named_where_they_are(by_kind):
    kinds = [k for k in ("speciation", "abundance_corner", "wanderlust_corner", "depletion") if k in by_kind]
    assert kinds
    for kind in kinds:
        state = by_kind[kind][1]
        p = engine.prompt(state)
        marks = referenced([o.id for o in p.options])
        assert marks.corners, kind
        img = draw_turn(state)
        geo = turn_picture.zoom_geometry(state, referenced([words.prompt_text(p, "en"), *(o.id for o in p.options),
                                                            *(words.option(o, "en") for o in p.options)]))
        r = round(ELEMENT_RADIUS * geo.scale)
        for corner in marks.corners:
            x, y = geo.corner_center(corner)
            y += turn_picture.BODY_TOP
            if 0 <= x < turn_picture.EARTH_AREA[0] and y - r - 12 > turn_picture.BODY_TOP:
                # the ring just outside the disc, and the dark name tag above it
                assert close(img.getpixel((x, y - r - 3)), INK), (kind, corner)
                tag = sprites.tag(key_label(corner), max(14, round(15 * geo.scale)))
                assert close(img.getpixel((x - tag.width // 2 + 3, y - r - 4 - tag.height // 2)), INK), (kind, corner)


def test_planning_shows_the_action_display(by_kind):
    state = by_kind["place_ap"][1]
    img = draw_turn(state)
    assert img.width == turn_picture.WIDTH
    assert img.height == turn_picture.BODY_TOP + turn_picture.DISPLAY_CROP.height + turn_picture.FOOTER_H


def test_the_aps_left_do_not_count_the_one_being_placed():
    from renderers import fonts

    state = engine.new_game(3, 1)
    p = engine.prompt(state)
    rec = state["animals"][p.animal]
    with fonts.recording() as drawn:
        draw_turn(state)
    said = [t for *_, t in drawn]
    assert f"{rec['aps'] - 1} of {rec['aps_owned']} left + 1 now" in said, said
    assert said.count(f"{rec['aps_owned']} of {rec['aps_owned']} left") == len(state["animals"]) - 1


def test_an_option_subset_is_what_the_picture_lists(by_kind):
    state = by_kind["adaptation"][1] if "adaptation" in by_kind else by_kind["abundance"][1]
    p = engine.prompt(state)
    full = draw_turn(state)
    first = draw_turn(state, options=[p.options[0].id])
    assert full.size == first.size
    assert full.tobytes() != first.tobytes()
    draw_turn(state, options=[p.options[0]])  # Option objects work too


def test_an_id_the_prompt_does_not_offer_still_draws(by_kind, monkeypatch):
    from words import render

    monkeypatch.setattr(render, "STRICT", False)  # its row is named after the id: the fallback on purpose
    state = by_kind["adaptation"][1] if "adaptation" in by_kind else by_kind["abundance"][1]
    p = engine.prompt(state)
    draw_turn(state, options=["stale:id", p.options[0].id])


def test_the_turn_picture_is_a_png():
    state = engine.new_game(3, 5)
    assert render_turn(state).startswith(b"\x89PNG\r\n\x1a\n")


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_a_card_choice_shows_each_cards_rules_uncut(lang):
    """Instinct's long text was cut at two lines; now a card reads in full where there is room,
    else by its short effect, and never ends in an ellipsis."""
    import random

    from renderers import fonts
    from renderers.turn import CARD_OF

    state = engine.new_game(2, 3)
    chooser = random.Random(3)
    p = engine.prompt(state)
    while not any(CARD_OF.get(o.id) == "Instinct" for o in p.options):
        engine.apply(state, p.seat, chooser.choice(p.options).id)
        p = engine.prompt(state)
    with fonts.recording() as drawn:
        draw_turn(state, lang=lang)
    said = [t for *_, t in drawn]
    assert not any(t.endswith("…") for t in said), [t for t in said if t.endswith("…")]
    joined = " ".join(said)
    for o in p.options:
        if o.id in CARD_OF:
            card = CARD_OF[o.id]
            assert words.card_text(card, lang) in joined or words.card_effect(card, lang) in joined, card
    assert words.card_text("Instinct", lang) in joined or words.card_effect("Instinct", lang) in joined
