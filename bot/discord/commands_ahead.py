"""``/ds ahead``: the answers a player gives ahead, privately (issue 38): ``plan`` (a standing plan
for Planning, moved here from ``/ds plan``: its words are the flat command's), ``orders`` (the
answers to the whole action of one of their APs) and ``answers`` (early answers to the prompts an
independent step will ask them).  A family of its own (docs/architecture.md, "Where commands
grow"): Discord sees it as a subgroup, so ``/ds`` keeps its 24 children.  Every value an
autocomplete offers parses back (ids, or the labels the prompt reads)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord.answers import user_lang, who
from bot.discord.limits import AUTOCOMPLETE_NAME, AUTOCOMPLETE_VALUE, clip
from bot.discord.plans import clear_words, wish_choices
from bot.game.ahead import space_typed
from bot.game.replies import ServiceError
from words import spaces as spelled
from words import term
from words.render import space_name

if TYPE_CHECKING:
    from bot.discord.responder import Responder

AUTOCOMPLETE_MAX = 25


def _kept_and_last(current: str) -> tuple[list[str], str, str]:
    """A typed list of answers cut as the service cuts it: the pieces before the last, the last,
    and the text that keeps the pieces before it as typed."""
    *typed, last = spelled.pieces(current)
    kept = [item.strip() for item in typed if item.strip()]
    return kept, last.strip(), "".join(f"{item}, " for item in kept)


def _offered(prefix: str, last: str, choices: list[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    """Each option (id, label) whose id or label holds what was typed last, after what was kept."""
    needle = last.lower()
    found = []
    for option, label in choices:
        if needle and needle not in option.lower() and needle not in label.lower():
            continue
        value = prefix + option
        if len(value) <= AUTOCOMPLETE_VALUE:
            found.append(app_commands.Choice(name=clip(f"{prefix}{label}", AUTOCOMPLETE_NAME), value=value))
        if len(found) == AUTOCOMPLETE_MAX:
            break
    return found


class Ahead(app_commands.Group, name="ahead", description="Answer ahead: your plan, orders and early answers"):
    def __init__(self, shell: Responder) -> None:
        super().__init__()
        self.shell = shell

    @app_commands.command(name="plan", description="Where you want your APs each Planning (only you see it)")
    @app_commands.describe(spaces="In order, e.g. speciation meat, any domination, wanderlust 2; clear: no plan",
                           add="True: after those planned",
                           animal="Multi-animal: which animal's plan")
    async def plan(self, interaction: discord.Interaction, spaces: str | None = None, add: bool = False,
                   animal: str | None = None) -> None:
        # a standing plan, privately (the menus behind "Plan ahead": ``bot.discord.plans``)
        channel, user, _ = who(interaction)
        lang, typed, service = user_lang(interaction), (spaces or "").strip(), self.shell.service
        if not typed:
            await self.shell.run_simple(interaction, lambda: service.plans.show_plan(channel, user, animal),
                                        private=True)
        elif typed.lower() in clear_words():
            await self.shell.run_simple(interaction, lambda: service.plans.clear_plan(channel, user, animal),
                                        private=True)
        else:
            await self.shell.run_simple(interaction, lambda: service.plans.set_plan(
                channel, user, typed, add=add, animal=animal, lang=lang), private=True)

    @plan.autocomplete("spaces")
    async def plan_spaces(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return wish_choices(current, user_lang(interaction))

    @plan.autocomplete("animal")
    async def plan_animals(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._animals(interaction, current)

    @app_commands.command(name="orders", description="Answer ahead for one of your APs (only you see it)")
    @app_commands.describe(space="Your AP's space; none: show everything you gave ahead",
                           answers="Its answers in order, as the prompt names them; none: what it would ask",
                           clear="True: drop this AP's order")
    async def orders(self, interaction: discord.Interaction, space: str | None = None, answers: str | None = None,
                     clear: bool = False) -> None:
        channel, user, _ = who(interaction)
        lang, service = user_lang(interaction), self.shell.service
        if not (space or "").strip():
            await self.shell.run_simple(interaction, lambda: service.ahead.show(channel, user), private=True)
            return
        where = space_typed((space or "").strip(), lang)
        typed = (answers or "").strip()
        if clear:
            await self.shell.run_simple(interaction, lambda: service.ahead.clear_order(channel, user, where),
                                        private=True)
        elif not typed:
            await self.shell.run_simple(interaction, lambda: service.ahead.rehearsal_reply(channel, user, where),
                                        private=True)
        else:
            await self.shell.run_simple(interaction, lambda: service.ahead.give_order(
                channel, user, where, typed, lang=lang), private=True)

    @orders.autocomplete("space")
    async def order_spaces(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        channel, user, _ = who(interaction)
        lang, needle = user_lang(interaction), current.strip().lower()
        try:
            sheet = await self.shell.service.ahead.sheet(channel, user, told=False)
        except ServiceError:
            return []
        found = [(space_name(s, lang), s) for _, s in sheet.aps]
        return [app_commands.Choice(name=clip(n, AUTOCOMPLETE_NAME), value=s) for n, s in found
                if needle in n.lower() or needle in s][:AUTOCOMPLETE_MAX]

    @orders.autocomplete("answers")
    async def order_answers(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        channel, user, _ = who(interaction)
        lang = user_lang(interaction)
        space = str(getattr(interaction.namespace, "space", "") or "").strip()
        kept, last, prefix = _kept_and_last(current)
        try:
            r = await self.shell.service.ahead.rehearse(channel, user, space_typed(space, lang), kept)
        except ServiceError:
            return []
        return _offered(prefix, last, [(c.id, c.label) for c in r.choices])

    @app_commands.command(name="answers", description="Answer before your turn what this step will ask you")
    @app_commands.describe(answers="In the order you will be asked, as the prompt names them; none: show them",
                           animal="Multi-animal: which animal answers")
    async def answers(self, interaction: discord.Interaction, answers: str | None = None,
                      animal: str | None = None) -> None:
        channel, user, _ = who(interaction)
        typed, service = (answers or "").strip(), self.shell.service
        if not typed:
            await self.shell.run_simple(interaction, lambda: service.ahead.show(channel, user), private=True)
            return
        await self.shell.run_simple(interaction, lambda: service.ahead.answer_early(channel, user, typed,
                                                                                    animal=animal), private=True)

    @answers.autocomplete("answers")
    async def early_answers(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        channel, user, _ = who(interaction)
        kept, last, prefix = _kept_and_last(current)
        try:
            sheet = await self.shell.service.ahead.sheet(channel, user, told=False)
        except ServiceError:
            return []
        animal = str(getattr(interaction.namespace, "animal", "") or "") or None
        prompts = [choices for a, _, choices in sheet.early if animal is None or a == animal]
        if len(kept) >= len(prompts):
            return []
        return _offered(prefix, last, [(c.id, c.label) for c in prompts[len(kept)]])

    @answers.autocomplete("animal")
    async def early_animals(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._animals(interaction, current)

    async def _animals(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        channel, user, _ = who(interaction)
        lang, needle = user_lang(interaction), current.strip().lower()
        try:
            mine = (await self.shell.service.plans.plan_sheet(channel, user)).animals
        except ServiceError:  # an autocomplete is never refused: it offers nothing
            return []
        named = [(term(f"animal.{a}", lang), a) for a in mine]
        return [app_commands.Choice(name=n, value=a) for n, a in named if needle in n.lower() or needle in a]
