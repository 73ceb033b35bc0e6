"""``/ds ahead``: the answers a player gives ahead, privately (issue 38): ``plan`` (a standing plan
for Planning, moved here from ``/ds plan``) and ``orders`` (the answers to the whole action of one
of their APs; without an AP, early answers to the prompts the independent step under way will
ask them: folded in, as the same kind of answer).  A family of its own (docs/architecture.md,
"Where commands grow"): Discord sees it as a subgroup, so ``/ds`` keeps its 24 children; its
words are short, since all of ``/ds`` shares Discord's 4,000 characters.  Every value an
autocomplete offers parses back (ids, or the labels the prompt reads)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord.answers import user_lang, who
from bot.discord.limits import AUTOCOMPLETE_NAME, AUTOCOMPLETE_VALUE, clip
from bot.discord.plans import clear_words, wish_choices
from bot.game.ahead import animal_typed, space_typed
from bot.game.replies import ServiceError
from words import gettext, term
from words import spaces as spelled
from words.render import space_name

if TYPE_CHECKING:
    from bot.discord.responder import Responder

AUTOCOMPLETE_MAX = 25
#: What starts a plan's spaces that go after those kept (as the playground's ``plan NAME: + ...``).
ADD = "+"


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

    @app_commands.command(name="plan", description="Your standing plan")
    @app_commands.describe(spaces="e.g. any domination, wanderlust 2", animal="Multi-animal only")
    async def plan(self, interaction: discord.Interaction, spaces: str | None = None,
                   animal: str | None = None) -> None:
        # a standing plan, privately (the menus behind "Plan ahead": ``bot.discord.plans``); "+ ..."
        # adds to it, a clear word drops it
        channel, user, _ = who(interaction)
        lang, typed, service = user_lang(interaction), (spaces or "").strip(), self.shell.service
        if not typed:
            await self.shell.run_simple(interaction, lambda: service.plans.show_plan(channel, user, animal, lang=lang),
                                        private=True)
        elif typed.lower() in clear_words():
            await self.shell.run_simple(interaction, lambda: service.plans.clear_plan(channel, user, animal),
                                        private=True)
        else:
            add = typed.startswith(ADD)
            await self.shell.run_simple(interaction, lambda: service.plans.set_plan(
                channel, user, typed.removeprefix(ADD), add=add, animal=animal, lang=lang), private=True)

    @plan.autocomplete("spaces")
    async def plan_spaces(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        add = ADD if current.lstrip().startswith(ADD) else ""
        found = wish_choices(current.lstrip().removeprefix(ADD).lstrip(), user_lang(interaction))
        return [app_commands.Choice(name=clip(add + c.name, AUTOCOMPLETE_NAME), value=add + c.value) for c in found
                if len(add + c.value) <= AUTOCOMPLETE_VALUE]

    @plan.autocomplete("animal")
    async def plan_animals(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        channel, user, _ = who(interaction)
        lang, needle = user_lang(interaction), current.strip().lower()
        try:
            mine = (await self.shell.service.plans.plan_sheet(channel, user)).animals
        except ServiceError:  # an autocomplete is never refused: it offers nothing
            return []
        named = [(term(f"animal.{a}", lang), a) for a in mine]
        return [app_commands.Choice(name=n, value=a) for n, a in named if needle in n.lower() or needle in a]

    @app_commands.command(name="orders", description="Your AP's answers, or early ones")
    @app_commands.describe(space="Your AP's space or animal", answers="As the prompt names them")
    async def orders(self, interaction: discord.Interaction, space: str | None = None,
                     answers: str | None = None) -> None:
        # an AP's order (``answers``: its answers; a clear word drops it; none: what it would ask);
        # without an AP, early answers (``space`` may name which animal: the multi-animal variant;
        # a clear word drops them); without either, everything the player gave ahead
        channel, user, _ = who(interaction)
        lang, service = user_lang(interaction), self.shell.service
        named, typed = (space or "").strip(), (answers or "").strip()
        animal = animal_typed(named, lang) if named else None
        where = "" if animal is not None else space_typed(named, lang)
        if not where and not typed and animal is None:
            await self.shell.run_simple(interaction, lambda: service.ahead.show(channel, user, lang=lang), private=True)
        elif animal is not None and not typed:
            await self.shell.run_simple(interaction, lambda: service.ahead.early_reply(
                channel, user, animal, lang=lang), private=True)
        elif not where and typed.lower() in clear_words():
            await self.shell.run_simple(interaction, lambda: service.ahead.clear_early(
                channel, user, animal=animal), private=True)
        elif not where:
            await self.shell.run_simple(interaction, lambda: service.ahead.answer_early(
                channel, user, typed, animal=animal, lang=lang), private=True)
        elif typed.lower() in clear_words():
            await self.shell.run_simple(interaction, lambda: service.ahead.clear_order(channel, user, where),
                                        private=True)
        elif not typed:
            await self.shell.run_simple(interaction, lambda: service.ahead.rehearsal_reply(
                channel, user, where, lang=lang), private=True)
        else:
            await self.shell.run_simple(interaction, lambda: service.ahead.give_order(
                channel, user, where, typed, lang=lang), private=True)

    @orders.autocomplete("space")
    async def order_spaces(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        channel, user, _ = who(interaction)
        lang, needle = user_lang(interaction), current.strip().lower()
        try:
            sheet = await self.shell.service.ahead.sheet(channel, user, told=False, lang=lang)
        except ServiceError:
            return []
        found = [(space_name(s, lang), s) for _, s in sheet.aps]
        # the multi-animal variant: which of the player's animals answers before its turn
        asked = list(dict.fromkeys(a for a, _, _ in sheet.early))
        if len(asked) > 1:
            found += [(gettext("bot.ahead.early_animal", lang, animal=a), a) for a in asked]
        return [app_commands.Choice(name=clip(n, AUTOCOMPLETE_NAME), value=s) for n, s in found
                if needle in n.lower() or needle in s][:AUTOCOMPLETE_MAX]

    @orders.autocomplete("answers")
    async def order_answers(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        channel, user, _ = who(interaction)
        lang = user_lang(interaction)
        named = str(getattr(interaction.namespace, "space", "") or "").strip()
        animal = animal_typed(named, lang) if named else None
        space = "" if animal is not None else space_typed(named, lang)
        kept, last, prefix = _kept_and_last(current)
        service = self.shell.service
        try:
            if space:
                r = await service.ahead.rehearse(channel, user, space, kept, lang=lang)
                return _offered(prefix, last, [(c.id, c.label) for c in r.choices])
            sheet = await service.ahead.sheet(channel, user, told=False, lang=lang)
        except ServiceError:  # an autocomplete is never refused: it offers nothing
            return []
        asked = list(dict.fromkeys(a for a, _, _ in sheet.early))
        if animal is None and len(asked) > 1:
            return []  # answers for which animal: the space option names it first
        which = animal if animal is not None else (asked[0] if asked else None)
        prompts = [choices for a, _, choices in sheet.early if a == which]
        if len(kept) >= len(prompts):
            return []
        return _offered(prefix, last, [(c.id, c.label) for c in prompts[len(kept)]])
