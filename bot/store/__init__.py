"""Where games live: the store's interface (``api``), its two backends (``sqlite``, one file
for one process; ``postgres``, a shared server for several), the SQL dialect between them,
the schema and its migrations, the models read back, claims, and which games are this
process's own (``shards``).  ``connect.open_store`` opens either backend.

This room imports nothing else of the bot.
"""
