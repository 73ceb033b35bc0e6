"""What the service answers: transport-neutral replies, what a use case changed, and typed
errors (no Discord here)."""

from __future__ import annotations

from dataclasses import dataclass, field

from words import Words, say


@dataclass(frozen=True)
class Choice:
    """One option a user may pick now (the engine's option, by id and label)."""

    id: str
    label: str
    description: str | None = None  # a line under a select option (a card's effect)
    #: what a player may type for it besides the label (its id; a corner's every label)
    spellings: tuple[str, ...] = ()


@dataclass(frozen=True)
class PromptChanged:
    """The channel's game moved (or may have): its live post is brought up to date."""

    channel_id: str


@dataclass(frozen=True)
class LobbyChanged:
    """The game's lobby changed (a seat, its start, its end): its card in the parent channel reads anew."""

    game_id: int


@dataclass(frozen=True)
class GameEnded:
    """The game ended from outside its turns (abandoned): its last prompt loses its buttons."""

    game_id: int


#: What a use case changed that the shell shows, in the order it shows them (``Table.changes``).
Change = PromptChanged | LobbyChanged | GameEnded


@dataclass
class Reply:
    """An answer to one command.

    ``public``: the shell answers in the channel, worded (``in_``) in the game's language
    ``lang``; else privately, in the reader's language (the one rule of the shell's
    ``Responder.language``).  ``text`` is the English, for logs and tests.
    """

    message: Words
    image: bytes | None = None
    mention: list[str] = field(default_factory=list)
    choices: list[Choice] = field(default_factory=list)
    game_id: int | None = None
    version: int | None = None
    to_act: str | None = None
    public: bool = True
    proposal: int | None = None  # a proposal (e.g. a rollback) this reply asks people to answer
    settled: bool = False  # the proposal this reply answers is decided (done, refused, expired): no more votes
    lang: str | None = None  # the game's language (public posts); None: the shell looks it up
    alt: str | None = None  # the image's alt text (``words.alt``), in the language it is drawn in
    changes: tuple[Change, ...] = ()  # what the shell shows after answering (``Responder.show``)

    @property
    def text(self) -> str:
        return say(self.message, "en")

    def in_(self, lang: str) -> str:
        return say(self.message, lang)


class ServiceError(Exception):
    """A refusal: the message says what was wrong and what is allowed.  Nothing was written.

    ``message`` is worded in the reader's language by the shell (``in_``); ``str()`` is English."""

    def __init__(self, message: Words = "") -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return say(self.message, "en")

    def in_(self, lang: str) -> str:
        return say(self.message, lang)


class NoGame(ServiceError):
    pass


class WrongPhase(ServiceError):
    pass


class NotSeated(ServiceError):
    pass


class NotYourTurn(ServiceError):
    pass


class IllegalChoice(ServiceError):
    pass


class StaleState(ServiceError):
    """The game moved on since the user saw it; carries the current prompt text."""


class NotAllowed(ServiceError):
    pass


class BadRequest(ServiceError):
    pass
