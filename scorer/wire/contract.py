"""The parts of the contract (``openapi.yaml``) that list the rule books, generated from the registry.

The spec is written by hand except between marker comments, where this module writes what the
registry says: the books' names (``RuleSet``), every house rule and preset (``Options``), the fans
whose values a table may set (``FanValues``), the books that settle more than one win (the
settle route's ``ruleset``) and the context fields books declare as their own (``Context``).
``render`` rewrites those parts of the spec's text; the file holds what it writes for the books that
ship (a test holds it so: ``python -m scorer.wire.contract`` writes it), and the service renders it
again when it starts, so a book registered before ``create_app`` is in the spec it serves, with
nothing else edited.
"""

from __future__ import annotations

import json
import re
import sys
import textwrap
from collections.abc import Iterable
from pathlib import Path

from ..context_field import ContextField
from ..rules import RULESETS, RuleBook
from ..rules.book import FAN_VALUES, PRESET, OptionSpec
from ..shape import MAX_TILE_STRING, FieldSpec, Kind

_WIDTH = 104  # the spec's prose lines wrap near here
# ``# <generated: name>`` ... ``# </generated: name>``, each on its own line, at the part's indentation
_PART = re.compile(r"^(?P<indent> *)# <generated: (?P<name>[\w-]+)>\n.*?^(?P=indent)# </generated: (?P=name)>\n",
                   re.M | re.S)


_PLAIN = re.compile(r"[a-z][a-z0-9_-]*")
_WORDS = frozenset({"y", "n", "yes", "no", "on", "off", "true", "false", "null"})  # YAML 1.1 reads these as values


def _scalar(item: object) -> str:
    """An item of a flow sequence: plain where YAML reads it back as the same string, quoted else."""
    text = str(item)
    return text if _PLAIN.fullmatch(text) and text not in _WORDS else json.dumps(text, ensure_ascii=False)


def _flow(items: Iterable[object]) -> str:
    return "[" + ", ".join(_scalar(i) for i in items) + "]"


def _folded(text: str, indent: int) -> list[str]:
    """A ``description: >-`` block of ``text`` at ``indent`` spaces (its lines two deeper)."""
    pad = " " * (indent + 2)
    return [" " * indent + "description: >-", *textwrap.wrap(text, _WIDTH, initial_indent=pad, subsequent_indent=pad,
                                                             break_on_hyphens=False, break_long_words=False)]


def _default(value: int | str | bool) -> str:
    return "true" if value is True else "false" if value is False else str(value)


def ruleset(books: list[RuleBook], indent: int) -> list[str]:
    """``RuleSet``'s enum: every book's name, in the registry's order."""
    return [" " * indent + "enum: " + _flow(b.name for b in books)]


def options(books: list[RuleBook], indent: int) -> list[str]:
    """``Options``' properties: the preset (every book's), ``fan_values``, then each house rule of
    any book, once, with what it means in each book that has it (the book judges the value)."""
    pad = " " * indent
    presets = list(dict.fromkeys(p.name for b in books for p in b.presets))
    said = "; ".join(f"{b.title}: " + ", ".join(f"{p.name} ({p.help}{', the default' if k == 0 else ''})"
                                                 for k, p in enumerate(b.presets)) for b in books if b.presets)
    out = [f"{pad}{PRESET}:", f"{pad}  type: string", f"{pad}  enum: {_flow(presets)}",
           *_folded("A named row of the book's option values (`GET /v1/rulesets` lists each book's, with its values "
                    f"and source); options given beside it override it one by one. {said}. A preset another book "
                    "has is a 422 at /options/preset.", indent + 2),
           f"{pad}{FAN_VALUES}:", f'{pad}  $ref: "#/components/schemas/FanValues"']
    seen: dict[str, list[tuple[RuleBook, OptionSpec]]] = {}
    for b in books:
        for o in b.options:
            seen.setdefault(o.name, []).append((b, o))
    for name, where in seen.items():
        kinds = {("boolean" if isinstance(o.default, bool) else "string" if o.choices else "integer")
                 for _, o in where}
        assert len(kinds) == 1, f"option {name} has two kinds"
        kind = kinds.pop()
        out += [f"{pad}{name}:", f"{pad}  type: {kind}"]
        if kind == "string":
            out.append(f"{pad}  enum: " + _flow(dict.fromkeys(c for _, o in where for c in o.choices)))
        parts = []
        for b, o in where:
            limits = (f"{o.minimum}-{o.maximum}, " if kind == "integer" and o.minimum is not None
                      and o.maximum is not None else "")
            parts.append(f"{b.title}, {o.help} ({limits}default {_default(o.default)})")
        out += _folded("; ".join(parts) + ".", indent + 2)
    return out


def fan_values(books: list[RuleBook], indent: int) -> list[str]:
    """``FanValues``: its description (each book's range, or that it fixes its values) and one
    whole-number property per fan id of a book whose values vary by house."""
    pad = " " * indent
    ranges = "; ".join(f"{b.title} {b.fan_values[0]}-{b.fan_values[1]}" if b.fan_values is not None else
                       f"{b.title} fixes its values (any entry is a 422 at `/options/fan_values`)" for b in books)
    ids = sorted({r.id for b in books if b.fan_values is not None for r in b.fan_table})
    return [*_folded("`options.fan_values`: fans of the rule book's table (`GET /v1/fans?ruleset=…`) and what each "
                     "is worth at this table (a club's or a season's table), over the book's own values and its "
                     f"options'. A limit hand is worth the book's cap, not a value of its own. {ranges}. A fan the "
                     "book does not have is a 422 at it.", indent),
            f"{pad}properties:", *(f"{pad}  {i}: {{type: integer}}" for i in ids)]


def settling(books: list[RuleBook], indent: int) -> list[str]:
    """The settle route's ``ruleset``: the books that settle more than one win."""
    return [" " * indent + "schema: {type: string, enum: " + _flow(b.name for b in books if b.settlement) + "}"]


def _kind(f: ContextField, indent: int) -> list[str]:
    """The JSON shape of a book's own context field, as the request schema reads it."""
    return [" " * indent + line for line in _shape(f.spec)]


def _shape(spec: FieldSpec) -> list[str]:
    """A declared field's JSON shape as lines of YAML (an object's or a list's items within)."""
    kind = spec.kind
    forms: list[list[str]]  # each form the value may take
    if kind is Kind.BOOL:
        forms = [["type: boolean"]]
    elif kind is Kind.INT:
        forms = [["type: integer", *(f"{k}: {v}" for k, v in (("minimum", spec.minimum), ("maximum", spec.maximum))
                                     if v is not None)]]
    elif kind is Kind.WINDS:
        forms = [["type: array", f"maxItems: {spec.max_items}", "items:", '  $ref: "#/components/schemas/Wind"']]
    elif kind is Kind.TILES:
        forms = [['$ref: "#/components/schemas/Tiles"']]  # a compact string or a list of codes
    elif kind in (Kind.OBJECT, Kind.OBJECTS):  # an object of declared fields, or a list of them
        required = [i.name for i in spec.items if i.required]
        one = ["type: object", "additionalProperties: false", *([f"required: {_flow(required)}"] if required else []),
               "properties:", *(line for i in spec.items
                                for line in [f"  {i.name}:", *("    " + x for x in _shape(i))])]
        forms = [one if kind is Kind.OBJECT else
                 ["type: array", f"maxItems: {spec.max_items}", "items:", *("  " + x for x in one)]]
    else:  # a short string: a seat wind, a tile, a suit, a name the book judges
        ref = {Kind.WIND: "Wind", Kind.SUIT: "Suit", Kind.TILE: "TileCode"}.get(kind)
        forms = [[f'$ref: "#/components/schemas/{ref}"'] if ref else ["type: string", f"maxLength: {MAX_TILE_STRING}"]]
    if spec.nullable:
        forms.append(['type: "null"'])
    if len(forms) == 1:
        return forms[0]
    return ["oneOf:", *(line for form in forms for line in ["  - " + form[0], *("    " + rest for rest in form[1:])])]


def context(books: list[RuleBook], indent: int, waits: bool = False) -> list[str]:
    """``Context``'s properties that books declare as their own (``scorer.context_field``): each
    once, its shape, what it means and which books read it (under which option). ``waits``: only
    those that hold for every wait (``WaitContext``'s)."""
    pad = " " * indent
    seen: dict[str, tuple[ContextField, list[str]]] = {}
    for b in books:
        switched = dict(b.optional_context)
        for f in b.own_context:
            if waits and not f.waits:
                continue
            option = switched.get(f.name)
            seen.setdefault(f.name, (f, []))[1].append(b.title + (f" (with its option {option} on)" if option else ""))
    out: list[str] = []
    for name, (f, readers) in seen.items():
        default = "null" if f.default is None else _json_text(f.default)
        text = (f"{f.spec.help[:1].upper()}{f.spec.help[1:]}. Read by {', '.join(readers)}; any other book refuses a "
                f"value other than the default (a 422 `not-in-ruleset` at `/context/{name}`). Defaults to {default}.")
        out += [f"{pad}{name}:", *_kind(f, indent + 2), *_folded(text, indent + 2)]
    return out


def _json_text(value: object) -> str:
    return json.dumps(list(value) if isinstance(value, tuple) else value, ensure_ascii=False)


def wait_context(books: list[RuleBook], indent: int) -> list[str]:
    """``WaitContext``'s properties that books declare as their own and that hold for every wait."""
    return context(books, indent, waits=True)


PARTS = {"ruleset": ruleset, "options": options, "fan-values": fan_values, "settling": settling, "context": context,
         "wait-context": wait_context}


def render(text: str, books: Iterable[RuleBook] | None = None) -> str:
    """``text`` (the spec) with each generated part written for ``books`` (the registry's, by
    default); a part the spec does not mark is not written, a marked part unknown here is an error."""
    listed = list(RULESETS.values() if books is None else books)

    def part(m: re.Match[str]) -> str:
        indent, name = m.group("indent"), m.group("name")
        lines = PARTS[name](listed, len(indent))
        return f"{indent}# <generated: {name}>\n" + "".join(line + "\n" for line in lines) + \
            f"{indent}# </generated: {name}>\n"

    return _PART.sub(part, text)


def parts(text: str) -> dict[str, str]:
    """The generated parts a spec's text marks, by name (what a test compares)."""
    return {m.group("name"): m.group(0) for m in _PART.finditer(text)}


def main(argv: list[str] | None = None) -> int:
    """``python -m scorer.wire.contract [path]``: write the spec's generated parts for the registry."""
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else Path(__file__).resolve().parents[2] / "service" / "openapi.yaml"
    text = path.read_text(encoding="utf-8")
    new = render(text)
    if new != text:
        path.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
