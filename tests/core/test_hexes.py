"""Hex geometry: coordinates, rings, hexsides, vertices, covered arcs and exact LOS.

The line tests compare the integer walker of ``ordnance.core.hexes.los`` with an
independent brute-force oracle written with ``Fraction``: for every hex near the
segment, clip the segment against the hex's open cell; for every hexside, test
for a collinear overlap of positive length; for every vertex, test that it lies
strictly inside the segment. Covers ASL-8.41-c (LOS exactly along a hexside) and
the vertex geometry of ASL-AMB-7.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from ordnance.core.errors import InvalidDice, OrdnanceError, UnknownName
from ordnance.core.hexes import (
    ORIGIN,
    Contact,
    CoveredArc,
    Direction,
    Hex,
    Hexside,
    Line,
    Side,
    Vertex,
    center,
    corners,
    disk,
    distance,
    line,
    neighbours,
    parse_hex,
    parse_hexside,
    parse_vertex,
    pixel,
    ring,
)

coord = st.integers(min_value=-12, max_value=12)
hexes = st.builds(Hex, coord, coord)
near = st.builds(Hex, st.integers(-5, 5), st.integers(-5, 5))
directions = st.sampled_from(list(Direction))
corner_ix = st.integers(min_value=0, max_value=5)
vertices = st.builds(Vertex.of, near, corner_ix)
# the oracle is slow: it gets short lines (translation invariance is tested separately)
small = st.builds(Hex, st.integers(-3, 3), st.integers(-3, 3))
small_vertices = st.builds(Vertex.of, small, corner_ix)


# ---------------------------------------------------------------- the oracle


def _cube(p: Hex | Vertex) -> tuple[Fraction, Fraction, Fraction]:
    if isinstance(p, Hex):
        return (Fraction(p.q), Fraction(p.r), Fraction(p.s))
    return tuple(Fraction(c, 6) for c in p.cube6)  # type: ignore[return-value]


def _uvw(p: tuple[Fraction, ...]) -> tuple[Fraction, Fraction, Fraction]:
    x, y, z = p
    return (x - y, y - z, z - x)


def _interior_interval(
    a: Hex | Vertex, b: Hex | Vertex, h: Hex
) -> tuple[Fraction, Fraction] | None:
    """The open t-interval (within [0, 1]) where the segment is inside h's open cell."""
    p0, p1 = _cube(a), _cube(b)
    c0 = _uvw(p0)
    dc = tuple(e - s for s, e in zip(c0, _uvw(p1), strict=True))
    hc = _uvw(_cube(h))
    lo, hi = Fraction(-(10**9)), Fraction(10**9)
    for start, slope, centre in zip(c0, dc, hc, strict=True):
        rel = start - centre
        if slope == 0:
            if not -1 < rel < 1:
                return None
            continue
        t1, t2 = sorted(((-1 - rel) / slope, (1 - rel) / slope))
        lo, hi = max(lo, t1), min(hi, t2)
    if lo < hi and lo < 1 and hi > 0:
        return (max(lo, Fraction(0)), min(hi, Fraction(1)))
    return None


def _six(p: Hex | Vertex) -> tuple[int, int, int]:
    return (6 * p.q, 6 * p.r, 6 * p.s) if isinstance(p, Hex) else p.cube6


def _param(a: Hex | Vertex, b: Hex | Vertex, point: Vertex) -> Fraction | None:
    """t with point == a + t (b - a), or None when the point is off the line."""
    p0, p1, pt = _six(a), _six(b), _six(point)
    d = [e - s for s, e in zip(p0, p1, strict=True)]
    rel = [p - s for s, p in zip(p0, pt, strict=True)]
    # collinear in the plane x + y + z = 0: the 2-D cross product of (q, r) parts vanishes
    if d[0] * rel[1] - d[1] * rel[0] != 0:
        return None
    i = 0 if d[0] != 0 else 1
    return Fraction(rel[i], d[i])


def oracle(a: Hex | Vertex, b: Hex | Vertex) -> tuple[list[Hex], set[Hexside], set[Vertex]]:
    if a == b:
        return ([a] if isinstance(a, Hex) else [], set(), set())
    p0, p1 = _cube(a), _cube(b)
    dq, dr = p1[0] - p0[0], p1[1] - p0[1]
    norm = dq * dq + dq * dr + dr * dr

    def near_line(h: Hex) -> bool:
        # centre within one circumradius of the infinite line (a cheap, exact pre-filter)
        cross = dq * (h.r - p0[1]) - dr * (h.q - p0[0])
        return 9 * cross * cross <= 4 * norm

    # candidates: the hexes around points sampled densely along the segment, then
    # those whose centre is within a circumradius of the line
    n = 4 * max(_hexof(a).distance(_hexof(b)), 1)
    pool: set[Hex] = set()
    s0, s1 = _six(a), _six(b)
    for i in range(n + 1):
        x, y = ((s * n + (e - s) * i) // (6 * n) for s, e in zip(s0[:2], s1[:2], strict=True))
        for q in (x, x + 1):
            for r in (y, y + 1):
                pool.update((Hex(q, r), *Hex(q, r).neighbours()))
    around = sorted(h for h in pool if near_line(h))
    crossed = []
    for h in around:
        iv = _interior_interval(a, b, h)
        if iv is not None:
            crossed.append((iv[0], h))
    crossed.sort()
    runs: set[Hexside] = set()
    corners_on: set[Vertex] = set()
    param = {v: _param(a, b, v) for h in around for v in (Vertex.of(h, k) for k in range(6))}
    for v, t in param.items():
        if t is not None and 0 < t < 1:
            corners_on.add(v)
    for side in {Hexside.of(h, k) for h in around for k in range(6)}:
        ends = [param[v] for v in side.vertices]
        if None not in ends:
            t1, t2 = sorted(ends)  # type: ignore[type-var]
            if min(t2, Fraction(1)) > max(t1, Fraction(0)):
                runs.add(side)
    return [h for _, h in crossed], runs, corners_on


def _hexof(p: Hex | Vertex) -> Hex:
    return p if isinstance(p, Hex) else p.hexes[0]


# ---------------------------------------------------------------- coordinates


@given(hexes, hexes)
def test_distance_is_symmetric_and_zero_only_on_itself(a, b):
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_distance_triangle_inequality(a, b, c):
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes, st.integers(min_value=0, max_value=8))
def test_ring_has_6r_distinct_hexes_at_distance_r(c, r):
    hs = ring(c, r)
    assert len(hs) == (6 * r if r else 1) == len(set(hs))
    assert all(distance(c, h) == r for h in hs)
    # consecutive ring hexes are adjacent (the ring is a closed walk)
    if r:
        assert all(hs[i].distance(hs[(i + 1) % len(hs)]) == 1 for i in range(len(hs)))


def test_ring_starts_north_and_runs_clockwise():
    assert ring(ORIGIN, 2)[:3] == (Hex(0, -2), Hex(1, -2), Hex(2, -2))
    assert ring(ORIGIN, 1) == neighbours(ORIGIN)


@given(hexes, st.integers(min_value=0, max_value=6))
def test_disk_is_every_hex_within_radius(c, r):
    got = disk(c, r)
    assert len(got) == 1 + 3 * r * (r + 1) == len(set(got))
    box = {c + Hex(q, s) for q in range(-r, r + 1) for s in range(-r, r + 1)}
    assert set(got) == {h for h in box if distance(c, h) <= r}


def test_negative_radius_is_refused():
    with pytest.raises(OrdnanceError):
        ring(ORIGIN, -1)
    with pytest.raises(OrdnanceError):
        disk(ORIGIN, -1)


def test_direction_vectors_and_names():
    assert [d.vector for d in Direction] == [
        Hex(0, -1),
        Hex(1, -1),
        Hex(1, 0),
        Hex(0, 1),
        Hex(-1, 1),
        Hex(-1, 0),
    ]
    assert [Direction.from_die(n) for n in range(1, 7)] == list(Direction)
    assert Direction.N.opposite is Direction.S and Direction.NW.cw() is Direction.N
    assert Direction.N.ccw(2) is Direction.SW
    assert Direction.parse("se") is Direction.SE and Direction.parse("5") is Direction.NW
    with pytest.raises(UnknownName):
        Direction.parse("east")
    for bad in (0, 7, -1):
        with pytest.raises(InvalidDice):
            Direction.from_die(bad)


@given(hexes, directions)
def test_neighbour_and_direction_to_agree(h, d):
    n = h.neighbour(d)
    assert h.distance(n) == 1 and h.direction_to(n) is d and n.direction_to(h) is d.opposite
    assert n == h + d == h + d.vector and n - h == d.vector


def test_direction_to_refuses_a_far_hex():
    with pytest.raises(OrdnanceError):
        ORIGIN.direction_to(Hex(2, 0))


@given(hexes)
def test_hex_text_round_trips(h):
    assert parse_hex(str(h)) == h == Hex.parse(f" ({h.q} , {h.r}) ")


@pytest.mark.parametrize("bad", ["", "1", "1,2,3", "a,b", "1;2", "1.5,2", "--1,2"])
def test_parse_hex_refuses_bad_text(bad):
    with pytest.raises(OrdnanceError) as err:
        parse_hex(bad)
    assert err.value.hint and "q,r" in err.value.hint


@given(hexes)
def test_cube_coordinates_sum_to_zero(h):
    assert sum(h.cube) == 0 and Hex.from_cube(*h.cube) == h
    with pytest.raises(OrdnanceError):
        Hex.from_cube(h.q, h.r, h.s + 1)


@given(hexes)
def test_offset_round_trip(h):
    col, row = h.to_offset()
    assert Hex.from_offset(col, row) == h and col == h.q


def test_offset_convention_is_odd_q():
    # flat-top, odd columns shoved half a hex down: in an odd column the hex "below-right"
    # of (col, row) is (col + 1, row + 1); in an even column it is (col + 1, row).
    assert Hex.from_offset(0, 0) + Direction.SE == Hex.from_offset(1, 0)
    assert Hex.from_offset(1, 0) + Direction.SE == Hex.from_offset(2, 1)
    assert Hex.from_offset(3, 5) + Direction.S == Hex.from_offset(3, 6)
    assert Hex.from_offset(-1, 0) + Direction.NE == Hex.from_offset(0, 0)


@given(hexes, hexes, st.integers(0, 5))
def test_rotation_preserves_distance_and_six_turns_is_identity(a, b, k):
    assert a.rotate(k).distance(b.rotate(k)) == a.distance(b)
    assert a.rotate(6) == a and a.rotate(k, center=b).rotate(6 - k, center=b) == a


def test_rotation_is_clockwise():
    assert [Direction.N.vector.rotate(k) for k in range(6)] == [d.vector for d in Direction]


# ---------------------------------------------------------------- hexsides and vertices


@given(near, directions)
def test_hexside_is_canonical(h, d):
    side = Hexside.of(h, d)
    assert side == Hexside.of(h.neighbour(d), d.opposite) == Hexside.between(h.neighbour(d), h)
    assert hash(side) == hash(Hexside.between(h.neighbour(d), h))
    assert side.direction_from(h) is d and side.other(h) == h.neighbour(d)
    assert parse_hexside(str(side)) == side
    # its midpoint is the mean of its two hex centres
    a, b = side.hexes
    assert side.cube6 == tuple(3 * (x + y) for x, y in zip(a.cube, b.cube, strict=True))


@given(near, corner_ix)
def test_vertex_is_canonical_and_shared_by_three_hexes(h, k):
    v = Vertex.of(h, k)
    assert h in v and len(set(v.hexes)) == 3
    for other in v.hexes:
        assert Vertex.of(other, v.corner_of(other)) == v
    assert v.corner_of(h) == k
    assert parse_vertex(str(v)) == v
    # each vertex is the shared end of its three hexsides
    assert all(v in side.vertices for side in v.hexsides)
    assert v.cube6 == tuple(2 * sum(c) for c in zip(*(x.cube for x in v.hexes), strict=True))


def test_corner_numbering():
    # corner 0 lies between the N and NE edges; corner 1 is the east point of a flat-top hex
    assert Vertex.of(ORIGIN, 0).hexes == (Hex(0, -1), ORIGIN, Hex(1, -1))
    assert Vertex.of(ORIGIN, 1).hexes == (ORIGIN, Hex(1, -1), Hex(1, 0))
    assert Hexside.of(ORIGIN, Direction.NE).vertices == (Vertex.of(ORIGIN, 0), Vertex.of(ORIGIN, 1))
    # a hex has 6 distinct corners and 6 distinct hexsides
    assert len({Vertex.of(ORIGIN, k) for k in range(6)}) == 6


def test_hexsides_and_vertices_print_their_sorted_hexes_and_their_kind():
    side = Hexside.between(Hex(1, -1), ORIGIN)
    corner = Vertex.between(Hex(1, -1), ORIGIN, Hex(0, -1))
    assert (str(side), repr(side)) == ("0,0|1,-1", "Hexside(0,0|1,-1)")
    assert (str(corner), repr(corner)) == ("0,-1|0,0|1,-1", "Vertex(0,-1|0,0|1,-1)")
    assert ORIGIN in side and ORIGIN in corner
    assert Hex(0, -1) not in side and Hex(1, 0) not in corner
    assert not hasattr(side, "__dict__") and not hasattr(corner, "__dict__")  # still slotted

    assert len({Hexside.of(ORIGIN, k) for k in range(6)}) == 6


def test_non_adjacent_hexes_have_no_hexside_or_vertex():
    with pytest.raises(OrdnanceError):
        Hexside.between(ORIGIN, Hex(2, -1))
    with pytest.raises(OrdnanceError):
        Vertex.between(ORIGIN, Hex(1, 0), Hex(0, -1))  # SE and N are not adjacent
    with pytest.raises(OrdnanceError):
        parse_vertex("0,0|1,0")


def test_pixel_corners_match_vertex_points():
    for h in (ORIGIN, Hex(2, -1), Hex(-3, 5)):
        for k, (x, y) in enumerate(corners(h, 10.0)):
            vx, vy = pixel(Vertex.of(h, k), 10.0)
            assert abs(x - vx) < 1e-9 and abs(y - vy) < 1e-9
    # north is up on screen (y grows downward), NE is up and to the right
    assert center(Hex(0, -1), 1)[1] < 0 and center(Hex(1, -1), 1)[0] > 0 > center(Hex(1, -1), 1)[1]


# ---------------------------------------------------------------- hand-checked lines


def test_line_two_steps_across_a_hexspine_runs_along_the_hexside():
    """covers ASL-8.41-c: from 0,0 to the hex two steps out across the NE/SE hexspine the
    LOS runs exactly along the hexside between the NE and SE neighbours."""
    ln = line(ORIGIN, Hex(2, -1))
    side = Hexside.between(Hex(1, -1), Hex(1, 0))
    assert ln.along_hexsides == (side,)
    assert ln.steps == (ORIGIN, Vertex.of(ORIGIN, 1), side, Vertex.of(Hex(2, -1), 4), Hex(2, -1))
    # travelling east-north-east on screen, 1,-1 (NE) is on the left, 1,0 (SE) on the right
    assert ln.hexes == (ORIGIN, Hex(1, -1), Hex(1, 0), Hex(2, -1))
    assert ln.runs[0].left == Hex(1, -1) and ln.runs[0].right == Hex(1, 0)
    assert ln.contact(Hex(1, 0)) is Contact.HEXSIDE and ln.contact(ORIGIN) is Contact.INTERIOR
    assert ln.contact(Hex(0, 1)) is None
    assert ln.through_vertices == (Vertex.of(ORIGIN, 1), Vertex.of(Hex(2, -1), 4))
    assert all(p.touched is None for p in ln.vertex_passes)


def test_line_straight_along_a_hexrow_crosses_hexside_midpoints():
    ln = line(ORIGIN, Hex(0, -3))
    assert ln.steps == ln.hexes == (ORIGIN, Hex(0, -1), Hex(0, -2), Hex(0, -3))
    assert not ln.along_hexsides and not ln.through_vertices


def test_line_through_a_vertex_touches_the_third_hex_at_a_point():
    # 0,0 -> 5,-4 passes exactly through the corner shared by 1,-1 / 2,-1 / 2,-2
    # (at one third of the way) and the corner 3,-2 / 3,-3 / 4,-3 (at two thirds)
    ln = line(ORIGIN, Hex(5, -4))
    first, second = (
        Vertex.between(Hex(1, -1), Hex(2, -2), Hex(2, -1)),
        Vertex.between(Hex(3, -2), Hex(3, -3), Hex(4, -3)),
    )
    assert ln.through_vertices == (first, second)
    assert ln.hexes == (ORIGIN, Hex(1, -1), Hex(2, -2), Hex(3, -2), Hex(4, -3), Hex(5, -4))
    p1, p2 = ln.vertex_passes
    assert p1.touched == Hex(2, -1) and p1.side is Side.RIGHT
    assert p2.touched == Hex(3, -3) and p2.side is Side.LEFT
    assert ln.contact(Hex(2, -1)) is Contact.VERTEX and not ln.enters(Hex(2, -1))
    assert ln.touched_hexes == (Hex(2, -1), Hex(3, -3))
    assert len(ln.hexes) == distance(ORIGIN, Hex(5, -4)) + 1


def test_line_to_itself_is_one_hex():
    ln = line(Hex(3, 3), Hex(3, 3))
    assert ln.steps == ln.hexes == (Hex(3, 3),) and not ln.runs and not ln.vertex_passes


def test_line_to_a_vertex_ends_on_that_vertex():
    v = Vertex.of(ORIGIN, 1)
    ln = line(ORIGIN, v)
    assert ln.steps == (ORIGIN, v) and ln.hexes == (ORIGIN,) and ln.through_vertices == ()


@pytest.mark.parametrize(
    ("aim", "adjacent", "first"),
    [
        # (a, b) arc coordinates from the ASL-AMB-7 table
        (((2, 0), (3, 0), (2, 1)), [(1, 0)], (2, 0)),
        (((2, 0), (1, 1), (2, 1)), [(1, 0)], (1, 1)),
        (((1, 1), (2, 1), (1, 2)), [(1, 0), (0, 1)], (1, 1)),
        (((1, 1), (0, 2), (1, 2)), [(0, 1)], (1, 1)),
        (((0, 2), (0, 3), (1, 2)), [(0, 1)], (0, 2)),
    ],
)
@pytest.mark.parametrize("spine", list(Direction))
def test_canister_aim_geometry_of_the_notes(spine, aim, adjacent, first):
    """covers ASL-AMB-7 and ASL-8.41-c: the LOS from the Gun to each of the five aiming
    vertices crosses the adjacent hex(es) the notes list (both hexes, along a hexside,
    for the middle aim) and meets the listed cluster hex first."""
    gun = Hex(2, -3)
    ca = CoveredArc(gun, spine)
    vertex = Vertex.between(*(ca.hex_at(a, b) for a, b in aim))
    assert all(ca.contains(h) and 2 <= ca.range_to(h) <= 3 for h in vertex.hexes)
    ln = line(gun, vertex)
    ring1 = [h for h in ln.hexes if gun.distance(h) == 1]
    assert sorted(ring1) == sorted(ca.hex_at(a, b) for a, b in adjacent)
    assert ln.is_along_hexside == (len(adjacent) == 2)
    cluster_on_line = [h for h in ln.hexes if h in vertex.hexes]
    assert cluster_on_line[0] == ca.hex_at(*first)


# ---------------------------------------------------------------- line properties


@given(hexes, hexes)
def test_line_matches_the_brute_force_oracle(a, b):
    assume(a.distance(b) <= 9)
    _check_against_oracle(a, b)


@given(small, directions, st.integers(min_value=1, max_value=4))
def test_oracle_on_hexspine_lines(a, d, k):
    _check_against_oracle(a, a + d.diagonal * k)


@given(small, small_vertices)
def test_oracle_on_lines_through_a_vertex(a, v):
    b = v.hexes[0] + v.hexes[1] + v.hexes[2] - a * 2  # a + 3 (v - a)
    _check_against_oracle(a, b)


@given(small, small_vertices)
def test_oracle_on_lines_to_a_vertex(a, v):
    _check_against_oracle(a, v)
    _check_against_oracle(v, a)


def _check_against_oracle(a: Hex | Vertex, b: Hex | Vertex) -> None:
    ln = line(a, b)
    crossed, runs, on = oracle(a, b)
    assert list(ln.interior_hexes) == crossed  # the same hexes, in the same order
    assert set(ln.along_hexsides) == runs
    assert set(ln.through_vertices) == on
    assert len(ln.along_hexsides) == len(runs) and len(ln.through_vertices) == len(on)


@given(hexes, hexes)
def test_line_has_at_least_distance_plus_one_hexes(a, b):
    """An exact line enters at least distance + 1 hexes (one more per hexside run).

    It can enter MORE: a line may clip the corner of a hex that a sampled (Red Blob)
    line skips, see ``test_exact_line_clips_a_corner_that_sampling_misses``.
    """
    ln = line(a, b)
    assert ln.hexes[0] == a and ln.hexes[-1] == b
    assert len(ln.hexes) >= a.distance(b) + 1 + len(ln.along_hexsides)


@given(hexes, directions, st.integers(min_value=0, max_value=9))
def test_line_along_a_hexrow_has_exactly_distance_plus_one_hexes(a, d, k):
    ln = line(a, a + d.vector * k)
    assert ln.hexes == tuple(a + d.vector * i for i in range(k + 1)) == ln.steps


@given(hexes, hexes)
def test_sampled_line_hexes_are_all_in_the_exact_line(a, b):
    """Red Blob's line samples distance + 1 points; each sample strictly inside a hex
    must be in a hex the exact line enters (exact rational rounding, no nudge)."""
    n = a.distance(b)
    exact = set(line(a, b).hexes)
    for i in range(n + 1):
        t = Fraction(i, n) if n else Fraction(0)
        point = tuple(x + (y - x) * t for x, y in zip(a.cube, b.cube, strict=True))
        q0, r0 = point[0].__floor__(), point[1].__floor__()
        around = [Hex(q, r) for q in (q0, q0 + 1) for r in (r0, r0 + 1)]
        inside = [h for h in around if _strictly_inside(point, h)]
        assert all(h in exact for h in inside)


def _strictly_inside(point: tuple[Fraction, ...], h: Hex) -> bool:
    return all(abs(p - c) < 1 for p, c in zip(_uvw(point), _uvw(_cube(h)), strict=True))


def test_exact_line_clips_a_corner_that_sampling_misses():
    """0,0 -> 1,3 (distance 4) passes just inside the west corner of 1,1: it enters six
    hexes, not five. (At the height of 1,1's centre the line is 9/14 of a hex radius right
    of the 0,0 column, and the west corner of 1,1 is only 1/2 a radius right of it.)"""
    ln = line(ORIGIN, Hex(1, 3))
    assert ln.hexes == (ORIGIN, Hex(0, 1), Hex(1, 1), Hex(0, 2), Hex(1, 2), Hex(1, 3))
    assert not ln.runs and not ln.vertex_passes


@given(hexes, hexes)
def test_line_reversed_gives_the_same_hexes_backward(a, b):
    fwd, back = line(a, b), line(b, a)
    assert fwd.hexes[::-1] == back.hexes
    assert fwd.steps[::-1] == back.steps
    assert fwd.reversed() == back
    assert [(p.touched, p.side) for p in fwd.vertex_passes[::-1]] == [
        (p.touched, None if p.side is None else Side.LEFT if p.side is Side.RIGHT else Side.RIGHT)
        for p in back.vertex_passes
    ]


@given(near, vertices)
def test_line_to_a_vertex_reversed_is_the_line_from_it(h, v):
    fwd, back = line(h, v), line(v, h)
    assert fwd.steps[::-1] == back.steps and fwd.hexes[::-1] == back.hexes
    assert fwd.steps[-1] == v and v not in fwd.through_vertices


@given(hexes, hexes)
def test_consecutive_line_hexes_are_adjacent(a, b):
    hs = line(a, b).hexes
    assert all(hs[i].distance(hs[i + 1]) == 1 for i in range(len(hs) - 1))
    assert len(set(hs)) == len(hs)


@given(hexes, directions, st.integers(min_value=1, max_value=8))
def test_hexspine_lines_run_along_hexsides(a, d, k):
    """covers ASL-8.41-c: every line along a hexspine runs along k hexsides, through 2k
    vertices, and includes both hexes of each hexside."""
    ln = line(a, a + d.diagonal * k)
    expected_steps: list[object] = []
    left_right: list[Hex] = []
    for i in range(k):
        here = a + d.diagonal * i
        left, right = here + d, here + d.cw()
        expected_steps += [here, Vertex.of(here, d), Hexside.between(left, right)]
        expected_steps += [Vertex.of(left, d.cw())]
        left_right += [here, left, right]
    expected_steps.append(a + d.diagonal * k)
    assert list(ln.steps) == expected_steps
    assert list(ln.hexes) == [*left_right, a + d.diagonal * k]
    assert len(ln.along_hexsides) == k and len(ln.through_vertices) == 2 * k
    for run in ln.runs:
        assert ln.contact(run.left) is Contact.HEXSIDE is ln.contact(run.right)


@given(near, vertices)
def test_lines_through_vertices_are_reported_as_vertices(a, v):
    assume(a not in v)
    b = v.hexes[0] + v.hexes[1] + v.hexes[2] - a * 2  # a + 3 (v - a)
    ln = line(a, b)
    assert v in ln.through_vertices
    assert v in ln.steps
    # every vertex pass touches its untouched hex at a point only
    for p in ln.vertex_passes:
        if p.touched is not None:
            assert p.touched not in ln.hexes and ln.contact(p.touched) is Contact.VERTEX


@given(hexes, hexes, near)
def test_line_is_translation_invariant(a, b, t):
    moved = line(a + t, b + t)
    base = line(a, b)
    assert moved.steps == tuple(s + t for s in base.steps)
    assert moved.hexes == tuple(h + t for h in base.hexes)


@given(hexes, hexes, st.integers(min_value=1, max_value=5))
def test_rotation_by_sixty_degrees_maps_lines_to_lines(a, b, k):
    turned = line(a.rotate(k), b.rotate(k))
    base = line(a, b)
    assert turned.steps == tuple(s.rotate(k) for s in base.steps)
    assert turned.hexes == tuple(h.rotate(k) for h in base.hexes)
    assert [p.side for p in turned.vertex_passes] == [p.side for p in base.vertex_passes]


def _mirror(item):  # top-bottom mirror: (q, r, s) -> (q, s, r); N <-> S
    if isinstance(item, Hex):
        return Hex(item.q, item.s)
    return type(item)(tuple(_mirror(h) for h in item.hexes))


@given(hexes, hexes)
def test_mirror_maps_lines_to_lines_and_swaps_sides(a, b):
    base, mirrored = line(a, b), line(_mirror(a), _mirror(b))
    assert mirrored.steps == tuple(_mirror(s) for s in base.steps)
    assert [(r.left, r.right) for r in mirrored.runs] == [
        (_mirror(r.right), _mirror(r.left)) for r in base.runs
    ]
    assert [p.touched for p in mirrored.vertex_passes] == [
        None if p.touched is None else _mirror(p.touched) for p in base.vertex_passes
    ]
    flip = {Side.LEFT: Side.RIGHT, Side.RIGHT: Side.LEFT, None: None}
    assert [p.side for p in mirrored.vertex_passes] == [flip[p.side] for p in base.vertex_passes]


def test_line_to_dict_is_json_ready():
    data = line(ORIGIN, Hex(5, -4)).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["hexes"][0] == "0,0" and data["touched_hexes"] == ["2,-1", "3,-3"]
    assert data["through_vertices"][0] == {
        "vertex": "1,-1|2,-2|2,-1",
        "touched": "2,-1",
        "side": "right",
    }
    assert data["steps"][1] == {"kind": "hex", "id": "1,-1"}


def test_line_is_a_frozen_value():
    ln = line(ORIGIN, Hex(2, -1))
    assert isinstance(ln, Line) and ln == line(ORIGIN, Hex(2, -1))
    with pytest.raises(AttributeError):
        ln.hexes = ()  # type: ignore[misc]


# ---------------------------------------------------------------- covered arcs


@given(near, st.integers(min_value=1, max_value=6))
def test_six_arcs_cover_every_other_hex(origin, r):
    arcs = CoveredArc.all(origin)
    for h in ring(origin, r):
        holders = [ca for ca in arcs if ca.contains(h)]
        assert 1 <= len(holders) <= 2
        if len(holders) == 2:  # only on the shared boundary row
            assert all(ca.on_boundary(h) for ca in holders)
            assert (holders[0].spine - holders[1].spine) % 6 in (1, 5)
        # inside an arc, the range is a + b
        a, b = holders[0].coords(h)
        assert a + b == r == holders[0].range_to(h)


@given(near, directions, hexes)
def test_arc_coordinates_round_trip(origin, spine, h):
    ca = CoveredArc(origin, spine)
    a, b = ca.coords(h)
    assert ca.hex_at(a, b) == h
    assert ca.contains(h) == (a >= 0 and b >= 0) == (h in ca)


@given(near, directions)
def test_adjacent_arcs_overlap_only_on_their_boundary_row(origin, spine):
    one, two = CoveredArc(origin, spine), CoveredArc(origin, spine.cw())
    far = CoveredArc(origin, spine.cw(2))
    for h in disk(origin, 5):
        if one.contains(h) and two.contains(h):
            assert one.coords(h)[0] == 0 and two.coords(h)[1] == 0  # the row along spine + 1
        if one.contains(h) and far.contains(h):
            assert h == origin


def test_arc_hexes_and_facing():
    ca = CoveredArc(ORIGIN, Direction.N)
    assert ca.hexes(1) == (ORIGIN, Hex(0, -1), Hex(1, -1))
    assert len(ca.hexes(3, min_range=2)) == 3 + 4  # the three range-2 and four range-3 hexes
    assert ca.facing == Vertex.of(ORIGIN, 0) and ca.directions == (Direction.N, Direction.NE)
    assert ca.coords(Hex(2, -3)) == (1, 2) and ca.contains(Hex(2, -3))
    assert not ca.contains(Hex(1, 0)) and not ca.contains(Hex(-1, 0))
