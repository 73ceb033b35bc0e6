"""The service's sentences about a game: who acts on what, the status, the result.

Each is a ``words.Text`` (a catalogue key and its parameters), worded later in the reader's
language; ``lang_of`` is the game's language, in which its public posts are written.
"""

from __future__ import annotations

from typing import Any

import engine
import words
from bot.game.asked import asked
from bot.game.channel import DEFAULT_CADENCE
from bot.game.limits import quote
from bot.game.replies import Choice
from bot.store.models import Game
from engine.ecology import survival_holder
from engine.flow import spellings
from words import T, Text, Words, join
from words import spaces as spelled

State = dict[str, Any]
#: The languages a game may be posted in (``/ds new language:``), the first the default.
GAME_LANGUAGES = words.LANGUAGES


def lang_of(game: Game | None) -> str:
    """The game's language: its public posts, lobby card, reminders and pictures."""
    lang = (game.settings or {}).get("language") if game is not None else None
    return lang if lang in GAME_LANGUAGES else words.DEFAULT


def unknown_language(given: str) -> Text:
    """The refusal of a language there is no catalogue for, naming those there are."""
    return T("bot.err.language", given=quote(given), alternatives=list(GAME_LANGUAGES))


def default_game_language(guild_locale: str | None) -> str:
    """A new game speaks the server's language where there is a catalogue for it, else English."""
    return words.pick_language(guild_locale)


def prompt_seat(state: State) -> int | None:
    p = asked(state)
    return None if p is None else p.seat


def choice_of(o: engine.Option, lang: str) -> Choice:
    return Choice(o.id, words.option(o, lang), words.option_description(o, lang), spellings(o.id))


def choices_of(state: State | None, lang: str = words.DEFAULT) -> list[Choice]:
    p = asked(state) if state else None
    return [] if p is None else [choice_of(o, lang) for o in p.options]


def user_to_act(game: Game) -> str | None:
    seat = prompt_seat(game.state) if game.state else None
    return None if seat is None else next(s.user_id for s in game.seats if s.seat == seat)


def game_link(game: Game) -> str:
    """A link to the game's channel or thread that works from anywhere (a direct message too)."""
    if game.guild_id:
        return f"https://discord.com/channels/{game.guild_id}/{game.channel_id}"
    return f"<#{game.channel_id}>"


def name_of(game: Game, seat: int) -> Words:
    return next((s.user_name for s in game.seats if s.seat == seat), T("bot.seat_n", seat=seat + 1))


def question(p: engine.Prompt) -> Text:
    """What a prompt asks, as a text of its own (``ask.<key>``)."""
    return T("ask." + p.text.key, **p.text.args)


def prompt_line(game: Game) -> Text:
    p = asked(game.state) if game.state else None
    if p is None:
        return T("bot.game_over")
    return T("bot.now", player=name_of(game, p.seat), animal=p.animal, question=question(p))


def status_word(game: Game) -> Text:
    return T("bot.status.lobby" if game.status == "lobby" else "bot.status.running")


def settings_text(game: Game) -> Words:
    board = game.settings.get("board", DEFAULT_CADENCE)
    resign = game.settings.get("on_resign", "end")
    said = T("bot.settings", board=T(f"bot.cadence.{board}"), language=lang_of(game))
    # what a resignation does is a 2-player game's setting: said while the game may be one
    two = len(game.seats) == 2 if game.status != "lobby" else game.players == 2 or len(game.seats) <= 2
    return join(said, T("bot.settings.resign", resign=T(f"bot.on_resign.{resign}")) if two else None,
                T("bot.hints.on" if game.settings.get("hints") else "bot.hints.off"))


def status_text(game: Game) -> Words:
    state = game.started_state
    scores = [T("bot.animal_vp", animal=a, vp=r["vp"])
              for a, r in sorted(state["animals"].items(), key=lambda x: -x[1]["vp"])]
    holder = survival_holder(state)
    cards = [T("bot.card_name", card=c) for c in state["cards"]]
    return join(
        T("bot.status.head", game=game.id, turn=state["turn"], phase=state["phase"],
          now=prompt_line(game)),
        T("bot.status.vp", vps=join(*scores, sep=", ")),
        T("bot.status.cards", holder_name=T("bot.animal_name", animal=holder) if holder else T("bot.nobody"),
          card_list=join(*cards, sep=", ") if cards else T("bot.none")),
        T("bot.status.initiative", order=join(*(T("bot.animal_name", animal=a) for a in state["initiative"]),
                                              sep=", ")),
        settings_text(game), sep="\n")


def result_text(game: Game) -> Text:
    result = game.started_state["result"]
    seats = sorted(range(len(game.seats)), key=lambda s: -result["seat_scores"][s])
    ranking = join(*(T("bot.player_score", player=game.seats[s].user_name, score=result["seat_scores"][s])
                     for s in seats), sep="; ")
    winner = game.seats[result["winner_seat"]].user_name
    if result.get("ended_by") == "resignation":
        return T("bot.result.resigned", quitter=name_of(game, result["resigned_seat"]), ranking=ranking,
                 winner_name=winner)
    tie = result.get("tie_break")
    if isinstance(tie, dict) and tie.get("animals"):
        said = T("log.tie_break", animals=tie["animals"], vp=tie["score"], winner=result["winner"])
        return T("bot.result.tie", ranking=ranking, winner_name=winner, tie=said)
    if isinstance(tie, dict) and tie.get("text"):  # a record from before structured logs
        return T("bot.result.tie", ranking=ranking, winner_name=winner, tie=tie["text"])
    return T("bot.result", ranking=ranking, winner_name=winner)


def lobby_text(game: Game) -> Text:
    seated = join(*(T("bot.seated_as", player=s.user_name, animal=s.animal) if s.animal else s.user_name
                    for s in game.seats), sep=", ")
    return T("bot.lobby", game=game.id, variant=T(f"bot.variant.{game.variant}"), seated_n=len(game.seats),
             players=game.players, seated=seated, host=game.host.user_name)


def lobby_card(game: Game) -> Text:
    """The message in a game's parent channel that leads to its thread."""
    names = join(*(s.user_name for s in game.seats), sep=", ") if game.seats else T("bot.nobody_yet")
    where = f"<#{game.channel_id}>"
    if game.status == "lobby":
        return T("bot.card.lobby", game=game.id, host=game.host.user_name, players=game.players,
                 variant=T(f"bot.variant.{game.variant}"), seated_n=len(game.seats), names=names, where=where)
    if game.status == "active":
        return T("bot.card.active", game=game.id, names=names, where=where)
    if game.status == "finished" and game.state and game.state.get("result"):
        return T("bot.card.over", game=game.id, names=names, result=result_text(game), where=where)
    return T("bot.card.abandoned", game=game.id)


def option_text(o: engine.Option) -> Text:
    """An option's label as a text (``opt.<key>``), for a sentence that names the choice."""
    return T("opt." + o.text.key, **o.text.args)


def rules_error(e: engine.RulesError) -> Text:
    """The engine's refusal (``err.<key>``), worded for whoever made the choice."""
    return T("err." + e.key, **e.params)


def option_typed(p: engine.Prompt, typed: str, lang: str = words.DEFAULT) -> str | None:
    """The id of ``p``'s option that ``typed`` names as the live prompt and ``/ds play`` read it:
    its number in the prompt's list (from 1), its id or a corner's spelling (any case), its label
    as shown in ``lang`` or in English (any case, spacing or brackets), or a space as a plan
    names it; else None."""
    line = typed.strip()
    if line.isdigit() and 1 <= int(line) <= len(p.options):
        return p.options[int(line) - 1].id
    found = p.typed(line)
    if found is not None:
        return found
    wanted = spelled.normal(line)
    for tongue in dict.fromkeys((lang, words.DEFAULT)):
        labelled = [o.id for o in p.options if spelled.normal(words.option(o, tongue)) == wanted]
        if len(labelled) == 1:
            return labelled[0]
    space = spelled.space_of(line, lang)
    return space if space is not None and p.option(space) is not None else None
