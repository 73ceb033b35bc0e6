"""engine.progress: the cheap snapshot the service keeps as "before" compares like the state."""

import copy
import random

import engine
from engine.progress import milestones, reveals, snapshot
from engine.simulate import pick


def test_a_snapshot_compares_like_the_whole_state():
    for seed in range(2):
        state = engine.new_game(2 + seed, seed)
        chooser = random.Random(seed)
        while (p := engine.prompt(state)) is not None:
            if chooser.random() < 0.85:  # compare at a sixth or so of the decisions: deep copies are slow
                engine.apply(state, p.seat, pick(p.options, chooser).id)
                continue
            whole, small = copy.deepcopy(state), snapshot(state)
            for _ in range(chooser.choice((1, 1, 3))):  # one choice, or a short run of them
                if (p := engine.prompt(state)) is None:
                    break
                engine.apply(state, p.seat, pick(p.options, chooser).id)
            assert milestones(small, state) == milestones(whole, state)
            assert reveals(small, state) == reveals(whole, state)
