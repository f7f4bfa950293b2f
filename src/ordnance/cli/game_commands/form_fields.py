"""A form field (a property of an action's JSON schema) as a Click parameter.

The title becomes the help, an ``enum`` the choices (offered as completions,
never enforced here: the game's refusal names the rule), a list field takes
the option again for each item, a boolean is a ``--x/--no-x`` flag.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any

import typer

from ordnance.i18n import _


def command_name(kind: str) -> str:
    """``fire_canister`` -> ``fire-canister``: how an action type is spelt as a command."""
    return kind.replace("_", "-")


def option_name(field_name: str) -> str:
    return "--" + field_name.replace("_", "-")


def value_branch(prop: Mapping[str, Any]) -> Mapping[str, Any]:
    """The branch of ``prop`` holding the value (``X | None`` has two)."""
    alts = prop.get("anyOf")
    if isinstance(alts, list):
        rest = [a for a in alts if isinstance(a, dict) and a.get("type") != "null"]
        if len(rest) == 1:
            return {**prop, **rest[0]}
    return prop


@dataclass(frozen=True)
class FormField:
    """How one form field is read from the command line."""

    name: str
    prop: Mapping[str, Any]
    required: bool

    @property
    def value(self) -> Mapping[str, Any]:
        return value_branch(self.prop)

    @property
    def many(self) -> bool:
        return self.value.get("type") == "array"

    @property
    def item(self) -> Mapping[str, Any]:
        items = self.value.get("items")
        return value_branch(items) if self.many and isinstance(items, dict) else self.value

    @property
    def flag(self) -> bool:
        return not self.many and self.value.get("type") == "boolean"

    def choices(self) -> list[str]:
        enum = self.item.get("enum")
        return [str(v) for v in enum] if isinstance(enum, list) else []

    def py_type(self) -> Any:
        """The annotation Typer reads the words with.

        Choices are offered (help, completion) but not enforced here: a value
        off the list reaches the game, whose refusal names the rule.
        """
        item = self.item
        enum = item.get("enum")
        if isinstance(enum, list) and enum:
            every_int = all(isinstance(v, int) and not isinstance(v, bool) for v in enum)
            one: Any = int if every_int else str
        else:
            one = {"integer": int, "number": float}.get(str(item.get("type")), str)
        if self.flag:
            return bool | None
        return list[one] | None if self.many else one | None

    def complete(self) -> Callable[[str], list[str]]:
        """Shell completion: the choices that start with what was typed."""
        options = self.choices()

        def complete(incomplete: str) -> list[str]:
            return [c for c in options if c.lower().startswith(incomplete.lower())]

        return complete

    def help(self) -> str:
        """The field's title (in the active language), its choices and marks."""
        text = _(str(self.prop.get("title") or self.name.replace("_", " ")))
        labels = self.item.get("x-labels")
        shown = [_(str(x)) for x in labels] if isinstance(labels, list) else self.choices()
        if shown and len(shown) <= 16:
            text += " (" + "; ".join(shown) + ")"
        elif shown:
            text += " " + _("({n} choices: press TAB, or see `legal`)").format(n=len(shown))
        if self.prop.get("x-hex"):
            examples = self.prop.get("examples") or ["0305"]
            example = examples[0][0] if isinstance(examples[0], list) else examples[0]
            text += " " + _("(a hex as printed on the map, e.g. {example})").format(example=example)
        if self.required:
            text += " " + _("(required)")
        return text

    def convert(self, raw: Any) -> Any:
        """The command-line word(s) as the JSON value the action takes."""
        if self.many:
            words = list(raw)
            if not self.prop.get("x-hex"):  # "a,b" lists two (a hex "3,2" is one word)
                words = [w for word in words for w in str(word).replace(",", " ").split()]
            return [self._one(v) for v in words]
        return raw if self.flag else self._one(raw)

    def _one(self, word: Any) -> Any:
        item = self.item
        enum = item.get("enum")
        if isinstance(enum, list):
            for v in enum:  # case and - or _ as the player likes
                if str(v).lower().replace("-", "_") == str(word).lower().replace("-", "_"):
                    return v
        if isinstance(word, str) and "type" not in item and "enum" not in item:
            try:  # a nested object or a free value: JSON when it reads as JSON
                return json.loads(word)
            except json.JSONDecodeError:
                return word
        return word

    def option(self, extra_names: Sequence[str] = ()) -> inspect.Parameter:
        names = [option_name(self.name), *extra_names]
        if self.flag:
            dashed = self.name.replace("_", "-")
            names = [f"--{dashed}/--no-{dashed}", *extra_names]
        info = typer.Option(*names, help=self.help(), autocompletion=self.complete())
        return parameter(f"field_{self.name}", Annotated[self.py_type(), info], None)

    def argument(self, last: bool) -> inspect.Parameter:
        info = typer.Argument(
            help=self.help(),
            metavar=self.name.upper(),
            show_default=False,
            autocompletion=self.complete(),
        )
        kind = self.py_type() if self.many and last else self.item_type()
        return parameter(
            f"field_{self.name}", Annotated[kind, info], ... if self.required else None
        )

    def item_type(self) -> Any:
        """One word's annotation (a positional argument of a list field takes one)."""
        one = self.py_type()
        return one if not self.many else one.__args__[0].__args__[0] | None


def parameter(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=default
    )


def form_fields(schema: Mapping[str, Any]) -> list[FormField]:
    required = set(schema.get("required", []))
    return [
        FormField(name, prop, name in required and "default" not in prop)
        for name, prop in schema.get("properties", {}).items()
        if name != "type" and isinstance(prop, dict)
    ]
