"""icepool (pinned 2.1.3) and dyce as independent oracles, compared exactly."""

from __future__ import annotations

import random

# icepool and dyce are development dependencies (pyproject ``[dev]``): imported, not
# skipped, so a missing oracle is an error rather than a silently green run.
import dyce  # noqa: F401
import icepool  # noqa: F401
import pytest

from ordnance.bench import baselines
from ordnance.core.odds.dr import dr_joint, dr_totals
from ordnance.core.odds.drift import hits_then_drift
from ordnance.core.odds.pools import net_hits

_rng = random.Random(20240605)
SAMPLE = sorted(
    {
        (_rng.randint(0, 24), _rng.randint(2, 6), _rng.randint(0, 8), _rng.randint(3, 6))
        for _ in range(60)
    }
)


@pytest.fixture(scope="module")
def ice() -> baselines.Icepool:
    return baselines.Icepool()


@pytest.fixture(scope="module")
def dy() -> baselines.Dyce:
    return baselines.Dyce()


def test_icepool_is_the_pinned_version(ice: baselines.Icepool) -> None:
    assert ice.version == "2.1.3"


@pytest.mark.parametrize("case", SAMPLE)
def test_net_hits_agree_with_icepool(
    ice: baselines.Icepool, case: tuple[int, int, int, int]
) -> None:
    assert baselines.ours_fractions(net_hits(*case)) == ice.fractions(ice.net(*case))


@pytest.mark.parametrize("case", [(1, 5, 0, 5), (6, 4, 2, 5), (12, 6, 3, 4), (20, 5, 6, 5)])
def test_net_hits_agree_with_dyce(dy: baselines.Dyce, case: tuple[int, int, int, int]) -> None:
    assert baselines.ours_fractions(net_hits(*case)) == dy.fractions(dy.net(*case))


def test_dr_and_smoke_agree_with_both(ice: baselines.Icepool, dy: baselines.Dyce) -> None:
    assert baselines.ours_fractions(dr_totals()) == ice.fractions(ice.dr()) == dy.fractions(dy.dr())
    for dice, hit_on in [(1, 5), (4, 5), (6, 6)]:
        ours = baselines.ours_fractions(hits_then_drift(dice, hit_on).map(baselines.drift_code))
        assert (
            ours == ice.fractions(ice.smoke(dice, hit_on)) == dy.fractions(dy.smoke(dice, hit_on))
        )


def test_hand_written_convolution_agrees() -> None:
    for case in SAMPLE[:20]:
        assert baselines.ours_fractions(net_hits(*case)) == baselines.counts_fractions(
            *baselines.hand_net(*case)
        )


@pytest.mark.parametrize("modifier", [-2, 0, 3])
def test_hand_joint_loop_gives_the_engines_answer(modifier: int) -> None:
    """The benchmark's hand loop for the joint roll returns the same (total, coloured) pairs."""
    assert baselines.ours_fractions(dr_joint(modifier)) == baselines.counts_fractions(
        *baselines.hand_joint(modifier)
    )


def test_hand_joint_codes_agree_with_both_libraries(
    ice: baselines.Icepool, dy: baselines.Dyce
) -> None:
    """icepool and dyce compute the joint roll as the code 10 * total + coloured."""
    hand = baselines.counts_fractions(*baselines.hand_joint())
    coded = {baselines.joint_code(k): p for k, p in hand.items()}
    assert coded == ice.fractions(ice.joint()) == dy.fractions(dy.joint())
