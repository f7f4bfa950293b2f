"""The table page's first load in a real browser (Chromium, Playwright), cold and warm.

For each journal length (``--sizes``, default 1,000 and 20,000 events: a
Tide of Iron game played by the load test's players and bulk-inserted, see
:mod:`ordnance.bench.journal`), one table server process is started on the
journal and a seat's link is opened in headless Chromium:

* ``server_cold_ms``: the very first load, a fresh server process (its state
  cache empty) and a fresh browser context (empty HTTP cache, no dice chain
  in its storage, so the page also publishes an anchor);
* ``cold_ms``: a fresh browser context each time (median of ``--repeat``),
  the server warm;
* ``warm_ms``: a reload in the same context (HTTP cache and storage kept).

The time is from the navigation's start to the moment the page has shown the
table and checked its dice (``static/table/main.js`` sets ``body[data-version]`` at the
end of its first refresh), taken in the page by a ``MutationObserver``; the
bytes are the navigation's and every resource's ``transferSize`` up to then
(the live stream not counted). Prints one JSON line.

    python scripts/bench_first_load.py --sizes 1000
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tablebench import start

from ordnance.bench import journal

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]

#: Records when the first refresh is done (``body[data-version]`` set), in page time.
OBSERVE = """
window.__shown = null;
new MutationObserver((_m, obs) => {
  if (document.body && document.body.dataset.version !== undefined && window.__shown === null) {
    window.__shown = performance.now();
    obs.disconnect();
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-version"]});
"""

MEASURE = """
() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const shown = window.__shown;
  const res = performance.getEntriesByType("resource")
    .filter((r) => r.startTime <= shown && !r.name.includes("/events?"));
  const bytes = (nav ? nav.transferSize : 0) + res.reduce((n, r) => n + r.transferSize, 0);
  const path = (u) => { const a = new URL(u); return a.pathname + a.search; };
  const timeline = [nav, ...res].filter(Boolean).map((r) => ({
    path: path(r.name), start: Math.round(r.startTime), end: Math.round(r.responseEnd),
    bytes: r.transferSize, status: r.responseStatus || null,
  }));
  return {ms: shown, bytes: bytes, requests: res.length + 1, timeline: timeline};
}
"""


def load(page: Any, url: str, reload: bool = False) -> dict[str, Any]:
    if reload:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_function("() => window.__shown !== null", timeout=120_000)
    out: dict[str, Any] = page.evaluate(MEASURE)
    return out


def show(label: str, load: dict[str, Any]) -> None:
    """Print one load's requests (start and end in ms from the navigation's start)."""
    print(f"-- {label}: shown at {load['ms']:.0f} ms", file=sys.stderr)
    for r in sorted(load["timeline"], key=lambda r: r["start"]):
        print(
            f"  {r['start']:6d} {r['end']:6d} {r['bytes']:8d} B  {r['status'] or '':>3} {r['path'][:90]}",
            file=sys.stderr,
        )


def measure(
    browser: Any, base: str, gid: str, token: str, repeat: int, timeline: bool = False
) -> dict[str, Any]:
    url = f"{base}/t/{gid}#seat={token}"

    def fresh() -> Any:
        context = browser.new_context()
        context.add_init_script(OBSERVE)
        return context

    first_context = fresh()
    first = load(first_context.new_page(), url)
    first_context.close()
    cold, warm = [], []
    for _ in range(repeat):
        context = fresh()
        page = context.new_page()
        cold.append(load(page, url))
        warm.append(load(page, url, reload=True))
        context.close()
    if timeline:
        show("fresh server", first)
        show("cold", cold[0])
        show("warm", warm[0])
    return {
        "server_cold_ms": round(first["ms"], 1),
        "cold_ms": round(statistics.median(r["ms"] for r in cold), 1),
        "warm_ms": round(statistics.median(r["ms"] for r in warm), 1),
        "cold_kb": round(statistics.median(r["bytes"] for r in cold) / 1024, 1),
        "warm_kb": round(statistics.median(r["bytes"] for r in warm) / 1024, 1),
        "cold_requests": statistics.median(r["requests"] for r in cold),
        # when the seat's first read (POST /since, sent by the inline static/first.js)
        # started and ended, cold: what is left after it is the page's own work
        "cold_since_start_ms": statistics.median(_since(r)[0] for r in cold),
        "cold_since_end_ms": statistics.median(_since(r)[1] for r in cold),
    }


def _since(load: dict[str, Any]) -> tuple[int, int]:
    """Start and end (ms from the navigation's start) of a load's first ``/since``."""
    reads = [r for r in load["timeline"] if r["path"].split("?")[0].endswith("/since")]
    first = min(reads, key=lambda r: r["start"]) if reads else {"start": -1, "end": -1}
    return int(first["start"]), int(first["end"])


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--sizes", default="1000,20000", help="journal lengths, comma-separated")
    ap.add_argument("--repeat", type=int, default=3, help="cold and warm loads per size")
    ap.add_argument(
        "--timeline",
        action="store_true",
        help="print each load's requests, start and end (to stderr)",
    )
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    out: dict[str, Any] = {"load_average_before": round(os.getloadavg()[0], 2)}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            for size in (int(s) for s in args.sizes.split(",")):
                db = f"{tmp}/first-load-{size}.db"
                gid, tokens = journal.build(db, size)
                proc, base = start("table", db)
                try:
                    out[str(size)] = measure(
                        browser, base, gid, tokens["german"], args.repeat, args.timeline
                    )
                finally:
                    proc.terminate()
                    proc.wait(timeout=30)
        finally:
            browser.close()
    out["load_average_after"] = round(os.getloadavg()[0], 2)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
