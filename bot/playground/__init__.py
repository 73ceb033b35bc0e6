"""The local playground (``python -m bot`` without a token): the same game service, driven from a
terminal or a script on stdin.  ``start`` checks the command line and opens the store,
``session`` asks whoever must act, ``look`` shows the game, ``terminal`` reads and words what is
typed, ``plan`` is the ``plan`` command."""
