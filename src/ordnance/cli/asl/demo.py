"""The ASL walk-through that ``ordnance demo`` runs (registered as the plug-in's ``demo``).

It creates a scenario in the SQLite journal it is given, adds a T-34/85 from
its counter notation, a PaK 40 from the Ammunition Supply Chart and a
PzKpfw IIIN with HEAT, fires shots with fixed dice (as if typed in at the
table), and shows depletion, the side record, undo and the exact odds. The
face (:mod:`ordnance.cli.demo`) finds it through the registry and names no game.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rich.console import Console
from rich.panel import Panel

from ordnance.asl.odds.depletion import depletion_report
from ordnance.asl.plugin import GAME as ASL
from ordnance.cli.asl.render import record_table
from ordnance.cli.common import distribution_table
from ordnance.cli.tables import Table
from ordnance.core.dice import EnteredDice
from ordnance.core.journal import GameSession, open_journal
from ordnance.core.odds.distribution import Distribution, fraction_text


def walk(console: Console, path: str, step: bool) -> None:
    """Play the walk-through into the journal at ``path``; ``step``: wait for Enter."""

    def say(title: str, text: str) -> None:
        console.print()
        console.print(Panel(text, title=title, title_align="left", border_style="cyan"))
        if step:
            console.input("[dim]Press Enter to continue...[/]")

    def act(session: GameSession, action: dict[str, Any], dice: list[int] | None = None) -> None:
        entry = session.act(action, EnteredDice(dice or []))
        for event in entry.events:
            shown = f"dice {','.join(map(str, dice))}: " if dice else ""
            console.print(f"  [bold]>[/] {shown}{event.text}")

    say(
        "ordnance: ASL Chapter C8, Special Ammunition",
        "A June 1944 scenario on the Eastern Front. Every action goes through the game "
        "journal (a SQLite file), with the dice the players rolled at the table typed in.\n"
        f"Journal: {path}",
    )
    session = GameSession.create(
        open_journal(path),
        "asl",
        {
            "date": "1944-06",
            "theatre": "ETO",
            "sides": [
                {"name": "russian", "nationality": "russian"},
                {"name": "german", "nationality": "german"},
            ],
        },
    )

    say(
        "1. Guns and their Depletion Numbers",
        "The T-34/85 comes from its counter notation A5^4^/6^5 (ASL-8.91: APCR 5 in 1944, "
        "6 in 1945). The PaK 40 has no counter value here, so the Ammunition Supply Chart "
        "gives German 75L APCR in 1944: A3 (ASL-8.2). The PzKpfw IIIN prints sD7 H9 s9: "
        "its smoke dispenser sD has no Depletion Number (ASL-8.9-f).",
    )
    act(session, {"type": "add_gun", "id": "t34", "side": "russian", "name": "T-34/85",
                  "notation": "A5^4^/6^5", "gun_size": "85L", "rof": 1})  # fmt: skip
    act(session, {"type": "add_gun", "id": "pak40", "side": "german", "name": "PaK 40",
                  "gun_size": "75L"})  # fmt: skip
    act(session, {"type": "add_gun", "id": "pz3n", "side": "german", "name": "PzKpfw IIIN",
                  "notation": "sD7 H9 s9", "gun_size": "75*", "hex": "3,0"})  # fmt: skip

    odds = session.game.odds(session.state(), {"type": "fire", "gun": "t34", "ammo": "APCR"})
    assert odds is not None
    say(
        "2. Before rolling: the exact odds of declaring APCR (N=5)",
        "APCR must be declared before the To Hit DR (ASL-8.1-a). The Original DR then "
        "decides: below 5 the round is fired and more remain; exactly 5, fired and the last; "
        "above 5 there was none: no shot, the Gun may fire other ammunition (ASL-8.9-c/d/e).",
    )
    dist = Distribution({k: Fraction(v) for k, v in odds["distribution"].items()})
    console.print(distribution_table(dist, "T-34/85 APCR, one shot"))

    say("3. Russian Prep Fire", "The T-34/85 (ROF 1) declares APCR and rolls 1,2.")
    act(session, {"type": "set_phase", "phase": "PFPh"})
    act(session, {"type": "fire", "gun": "t34", "ammo": "APCR"}, [1, 2])
    say(
        "   ... Multiple ROF",
        "The coloured 1 kept its ROF. It declares APCR again and rolls 4,2 = 6 > 5: there "
        "was no APCR. Nothing was fired, APCR is gone for the scenario, and it may fire at "
        "once with ordinary AP (ASL-8.9-e).",
    )
    act(session, {"type": "fire", "gun": "t34", "ammo": "APCR"}, [4, 2])
    act(session, {"type": "fire", "gun": "t34", "ammo": "AP"}, [2, 5])

    say(
        "4. German Defensive Fire",
        "The PaK 40 declares APCR (N=3) and rolls 2,1 = 3 = N: the round is fired, and it "
        "was the last (ASL-8.9-d). The PzKpfw IIIN fires HEAT (N=9), German HEAT being "
        "available from May 1942 (ASL-8.3-a), at the T-34: 3,3 = 6, fired, more remain.",
    )
    act(session, {"type": "set_phase", "phase": "DFPh"})
    act(session, {"type": "fire", "gun": "pak40", "ammo": "APCR"}, [2, 1])
    act(session, {"type": "fire", "gun": "pz3n", "ammo": "HEAT", "target": "vehicle"}, [3, 3])

    say("5. The side record (ASL-8.0-a)", "Kept per piece for the whole scenario.")
    console.print(record_table(ASL.view(session.state(), None)["record"]))

    say("6. Undo", "The HEAT shot was entered by mistake: undo it (the journal keeps both).")
    session.undo()
    log = Table(title="Journal")
    for col in ("#", "dice", "what happened"):
        log.add_column(col)
    for row in session.log(None):
        text = "; ".join(e.get("text") or e["kind"] for e in row["events"])
        if row["undone"]:
            text = f"[strike]{text}[/strike] (undone)"
        log.add_row(str(row["seq"]), ",".join(map(str, row["dice"] or [])), text)
    console.print(log)
    after = ASL.view(session.state(), None)["record"]
    console.print(record_table(after, "Side record after undo"))

    say(
        "7. How long does APCR last?",
        "Declared on every shot, the chance APCR N=5 is still there on the k-th shot is "
        "(6/36)^(k-1); expected rounds fired before it runs out: (10/36)/(30/36) = 1/3.",
    )
    report = depletion_report(5, 4)
    table = Table(title="APCR N=5, shot by shot")
    for col in ("shot", "still available", "fires the round"):
        table.add_column(col, justify="right")
    for row in report["shots"]:
        table.add_row(
            str(row["shot"]),
            fraction_text(row["available"]),
            fraction_text(row["fires_special"]),
        )
    console.print(table)
    console.print(f"expected rounds: {fraction_text(report['expected_rounds'])}")
    say("Done", "Try: ordnance asl --help, ordnance asl game --help, ordnance asl odds --help")
