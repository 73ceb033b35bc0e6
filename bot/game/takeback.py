"""Taking choices back: undo (your latest choices, until another player chooses or something
hidden comes to light) and rollbacks (the host proposes, everyone affected approves).

A part of ``GameService``: each use case is a table (``bot.game.table``).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.game.asked import asked
from bot.game.channel import RESET
from bot.game.recap import since_last_moves
from bot.game.replies import BadRequest, Choice, NotAllowed, Reply, WrongPhase
from bot.game.table import AHEAD_MOVES, OWN_CHOICES, State, Table, Tables
from bot.game.texts import choices_of, lang_of, name_of, option_text, prompt_line, user_to_act
from bot.store.models import Game, Move
from engine import logbook, progress
from engine.history import History
from words import T, Words, join, say

#: How long a rollback proposal waits for its approvals.
PROPOSAL_SECONDS = 24 * 3600


class Takeback:
    def __init__(self, tables: Tables, *, clock: Callable[[], float]) -> None:
        self.tables = tables
        self.clock = clock

    async def undo(self, channel_id: str, user_id: str) -> Reply:
        """Take back your latest choice, until another player has chosen or something hidden
        (a draw from the bag, a card, a Wanderlust tile) came to light after it."""
        async with self.tables.at(channel_id) as table:
            game = await table.active()
            seat = table.seat(user_id)
            table.prompt_changed()  # (refused or not: the channel is brought up to date)
            moves = await table.store.move_list(game.id)
            start = _undoable(moves, seat.seat)
            rebuilt, decided = _replayed(game, moves[:start])
            if progress.reveals(rebuilt, game.started_state):
                raise NotAllowed(T("bot.err.undo_revealed"))
            undone = moves[start]
            await table.store.mark_moves_undone(game.id, undone.version)
            now_asked = asked(rebuilt)
            option = now_asked.option(undone.option_id) if now_asked is not None else None
            what: Words = option_text(option) if option is not None else (undone.label or undone.option_id)
            # the notice is part of the channel's next post: written in the game's language now
            notice = say(T("bot.took_back_notice", player=seat.user_name, option=what), lang_of(game))
            await table.store.save_state(game.id, game.version, game.version + 1, logbook.kept(rebuilt),
                                         decided=decided)
            await table.restart_clock(rebuilt)
            # the story continues from the shorter log: its lines are told again from there
            await table.store.update_game(game.id, notice=notice,
                                          story_from=min(game.post.story_from, len(rebuilt["log"])))
        game.version += 1  # versions only grow: buttons built for the undone state stay stale
        game.state, game.decided = rebuilt, decided
        return Reply(join(T("bot.took_back", option=what), prompt_line(game)),
                     choices=choices_of(rebuilt, lang_of(game)), game_id=game.id, version=game.version,
                     to_act=user_to_act(game), lang=lang_of(game), changes=table.changes)

    async def propose_rollback(self, channel_id: str, user_id: str, move: int) -> Reply:
        """The host proposes returning the game to just before move number ``move``."""
        async with self.tables.at(channel_id) as table:
            game = await table.active()
            table.host(user_id, T("bot.host.rollback"))
            table.prompt_changed()  # (waiting for approvals or done: the channel is brought up to date)
            moves = await table.store.move_list(game.id)
            if not moves:
                raise BadRequest(T("bot.err.no_moves"))
            if not isinstance(move, int) or not 1 <= move <= len(moves):
                raise BadRequest(T("bot.err.move_range", last=len(moves)))
            if await table.store.open_proposal(game.id) is not None:
                raise WrongPhase(T("bot.err.rollback_open"))
            needed = _approvers(game, moves[move - 1:], user_id)
            proposal = await table.store.insert_proposal(game.id, "rollback", move, user_id, needed, self.clock())
            target = moves[move - 1]
            what = T("bot.rollback.proposed", host=game.host.user_name, move=move, player=name_of(game, target.seat),
                     label=target.label or target.option_id, n=len(moves) - move + 1)
            if not needed:
                return await self._roll_back(table, proposal, move, what)
        names = join(*(name_of(game, s.seat) for s in game.seats if s.user_id in needed), sep=", ")
        return Reply(join(what, T("bot.rollback.waiting", names=names)), game_id=game.id, version=game.version,
                     lang=lang_of(game), changes=table.changes,
                     mention=needed, proposal=proposal,
                     choices=[Choice(f"rollback:{proposal}:yes", say(T("bot.button.approve"), lang_of(game))),
                              Choice(f"rollback:{proposal}:no", say(T("bot.button.refuse"), lang_of(game)))])

    async def answer_rollback(self, channel_id: str, user_id: str, proposal_id: int, approve: bool) -> Reply:
        async with self.tables.at(channel_id) as table:
            game = await table.active()
            table.prompt_changed()  # (whatever the answer: the channel is brought up to date)
            proposal = await table.store.proposal(proposal_id)
            if proposal is None or proposal.game_id != game.id:
                raise BadRequest(T("bot.err.proposal_elsewhere"))
            if proposal.status != "open":
                raise WrongPhase(T("bot.err.proposal_decided", status=T(f"bot.proposal.{proposal.status}")))
            if self.clock() - proposal.created_at > PROPOSAL_SECONDS:
                await table.store.update_proposal(proposal.id, status="expired")
                return Reply(T("bot.rollback.expired"), game_id=game.id, lang=lang_of(game), settled=True,
                             changes=table.changes)
            moves = await table.store.move_list(game.id)
            needed = _approvers(game, moves[proposal.target - 1:], proposal.proposer)
            if user_id not in needed:
                raise NotAllowed(T("bot.err.not_approver"))
            name = next(s.user_name for s in game.seats if s.user_id == user_id)
            if not approve:
                await table.store.update_proposal(proposal.id, status="refused")
                return Reply(T("bot.rollback.refused", player=name), game_id=game.id, lang=lang_of(game), settled=True,
                             changes=table.changes)
            approved = sorted({*proposal.approved, user_id})
            await table.store.update_proposal(proposal.id, approved=approved)
            missing = [u for u in needed if u not in approved]
            if missing:
                waiting = ", ".join(s.user_name for s in game.seats if s.user_id in missing)
                return Reply(T("bot.rollback.approved", player=name, names=waiting), game_id=game.id,
                             lang=lang_of(game), changes=table.changes)
            return await self._roll_back(table, proposal.id, proposal.target,
                                         T("bot.rollback.all_approved", game=game.id, move=proposal.target))

    @staticmethod
    async def _roll_back(table: Table, proposal_id: int, move: int, what: Words) -> Reply:
        """(In the game's table.) Mark moves from ``move`` on undone and rebuild the state."""
        game, store = table.game, table.store
        assert game is not None  # the game found
        moves = await store.move_list(game.id)
        rebuilt, decided = _replayed(game, moves[:move - 1])
        await store.mark_moves_undone(game.id, moves[move - 1].version)
        await store.save_state(game.id, game.version, game.version + 1, logbook.kept(rebuilt),
                               board_due=game.post.board_due | RESET, decided=decided)
        await store.update_proposal(proposal_id, status="done")
        await table.restart_clock(rebuilt)
        # the notice is part of the channel's next post: written in the game's language now
        notice = say(T("bot.rollback.done", move=move, n=len(moves) - move + 1), lang_of(game))
        await store.update_game(game.id, notice=notice, story_from=min(game.post.story_from, len(rebuilt["log"])))
        game.version += 1
        game.state, game.decided = rebuilt, decided
        return Reply(join(what, notice), game_id=game.id, version=game.version, lang=lang_of(game), settled=True,
                     changes=table.changes)


def _replayed(game: Game, moves: list[Move]) -> tuple[State, dict[int, int]]:
    """The state after ``moves`` (from the setup), and where each seat's latest decision left the log."""
    history = History(game.started_setup, [(m.seat, m.option_id) for m in moves], checkpoints=False)
    return history.state, since_last_moves([(m.seat, m.made_by) for m in moves], history.log_starts,
                                           history.log_length)


def _undoable(moves: list[Move], seat: int) -> int:
    """Where an undo by ``seat`` starts: its own latest move, when it is the last; else its latest
    choice by hand, when only moves answered ahead (anyone's: they went in by themselves) came
    after it, which go back too.  Refused otherwise (another player chose by hand since)."""
    if moves and moves[-1].seat == seat and moves[-1].made_by in OWN_CHOICES:
        return len(moves) - 1
    k = len(moves) - 1
    while k >= 0 and moves[k].made_by in AHEAD_MOVES:
        k -= 1
    if k < 0 or moves[k].seat != seat or moves[k].made_by not in OWN_CHOICES:
        raise NotAllowed(T("bot.err.undo_other"))
    return k


def _approvers(game: Game, moves: list[Move], proposer: str) -> list[str]:
    """The players (other than the proposer) whose choices are among ``moves``."""
    users = {s.seat: s.user_id for s in game.seats}
    return sorted({users[m.seat] for m in moves if m.made_by in OWN_CHOICES} - {proposer})
