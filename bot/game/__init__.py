"""The game service and everything with a clock: lobbies and moves (``service``), pace,
reminders and deadlines (``pace``, ``clockwork``, ``scheduler``), take-backs, computer players,
the story of a game (``chronicle``, ``recap``, ``records``, ``stats``), the texts it says, rules
help, the pictures it draws (``pictures``) and the render pool.

Transport-neutral: nothing here knows Discord.  What it needs of a message's size lives in
``bot.game.limits``.  It may import ``bot.store``, ``engine``, ``renderers`` and ``words``;
it never imports ``bot.discord``.
"""
