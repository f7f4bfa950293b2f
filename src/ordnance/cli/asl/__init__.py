"""``ordnance asl ...``: the registry of the ASL commands (each imported only when it runs).

Every stand-alone question (``notation``, ``supply``, ``heat``,
``he-equivalency``, ``scw-heat``, ``canister``, ``shot`` and the ``odds``
family: ``depletion``, ``shot``, ``gun``, ``gun-compare``) is a calculator ASL
declares (:mod:`ordnance.asl.calculators`); its command is derived from the
declaration (:mod:`ordnance.cli.calculators`, through
:mod:`ordnance.cli.declared`). The commands that are no calculator (``game``,
which reads notation and a shot's options into actions, ``counters`` and
``vasl``, which keep files and a journal) are this package's modules. Each is
named here with its help line (:class:`~ordnance.cli.lazy.LazyGroup`), so
``ordnance asl supply`` loads the supply chart and not the game, the journal
or Pydantic. ``tests/asl/test_cli_registry.py`` checks each help line against
the first line of its command's own help.

Every command takes ``--json`` (one JSON document on stdout) and prints Rich
tables otherwise. Refusals are :class:`~ordnance.core.errors.OrdnanceError`,
which ``ordnance``'s ``main`` turns into exit status 2 with the clause.
"""

from __future__ import annotations

from ordnance.cli.lazy import LazyGroup, Sub

_HERE = "ordnance.cli.asl"
_DECLARED = "ordnance.cli.declared:asl"

#: ``ordnance asl odds ...`` and ``ordnance odds asl ...`` (the same commands).
odds_app = LazyGroup(
    help="Exact odds of the ASL C8 procedures.",
    subs={
        "depletion": Sub(
            f"{_DECLARED}.depletion",
            "Per-shot outcome, k-th shot availability, rounds fired and expected rounds (ASL-8.9).",
        ),
        "shot": Sub(
            f"{_DECLARED}.shot-odds",
            "One shot: depletion outcome joint with malfunction (ASL-AMB-18, ASL-8.92-a).",
        ),
        "gun": Sub(
            f"{_DECLARED}.gun",
            "Exact odds of the whole shot: To Hit, depletion, B#, To Kill or IFT (notes B5, B6).",
        ),
        "gun-compare": Sub(
            f"{_DECLARED}.gun-compare",
            "AP against APCR, APDS and HEAT at the same target: hit and kill.",
        ),
    },
)

#: ``ordnance asl vasl ...``: VASL saves in, the side record out as a VASL label.
vasl_app = LazyGroup(
    help="VASL saves: their vehicles and ordnance in, the side record out as a label.",
    subs={
        "read": Sub(
            f"{_HERE}.vasl:read_cmd",
            "List the vehicles and ordnance of a VASL save, with their special ammunition.",
        ),
        "label": Sub(
            f"{_HERE}.vasl:label_cmd",
            "Write a game's side record as HTML for a VASL label (both players see it in VASL).",
        ),
    },
)

#: ``ordnance asl ...``.
app = LazyGroup(
    help="ASL Chapter C8: Special Ammunition.",
    subs={
        "notation": Sub(
            f"{_DECLARED}.notation",
            "Read counter special-ammunition notation (ASL-8.9-a, 8.91; notes B4).",
        ),
        "supply": Sub(
            f"{_DECLARED}.supply",
            "Ammunition Supply Chart (ASL-8.2): APCR/APDS Depletion Number for a Gun.",
        ),
        "heat": Sub(
            f"{_DECLARED}.heat",
            "HEAT availability date of a nation's ordnance (ASL-8.3-a).",
        ),
        "he-equivalency": Sub(
            f"{_DECLARED}.he-equivalency",
            "HE Equivalency FP and Residual FP of an AP-type or HEAT attack (ASL-8.31).",
        ),
        "scw-heat": Sub(
            f"{_DECLARED}.scw-heat",
            "HEAT from a shaped-charge weapon: no Depletion Number, legal targets, HE Equivalency.",
        ),
        "canister": Sub(
            f"{_DECLARED}.canister",
            "One Canister shot off the map: attacked Locations, their DRM, and exact odds "
            "or a result.",
        ),
        "counters": Sub(
            f"{_HERE}.counters:counters_app",
            "Find VASL counters by name; keep your counter library (set, show, export, import).",
        ),
        "shot": Sub(
            f"{_DECLARED}.shot",
            "One declared special-ammunition shot: the C8.9 depletion check on its DR.",
        ),
        "game": Sub(
            f"{_HERE}.game:game_app",
            "A scenario with its side record, kept in the journal.",
        ),
        "odds": Sub(f"{_HERE}:odds_app", "Exact odds of the ASL C8 procedures."),
        "vasl": Sub(
            f"{_HERE}:vasl_app",
            "VASL saves: their vehicles and ordnance in, the side record out as a label.",
        ),
    },
)

__all__ = ["app", "odds_app", "vasl_app"]
