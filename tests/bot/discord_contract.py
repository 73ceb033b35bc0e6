"""Discord's contract: would Discord accept this request?

The fake Discord (fake_discord.py) passes every REST request it receives to ``contract().check``, which

* finds the operation by method and path template in Discord's own OpenAPI description (discord_api/openapi.json);
  a request to no operation there is refused (404, or 405 when only the method is wrong), except the fake-only
  endpoints in ``FAKE_ONLY``;
* checks the path and query parameters against the operation's declared parameters;
* validates the JSON body, or the ``payload_json`` part of a multipart body, against the operation's request schema
  (JSON Schema 2020-12; ``$ref``s into ``components/schemas`` resolved through a ``referencing`` registry);
* checks the limits Discord documents and the description does not encode (``_limits``).

Two decisions on top of the description, each for a reason:

* Request objects are closed. The description leaves every request object open, yet Discord takes a field it does
  not know and ignores it, so a field it ignores is a bug of ours that nothing would show (a misspelt key simply
  does nothing). Fields that Discord's documentation has and the description lacks are in ``EXCEPTIONS``.
* Where the description disagrees with the documentation, the documentation wins: ``EXCEPTIONS`` again, one line
  each, with the reason.

Speed (bench/contract.py): validators are built once per operation and kept for the process, on schemas whose
``$ref``s were resolved once through the registry and inlined; enumerations spelt as unions of constants become
``enum``s; unions ask each branch only whether it holds; and the verdict on a body is remembered, as the bot sends
many bodies more than once. None of these changes a verdict. ``seen`` counts requests per operation, and
``seconds`` the CPU time spent, for the session's report.
"""

from __future__ import annotations

import json
import re
import time
import unicodedata
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC_PATH = Path(__file__).resolve().parent / "discord_api" / "openapi.json"
_URI = "urn:discord-api-v10"
VERDICTS_KEPT = 2048

Where = tuple[str | int, ...]  # a location in the body: ("data", "components", 0, "custom_id")

#: Requests the fake answers that are not Discord API operations: (method, template) -> why the fake has it.
FAKE_ONLY: dict[tuple[str, str], str] = {
    ("GET", "/attachments/{channel_id}/{attachment_id}/{filename}"):
        "uploads are downloaded from Discord's CDN, not the API; the fake serves the bytes itself",
}

#: Where the checker departs from the description: (schema in components/schemas, one of its properties or None for
#: the whole schema, the schema used instead, the reason). Either the description is wrong where Discord's
#: documentation is right, or discord.py always sends a field that Discord takes and ignores there (the bot cannot
#: leave it out, and closed objects would refuse it).
EXCEPTIONS: list[tuple[str, str | None, dict[str, Any], str]] = [
    ("SnowflakeType", None, {"anyOf": [{"type": "string", "pattern": "^(0|[1-9][0-9]*)$"},
                                       {"type": "integer", "minimum": 0}]},
     "the documentation returns ids as strings (64 bits overflow some languages' numbers) and takes them as JSON"
     " integers too (its upload example gives attachment id 0); discord.py sends ids as integers"),
    ("ApplicationCommandUpdateRequest", "nsfw", {"type": ["boolean", "null"]},
     "the documentation lists nsfw (an age-restricted command) among a command's fields; discord.py always sends it"),
    ("IncomingWebhookUpdateForInteractionCallbackRequestPartial", "tts", {"type": ["boolean", "null"]},
     "the documentation gives an UPDATE_MESSAGE callback the same message data as a new message, tts included;"
     " discord.py sends tts when it edits through a callback"),
    ("MessageEditRequestPartial", "tts", {"type": ["boolean", "null"]},
     "discord.py sends tts: false with every message edit; an edit cannot change it and Discord ignores it"),
    ("IncomingWebhookUpdateRequestPartial", "tts", {"type": ["boolean", "null"]},
     "discord.py sends tts: false with every webhook (followup) edit; Discord ignores it"),
]

# The documented limits the description leaves out (or states otherwise), from Discord's developer documentation.
CONTENT_MAX = 2000  # a message's content (the description says 4000 for channel messages; the documentation 2000)
EMBED_TEXT_MAX = 6000  # titles, descriptions, field names and values, footer texts, author names of all embeds
ROWS_MAX, ROW_BUTTONS_MAX = 5, 5  # action rows per message, buttons per row; a select fills its row alone
CUSTOM_ID_MAX, BUTTON_LABEL_MAX, PLACEHOLDER_MAX = 100, 80, 150
SELECT_OPTIONS_MAX, SELECT_OPTION_TEXT_MAX = 25, 100  # an option's label, value and description each
ATTACHMENT_DESCRIPTION_MAX = 1024  # alt text
FILES_MAX = 10  # uploads in one request
FILE_BYTES_MAX = 10 * 1024 * 1024  # one upload, in a server without boosts (its attachment_size_limit)
NONCE_MAX = 25
MENTION_USERS_MAX = 100
THREAD_NAME = (1, 100)
CHOICES_MAX, CHOICE_TEXT_MAX = 25, 100  # autocomplete and fixed choices; a choice's name, and a string value
COMMAND_DESCRIPTION = (1, 100)
COMMAND_NAME_MAX = 32
COMMAND_OPTIONS_MAX = 25  # options of a command or subcommand, subcommands of a command or group
COMMAND_TEXT_MAX = 4000  # names, descriptions, choices of a command and all its options together (see _command_size)
CHAT_INPUT_COMMANDS_MAX = 100  # per scope (global, or one guild)
# Message flags, and which of them each kind of request may set (Discord ignores the others, and the bot's intent
# with them: a channel post cannot be ephemeral).
SUPPRESS_EMBEDS, EPHEMERAL, SUPPRESS_NOTIFICATIONS, IS_VOICE_MESSAGE = 1 << 2, 1 << 6, 1 << 12, 1 << 13
IS_COMPONENTS_V2 = 1 << 15  # components laid out freely (the description's own limits apply, not ROWS_MAX)
_FLAGS_NEW = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_VOICE_MESSAGE | IS_COMPONENTS_V2
_FLAGS_EDIT = SUPPRESS_EMBEDS | IS_COMPONENTS_V2
_FLAGS_INTERACTION = SUPPRESS_EMBEDS | EPHEMERAL | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2
_CHAT_INPUT, _SUB_COMMAND, _SUB_COMMAND_GROUP = 1, 1, 2
_BUTTON, _ACTION_ROW = 2, 1
_CREATE_MESSAGE, _DEFERRED_MESSAGE, _UPDATE_MESSAGE, _AUTOCOMPLETE_RESULT = 4, 5, 7, 8
#: Which callback types may answer which interaction types (Discord's documentation of interaction responses; the
#: description does not know which interaction a callback answers). An autocomplete takes only its choices (8), a
#: ping only a pong (1); only a component, or a modal submitted from one, may update its message (6, 7); a modal
#: submission cannot open another modal (9). The code Discord gives this refusal is not documented: the fake
#: answers it as a form error on ``type``.
CALLBACKS_FOR: dict[int, frozenset[int]] = {
    1: frozenset({1}),  # PING
    2: frozenset({4, 5, 9, 12}),  # APPLICATION_COMMAND
    3: frozenset({4, 5, 6, 7, 9, 12}),  # MESSAGE_COMPONENT
    4: frozenset({8}),  # APPLICATION_COMMAND_AUTOCOMPLETE
    5: frozenset({4, 5, 6, 7}),  # MODAL_SUBMIT
}
# Which documented limits apply to which operation (by operationId). The bot's webhooks are its interactions'
# followups, which may be ephemeral.
_MESSAGE_BODIES = {"create_message": _FLAGS_NEW, "update_message": _FLAGS_EDIT,
                   "execute_webhook": _FLAGS_INTERACTION, "update_original_webhook_message": _FLAGS_INTERACTION,
                   "update_webhook_message": _FLAGS_INTERACTION}
_COMMAND_LISTS = {"bulk_set_application_commands", "bulk_set_guild_application_commands"}
_COMMANDS = {"create_application_command", "update_application_command", "create_guild_application_command",
             "update_guild_application_command"}
_THREADS = {"create_thread_from_message", "create_thread"}
# Characters a chat-input name may hold besides letters and numbers; Devanagari and Thai marks are allowed too.
_NAME_EXTRA = frozenset("-_'")
_NAME_SCRIPTS = ((0x0900, 0x097F), (0x0E00, 0x0E7F))
_IDS = re.compile(r"\d{5,}")  # ids in a path, for the report of requests to no operation
_BOOL_QUERY = {"true": True, "True": True, "1": True, "false": False, "False": False, "0": False}


@dataclass(frozen=True)
class Problem:
    where: Where
    message: str
    code: str = "BASE_TYPE_BAD_LENGTH"

    def __str__(self) -> str:
        return f"{_dotted(self.where) or '(body)'}: {self.message}"


@dataclass(frozen=True)
class Violation:
    """A request Discord would have refused."""

    operation: str  # "POST /channels/{channel_id}/messages", or the bare request for an unknown one
    path: str  # the request's path under the API base
    problems: tuple[Problem, ...]
    status: int = 400  # what Discord answers: 400 Invalid Form Body, 404/405 for no such operation
    body: Any = field(default=None, compare=False, repr=False)  # the request's JSON, to show with the problems

    def report(self, width: int = 600) -> str:
        """The violation and the body that made it (cut to ``width`` characters)."""
        shown = json.dumps(self.body, ensure_ascii=False)
        return f"{self}\n    body: {shown[:width]}{'...' if len(shown) > width else ''}"

    def __str__(self) -> str:
        if self.status != 400:
            return f"{self.operation} ({self.path}): " + "; ".join(p.message for p in self.problems)
        return f"{self.operation} ({self.path}): " + "; ".join(str(p) for p in self.problems)

    def answer(self) -> tuple[int, dict[str, Any]]:
        """Discord's status and JSON body for this refusal."""
        if self.status != 400:
            phrase = "Not Found" if self.status == 404 else "Method Not Allowed"
            return self.status, {"message": f"{self.status}: {phrase}", "code": 0}
        errors: dict[str, Any] = {}
        for problem in self.problems:
            node = errors
            for key in problem.where:
                node = node.setdefault(str(key), {})
            node.setdefault("_errors", []).append({"code": problem.code, "message": problem.message})
        return 400, {"code": 50035, "message": "Invalid Form Body", "errors": errors}


@dataclass
class Operation:
    method: str
    template: str
    spec: dict[str, Any] = field(repr=False)
    #: (in, name) -> (the parameter, the JSON pointer of its schema in the description)
    params: dict[tuple[str, str], tuple[dict[str, Any], str]] = field(repr=False)
    registry: Registry = field(repr=False)
    inline: Callable[[Any], Any] = field(repr=False)  # the Contract's _inline

    @property
    def name(self) -> str:
        return f"{self.method} {self.template}"

    @cached_property
    def body_validator(self) -> Draft202012Validator | None:
        content = (self.spec.get("requestBody") or {}).get("content") or {}
        if "application/json" not in content:
            return None
        return _Validator(self.inline(content["application/json"]["schema"]), registry=self.registry)

    @cached_property
    def param_checks(self) -> dict[tuple[str, str], tuple[str, Draft202012Validator]]:
        """(in, name) -> (the JSON type its text stands for, a validator of the value)."""
        resolver = self.registry.resolver(base_uri=_URI)
        checks = {}
        for key, (param, pointer) in self.params.items():
            schema = param.get("schema") or {}
            target = resolver.lookup(schema["$ref"]).contents if "$ref" in schema else schema
            kind = target.get("type", "string")
            if not isinstance(kind, str):
                kind = next((k for k in kind if k != "null"), "string")
            checks[key] = (kind, Draft202012Validator({"$ref": f"{_URI}#{pointer}"}, registry=self.registry))
        return checks


class Contract:
    """Discord's operations, from the description with EXCEPTIONS applied; one per process (``contract()``)."""

    def __init__(self, spec_path: Path = SPEC_PATH) -> None:
        spec = json.loads(spec_path.read_text())
        _close_request_objects(spec)
        schemas = spec["components"]["schemas"]
        for schema, prop, replacement, _reason in EXCEPTIONS:
            if prop is None:
                schemas[schema] = replacement
            else:
                schemas[schema]["properties"][prop] = replacement
        _named_constants_as_enum(spec["components"])
        self.registry: Registry = Registry().with_resource(_URI, Resource(spec, DRAFT202012))
        self._buckets: dict[int, list[tuple[re.Pattern[str], int, str, dict[str, Any]]]] = {}
        for template, item in spec["paths"].items():
            segments = template.strip("/").split("/")
            pattern = re.compile("/" + "/".join("([^/]+)" if s.startswith("{") else re.escape(s) for s in segments))
            literals = sum(not s.startswith("{") for s in segments)
            self._buckets.setdefault(len(segments), []).append((pattern, literals, template, item))
        for bucket in self._buckets.values():
            bucket.sort(key=lambda entry: -entry[1])  # /users/@me before /users/{user_id}
        self._operations: dict[tuple[str, str], Operation] = {}
        self._resolver = self.registry.resolver(base_uri=_URI)
        self._inlined: dict[str, Any] = {}  # $ref -> its schema with its own $refs inlined
        self._verdicts: OrderedDict[str, list[Problem]] = OrderedDict()  # a body's problems, by its operation and JSON
        self.seen: Counter[str] = Counter()  # operation -> requests
        self.violations = 0
        self.expected = 0  # violations taken by tests that sent them on purpose
        self.seconds = 0.0  # CPU time spent checking (this thread's, so a busy machine does not inflate it)

    # ----------------------------------------------------------------- lookup

    def operation(self, method: str, path: str) -> tuple[Operation | None, str | None, dict[str, str]]:
        """(the operation, None, path parameters), or (None, the template whose other methods exist, {}) for a
        wrong method, or (None, None, {}) for no such path."""
        for pattern, _literals, template, item in self._buckets.get(len(path.strip("/").split("/")), []):
            match = pattern.fullmatch(path)
            if match is None:
                continue
            names = re.findall(r"\{(\w+)\}", template)
            values = dict(zip(names, match.groups(), strict=True))
            if method.lower() not in item:
                return None, template, {}
            return self._operation(method, template, item), None, values
        return None, None, {}

    def _operation(self, method: str, template: str, item: dict[str, Any]) -> Operation:
        key = (method, template)
        if key not in self._operations:
            spec = item[method.lower()]
            pointer = "/paths/" + _escape(template)
            params = {}
            for owner, where in ((item, pointer), (spec, f"{pointer}/{method.lower()}")):  # the operation's win
                for i, param in enumerate(owner.get("parameters", [])):
                    params[param["in"], param["name"]] = (param, f"{where}/parameters/{i}/schema")
            self._operations[key] = Operation(method, template, spec, params, self.registry, self._inline)
        return self._operations[key]

    def _inline(self, node: Any, within: tuple[str, ...] = ()) -> Any:
        """``node`` with each ``$ref`` replaced by what it names (resolved through the registry), once per reference:
        jsonschema then walks plain dictionaries instead of resolving thousands of references a second. A reference
        met again inside its own expansion stays a reference."""
        if isinstance(node, list):
            return [self._inline(value, within) for value in node]
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref")
        if isinstance(ref, str) and len(node) == 1:
            if ref in within:
                return {"$ref": _URI + ref if ref.startswith("#") else ref}
            if ref not in self._inlined:
                self._inlined[ref] = self._inline(self._resolver.lookup(ref).contents, (*within, ref))
            return self._inlined[ref]
        return {key: value if key in ("enum", "const") else self._inline(value, within) for key, value in node.items()}

    # ----------------------------------------------------------------- checking

    def check(self, method: str, path: str, query: dict[str, str], body: Any, files: Sequence[int] = (),
              multipart: bool = False, *, interaction_type: int | None = None) -> Violation | None:
        """What Discord would refuse in this request (``path`` under the API base; ``files``: the sizes of its
        uploads; ``interaction_type``: for an interaction's callback, the type of the interaction it answers), or
        None. Counts it in ``seen``."""
        started = time.thread_time()
        try:
            return self._check(method, path, query, body, files, multipart, interaction_type)
        finally:
            self.seconds += time.thread_time() - started

    def _check(self, method: str, path: str, query: dict[str, str], body: Any, files: Sequence[int],
               multipart: bool, interaction_type: int | None = None) -> Violation | None:
        operation, other_methods, path_params = self.operation(method, path)
        if operation is None:
            self.seen[f"{method} {_IDS.sub('{id}', path)} (no such operation)"] += 1
            self.violations += 1
            if other_methods is not None:
                why = f"{other_methods} has no {method}"
                return Violation(f"{method} {other_methods}", path, (Problem((), why, "METHOD_NOT_ALLOWED"),), 405)
            return Violation(f"{method} {path}", path, (Problem((), "no such operation in Discord's API", "UNKNOWN"),),
                             404)
        self.seen[operation.name] += 1
        problems = [*self._parameters(operation, path_params, query), *self._body(operation, body, files, multipart),
                    *_callback_type(operation, body, interaction_type)]
        if not problems:
            return None
        self.violations += 1
        return Violation(operation.name, path, tuple(problems), body=body)

    def fake_only(self, method: str, template: str) -> None:
        """Count a request to a fake-only endpoint (it must be listed in FAKE_ONLY)."""
        if (method, template) not in FAKE_ONLY:
            raise LookupError(f"{method} {template} is not a listed fake-only endpoint")
        self.seen[f"{method} {template} (fake-only)"] += 1

    def _parameters(self, operation: Operation, path_params: dict[str, str],
                    query: dict[str, str]) -> Iterator[Problem]:
        given = {("path", k): v for k, v in path_params.items()} | {("query", k): v for k, v in query.items()}
        for key, value in given.items():
            if key not in operation.params:
                yield Problem((key[1],), f"{operation.name} takes no {key[0]} parameter {key[1]!r}", "UNKNOWN_FIELD")
                continue
            problem = _parameter_problem(*operation.param_checks[key], value)
            if problem:
                yield Problem((key[1],), problem, "PARAMETER_INVALID")
        for key, param in operation.params.items():
            if param[0].get("required") and key not in given:
                yield Problem((key[1],), "This parameter is required", "BASE_TYPE_REQUIRED")

    def _body(self, operation: Operation, body: Any, files: Sequence[int], multipart: bool) -> Iterator[Problem]:
        request_body = operation.spec.get("requestBody")
        if request_body is None:
            if body is not None or files:
                yield Problem((), f"{operation.name} takes no body", "BODY_NOT_ALLOWED")
            return
        if body is None and not files:
            if request_body.get("required"):
                yield Problem((), "This request needs a body", "BASE_TYPE_REQUIRED")
            return
        if files and "multipart/form-data" not in request_body.get("content", {}):
            yield Problem((), f"{operation.name} takes no file uploads", "BODY_NOT_ALLOWED")
        limits = list(_limits(operation, body, files))
        yield from limits
        validator = operation.body_validator
        if validator is None or (body is None and multipart):
            return
        reported = {p.where for p in limits}
        yield from (p for p in self._schema_problems(operation, validator, body) if p.where not in reported)

    def _schema_problems(self, operation: Operation, validator: Draft202012Validator, body: Any) -> list[Problem]:
        """The body's problems by the schema. Remembered for the last VERDICTS_KEPT bodies: the bot sends the same
        body again and again (an autocomplete's choices while nobody moves), and validating one costs milliseconds."""
        key = f"{operation.name} {json.dumps(body, sort_keys=True)}"
        if key in self._verdicts:
            self._verdicts.move_to_end(key)
            return self._verdicts[key]
        found: dict[Where, Problem] = {}
        for error in validator.iter_errors(body):
            for leaf in _explain(error):
                problem = _schema_problem(leaf)
                found.setdefault(problem.where, problem)
        self._verdicts[key] = list(found.values())
        if len(self._verdicts) > VERDICTS_KEPT:
            self._verdicts.popitem(last=False)
        return self._verdicts[key]


def _limits(operation: Operation, body: Any, files: Sequence[int]) -> Iterator[Problem]:
    """The documented limits the description does not hold (or holds otherwise), for one request."""
    if len(files) > FILES_MAX:
        yield Problem(("files",), f"At most {FILES_MAX} files per message (got {len(files)})")
    for i, size in enumerate(files):
        if size > FILE_BYTES_MAX:
            yield Problem(("files", i), f"Files may be at most {FILE_BYTES_MAX} bytes (got {size})",
                          "FILE_TOO_LARGE")
    kind = operation.spec.get("operationId")
    if kind in _COMMAND_LISTS and isinstance(body, list):
        yield from _commands(body)
    elif not isinstance(body, dict):
        return
    elif kind in _COMMANDS:
        yield from _command(body, ())
    elif kind in _MESSAGE_BODIES:
        yield from _message(body, (), _MESSAGE_BODIES[kind])
    elif kind in _THREADS:
        yield from _length(body.get("name"), ("name",), *THREAD_NAME)
    elif kind == "create_interaction_response" and isinstance(body.get("data"), dict):
        if body.get("type") in (_CREATE_MESSAGE, _DEFERRED_MESSAGE, _UPDATE_MESSAGE):
            yield from _message(body["data"], ("data",), _FLAGS_INTERACTION)
        elif body.get("type") == _AUTOCOMPLETE_RESULT:
            yield from _choices(body["data"].get("choices"), ("data", "choices"))


def _callback_type(operation: Operation, body: Any, interaction_type: int | None) -> Iterator[Problem]:
    """A callback whose type cannot answer the interaction it is for (e.g. a message for an autocomplete)."""
    allowed = CALLBACKS_FOR.get(interaction_type or 0)
    if operation.spec.get("operationId") != "create_interaction_response" or allowed is None:
        return
    kind = body.get("type") if isinstance(body, dict) else None
    if isinstance(kind, int) and kind not in allowed:
        yield Problem(("type",), f"Callback type {kind} cannot answer an interaction of type {interaction_type}"
                                 f" (only {sorted(allowed)})", "INTERACTION_CALLBACK_TYPE_INVALID")


def _message(body: dict[str, Any], at: Where, settable: int) -> Iterator[Problem]:
    yield from _length(body.get("content"), (*at, "content"), 0, CONTENT_MAX)
    flags = body.get("flags")
    if isinstance(flags, int) and flags & ~settable:
        yield Problem((*at, "flags"), f"Flags {flags & ~settable} cannot be set here (only {settable} can)",
                      "MESSAGE_FLAGS_INVALID")
    embeds = body.get("embeds")
    if isinstance(embeds, list):
        total = sum(len(text) for embed in embeds if isinstance(embed, dict) for text in _embed_texts(embed))
        if total > EMBED_TEXT_MAX:
            yield Problem((*at, "embeds"), f"Embed size exceeds maximum size of {EMBED_TEXT_MAX} (got {total})")
    components = body.get("components")
    if isinstance(components, list) and not int(body.get("flags") or 0) & IS_COMPONENTS_V2:
        yield from _rows(components, (*at, "components"))
    for i, attachment in enumerate(body.get("attachments") or []):
        if isinstance(attachment, dict):
            where = (*at, "attachments", i, "description")
            yield from _length(attachment.get("description"), where, 0, ATTACHMENT_DESCRIPTION_MAX)
    nonce = body.get("nonce")
    if isinstance(nonce, str):
        yield from _length(nonce, (*at, "nonce"), 0, NONCE_MAX)
    mentions = body.get("allowed_mentions")
    users = mentions.get("users") if isinstance(mentions, dict) else None
    if isinstance(users, list) and len(users) > MENTION_USERS_MAX:
        yield Problem((*at, "allowed_mentions", "users"), f"Must be {MENTION_USERS_MAX} or fewer in length")


def _embed_texts(embed: dict[str, Any]) -> Iterator[str]:
    for key in ("title", "description"):
        if isinstance(embed.get(key), str):
            yield embed[key]
    for part, key in (("footer", "text"), ("author", "name")):
        if isinstance(embed.get(part), dict) and isinstance(embed[part].get(key), str):
            yield embed[part][key]
    for item in embed.get("fields") or []:
        if isinstance(item, dict):
            yield from (item[k] for k in ("name", "value") if isinstance(item.get(k), str))


def _rows(rows: list[Any], at: Where) -> Iterator[Problem]:
    if len(rows) > ROWS_MAX:
        yield Problem(at, f"Must be {ROWS_MAX} or fewer in length (action rows; got {len(rows)})")
    for r, row in enumerate(rows):
        if not isinstance(row, dict) or row.get("type") != _ACTION_ROW:
            continue
        items = [c for c in row.get("components") or [] if isinstance(c, dict)]
        buttons = sum(c.get("type") == _BUTTON for c in items)
        if buttons > ROW_BUTTONS_MAX:
            yield Problem((*at, r, "components"), f"At most {ROW_BUTTONS_MAX} buttons in a row (got {buttons})")
        if buttons < len(items) and len(items) > 1:
            yield Problem((*at, r, "components"), "A select menu must be alone in its action row",
                          "COMPONENT_LAYOUT_WIDTH_EXCEEDED")
        for c, item in enumerate(items):
            where = (*at, r, "components", c)
            yield from _length(item.get("custom_id"), (*where, "custom_id"), 1, CUSTOM_ID_MAX)
            if item.get("type") == _BUTTON:
                yield from _length(item.get("label"), (*where, "label"), 0, BUTTON_LABEL_MAX)
                continue
            yield from _length(item.get("placeholder"), (*where, "placeholder"), 0, PLACEHOLDER_MAX)
            options = item.get("options")
            if not isinstance(options, list):
                continue
            if len(options) > SELECT_OPTIONS_MAX:
                yield Problem((*where, "options"), f"Must be {SELECT_OPTIONS_MAX} or fewer in length")
            for o, option in enumerate(options):
                if isinstance(option, dict):
                    for key, low in (("label", 1), ("value", 1), ("description", 0)):
                        yield from _length(option.get(key), (*where, "options", o, key), low, SELECT_OPTION_TEXT_MAX)


def _choices(choices: Any, at: Where) -> Iterator[Problem]:
    if not isinstance(choices, list):
        return
    if len(choices) > CHOICES_MAX:
        yield Problem(at, f"Must be {CHOICES_MAX} or fewer in length (got {len(choices)})")
    for i, choice in enumerate(choices):
        if isinstance(choice, dict):
            yield from _length(choice.get("name"), (*at, i, "name"), 1, CHOICE_TEXT_MAX)
            if isinstance(choice.get("value"), str):
                yield from _length(choice["value"], (*at, i, "value"), 0, CHOICE_TEXT_MAX)


def _commands(commands: list[Any]) -> Iterator[Problem]:
    chat_input = [c for c in commands if isinstance(c, dict) and c.get("type") in (None, _CHAT_INPUT)]
    if len(chat_input) > CHAT_INPUT_COMMANDS_MAX:
        yield Problem((), f"At most {CHAT_INPUT_COMMANDS_MAX} chat-input commands (got {len(chat_input)})")
    for i, command in enumerate(commands):
        if isinstance(command, dict):
            yield from _command(command, (i,))


def _command(command: dict[str, Any], at: Where) -> Iterator[Problem]:
    if command.get("type") not in (None, _CHAT_INPUT):
        return  # user and message commands may have capitals and spaces, and no description
    yield from _named(command, at)
    yield from _options(command.get("options"), (*at, "options"))
    total = _command_size(command)
    if total > COMMAND_TEXT_MAX:
        yield Problem(at, f"A command's names, descriptions and values: at most {COMMAND_TEXT_MAX} characters in all"
                          f" (got {total})")


def _options(options: Any, at: Where) -> Iterator[Problem]:
    if not isinstance(options, list):
        return
    if len(options) > COMMAND_OPTIONS_MAX:
        yield Problem(at, f"Must be {COMMAND_OPTIONS_MAX} or fewer in length (got {len(options)})")
    for i, option in enumerate(options):
        if not isinstance(option, dict):
            continue
        yield from _named(option, (*at, i))
        yield from _choices(option.get("choices"), (*at, i, "choices"))
        if option.get("type") in (_SUB_COMMAND, _SUB_COMMAND_GROUP):
            yield from _options(option.get("options"), (*at, i, "options"))
    for name in _names(options):
        if sum(o.get("name") == name for o in options if isinstance(o, dict)) > 1:
            yield Problem(at, f"Option names must be unique ({name!r} repeats)", "OPTIONS_DUPLICATE")


def _named(node: dict[str, Any], at: Where) -> Iterator[Problem]:
    """A command's or option's name and description, and their translations (held to the same rules)."""
    yield from _name(node.get("name"), (*at, "name"))
    yield from _length(node.get("description"), (*at, "description"), *COMMAND_DESCRIPTION)
    for locale, name in (node.get("name_localizations") or {}).items():
        yield from _name(name, (*at, "name_localizations", locale))
    for locale, text in (node.get("description_localizations") or {}).items():
        yield from _length(text, (*at, "description_localizations", locale), *COMMAND_DESCRIPTION)


def _names(options: list[Any]) -> set[str]:
    return {o["name"] for o in options if isinstance(o, dict) and isinstance(o.get("name"), str)}


def _command_size(node: dict[str, Any]) -> int:
    """Characters counted against COMMAND_TEXT_MAX: names, descriptions and choices' names and values of the command
    and all its options; of a translated text, its longest translation (or the original, if longer)."""
    size = sum(_longest(node, key) for key in ("name", "description"))
    for choice in node.get("choices") or []:
        if isinstance(choice, dict):
            size += _longest(choice, "name") + len(str(choice.get("value", "")))
    return size + sum(_command_size(o) for o in node.get("options") or [] if isinstance(o, dict))


def _longest(node: dict[str, Any], key: str) -> int:
    texts = [node.get(key), *(node.get(f"{key}_localizations") or {}).values()]
    return max((len(t) for t in texts if isinstance(t, str)), default=0)


def _name(name: Any, at: Where) -> Iterator[Problem]:
    if not isinstance(name, str):
        return  # missing or not text: the schema says so
    if not 1 <= len(name) <= COMMAND_NAME_MAX or not all(map(_name_char, name)):
        yield Problem(at, f"Invalid name {name!r}: 1-{COMMAND_NAME_MAX} letters, numbers, - _ '",
                      "APPLICATION_COMMAND_INVALID_NAME")
    elif name != name.lower():
        yield Problem(at, f"Invalid name {name!r}: lower-case letters where there is a lower case",
                      "APPLICATION_COMMAND_INVALID_NAME")


def _name_char(char: str) -> bool:
    if char in _NAME_EXTRA:
        return True
    if unicodedata.category(char)[0] in "LN":
        return True
    return any(low <= ord(char) <= high for low, high in _NAME_SCRIPTS)


def _length(value: Any, at: Where, low: int, high: int) -> Iterator[Problem]:
    if isinstance(value, str) and not low <= len(value) <= high:
        yield Problem(at, f"Must be between {low} and {high} in length (got {len(value)})")


def _parameter_problem(kind: str, validator: Draft202012Validator, raw: str) -> str | None:
    value: Any = raw
    if kind == "boolean":
        if raw not in _BOOL_QUERY:
            return f"{raw!r} is not a boolean (true, false, True, False, 1 or 0)"
        value = _BOOL_QUERY[raw]
    elif kind in ("integer", "number"):
        try:
            value = int(raw) if kind == "integer" else float(raw)
        except ValueError:
            return f"{raw!r} is not a {kind}"
    error = best_match(validator.iter_errors(value))
    return None if error is None else error.message


_CODES = {"maxLength": "BASE_TYPE_BAD_LENGTH", "minLength": "BASE_TYPE_BAD_LENGTH",
          "maxItems": "BASE_TYPE_BAD_LENGTH", "minItems": "BASE_TYPE_BAD_LENGTH", "required": "BASE_TYPE_REQUIRED",
          "maximum": "NUMBER_TYPE_MAX", "minimum": "NUMBER_TYPE_MIN", "additionalProperties": "UNKNOWN_FIELD"}


def _any_of(validator: Any, branches: list[Any], instance: Any, schema: dict[str, Any]) -> Iterator[ValidationError]:
    """anyOf, asking each branch only whether it holds (which stops at its first error); the errors of every branch
    are worked out only for a value that fails them all."""
    if not any(validator.evolve(schema=branch).is_valid(instance) for branch in branches):
        yield from _ANY_OF(validator, branches, instance, schema)


def _one_of(validator: Any, branches: list[Any], instance: Any, schema: dict[str, Any]) -> Iterator[ValidationError]:
    """oneOf, the same way: the full errors only when not exactly one branch holds."""
    if sum(validator.evolve(schema=branch).is_valid(instance) for branch in branches) != 1:
        yield from _ONE_OF(validator, branches, instance, schema)


_ANY_OF, _ONE_OF = Draft202012Validator.VALIDATORS["anyOf"], Draft202012Validator.VALIDATORS["oneOf"]
#: Draft 2020-12 with the same verdicts and errors, and unions that do not build the errors of the branches not taken.
_Validator = validators.extend(Draft202012Validator, {"anyOf": _any_of, "oneOf": _one_of})


def _explain(error: ValidationError) -> list[ValidationError]:
    """The errors that say what is wrong. In a failed union (anyOf, oneOf) that is the errors of the one branch
    meant: the others fail on the value's JSON type or on its "type" discriminator. Without one such branch,
    the union's own error."""
    if error.validator not in ("anyOf", "oneOf") or not error.context:
        return [error]
    branches: dict[Any, list[ValidationError]] = {}
    for sub in error.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    meant = [errors for errors in branches.values() if not any(map(_not_meant, errors))]
    if len(meant) != 1:
        return [error]
    return [leaf for sub in meant[0] for leaf in _explain(sub)]


def _not_meant(error: ValidationError) -> bool:
    if error.validator == "type" and not error.relative_path:
        return True
    return list(error.relative_path) == ["type"] and error.validator in ("enum", "const")


def _schema_problem(error: ValidationError) -> Problem:
    where = tuple(error.absolute_path)
    message = error.message
    if len(message) > 300:
        message = message[:300] + "..."
    return Problem(where, message, _CODES.get(str(error.validator), "BASE_TYPE_INVALID"))


def _close_request_objects(node: Any) -> None:
    """Give every object schema that lists its properties ``additionalProperties: false`` (see the module doc)."""
    if isinstance(node, dict):
        kind = node.get("type")
        is_object = kind == "object" or (isinstance(kind, list) and "object" in kind)
        if is_object and "properties" in node and "additionalProperties" not in node:
            node["additionalProperties"] = False
        for value in node.values():
            _close_request_objects(value)
    elif isinstance(node, list):
        for value in node:
            _close_request_objects(value)


def _named_constants_as_enum(node: Any) -> None:
    """Rewrite each union of named constants (``oneOf: [{title, const}, ...]``, how the description spells an
    enumeration) as an ``enum``: the same verdicts, one membership test instead of an error built for each name
    that does not match. The description's ``type`` fields are spelt so, and every component has one."""
    if isinstance(node, list):
        for value in node:
            _named_constants_as_enum(value)
        return
    if not isinstance(node, dict):
        return
    for value in node.values():
        _named_constants_as_enum(value)
    for keyword in ("oneOf", "anyOf"):
        branches = node.get(keyword)
        if not isinstance(branches, list) or len(branches) < 2:
            continue
        consts = [b["const"] for b in branches
                  if isinstance(b, dict) and "const" in b and not set(b) - {"const", "title", "description"}]
        if len(consts) == len(branches) and len({json.dumps(c) for c in consts}) == len(consts):
            del node[keyword]
            node["enum"] = consts


def _escape(segment: str) -> str:
    return segment.replace("~", "~0").replace("/", "~1")


def _dotted(where: Where) -> str:
    text = ""
    for key in where:
        text += f"[{key}]" if isinstance(key, int) else (f".{key}" if text else str(key))
    return text


@cache
def contract() -> Contract:
    """The one Contract of the process, read from the description on first use."""
    return Contract()
