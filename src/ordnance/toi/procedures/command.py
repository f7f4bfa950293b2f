"""Receiving command in the Command Phase (TOI-B8).

Command pays for munitions tokens (one each, :mod:`~ordnance.toi.procedures.buy`); the amount comes
from the players (objectives held, scenario), not from these rules.
"""

from __future__ import annotations

from dataclasses import replace

from ordnance.core.errors import RuleViolation
from ordnance.core.events import Event
from ordnance.core.messages import msg
from ordnance.toi.actions import ReceiveCommand
from ordnance.toi.seats import check_seat
from ordnance.toi.shapes import CommandEvent
from ordnance.toi.state import Phase, ToIState


def receive_command(
    state: ToIState, a: ReceiveCommand, seat: str | None
) -> tuple[ToIState, list[Event]]:
    """Add the command a nation receives in the Command Phase (TOI-B8)."""
    nation = state.nation(a.side)
    check_seat(seat, nation.name, state)
    if state.phase is not Phase.COMMAND:
        raise RuleViolation(
            "TOI-B8",
            msg("command is received in the Command Phase"),
            hint=msg("advance to the command phase"),
        )
    state = state.with_nation(replace(nation, command=nation.command + a.amount))
    return state, [
        Event.of(
            "command",
            CommandEvent(side=nation.name, amount=a.amount, command=nation.command + a.amount),
            msg(
                "{side} received {amount} command ({total})",
                side=nation.name,
                amount=a.amount,
                total=nation.command + a.amount,
            ),
        )
    ]
