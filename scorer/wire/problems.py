"""Problem objects (RFC 9457) as plain dicts: what every failure answers, and what a failing batch
item or bulk line becomes.

A problem's ``type`` is ``TYPE_BASE + code``, a reference relative to the service's address that
resolves there (``GET /problems/<code>`` documents the code, from ``titles()`` and ``MEANINGS``); codes
are stable (clients may switch on them). Each
``ScorerError.code`` maps one-to-one (``unknown_tile`` -> ``.../unknown-tile``); the HTTP-level
codes are listed in ``titles()``. ``errors`` lists ``{"pointer", "detail"}`` per bad field (RFC 6901
pointers into the request body); it is empty when no field is to blame. A problem lists at most
``MAX_LISTED`` of them (in ``errors`` and in ``detail``) and counts the rest in ``more_errors``, and
a pointer longer than ``MAX_POINTER`` is cut back to the deepest enclosing field that fits: what a
problem echoes stays small whatever the body held (90,000 unknown keys once made a 7 MB answer).

Nothing here imports Flask or marshmallow: ``python -m scorer bulk`` builds the same objects without
loading the web stack (``service/errors.py`` turns them into responses).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import RULESETS, ScorerError
from ..rules import version

if TYPE_CHECKING:
    from marshmallow import ValidationError

TYPE_BASE = "/problems/"  # RFC 9457 §3.1.1: a URI reference, resolved against the request's URL
MAX_LISTED = 50  # problems listed per response; the rest are counted in ``more_errors``
MAX_POINTER = 256  # characters of a pointer echoed back

# code -> title. Titles are fixed per type (RFC 9457 §3.1.3); ``detail`` says what happened.
TITLES: dict[str, str] = {
    # HTTP level
    "malformed-json": "Malformed JSON",
    "bad-request": "Bad request",
    "unknown-parameter": "Unknown query parameter",
    "unauthorized": "Unauthorized",
    "not-found": "Not found",
    "method-not-allowed": "Method not allowed",
    "payload-too-large": "Payload too large",
    "unsupported-media-type": "Unsupported media type",
    "validation-error": "Invalid request",
    "internal-error": "Internal server error",
    "not-ready": "Not ready",
    "overloaded": "Overloaded",
    "not-implemented": "Not implemented",
    "forbidden": "Forbidden",
    "uri-too-long": "URI too long",
    "expectation-failed": "Expectation failed",
    "header-fields-too-large": "Request header fields too large",
    # scorer.ScorerError codes, hyphenated
    "unknown-tile": "Unknown tile",
    "bad-notation": "Unreadable notation",
    "tile-count": "Wrong number of tiles",
    "too-many-copies": "More than four copies of a tile",
    "bad-meld": "Not a chow, pung or kong",
    "concealed-not-kong": "Only a kong can be concealed",
    "bad-flowers": "Bad flowers",
    "bad-wind": "Unknown wind",
    "bad-base-points": "Bad base points",
    "contradictory-context": "Contradictory context",
    "bad-value": "Bad value",
    # the rule-book layer
    "bad-ruleset": "Unknown rule book",
    "bad-option": "Bad house rule",
    "not-in-ruleset": "Not part of this rule book",
    # a book with a missing suit (Sichuan), and a whole hand of play (a book's settlement, POST /v1/{ruleset}/settle)
    "missing-suit-required": "Missing suit required",
    "missing-suit-held": "The missing suit is still held",
    "player-out": "A player who has already won",
    "too-many-winners": "More than three winners",
    "bad-robbing": "Impossible robbing of a kong",
    "bad-kong": "Impossible kong",
    "bad-exhausted": "Bad exhausted wall",
    "hand-over": "The hand of play is over",
    # a game record (POST /v1/replay)
    "illegal-action": "Illegal action",
    # a room (POST /v1/match)
    "unknown-player": "Unknown player",
    "duplicate-player": "Duplicate player name",
    "bad-beans": "Bad beans",
    "bad-room-length": "Bad room length",
    "too-many-hands": "More hands than the room has",
    "hand-after-leave": "A hand after a player left",
    "bad-claim": "Impossible claim",
    "not-winning": "Not a complete hand",
    "under-minimum": "Under the 8-point minimum",
    "bad-points": "Bad points",
}


def titles() -> dict[str, str]:
    """Every problem code's title: the shared ones, then each registered book's own codes
    (``RuleBook.errors``: Sichuan's honour-in-sichuan, chow-in-sichuan), read from the registry
    as it is now, so a book registered later has its titles too."""
    at = version()
    known = _TITLES_AT.get(at)
    if known is None:
        _TITLES_AT.clear()
        known = _TITLES_AT[at] = {**TITLES, **{code.replace("_", "-"): title for book in RULESETS.values()
                                             for code, title in book.errors}}
    return known


_TITLES_AT: dict[int, dict[str, str]] = {}  # the registry's version -> the titles then


# What each code means, for its documentation page (``GET /problems/<code>``); a code not named here
# is one of its group's (see ``meaning``).
MEANINGS: dict[str, str] = {
    "malformed-json": "The body is not JSON: empty, truncated, NaN, invalid UTF-8, lone surrogates, or nested "
                      "past 1,024 levels.",
    "bad-request": "The request cannot be read as HTTP asks (a malformed request line, header or chunk).",
    "unknown-parameter": "The URL has a query parameter the operation does not take (a typo such as "
                         "/v1/fans?book= for ?ruleset=): it is refused, never ignored.",
    "unauthorized": "API keys are on and the request brings none, or a wrong one: send "
                    "'Authorization: Bearer <key>'.",
    "not-found": "No such path: a mistyped path, or a server of another version (see /openapi.json).",
    "method-not-allowed": "The path exists, but not with this method; the Allow header lists the methods it takes.",
    "payload-too-large": "The body is over the server's limit (MAX_CONTENT_LENGTH, 1 MiB by default).",
    "unsupported-media-type": "The body is not sent as application/json (or application/*+json).",
    "validation-error": "The JSON has the wrong shape: an unknown or missing field, or a value of the wrong JSON "
                        "type; every bad field is listed in errors.",
    "internal-error": "A bug: the server logged it with the request id the detail quotes.",
    "not-ready": "The scorer cannot score yet (readiness): try again shortly.",
    "overloaded": "The server has more work queued than it takes: try again after Retry-After seconds.",
    "illegal-action": "A game record holds an action that cannot have happened at that point; the pointer names "
                      "the action (/actions/N).",
}
_GROUPS = (
    (frozenset({"unknown-player", "duplicate-player", "bad-beans", "bad-room-length", "too-many-hands",
                "hand-after-leave", "bad-claim", "not-winning", "under-minimum", "bad-points"}),
     "A room (POST /v1/match) or a tournament (POST /v1/standings) that cannot be: the pointer names the hand "
     "or player and the field."),
    (frozenset({"player-out", "too-many-winners", "bad-robbing", "bad-kong", "bad-exhausted", "hand-over"}),
     "A Sichuan hand of play (POST /v1/{ruleset}/settle, or a replayed record) that cannot have happened: the "
     "pointer names the event and the field."),
    (frozenset({"bad-ruleset", "bad-option", "not-in-ruleset"}),
     "The rule book or its house rules: an unknown book, a house rule out of the book's range, or a field that "
     "means nothing in the book asked for."),
)


def meaning(code: str) -> str:
    """What ``code`` means, for people: its own words, its group's, or those of every refusal of an
    impossible hand."""
    if code in MEANINGS:
        return MEANINGS[code]
    for codes, text in _GROUPS:
        if code in codes:
            return text
    return ("A hand, context or request that cannot happen at the table; the detail says what, and errors "
            "names each field at fault as a JSON pointer into the body.")


def problem(status: int, code: str, detail: str, errors: list[dict[str, str]] | None = None) -> dict[str, Any]:
    """The problem object; also what a failing batch item becomes. Lists at most ``MAX_LISTED``
    errors; ``more_errors`` counts the rest."""
    errors = errors or []
    body: dict[str, Any] = {
        "type": TYPE_BASE + code,
        "title": titles().get(code, code.replace("-", " ").capitalize()),
        "status": status,
        "detail": detail,
        "errors": [_bounded(e) for e in errors[:MAX_LISTED]],
    }
    if len(errors) > MAX_LISTED:
        body["more_errors"] = len(errors) - MAX_LISTED
    return body


def _bounded(error: dict[str, str]) -> dict[str, str]:
    """An error whose pointer fits ``MAX_POINTER``: else it points at the deepest enclosing field
    that fits, and says so (a field name of a megabyte is not echoed back)."""
    pointer = error["pointer"]
    if len(pointer) <= MAX_POINTER:
        return error
    parent = pointer[:MAX_POINTER + 1].rsplit("/", 1)[0]
    return {"pointer": parent, "detail": f"in a field whose name is too long to repeat: {error['detail']}"}


def scorer_problem(e: ScorerError) -> dict[str, Any]:
    return problem(422, e.code.replace("_", "-"), e.message, [{"pointer": e.pointer, "detail": e.message}])


def validation_problem(e: ValidationError, prefix: str = "") -> dict[str, Any]:
    errors = error_pointers(e.messages, prefix)
    listed = "; ".join(f"{x['pointer'] or '(body)'}: {x['detail']}" for x in map(_bounded, errors[:MAX_LISTED]))
    more = f"; and {len(errors) - MAX_LISTED} more" if len(errors) > MAX_LISTED else ""
    return problem(422, "validation-error", f"the request does not match the schema: {listed}{more}", errors)


def error_pointers(messages: Any, prefix: str = "") -> list[dict[str, str]]:
    """Flatten marshmallow's nested error messages into ``{"pointer", "detail"}`` items."""
    out: list[dict[str, str]] = []
    if isinstance(messages, dict):
        for key, sub in messages.items():
            here = prefix if key == "_schema" else f"{prefix}/{escape(str(key))}"
            out.extend(error_pointers(sub, here))
    elif isinstance(messages, list | tuple):
        for m in messages:
            out.extend(error_pointers(m, prefix))
    else:
        out.append({"pointer": prefix, "detail": _plain(str(messages))})
    return out


def escape(token: str) -> str:
    """One RFC 6901 reference token."""
    return token.replace("~", "~0").replace("/", "~1")


def _plain(message: str) -> str:
    if message == "Unknown field.":
        return "unknown field"
    if message == "Missing data for required field.":
        return "required field is missing"
    if message == "Invalid input type.":
        return "must be a JSON object"
    if message == "Field may not be null.":
        return "may not be null"
    if message == "Not a valid list.":
        return "must be a list"
    return message
