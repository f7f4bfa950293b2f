"""HE Equivalency is stated after the To Hit and resolved only after a hit (ASL-8.31-h)."""

from __future__ import annotations

import pytest

from ordnance.asl.rules.he_equivalency import REQUIRES, he_equivalency, resolve_he_equivalency
from ordnance.core.dice import EnteredDice
from ordnance.core.errors import RuleViolation

from .test_cli import run, run_json


# ----------------------------------------------------------------------------- ASL-8.31-h
def test_he_equivalency_states_to_hit_first() -> None:
    """covers ASL-8.31-h: every HE Equivalency answer says a To Hit comes first."""
    for answer in (he_equivalency("AP", caliber_mm=75), he_equivalency("HEAT", weapon="PF"),
                   he_equivalency("HEAT", caliber_mm=88)):  # fmt: skip
        d = answer.to_dict()
        assert d["requires"] == REQUIRES == "To Hit (Infantry Target Type) first"
        assert d["requires_clause"] == "ASL-8.31-h"
        assert d["order"][0].startswith("To Hit") and "only if it hits" in d["order"][1]


def test_he_equivalency_resolved_only_after_a_hit() -> None:
    """covers ASL-8.31-h: no IFT attack (no die asked for) unless the shot hit."""
    equiv = he_equivalency("HEAT", caliber_mm=75)  # 8 FP
    for hit in (None, False):
        source = EnteredDice([1, 1])
        with pytest.raises(RuleViolation) as err:
            resolve_he_equivalency(source, equiv, hit=hit)
        assert err.value.clause == "ASL-8.31-h"
        assert source.remaining == 2  # the IFT DR was never asked for
    attack = resolve_he_equivalency(EnteredDice([2, 1]), equiv, hit=True, drm=1)
    assert (attack.column, attack.final_dr, attack.result) == (8, 4, "2MC")
    assert attack.to_dict()["clauses"][0] == "ASL-8.31-h"


def test_he_equivalency_cli_states_order(capsys: pytest.CaptureFixture[str]) -> None:
    """covers ASL-8.31-h in ``ordnance asl he-equivalency``; the old keys are unchanged."""
    code, data = run_json(capsys, "asl", "he-equivalency", "AP", "--caliber", "75")
    assert code == 0
    assert (data["fp"], data["clause"]) == ("2/1", "ASL-8.31-e")
    assert data["requires"] == "To Hit (Infantry Target Type) first"
    assert data["requires_clause"] == "ASL-8.31-h"
    code, out, _ = run(capsys, "asl", "he-equivalency", "HEAT", "--caliber", "75")
    assert code == 0 and "To Hit (Infantry Target Type) first" in out
