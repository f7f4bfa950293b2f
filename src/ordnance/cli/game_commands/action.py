"""One action form -> one command that takes the action (or, for an alias, shows its odds)."""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ordnance.cli.common import emit, open_game
from ordnance.cli.game_commands.form_fields import command_name, form_fields, parameter
from ordnance.cli.game_commands.render import entry_line, render_odds
from ordnance.cli.game_commands.shared_options import shared_parameters
from ordnance.cli.lazy import Command, typer_command
from ordnance.core.commands import Alias
from ordnance.core.dice import dice_source
from ordnance.core.errors import OrdnanceError
from ordnance.i18n import _

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.game import Game
    from ordnance.core.journal import GameSession


def action_command(
    game: Game[Any],
    form: Mapping[str, Any],
    *,
    seats: Sequence[str] = (),
    alias: Alias | None = None,
    name: str | None = None,
    session: GameSession | None = None,
) -> Command:
    """The command of one action form (and, with ``alias``, of an older spelling of it)."""
    kind = str(form["type"])
    schema: Mapping[str, Any] = form.get("schema") or {}
    rolls = bool(schema.get("x-dice"))
    fields = form_fields(schema)
    by_name = {f.name: f for f in fields}
    positional = [by_name[a] for a in (alias.arguments if alias else ()) if a in by_name]
    extra: dict[str, list[str]] = {}
    for old, target in (alias.options if alias else {}).items():
        extra.setdefault(target, []).append(old)
    game_arg = typer.Argument(help="Game id.", metavar="GAME_ID")
    params = [
        parameter("game_id", Annotated[str, game_arg], ...),
        *(f.argument(i == len(positional) - 1) for i, f in enumerate(positional)),
    ]
    params += [f.option(extra.get(f.name, ())) for f in fields if f not in positional]
    params += shared_parameters(seats, rolls and not (alias is not None and alias.odds))

    def run(**values: Any) -> None:

        action: dict[str, Any] = {"type": kind}
        for f in fields:
            raw = values.get(f"field_{f.name}")
            if isinstance(raw, tuple):
                raw = list(raw)
            if raw is None or (f.many and not raw):
                continue
            action[f.name] = f.convert(raw)
        game_id, db, seat = values["game_id"], values["db"], values["seat"]
        here = session if session is not None and session.game_id == game_id else None
        live = here or open_game(db, game_id)
        if alias is not None and alias.odds:
            state = live.state()
            odds = live.game.named_odds(state, live.game.odds(state, action, seat))
            if odds is None:
                raise OrdnanceError(f"{kind!r} rolls no dice here: there are no odds to show")
            emit(odds, values["as_json"], render_odds)
            return
        dice = dice_source(values.get("dice"), values.get("seed")) if rolls else dice_source("")
        entry = live.act(action, dice, seat, values["expect_version"])
        emit(entry.for_seat(seat), values["as_json"], lambda _row: entry_line(entry, seat))

    title = _(str(form.get("title") or kind))
    dice_note = " " + _("Rolls dice: enter them with --dice, or omit to roll.") if rolls else ""
    if alias is not None and alias.odds:
        title = _("Exact odds of: {title}").format(title=title)
        dice_note = " " + _("Rolls nothing, writes nothing.")
    run.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    run.__annotations__ = {p.name: p.annotation for p in params}
    about = str(schema.get("description") or "").replace("``", "")
    run.__doc__ = (
        f"{title} ({kind}). {_(about)}{dice_note}" if about else f"{title} ({kind}).{dice_note}"
    )
    cmd = typer_command(run, name or command_name(kind))
    cmd.short_help = title
    cmd.hidden = alias is not None and cmd.name != command_name(kind)
    return cmd


def take(
    db: str | None,
    game_id: str,
    action: Mapping[str, Any],
    *,
    seat: str | None = None,
    dice: str | None = "",
    seed: int | None = None,
    as_json: bool = False,
) -> None:
    """Take one action and print its journal entry, as every derived command does.

    For a game's own front-end commands (a notation or a counter turned into an
    action). ``dice``: entered dice, ``None`` to roll (with ``seed``), ``""``
    (the default) for an action that rolls nothing.
    """

    entry = open_game(db, game_id).act(dict(action), dice_source(dice, seed), seat)
    emit(entry.for_seat(seat), as_json, lambda _row: entry_line(entry, seat))
