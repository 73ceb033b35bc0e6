"""The one error the engine raises at players."""


class RulesError(Exception):
    """An illegal choice: the message says what is wrong and what is allowed.

    Raising it never changes the game state.
    """
