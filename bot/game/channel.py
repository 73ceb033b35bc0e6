"""How a game's channel tells the game, without flooding it.

* One *live* prompt message per game: the current question and its buttons.  While the same
  player keeps choosing, it is edited in place.
* A new message (which notifies, mentioning only that player) when the player to act changes.
  The message it replaces loses its buttons: it is deleted if it carried no picture (its story
  moves on into the new message), or kept as the record, with its story completed.
* A picture when it is worth one: a milestone (an action completed, Planning ended, a Reset,
  the end), as the game's board cadence allows, attached to the next new message (or, for a
  new turn, to the live message of a player who goes on choosing).
* The story (the log since the last kept message) is always in a message that stays, so the
  whole game stays readable in the channel.

Everything here is computed from the stored game: after a crash or a refused post, the same
plan comes out again, and a post is never made twice for one version.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import words
from bot.game.asked import asked
from bot.game.limits import CONTENT
from bot.game.recap import recap_text
from bot.game.replies import Choice
from bot.store.models import Game, LivePost
from engine import logbook, progress
from engine.plan import PLANNING_KIND

State = dict[str, Any]

#: What is owed a picture since the last one, kept as one number: the phase milestones as bits,
#: and (above them) how many actions completed.
PLANNING, RESET, OVER = 2, 4, 8
PHASES = PLANNING | RESET | OVER
ACTION_UNIT = 16
PHASE_BITS = {progress.PLANNING: PLANNING, progress.RESET: RESET, progress.OVER: OVER}
#: Board cadence (a per-game setting) -> the phase milestones it pictures, and after how many
#: completed actions it pictures the board (0: never for actions alone).
#: "every action" pictures every second action: a picture after each single action measured
#: 0.18-0.19 images per decision in whole 2-player games (random and greedy players), above
#: the 0.15 we allow; every second one (in a 2-player game: both players' latest actions,
#: one picture per round of the table) measured 0.14.  Phases are always pictured.
CADENCES: dict[str, tuple[int, int]] = {
    "action": (PHASES, 2),
    "turn": (RESET | OVER, 0),
    "request": (OVER, 0),
}
DEFAULT_CADENCE = "action"
#: What the new game's first post pictures.
START_DUE = RESET


def owed(due: int, before: State, after: State) -> int:
    """``due`` plus what passed between two states: phase milestones, and completed actions."""
    passed = progress.milestones(before, after)
    bits = sum(PHASE_BITS[m] for m in passed if m in PHASE_BITS)
    actions = ACTION_UNIT if progress.ACTION in passed else 0
    return (due | bits) + actions


def picture_due(due: int, cadence: str, *, continuing: bool = False) -> bool:
    """Whether what is owed earns a picture now.  A player who goes on choosing gets a fresh
    picture only for a new phase or turn: one per action of a long run would flood the channel."""
    phases, every = CADENCES.get(cadence, CADENCES[DEFAULT_CADENCE])
    if due & phases:
        return True
    return not continuing and every > 0 and due // ACTION_UNIT >= every


@dataclass
class ChannelPost:
    """One step of bringing the channel up to date with a game's newest version."""

    game_id: int
    version: int
    new_message: bool  # post a new message (it notifies) rather than edit the live one
    text: str  # the message text, without the mention
    mention: list[str]  # user ids to ping (only on a new message, only the player to act)
    choices: list[Choice]
    picture: bool  # attach a picture of the board now
    retire: str | None  # the previous live message: "delete", "finalize" (keep as the record) or None
    old_message_id: str | None
    old_text: str | None  # a finalized message's completed story
    live: LivePost  # what the channel shows once this is done (the caller fills in the message id)
    over: bool = False
    image: bytes | None = None  # filled in by the service when ``picture`` is set
    extra_images: list[tuple[str, bytes]] = field(default_factory=list)
    #: each picture's alt text by file name (``words.alt``: what it shows, for a screen reader)
    alts: dict[str, str] = field(default_factory=dict)
    state: dict[str, Any] | None = field(default=None, repr=False)  # the state this post shows
    link: str = ""  # where the game is, for a direct message
    lang: str = words.DEFAULT  # the game's language: the post's words, its buttons, its picture
    planning: bool = False  # a Planning placement is asked: the prompt offers "Plan ahead"


def plan(game: Game, prompt_line: str, result_line: str | None, cadence: str = DEFAULT_CADENCE,
         since: Mapping[int, int] | None = None, *, lang: str = words.DEFAULT) -> ChannelPost | None:
    """What to post so the channel shows the game's newest version (None: it already does).
    ``since``: per seat, the log index after its latest decision (a new message recaps from there).
    Everything is worded in ``lang``, the game's language (the texts passed in already are)."""
    state = game.state
    if state is None or game.announced_version >= game.version:
        return None
    prompt = asked(state)
    seat = None if prompt is None else prompt.seat
    live = game.post
    told_to = logbook.total(state)  # indices count from the whole log's start; the state keeps its recent part
    over = prompt is None
    user = _user_of(game, seat)
    also = [] if over else _also_asked(game, user)
    # a mention pings only in a new message: the step's first post is one even when the seat to
    # act stays the same (the Wanderlust owner moving first, the last placer acting first)
    new_message = live.message_id is None or seat != live.seat or over or bool(also)
    due = int(live.board_due)
    if new_message:
        picture = picture_due(due, cadence) or over
        if live.message_id is None:
            retire, old_text, story_from = None, None, live.story_from
        elif live.image:
            retire, old_text = "finalize", _story(game, state, live.story_from, lang=lang)
            story_from = told_to
        else:
            retire, old_text, story_from = "delete", None, live.story_from
    else:
        picture = picture_due(due, cadence, continuing=True)
        retire, old_text, story_from = None, None, live.story_from
    recap = (recap_text(state, since, seat, story_from, lambda e: words.line(e, lang), lang)
             if new_message and not over else "")
    told = "\n".join(filter(None, (recap, _story(game, state, story_from, CONTENT - 300 - len(recap), lang=lang))))
    last = result_line if over and result_line is not None else prompt_line
    if live.notice:
        last = f"{live.notice}\n{last}"
    text = f"{told}\n{last}" if told else last
    choices = [] if prompt is None else [Choice(o.id, words.option(o, lang), words.option_description(o, lang))
                                         for o in prompt.options]
    after = LivePost(None if new_message else live.message_id, seat,
                     picture or (live.image and not new_message), story_from, 0 if picture else due, None)
    mention = [user] if new_message and user else []
    if also:  # answers before your turn: everyone the step will ask is asked now, once
        mention += also
        names = ", ".join(s.user_name for s in game.seats if s.user_id in also)
        text = f"{text}\n{words.gettext('bot.ahead.at_once', lang, players=names)}"
    return ChannelPost(game.id, game.version, new_message, text,
                       mention, choices, picture, retire,
                       live.message_id if new_message else None, old_text, after, over, lang=lang,
                       planning=prompt is not None and prompt.kind == PLANNING_KIND)


def story(entries: Sequence[logbook.Entry], room: int = CONTENT - 300, *, lang: str = words.DEFAULT,
          first: int = 0, planned: Mapping[int, str] | Collection[int] = ()) -> str:
    """Log entries as a message tells them; the oldest are left out when they do not fit (and
    only the lines told are worded: a long story costs what a short one does).  ``first``: the
    whole log's index of the first entry; ``planned``: indices of moves answered ahead, and how
    (``planned``, ``ordered``, ``early``; a bare collection: placements from a plan)."""
    how = planned if isinstance(planned, Mapping) else dict.fromkeys(planned, "planned")
    kept: list[str] = []
    size = 0
    for back, entry in enumerate(reversed(entries)):
        line = words.line(entry, lang, turn=True)
        mark = how.get(first + len(entries) - 1 - back)
        if mark is not None:
            line = words.gettext(f"bot.{mark}_mark", lang, line=line)
        if size + len(line) + 1 > room:
            left = len(entries) - len(kept)
            kept.append(words.ngettext("bot.earlier_lines", left, lang))
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(reversed(kept))


def _story(game: Game, state: State, start: int, room: int = CONTENT - 300, *, lang: str) -> str:
    """The story from index ``start`` of the whole log on (what the state still keeps of it)."""
    return story(logbook.since(state, start), room, lang=lang, first=max(start, logbook.log_from(state)),
                 planned=game.marks())


def _also_asked(game: Game, user: str | None) -> list[str]:
    """The people besides ``user`` to mention at once: those an independent step (or Execution)
    asks, when this is the first post since it began (``announced_version`` is below the version it
    began at: a computer's moves that came first were not posted, or their post failed)."""
    at_once = game.at_once
    if at_once is None or not game.announced_version < at_once["version"] <= game.version:
        return []
    return [u for s in at_once["seats"] if (u := _user_of(game, s)) is not None and u != user]


def _user_of(game: Game, seat: int | None) -> str | None:
    if seat is None:
        return None
    seated = next((s for s in game.seats if s.seat == seat), None)
    if seated is None or not seated.user_id.isdigit():
        return None
    return seated.user_id


def posted(post: ChannelPost, message_id: str | None) -> LivePost:
    """The live-post record after ``post`` went out as message ``message_id``."""
    return replace(post.live, message_id=message_id or post.live.message_id)
