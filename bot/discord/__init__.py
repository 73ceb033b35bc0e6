"""The Discord shell: the client, the ``/ds`` command tree, buttons and menus, the translator of
the commands, and delivery (bringing a game's channel up to date, direct messages, the outbox).

Handlers parse what Discord sends, call the game service, and answer.  This room may import
``bot.game`` and ``bot.store``'s interface (``bot.store.api``, ``bot.store.models``); nothing
below imports it.
"""
