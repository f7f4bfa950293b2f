"""The self-contained sections of docs/asl.md run as printed and print what they show
(``scripts/replay_docs.py``): each section's ``$`` commands in order, in a fresh folder.

Only sections whose set-up is all on ``$`` lines are replayed here (the VASL worked
example has its own test, ``test_asl_vasl_example_replays.py``); the others describe
their set-up in prose. ``python scripts/replay_docs.py docs/asl.md`` replays the whole
file in one folder (slower; it reports the prose-set-up sections as missing their game).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.docs.sections import doc_section, drifted
from tests.docs.test_readme_replays import replay_docs

#: Headings of the sections replayed, each up to the next heading of its level or above.
SECTIONS = (
    "## Counter notation: `ordnance asl notation`",
    "## Ammunition Supply Chart: `ordnance asl supply`",
    "## One shot: `ordnance asl shot`",
    "## A scenario: `ordnance asl game ...`",
    "## Odds: `ordnance asl odds ...`",
    "### Worked example: a German 75L against AF 11",
)


@pytest.mark.parametrize("heading", SECTIONS)
def test_the_section_prints_what_it_shows(heading: str, tmp_path: Path) -> None:
    rd = replay_docs()
    steps = rd.read_steps(doc_section(heading))
    assert steps, heading  # the heading still names a section with commands
    bad = drifted(rd, steps, tmp_path, rd.make_env(tmp_path))
    assert not bad, f"docs/asl.md {heading!r} drifted:\n" + "\n".join(map(str, bad))
