"""Waits for a person, and a game's length in days, with and without answers ahead (issue 38).

    nice -n 10 .venv/bin/python bench/waits.py                    # 2-6 players, seed sets 1, 11, 21
    .venv/bin/python bench/waits.py --players 4 --games 5 --sets 1 --variants none,plans,all
    .venv/bin/python bench/waits.py --reply-hours 6 --level normal

Whole games of the engine's own players (``engine.ai``, one level at every seat, ``easy`` by
default) standing in for people.  Every seat is a person.  Each variant plays the same seeds in
the same run; ``none`` is the game as played before answers ahead, ``all`` uses every feature.

A person is **asked** (pinged) when the game needs them and nothing they gave ahead answers:
alone (their prompt by hand), or several at once (the features below).  They answer after a
random delay, exponential with a mean of ``--reply-hours`` (seeded by the game's seed and player
count); people asked at once wait in parallel.  A person who has just answered by hand and is
asked again at once answers at once (they are there).  The game's clock stands still for the
computer; ``days`` is the clock at the game's end.  A **wait** is one ask (of one person or of
several at once); ``asked/wait`` the people per ask.  The game's first prompt is a wait too.

How a keen stand-in uses each feature (``engine.ahead``), from where it gets its answers:

* ``plans``: a standing plan ending with "then the best open space" (games allow hints), set at
  the stand-in's first answer of the game: every placement after it is served, by the hint
  level's first choice (``engine.standing.BEST_LEVEL``).  With ``--wishes k`` the plan first
  wishes the k best spaces of the stand-in's own level's ranking (``engine.ai.ranking``) of its
  placement on the display as it is (in Planning) or as it will be next turn (cleared but for
  the Glaciation row: its best guess in Execution), set again at its first answer of each turn.
  Wishes change no wait (the best open space serves whatever they do not) and cost a ranking
  per animal and turn, so they are off by default.
* ``orders``: whenever it answers anything, an order for each of its APs still to act this turn:
  an order it gave before is kept if the AP's rehearsal from now (``engine.rehearsal``) still asks
  exactly its answers and no more, else it is made anew: the whole rehearsal, answered by the
  level's own choice at each prompt.
* ``early``: when a step whose prompts are independent begins (``engine.early``), everyone with
  prompts still to come there that nothing answers yet is asked at once; each answers all of
  them (the level's choice on a copy positioned at each).  One who is there answers at once.
  The one its first prompt asks is asked by that prompt as usual: two asks at the same moment,
  counted as two waits (in the bot, one post mentions them all), that run in parallel.
* ``invite``: when Execution begins, everyone with an AP to act that has no order is asked at
  once (one notification each) for its orders.

Every answer ahead goes through ``engine.apply``; one it refused would be counted (``illegal``:
it must be none).  Orders and early answers that stop (the first answer that no longer fits),
and those dropped unused, are counted by their reason.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from engine.ahead import Book, answer_ahead, tidy  # noqa: E402
from engine.ai import choose  # noqa: E402
from engine.ai.core import clone  # noqa: E402
from engine.ai.ranking import RANKED, ranked  # noqa: E402
from engine.data import TURN_LIMIT  # noqa: E402
from engine.display import is_free_space  # noqa: E402
from engine.early import at_foreseen, foreseen, independent_now  # noqa: E402
from engine.orders import early_answers, give_order  # noqa: E402
from engine.rehearsal import Rehearsing, aps_to_resolve, plain, rehearse  # noqa: E402
from engine.simulate import MAX_DECISIONS  # noqa: E402
from engine.standing import Standing  # noqa: E402

FEATURES = ("plans", "orders", "early", "invite")
VARIANTS: dict[str, tuple[str, ...]] = {
    "none": (), "plans": ("plans",), "orders": ("plans", "orders"), "early": ("plans", "orders", "early"),
    "all": FEATURES,
}
#: The issue's goal: a game of this many players lasts at most this many days at a 3-hour reply.
GOAL_PLAYERS, GOAL_DAYS, GOAL_REPLY = 4, 14.0, 3.0
#: Most answers a stand-in's order holds (far beyond any action's prompts).
MOST_ANSWERS = 40


def _ai_seed(seed: int, state: dict[str, Any], extra: int = 0) -> int:
    return seed * 1_000_003 + state["decisions"] * 8 + extra


class Game:
    """One game's stand-ins, books and clock."""

    def __init__(self, players: int, seed: int, features: tuple[str, ...], level: str, reply_hours: float,
                 wishes: int = 0) -> None:
        self.state = engine.new_game(players, seed)
        self.wishes = wishes
        self.seed, self.features, self.level, self.reply = seed, features, level, reply_hours
        self.delays = random.Random(seed * 7919 + players)
        self.books = {a: Book(a) for a in self.state["animals"]}
        self.now = 0.0
        self.pending: dict[int, float] = {}  # seat -> when its reply to an ask comes
        self.given: dict[int, float] = {}  # seat -> when its answers ahead were given
        self.present: int | None = None
        self.waits = self.asked = self.hand = self.illegal = 0
        self.applied: Counter[str] = Counter()
        self.stops: Counter[str] = Counter()
        self.kinds: Counter[str] = Counter()
        self.invited_turn = -1
        self.announced: object = None
        self.wished: dict[str, int] = {}  # animal -> the turn its stand-in last set its wishes

    # -- people --------------------------------------------------------------------------------

    def _animals(self, seat: int) -> list[str]:
        animals: list[str] = self.state["seats"][seat]["animals"]
        return animals

    def ask(self, seats: list[int], why: str) -> None:
        """Ask ``seats`` at once; each gives its answers ahead as the position is now."""
        if not seats:
            return
        self.waits += 1
        self.asked += len(seats)
        self.kinds[why] += 1
        for s in seats:
            self.pending[s] = self.given[s] = self.now + self.delays.expovariate(1 / self.reply)
            self.think(s)

    def wait_for(self, seat: int) -> None:
        """The game needs what ``seat`` answers (or gave ahead): wait for its reply if it is still out."""
        if seat in self.pending:
            self.now = max(self.now, self.pending.pop(seat))
        self.now = max(self.now, self.given.get(seat, 0.0))

    def think(self, seat: int) -> None:
        """A stand-in that is there gives everything ahead it can (see the docstring)."""
        for animal in self._animals(seat):
            book = self.books[animal]
            if "orders" in self.features:
                for space in aps_to_resolve(self.state, animal):
                    if not self._still_fits(book, animal, space):
                        book = book.with_order(give_order(self.state, animal, space, self._order(animal, space)))
            if "plans" in self.features and self.wished.get(animal) != self.state["turn"]:
                self.wished[animal] = self.state["turn"]
                wishes = self._wishes(animal) if self.wishes else ()
                book = Book(animal, Standing(wishes, best=True), book.orders, book.early)
            if "early" in self.features and independent_now(self.state):
                book = book.with_early(self._early(animal))
            self.books[animal] = book

    def _still_fits(self, book: Book, animal: str, space: str) -> bool:
        """Whether the order ``book`` holds for the AP on ``space`` still rehearses as given (the
        same prompts, every answer offered): then the stand-in keeps it (and its thinking)."""
        order = next((o for o in book.orders if o.space == space and o.turn == self.state["turn"]), None)
        if order is None:
            return False
        try:
            done = rehearse(self.state, animal, space, [a.option for a in order.answers])
        except engine.RulesError:
            return False
        return done.answers == order.answers and done.asked is None

    def _order(self, animal: str, space: str) -> list[str]:
        r = Rehearsing(self.state, animal, space)
        while r.asked is not None and len(r.answers) < MOST_ANSWERS:
            r.answer(choose(r.position, self.level, _ai_seed(self.seed, self.state, 100 + len(r.answers))))
        return [a.option for a in r.answers]

    def _wishes(self, animal: str) -> tuple[str, ...]:
        state = self.state
        copy = clone(state)
        rec = copy["animals"][animal]
        if state["phase"] != "planning":  # next turn's display, as far as it can be seen
            copy["display"] = {row: [a if is_free_space(row, i) or row == "glaciation" else None
                                     for i, a in enumerate(spaces)] for row, spaces in copy["display"].items()}
            waiting = copy["display"]["glaciation"].count(animal)
            for a, r in copy["animals"].items():
                r["aps"] = r["aps_owned"] - copy["display"]["glaciation"].count(a)
            rec["aps"] = rec["aps_owned"] - waiting
            copy["phase"] = "planning"
        if rec["aps"] <= 0:
            return ()
        copy["steps"] = [{"name": "planning", "next": copy["initiative"].index(animal)}]
        p = engine.prompt(copy)
        if p is None or p.animal != animal:
            return ()
        return ranked(copy, self.level, _ai_seed(self.seed, state, 7))[:self.wishes]

    def _early(self, animal: str) -> tuple[Any, ...]:
        """Early answers to its prompts still to come in the step, up to the first one its
        orders answer already (its own moves onto the tile its own Wanderlust placed)."""
        ahead = foreseen(self.state)
        options = []
        for k in range(1, len(ahead)):
            if ahead[k].animal != animal:
                continue
            if self._covered(animal, ahead[k].kind, plain(ahead[k].text)):
                break
            options.append(choose(at_foreseen(self.state, k), self.level, _ai_seed(self.seed, self.state, 200 + k)))
        return early_answers(self.state, animal, options)

    def _covered(self, animal: str, kind: str, text: Any) -> bool:
        book = self.books[animal]
        answers = [a for o in book.orders for a in o.answers] + [e.answer for e in book.early]
        return any(a.kind == kind and a.text == text for a in answers)

    # -- the moments everyone is asked at once -------------------------------------------------

    def invite(self) -> None:
        state = self.state
        if "invite" not in self.features or state["phase"] != "execution" or self.invited_turn == state["turn"]:
            return
        self.invited_turn = state["turn"]
        seats = []  # the bot mentions everyone with an AP to act; only those without orders have to answer
        for seat in range(len(state["seats"])):
            ordered = {(o.space, o.animal) for a in self._animals(seat) for o in self.books[a].orders
                       if o.turn == state["turn"]}
            if any((space, a) not in ordered for a in self._animals(seat) for space in aps_to_resolve(state, a)):
                seats.append(seat)
        self.ask([s for s in seats if s not in self.pending and s != self.present], "invite")

    def announce(self) -> None:
        state = self.state
        if "early" not in self.features or not independent_now(state) or state["steps"][-1] is self.announced:
            return
        self.announced = state["steps"][-1]
        ahead = foreseen(state)
        seats: list[int] = []
        for f in ahead[1:]:
            if not self._covered(f.animal, f.kind, plain(f.text)) and f.seat not in seats:
                seats.append(f.seat)
        if self.present in seats:  # there: answers at once
            assert self.present is not None
            self.think(self.present)
        self.ask([s for s in seats if s not in self.pending and s != self.present], "early")

    # -- the game ------------------------------------------------------------------------------

    def play(self) -> None:
        state = self.state
        while (p := engine.prompt(state)) is not None:
            if state["decisions"] >= MAX_DECISIONS:
                raise RuntimeError(f"game {self.seed} did not end within {MAX_DECISIONS} decisions")
            self.invite()
            self.announce()
            if self.features:
                for animal, book in self.books.items():
                    self.books[animal], dropped = tidy(state, book)
                    self.stops.update(s.reason.key for s in dropped)
                ahead = answer_ahead(state, self.books[p.animal], seed=_ai_seed(self.seed, state, 3), asked=p)
                self.books[p.animal] = ahead.book
                if ahead.stop is not None:
                    self.stops[ahead.stop.reason.key] += 1
                if ahead.option is not None:
                    self.wait_for(p.seat)
                    try:
                        engine.apply(state, p.seat, ahead.option, asked=p)
                    except engine.RulesError:
                        self.illegal += 1
                    else:
                        self.applied[ahead.how or "?"] += 1
                        self.present = None
                        continue
            self.by_hand(p)

    def by_hand(self, p: engine.Prompt) -> None:
        state = self.state
        if self.present != p.seat:
            if p.seat in self.pending:
                self.wait_for(p.seat)
            else:
                self.ask([p.seat], p.kind)
                self.wait_for(p.seat)
        self.present = p.seat
        self.hand += 1
        engine.apply(state, p.seat, choose(state, self.level, _ai_seed(self.seed, state)), asked=p)
        after = engine.prompt(state)
        if self.features and (after is None or after.seat != p.seat):
            self.given[p.seat] = self.now
            self.think(p.seat)  # leaving: gives what it can ahead


def play(players: int, seed: int, variant: str, level: str, reply_hours: float, wishes: int = 0) -> dict[str, Any]:
    """One game: its waits, days and answers ahead."""
    began = time.process_time()
    g = Game(players, seed, VARIANTS[variant], level, reply_hours, wishes)
    g.play()
    state = g.state
    return {"players": players, "seed": seed, "variant": variant, "level": level, "waits": g.waits,
            "asked": g.asked, "days": g.now / 24, "hand": g.hand, "turns": state["turn"],
            "limit": state["turn"] >= TURN_LIMIT, "decisions": state["decisions"],
            "planned": g.applied["planned"], "ordered": g.applied["ordered"], "early": g.applied["early"],
            "stops": dict(g.stops), "kinds": dict(g.kinds), "illegal": g.illegal,
            "cpu_s": time.process_time() - began}


def _play(job: tuple[int, int, str, str, float, int]) -> dict[str, Any]:
    return play(*job)


def _mean(rows: list[dict[str, Any]], key: str) -> float:
    return float(statistics.mean(r[key] for r in rows)) if rows else 0.0


def _rows(results: list[dict[str, Any]], players: int, first: int, games: int, variant: str) -> list[dict[str, Any]]:
    return [r for r in results if r["players"] == players and r["variant"] == variant
            and first <= r["seed"] < first + games]


def _change(value: float, base: float | None) -> str:
    return "" if not base else f"{(value - base) / base:+.0%}"


def table(results: list[dict[str, Any]], counts: list[int], sets: list[int], games: int,
          variants: list[str], reply_hours: float) -> None:
    print(f"{'players':>7} {'seeds':>7} {'variant':>7} {'waits':>6} {'vs none':>7} {'asked/w':>7} "
          f"{'days':>5} {'vs none':>7} {'by hand':>7} {'planned':>7} {'ordered':>7} {'early':>5} "
          f"{'stopped':>7} {'unused':>6} {'turns':>5} {'limit':>5} {'cpu s':>6}")
    for players in counts:
        for first in sets:
            base_w = base_d = None
            for variant in variants:
                rows = _rows(results, players, first, games, variant)
                if not rows:
                    continue
                waits, days = _mean(rows, "waits"), _mean(rows, "days")
                stopped = statistics.mean(sum(n for k, n in r["stops"].items() if k in _STOPPED) for r in rows)
                unused = statistics.mean(sum(n for k, n in r["stops"].items() if k not in _STOPPED) for r in rows)
                print(f"{players:>7} {f'{first}-{first + games - 1}':>7} {variant:>7} {waits:>6.1f} "
                      f"{_change(waits, base_w):>7} {_mean(rows, 'asked') / max(waits, 1e-9):>7.2f} "
                      f"{days:>5.1f} {_change(days, base_d):>7} {_mean(rows, 'hand'):>7.1f} "
                      f"{_mean(rows, 'planned'):>7.1f} {_mean(rows, 'ordered'):>7.1f} {_mean(rows, 'early'):>5.1f} "
                      f"{stopped:>7.1f} {unused:>6.1f} {_mean(rows, 'turns'):>5.1f} "
                      f"{sum(r['limit'] for r in rows):>5} {_mean(rows, 'cpu_s'):>6.1f}")
                if variant == "none":
                    base_w, base_d = waits, days
    print(f"Means per game.  waits: asks of one person or several at once; asked/w: people per ask; days: "
          f"the game's clock at its end, every reply after an exponential delay of mean {reply_hours:g} h; "
          "by hand: decisions asked of a person; planned, ordered, early: decisions answered ahead; "
          "stopped: orders and early answers that stopped at an answer no longer offered; unused: orders "
          f"dropped with answers left; limit: games ended by the turn limit ({TURN_LIMIT}), not Ice Age")


#: The reasons of a stop at an answer (the others are orders dropped unused).
_STOPPED = frozenset({"stop.not_offered", "stop.other_prompt"})


def reasons(results: list[dict[str, Any]]) -> None:
    for variant in sorted({r["variant"] for r in results}):
        stops: Counter[str] = Counter()
        kinds: Counter[str] = Counter()
        rows = [r for r in results if r["variant"] == variant]
        for r in rows:
            stops.update(r["stops"])
            kinds.update(r["kinds"])
        n = len(rows)
        if stops:
            print(f"{variant}: stopped or dropped, per game: "
                  + ", ".join(f"{k} {v / n:.1f}" for k, v in stops.most_common()))
        print(f"{variant}: waits by what was asked, per game: "
              + ", ".join(f"{k} {v / n:.1f}" for k, v in kinds.most_common(12)))


def goal(results: list[dict[str, Any]], counts: list[int], sets: list[int], games: int, reply_hours: float) -> None:
    if reply_hours != GOAL_REPLY or "all" not in {r["variant"] for r in results}:
        return
    for first in sets:
        rows = _rows(results, GOAL_PLAYERS, first, games, "all")
        base = _rows(results, GOAL_PLAYERS, first, games, "none")
        if not rows or not base:
            continue
        days, before = _mean(rows, "days"), _mean(base, "days")
        slower = [n for n in counts if _mean(_rows(results, n, first, games, "all"), "days")
                  > _mean(_rows(results, n, first, games, "none"), "days")]
        verdict = "met" if days <= GOAL_DAYS and not slower else "missed"
        print(f"goal, seeds {first}-{first + games - 1}: {GOAL_PLAYERS} players {days:.1f} days with every feature "
              f"({before:.1f} without, {(days - before) / before:+.0%}; goal <= {GOAL_DAYS:g}); slower player counts: "
              f"{', '.join(map(str, slower)) or 'none'}: {verdict}")


def _numbers(text: str, name: str, low: int, high: int) -> list[int]:
    try:
        values = sorted({int(x) for x in text.split(",") if x.strip()})
    except ValueError:
        raise SystemExit(f"--{name}: give whole numbers separated by commas, not {text!r}") from None
    if not values or values[0] < low or values[-1] > high:
        raise SystemExit(f"--{name}: give numbers from {low} to {high}, not {text!r}")
    return values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--games", type=int, default=10, help="games per seed set, player count and variant")
    parser.add_argument("--sets", default="1,11,21", help="the first seed of each seed set (default 1,11,21)")
    parser.add_argument("--players", default="2,3,4,5,6", help="player counts (default 2,3,4,5,6)")
    parser.add_argument("--variants", default="none,all",
                        help=f"of {', '.join(VARIANTS)}; each adds to the one before (default none,all)")
    parser.add_argument("--level", default="easy", choices=RANKED[2:], help="the AI level at every seat")
    parser.add_argument("--reply-hours", type=float, default=GOAL_REPLY, help="mean reply of a person (default 3)")
    parser.add_argument("--wishes", type=int, default=0,
                        help="wishes of a stand-in's standing plan before the best open space (default 0)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--results", type=Path, help="also write every game's numbers here, a JSON line each, "
                                                     "as each game ends")
    parser.add_argument("--table", type=Path, help="print the tables of a --results file and play nothing")
    args = parser.parse_args()
    if args.games < 1 or args.workers < 1 or args.reply_hours <= 0 or args.wishes < 0:
        parser.error("--games and --workers must be at least 1, --reply-hours above 0, --wishes not negative")
    counts = _numbers(args.players, "players", 2, 6)
    sets = _numbers(args.sets, "sets", 0, 10**9)
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    if not variants or any(v not in VARIANTS for v in variants):
        parser.error(f"--variants: of {', '.join(VARIANTS)}")
    if "none" in variants:
        variants = ["none", *(v for v in variants if v != "none")]
    began = time.perf_counter()
    if args.table:
        results = [json.loads(line) for line in args.table.read_text().splitlines() if line.strip()]
        counts = sorted({r["players"] for r in results} & set(counts))
        variants = [v for v in VARIANTS if v in {r["variant"] for r in results}]
    else:
        jobs = [(players, first + g, variant, args.level, args.reply_hours, args.wishes)
                for players in counts for first in sets for g in range(args.games) for variant in variants]
        print(f"Waits for a person: {args.games} game(s) per cell, seed sets {', '.join(map(str, sets))}, every "
              f"seat {args.level}, variants {', '.join(variants)}, {args.wishes} wishes, {args.workers} at once")
        results = []
        out = args.results.open("w") if args.results else None
        with ProcessPoolExecutor(args.workers) as pool:
            # the biggest games first, so the pool is not left waiting on one at the end
            futures = [pool.submit(_play, job) for job in sorted(jobs, key=lambda j: (-j[0], j[2] == "none"))]
            for done in as_completed(futures):
                r = done.result()
                results.append(r)
                if out:
                    out.write(json.dumps(r) + "\n")
                    out.flush()
        if out:
            out.close()
    table(results, counts, sets, args.games, variants, args.reply_hours)
    reasons(results)
    goal(results, counts, sets, args.games, args.reply_hours)
    served = sum(r["planned"] + r["ordered"] + r["early"] for r in results)
    refused = sum(r["illegal"] for r in results)
    print(f"answers ahead: {served} applied through engine.apply, {refused} refused as illegal"
          f"{'' if not refused else '  <-- a bug'}")
    print(f"{len(results)} games in {time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()
