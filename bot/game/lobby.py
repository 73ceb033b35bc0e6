"""Lobbies: opening one, taking and giving back seats, the host's settings, and the start.

A part of ``GameService``: each use case is a table (``bot.game.table``).
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import replace
from typing import Any

import engine
import words
from bot.game import pace
from bot.game.admin import defaults_of
from bot.game.ai_seats import AiSeats
from bot.game.channel import CADENCES, DEFAULT_CADENCE, RESET
from bot.game.clockwork import Clockwork, paced, write_pace
from bot.game.limits import quote
from bot.game.replies import BadRequest, LobbyChanged, NoGame, PromptChanged, Reply, WrongPhase
from bot.game.table import Table, Tables
from bot.game.texts import GAME_LANGUAGES, lang_of, settings_text, status_word, unknown_language, user_to_act
from bot.store.api import GameStore
from bot.store.models import Game, Seat
from engine import logbook
from engine.data import FOOD_CHAIN
from words import T, Words, join

log = logging.getLogger(__name__)

VARIANTS = ("standard", "multi-animal")
MIN_PLAYERS, MAX_PLAYERS = 2, 6
#: What a resignation in a 2-player game does (a per-game setting): the other player wins, or
#: the resigned seat plays on (declining what it can).
RESIGN_POLICIES = ("end", "play_on")
SETTINGS_DEFAULTS: dict[str, str] = {"board": DEFAULT_CADENCE, "on_resign": "end"}


class Lobby:
    def __init__(self, store: GameStore, tables: Tables, ai: AiSeats, away: Clockwork) -> None:
        self.store = store
        self.tables = tables
        self.ai = ai
        self.away = away  # a player leaving a running game leaves it to the bot (``ask_to_leave``)

    async def create_lobby(self, channel_id: str, user_id: str, user_name: str,
                           players: int = MAX_PLAYERS, variant: str = "standard", *,
                           home_channel_id: str | None = None, lobby_message_id: str | None = None,
                           guild_id: str | None = None, language: str = words.DEFAULT, hints: bool | None = None,
                           settings: dict[str, Any] | None = None) -> Reply:
        """Open a lobby for up to ``players`` seats; the host starts it once 2 or more have joined.
        ``hints``: the players may ask ``/ds hint`` (None: as the server's defaults say);
        ``settings``: all of them, as another game's (a rematch), instead of the defaults."""
        self.check_new(players, variant, language)
        defaults = defaults_of(await self.store.server_settings(guild_id) if guild_id is not None else {})
        chosen = dict(settings) if settings is not None else self._new_settings(language, defaults)
        if settings is None and hints is not None:  # /ds new hints: decides over the server's default
            chosen["hints"] = bool(hints)
        async with self.tables.at(channel_id) as table:
            game_id = await self.insert_lobby(table, user_id, user_name, players, variant, chosen,
                                              home_channel_id=home_channel_id, lobby_message_id=lobby_message_id,
                                              guild_id=guild_id)
        log.info("game %s: a lobby for up to %s players opened", game_id, players,
                 extra={"game": game_id, "server": guild_id})
        return Reply(T("bot.lobby_open", game=game_id, players=players, variant=T(f"bot.variant.{variant}"),
                       host=user_name), game_id=game_id, lang=language, changes=table.changes)

    @staticmethod
    async def insert_lobby(table: Table, user_id: str, user_name: str, players: int, variant: str,
                           settings: dict[str, Any], *, home_channel_id: str | None, lobby_message_id: str | None,
                           guild_id: str | None) -> int:
        """(In the table of its channel.) The new lobby and its host's seat; refused while the
        channel has a live game."""
        channel_id, store = table.channel_id, table.store
        assert channel_id is not None  # a lobby opens in a channel's table
        existing = await store.live_game(channel_id)
        if existing is not None:
            raise WrongPhase(T("bot.err.game_here", game=existing.id, status=status_word(existing)))
        game_id = await store.insert_game(channel_id, players, variant, secrets.randbits(31), settings=settings,
                                          home_channel_id=home_channel_id, lobby_message_id=lobby_message_id,
                                          guild_id=guild_id)
        await store.insert_seat(game_id, 0, user_id, user_name, None, True)
        table.changed(LobbyChanged(game_id))  # (its card in the parent channel, when it has one)
        return game_id

    @staticmethod
    def check_new(players: int, variant: str, language: str) -> None:
        """Refuse a new game's settings as ``create_lobby`` would, before anything is opened for it
        (the shell opens a thread for a new game: never for one that would be refused)."""
        if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise BadRequest(T("bot.err.players"))
        if variant not in VARIANTS:
            raise BadRequest(T("bot.err.variant", given=quote(variant)))
        if language not in GAME_LANGUAGES:
            raise BadRequest(unknown_language(language))
        if variant == "multi-animal" and players not in (2, 3):
            raise BadRequest(T("bot.err.multi_players"))

    def _new_settings(self, language: str = words.DEFAULT, defaults: dict[str, Any] | None = None) -> dict[str, Any]:
        """A new game's settings: the bot's own, with what the server's managers chose (``/ds admin defaults``)."""
        defaults = defaults or defaults_of({})
        rules = pace.Pace(at_deadline="ai" if self.ai.available else "wait")
        chosen = {k: v for k, v in defaults["pace"].items() if k in ("reminder", "deadline", "at_deadline")}
        rules = replace(rules, **chosen)
        if rules.at_deadline == "ai" and not self.ai.available:
            rules = replace(rules, at_deadline="wait")
        return {**SETTINGS_DEFAULTS, "board": defaults["board"], "language": language, "pace": rules.to_dict(),
                "hints": defaults["hints"], "rated": defaults["rated"]}

    async def join_from_card(self, game_id: int, user_id: str, user_name: str) -> Reply:
        """"Join" on a lobby's card in its parent channel: the seat, and (privately) where the game is played."""
        game = await self.store.game(game_id)
        if game is None or game.status != "lobby":
            raise NoGame(T("bot.err.lobby_gone"))
        reply = await self.join(game.channel_id, user_id, user_name)
        reply.message = join(reply.message, T("bot.played_in", where=f"<#{game.channel_id}>"))
        reply.public = False
        return reply

    async def join(self, channel_id: str, user_id: str, user_name: str, animal: str | None = None) -> Reply:
        async with self.tables.at(channel_id) as table:
            game = await table.lobby()
            if game.seat_of(user_id):
                raise BadRequest(T("bot.err.seated_already"))
            if len(game.seats) >= game.players:
                raise WrongPhase(T("bot.err.lobby_full", players=game.players))
            if animal is not None and animal.strip():
                animal = animal_id(animal)
                if game.variant == "multi-animal":
                    raise BadRequest(T("bot.err.multi_random"))
                free = free_animals(game)
                if animal not in free:
                    raise BadRequest(T("bot.err.animal_taken", given=quote(animal), animals=free))
            else:
                animal = None
            await table.store.insert_seat(game.id, len(game.seats), user_id, user_name, animal, False)
            table.changed(LobbyChanged(game.id))
        seated = len(game.seats) + 1
        said = (T("bot.joins_as", player=user_name, game=game.id, animal=animal, seated=seated, players=game.players)
                if animal else T("bot.joins", player=user_name, game=game.id, seated=seated, players=game.players))
        return Reply(said, game_id=game.id, lang=lang_of(game), changes=table.changes)

    async def leave(self, channel_id: str, user_id: str) -> Reply:
        """Give a lobby seat back; in a running game, leave it to the bot until a substitute comes."""
        live = await self.store.live_game(channel_id)
        if live is not None and live.status == "active":
            reply = await self.away.ask_to_leave(channel_id, user_id)
            if reply.game_id is not None:  # its card (a running game's) reads anew too
                reply.changes += (LobbyChanged(reply.game_id),)
            return reply
        async with self.tables.at(channel_id) as table:
            await table.lobby()
            seat = table.seat(user_id)
            return await self._unseat(table, seat, T("bot.leaves", player=seat.user_name))

    async def kick(self, channel_id: str, user_id: str, target_user_id: str | None = None, *,
                   seat_number: int | None = None) -> Reply:
        """The host removes a seat from the lobby: a member's, or the seat numbered ``seat_number``
        (1-based; how a computer player's seat is named)."""
        async with self.tables.at(channel_id) as table:
            game = await table.lobby()
            table.host(user_id, T("bot.host.remove"))
            if (target_user_id is None) == (seat_number is None):
                raise BadRequest(T("bot.err.kick_whom"))
            if seat_number is not None:
                target = next((s for s in game.seats if s.seat == seat_number - 1), None)
                if target is None:
                    raise BadRequest(T("bot.err.seat_range", game=game.id, last=len(game.seats)))
            else:
                assert target_user_id is not None  # exactly one of the two, as checked above
                target = game.seat_of(target_user_id)
            if target is None:
                raise BadRequest(T("bot.err.member_unseated", game=game.id))
            if target.is_host:
                raise BadRequest(T("bot.err.host_kick_self"))
            return await self._unseat(table, target,
                                      T("bot.removes", host=game.host.user_name, player=target.user_name))

    @staticmethod
    async def _unseat(table: Table, seat: Seat, what: Words) -> Reply:
        """(In the lobby's table.) Take ``seat`` out; the last person out closes the lobby."""
        game, store = table.game, table.store
        assert game is not None  # the lobby found
        await store.delete_seat(game.id, seat.user_id)
        table.changed(LobbyChanged(game.id))
        rest = [s for s in game.seats if s.user_id != seat.user_id]
        people = [s for s in rest if not s.is_ai]  # a computer player never hosts
        if not people:
            await store.set_status(game.id, "abandoned")
            return Reply(T("bot.lobby_closed", what=what, game=game.id), game_id=game.id, lang=lang_of(game),
                         changes=table.changes)
        if seat.is_host:
            new_host = min(people, key=lambda s: s.seat)
            await store.set_host(game.id, new_host.user_id)
            return Reply(T("bot.new_host", what=what, host=new_host.user_name), game_id=game.id, lang=lang_of(game),
                         changes=table.changes)
        return Reply(T("bot.unseated", what=what, seated=len(rest), players=game.players), game_id=game.id,
                     lang=lang_of(game), changes=table.changes)

    async def configure(self, channel_id: str, user_id: str, *, board: str | None = None,
                        on_resign: str | None = None, language: str | None = None, reminder: str | None = None,
                        deadline: str | None = None, at_deadline: str | None = None,
                        away_cap: str | None = None, hints: bool | None = None) -> Reply:
        """The host changes the game's settings (in the lobby or while it runs): the board
        cadence, resignations, the language, and the pace (``bot.game.clockwork``).  One
        transaction: a setting refused refuses them all, and nothing is written."""
        pacing = any(v is not None for v in (reminder, deadline, at_deadline, away_cap))
        async with self.tables.at(channel_id) as table:
            game = await table.live()
            table.host(user_id, T("bot.host.settings"))
            settings = {**SETTINGS_DEFAULTS, **game.settings}
            if board is not None:
                if board not in CADENCES:
                    raise BadRequest(T("bot.err.cadence", given=quote(board)))
                settings["board"] = board
            if on_resign is not None:
                if on_resign not in RESIGN_POLICIES:
                    raise BadRequest(T("bot.err.on_resign", given=quote(on_resign)))
                settings["on_resign"] = on_resign
            if language is not None:
                if language not in GAME_LANGUAGES:
                    raise BadRequest(unknown_language(language))
                settings["language"] = language
            if hints is not None:
                if game.status != "lobby" and bool(hints) != bool(settings.get("hints")):
                    raise WrongPhase(T("bot.err.hints_lobby"))
                settings["hints"] = bool(hints)
            rules = paced(game, self.ai, reminder=reminder, deadline=deadline, at_deadline=at_deadline,
                          away_cap=away_cap) if pacing else None
            await table.store.update_game(game.id, settings=settings)
            game.settings = settings
            if rules is not None:
                await write_pace(table, rules)
        said = join(T("bot.settings_of", game=game.id, settings=settings_text(game)),
                    pace.Pace.of(game.settings).describe())
        return Reply(said, game_id=game.id, lang=lang_of(game))

    async def start(self, channel_id: str, user_id: str) -> Reply:
        async with self.tables.at(channel_id) as table:
            game = await table.lobby()
            table.host(user_id, T("bot.host.start"))
            seated = len(game.seats)
            if seated < MIN_PLAYERS:
                raise WrongPhase(T("bot.err.too_few", n=seated))
            if game.variant == "multi-animal" and seated > 3:
                raise WrongPhase(T("bot.err.multi_joined", n=seated))
            setup: dict[str, Any] = {
                "players": seated, "seed": game.seed,
                "multi_animal": game.variant == "multi-animal",
                "animals": [[s.animal] if s.animal else [] for s in game.seats],
                "names": [s.user_name for s in game.seats],
            }
            state = engine.new_game(setup["players"], setup["seed"], multi_animal=setup["multi_animal"],
                                    animals=setup["animals"], names=setup["names"])
            setup["animals"] = [s["animals"] for s in state["seats"]]  # the deal, for replays
            for s, dealt in zip(game.seats, state["seats"], strict=True):
                await table.store.update_seat(game.id, s.seat, animal=",".join(dealt["animals"]))
            await table.store.update_game(game.id, players=seated)
            await table.store.save_state(game.id, 0, 1, logbook.kept(state), status="active", setup=setup,
                                         board_due=RESET)
            await table.restart_clock(state)
            table.changed(PromptChanged(game.channel_id), LobbyChanged(game.id))
            started = await table.store.live_game(channel_id)
        assert started is not None
        game = started
        log.info("game %s started with %s players", game.id, len(game.seats))
        deal = join(*(T("bot.dealt", player=s.user_name, animals=s.animals) for s in game.seats), sep="; ")
        return Reply(T("bot.begins", game=game.id, deal=deal), game_id=game.id, version=game.version,
                     to_act=user_to_act(game), lang=lang_of(game), changes=table.changes)


def animal_id(typed: str) -> str:
    """An animal as a player types it: its id, or its name in any of our languages."""
    typed = typed.strip().lower()
    for a in FOOD_CHAIN:
        if typed in (a, *(words.term(f"animal.{a}", lang).lower() for lang in words.LANGUAGES)):
            return a
    return typed


def free_animals(game: Game) -> list[str]:
    taken = {s.animal for s in game.seats}
    return [a for a in FOOD_CHAIN if a not in taken]
