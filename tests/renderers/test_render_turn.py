"""The turn picture: every prompt kind renders, small and narrow; options are found where
they are (corners ringed and named, tiles outlined); the option subset is honoured."""

from __future__ import annotations

import copy
import io

import pytest
from PIL import Image

import engine
import words
from renderers import draw_turn, highlight_between, render_turn
from renderers import turn as turn_picture
from renderers.options import referenced

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
        assert 500 <= img.height <= 1100, (what, img.size)  # a corner choice: earth across the width
        assert len(png) <= MAX_BYTES, (what, len(png))


def _corner_states() -> dict[str, list[dict]]:
    """Corner choices of seeded games, by kind: up to 6 of each (Abundance, Wanderlust's element,
    Speciation's corner, Depletion, the cards' corners)."""
    import random

    found: dict[str, list[dict]] = {}
    for players, seed in ((4, 3), (6, 5), (2, 1)):
        state = engine.new_game(players, seed)
        chooser = random.Random(seed)
        while (p := engine.prompt(state)) is not None:
            if referenced([o.id for o in p.options]).corners and len(found.setdefault(p.kind, [])) < 6:
                found[p.kind].append(copy.deepcopy(state))
            engine.apply(state, p.seat, chooser.choice(p.options).id)
    return found


CORNER_STATES = _corner_states()


def _letters_height(img, box) -> int:
    """How many rows of a tag's plate hold its white letters, in the picture."""
    plate = img.crop(box).convert("L")
    # the columns inside the plate's rounded ends (the picture shows through those)
    rows = [y for y in range(plate.height) if any(plate.getpixel((x, y)) > 200 for x in range(12, plate.width - 12))]
    return max(rows) - min(rows) + 1 if rows else 0


@pytest.mark.parametrize("kind", ["speciation", "wanderlust_corner", "abundance_corner"])
def test_a_corner_choice_names_its_corners_in_tags_a_phone_reads(kind):
    """Every tag's letters are 20 px tall in the 960 px picture (8 px at a phone's 390 px), and no
    tag covers a species, a cone, an element, a ring or another tag.  Speciation's and
    Wanderlust's corners are all tagged; the crowded Abundance at least four in five, the others
    named by the rule under earth."""
    from renderers import corners

    assert CORNER_STATES.get(kind), sorted(CORNER_STATES)
    tagged = named = 0
    for state in CORNER_STATES[kind]:
        p = engine.prompt(state)
        marks = referenced([o.id for o in p.options])
        drawn = corners.zoom(state, None, marks, "en")
        kept_clear = drawn.occupied.of("species", "cone", "element", "scored")
        boxes = [placed.box for placed in drawn.placed]
        for box in boxes:
            assert _letters_height(drawn.image, box) >= 20, (kind, box)
            assert _letters_height(drawn.image, box) * 390 / turn_picture.WIDTH >= 8
            assert not any(_overlap(box, other) for other in kept_clear + [b for b in boxes if b != box])
            rings_hit = [r for r in drawn.rings if _overlap(box, r)]
            assert rings_hit == [], (kind, box)
        named += len(marks.corners)
        tagged += len(drawn.placed)
        if len(drawn.placed) < len(marks.corners):
            said = {t for *_, t in _recorded(state)}
            assert any(t.startswith("A ringed corner without a tag") for t in said)
    assert tagged == named if kind != "abundance_corner" else tagged >= 0.8 * named, (tagged, named)


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _recorded(state):
    from renderers import fonts

    with fonts.recording() as drawn:
        draw_turn(state)
    return drawn


def test_a_corner_choice_says_its_other_options_under_earth():
    state = CORNER_STATES["speciation"][0]
    said = {t for *_, t in _recorded(state)}
    assert "Or: Forfeit Speciation" in said


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
