"""The odds layer's range refusals: each names the value and its bounds, as a message."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ordnance.core.errors import OrdnanceError, check_within
from ordnance.core.messages import msg
from ordnance.core.odds.compose import repeat
from ordnance.core.odds.distribution import Distribution
from ordnance.core.odds.drift import hits_then_drift
from ordnance.core.odds.montecarlo import one_round_changed
from ordnance.core.odds.pools import successes
from ordnance.core.odds.sequences import check_declarations


@pytest.mark.parametrize(
    ("call", "text", "said"),
    [
        (
            lambda: hits_then_drift(3, 5, place_at=1, drift_at=2),
            "drift_at=2 and place_at=1 must satisfy 1 <= drift_at <= place_at",
            {"drift_at": 2, "place_at": 1},
        ),
        (
            lambda: one_round_changed(0, 3, 4, 0),
            "0 rounds is outside 1..1000",
            {"rounds": 0, "max_rounds": 1000},
        ),
        (
            lambda: one_round_changed(2, 3, 4, 0, changed_round=3),
            "changed round 3 is outside 0..2 (0 = none changed)",
            {"changed_round": 3, "rounds": 2},
        ),
        (
            lambda: successes(1001, 4),
            "a pool of 1001 dice is outside 0..1000 (instead: use between 0 and 1000 dice)",
            {"what": "a", "count": 1001, "max_pool": 1000},
        ),
        (
            lambda: check_declarations(1001),
            "1001 declarations is outside 0..1000",
            {"declarations": 1001, "max_rounds": 1000},
        ),
        (
            lambda: repeat(Distribution.certain(1), -1),
            "-1 repetitions is outside 0..1000",
            {"times": -1, "max_rounds": 1000},
        ),
    ],
)
def test_a_value_out_of_range_is_refused_naming_it(
    call: Callable[[], Any], text: str, said: dict[str, Any]
) -> None:
    with pytest.raises(OrdnanceError) as info:
        call()
    assert str(info.value) == text
    assert info.value.said is not None and dict(info.value.said.args) == said


def test_the_bounds_themselves_pass_and_a_template_must_name_value_and_bound() -> None:
    check_within(0, 0, 20, "{times} repetitions is outside 0..{max_rounds}")
    check_within(20, 0, 20, "{times} repetitions is outside 0..{max_rounds}")
    with pytest.raises(ValueError, match="zip"):
        check_within(21, 0, 20, "{times} repetitions is too many")
    hint = msg("use fewer")
    with pytest.raises(OrdnanceError) as info:
        check_within(21, 0, 20, "{times} repetitions is outside 0..{max_rounds}", hint=hint)
    assert info.value.told == hint
