"""The service's sentences about a game: who acts on what, the status, the result."""

from __future__ import annotations

from typing import Any

import engine
from bot.channel import CADENCE_NAMES, DEFAULT_CADENCE
from bot.replies import Choice
from bot.store import Game
from engine.ecology import survival_holder

State = dict[str, Any]


def prompt_seat(state: State) -> int | None:
    p = engine.prompt(state)
    return None if p is None else p.seat


def choices_of(state: State | None) -> list[Choice]:
    p = engine.prompt(state) if state else None
    return [] if p is None else [Choice(o.id, o.label) for o in p.options]


def user_to_act(game: Game) -> str | None:
    seat = prompt_seat(game.state) if game.state else None
    return None if seat is None else next(s.user_id for s in game.seats if s.seat == seat)


def game_link(game: Game) -> str:
    """A link to the game's channel or thread that works from anywhere (a direct message too)."""
    if game.guild_id:
        return f"https://discord.com/channels/{game.guild_id}/{game.channel_id}"
    return f"<#{game.channel_id}>"


def name_of(game: Game, seat: int) -> str:
    return next((s.user_name for s in game.seats if s.seat == seat), f"Seat {seat + 1}")


def prompt_line(game: Game) -> str:
    p = engine.prompt(game.state) if game.state else None
    if p is None:
        return "The game is over."
    return f"Now: {name_of(game, p.seat)} ({p.animal}) - {p.text.rstrip('.?')}."


def status_word(game: Game) -> str:
    return "gathering players" if game.status == "lobby" else "running"


def settings_text(game: Game) -> str:
    board = CADENCE_NAMES[game.settings.get("board", DEFAULT_CADENCE)]
    resign = ("the other player wins" if game.settings.get("on_resign", "end") == "end"
              else "the seat plays on")
    return f"Board pictures: {board}. In a 2-player game, when a player resigns: {resign}."


def status_text(game: Game) -> str:
    state = game.state
    lines = [f"Game #{game.id} - turn {state['turn']}, {state['phase']} phase. {prompt_line(game)}"]
    scores = ", ".join(f"{a} {r['vp']}" for a, r in sorted(state["animals"].items(), key=lambda x: -x[1]["vp"]))
    lines.append(f"VP: {scores}.")
    holder = survival_holder(state)
    lines.append(f"Survival card: {holder or 'nobody'}. Cards on display: {', '.join(state['cards']) or 'none'}.")
    lines.append("Initiative: " + ", ".join(state["initiative"]) + ".")
    lines.append(settings_text(game))
    return "\n".join(lines)


def result_text(game: Game) -> str:
    result = game.state["result"]
    seats = sorted(range(len(game.seats)), key=lambda s: -result["seat_scores"][s])
    ranking = "; ".join(f"{game.seats[s].user_name} {result['seat_scores'][s]}" for s in seats)
    winner = game.seats[result["winner_seat"]].user_name
    if result.get("ended_by") == "resignation":
        quitter = name_of(game, result["resigned_seat"])
        return f"{quitter} resigned. Scores: {ranking}. {winner} wins!"
    tie = result.get("tie_break")
    tie_text = f" {tie['text']}" if isinstance(tie, dict) and tie.get("text") else ""
    return f"Final scores: {ranking}. {winner} wins!{tie_text}"


def lobby_text(game: Game) -> str:
    seated = ", ".join(f"{s.user_name}{' (' + s.animal + ')' if s.animal else ''}" for s in game.seats)
    return (f"Game #{game.id} lobby ({game.variant}): {len(game.seats)}/{game.players} seated: {seated}. "
            f"{game.host.user_name} starts it with /ds start once 2 or more have joined.")


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def lobby_card(game: Game) -> str:
    """The message in a game's parent channel that leads to its thread."""
    names = ", ".join(s.user_name for s in game.seats) or "nobody yet"
    where = f"<#{game.channel_id}>"
    if game.status == "lobby":
        return (f"**Dominant Species** - game #{game.id}, hosted by {game.host.user_name}: up to {game.players} "
                f"players ({game.variant}). Seated {len(game.seats)}: {names}. Join with the button (or /ds join "
                f"in {where}); the game is played in {where}.")
    if game.status == "active":
        return f"**Dominant Species** - game #{game.id} is being played in {where} by {names}."
    if game.status == "finished" and game.state and game.state.get("result"):
        return f"**Dominant Species** - game #{game.id} ({names}) is over: {result_text(game)} See {where}."
    return f"**Dominant Species** - game #{game.id} was abandoned."
