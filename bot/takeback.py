"""Taking choices back: undo (your latest choices, until another player chooses or something
hidden comes to light) and rollbacks (the host proposes, everyone affected approves).

A mixin of ``GameService``: it uses the service's store, locks and checks.
"""

from __future__ import annotations

from bot.channel import RESET
from bot.replies import BadRequest, Choice, NotAllowed, Reply, WrongPhase
from bot.store import Game
from bot.texts import choices_of, name_of, prompt_line, user_to_act
from engine import progress
from engine.history import replay

#: How long a rollback proposal waits for its approvals.
PROPOSAL_SECONDS = 24 * 3600


class Takeback:
    async def undo(self, channel_id: str, user_id: str) -> Reply:
        """Take back your latest choice, until another player has chosen or something hidden
        (a draw from the bag, a card, a Wanderlust tile) came to light after it."""
        async with self._lock(channel_id), self.store.transaction():
            game = await self._active(channel_id)
            seat = self._seat(game, user_id)
            moves = await self.store.move_list(game.id)
            if not moves or moves[-1].seat != seat.seat or moves[-1].made_by != "player":
                raise NotAllowed("You can take back your latest choice only until another player has made one.")
            rebuilt = replay(game.setup, [(m.seat, m.option_id) for m in moves[:-1]])
            if progress.reveals(rebuilt, game.state):
                raise NotAllowed("Your latest choice brought hidden information to light (an element drawn, a "
                                 "card or a tile turned up); it cannot be taken back.")
            undone = moves[-1]
            await self.store.mark_moves_undone(game.id, undone.version)
            notice = f"{seat.user_name} took back: {undone.label or undone.option_id}."
            await self.store.save_state(game.id, game.version, game.version + 1, rebuilt)
            await self._restart_clock(game, rebuilt)
            # the story continues from the shorter log: its lines are told again from there
            await self.store.update_game(game.id, notice=notice,
                                         story_from=min(game.post.story_from, len(rebuilt["log"])))
        game.version += 1  # versions only grow: buttons built for the undone state stay stale
        game.state = rebuilt
        return Reply(f"You took back: {undone.label or undone.option_id}. {prompt_line(game)}",
                     choices=choices_of(rebuilt), game_id=game.id, version=game.version, to_act=user_to_act(game))

    async def propose_rollback(self, channel_id: str, user_id: str, move: int) -> Reply:
        """The host proposes returning the game to just before move number ``move``."""
        async with self._lock(channel_id), self.store.transaction():
            game = await self._active(channel_id)
            self._host(game, user_id, "propose a rollback")
            moves = await self.store.move_list(game.id)
            if not moves:
                raise BadRequest("No move has been made yet.")
            if not isinstance(move, int) or not 1 <= move <= len(moves):
                raise BadRequest(f"Choose a move from 1 to {len(moves)}.")
            if await self.store.open_proposal(game.id) is not None:
                raise WrongPhase("A rollback is already waiting for approvals; it must be decided first.")
            needed = _approvers(game, moves[move - 1:], user_id)
            proposal = await self.store.insert_proposal(game.id, "rollback", move, user_id, needed, self.clock())
            target = moves[move - 1]
            what = (f"{game.host.user_name} proposes to take the game back to before move {move} "
                    f"({name_of(game, target.seat)}: {target.label or target.option_id}); "
                    f"{len(moves) - move + 1} choice(s) would be taken back.")
            if not needed:
                return await self._roll_back(game, proposal, move, what)
        names = ", ".join(name_of(game, s.seat) for s in game.seats if s.user_id in needed)
        return Reply(f"{what} Waiting for {names} to approve (24 hours).", game_id=game.id, version=game.version,
                     mention=needed, proposal=proposal,
                     choices=[Choice(f"rollback:{proposal}:yes", "Approve"),
                              Choice(f"rollback:{proposal}:no", "Refuse")])

    async def answer_rollback(self, channel_id: str, user_id: str, proposal_id: int, approve: bool) -> Reply:
        async with self._lock(channel_id), self.store.transaction():
            game = await self._active(channel_id)
            proposal = await self.store.proposal(proposal_id)
            if proposal is None or proposal.game_id != game.id:
                raise BadRequest("That proposal belongs to another game.")
            if proposal.status != "open":
                raise WrongPhase(f"That rollback was already decided ({proposal.status}).")
            if self.clock() - proposal.created_at > PROPOSAL_SECONDS:
                await self.store.update_proposal(proposal.id, status="expired")
                return Reply("That rollback proposal expired after 24 hours without every approval; "
                             "nothing was changed.", game_id=game.id, public=True)
            moves = await self.store.move_list(game.id)
            needed = _approvers(game, moves[proposal.target - 1:], proposal.proposer)
            if user_id not in needed:
                raise NotAllowed("Only the players whose choices would be taken back answer this proposal.")
            name = next(s.user_name for s in game.seats if s.user_id == user_id)
            if not approve:
                await self.store.update_proposal(proposal.id, status="refused")
                return Reply(f"{name} refuses the rollback; nothing was changed.", game_id=game.id)
            approved = sorted({*proposal.approved, user_id})
            await self.store.update_proposal(proposal.id, approved=approved)
            missing = [u for u in needed if u not in approved]
            if missing:
                waiting = ", ".join(s.user_name for s in game.seats if s.user_id in missing)
                return Reply(f"{name} approves the rollback; waiting for {waiting}.", game_id=game.id)
            return await self._roll_back(game, proposal.id, proposal.target,
                                         f"Everyone approved: game #{game.id} goes back to before move "
                                         f"{proposal.target}.")

    async def _roll_back(self, game: Game, proposal_id: int, move: int, what: str) -> Reply:
        """(In the caller's transaction.) Mark moves from ``move`` on undone and rebuild the state."""
        moves = await self.store.move_list(game.id)
        rebuilt = replay(game.setup, [(m.seat, m.option_id) for m in moves[:move - 1]])
        await self.store.mark_moves_undone(game.id, moves[move - 1].version)
        await self.store.save_state(game.id, game.version, game.version + 1, rebuilt,
                                    board_due=game.post.board_due | RESET)
        await self.store.update_proposal(proposal_id, status="done")
        await self._restart_clock(game, rebuilt)
        notice = f"Rollback: the game is back to before move {move}; {len(moves) - move + 1} choice(s) undone."
        await self.store.update_game(game.id, notice=notice,
                                     story_from=min(game.post.story_from, len(rebuilt["log"])))
        game.version += 1
        game.state = rebuilt
        return Reply(f"{what} {notice}", game_id=game.id, version=game.version)


def _approvers(game: Game, moves: list, proposer: str) -> list[str]:
    """The players (other than the proposer) whose choices are among ``moves``."""
    users = {s.seat: s.user_id for s in game.seats}
    return sorted({users[m.seat] for m in moves if m.made_by == "player"} - {proposer})
