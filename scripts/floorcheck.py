#!/usr/bin/env python3
"""Never through the world (docs/real-sessions.md): for each capture given,
import it, run it (`viewer run -trace`), and check that no body ever goes
more than 2 m below the lowest height the server ever gave it in that cell.

    scripts/floorcheck.py [-viewer PATH] [-limit M] CAPTURE...

The server's heights are the imported recording's: each entity's and
create's position and every position event (UpdatePosition 0xF748, grounded
or not). The body's heights are the trace's state rows (Trace v1: `cell`,
`origin` after each tick). Prints one line per capture — the body that sank
deepest, how far, at which tick and in which cell — and exits 1 if any
capture has a body below the limit, 2 if a command failed.
"""

import json
import os
import subprocess
import sys
import tempfile


def server_lowest(recording):
    """(guid, cell) -> the lowest z the server gave that body in that cell."""
    low = {}

    def see(guid, cell, z):
        k = (guid, cell)
        if k not in low or z < low[k]:
            low[k] = z

    with open(recording) as f:
        header = json.loads(f.readline())
        for e in header.get("entities", []):
            p = e["position"]
            see(e["guid"], p["cell"], p["origin"][2])
        for line in f:
            ev = json.loads(line)
            if ev.get("type") == "create":
                e = ev["entity"]
                p = e["position"]
                see(e["guid"], p["cell"], p["origin"][2])
            elif ev.get("type") == "position" and "origin" in ev:
                see(ev["guid"], ev["cell"], ev["origin"][2])
    return low


def deepest(trace, low):
    """The state row furthest below its body's lowest server height."""
    worst = (0.0, None, None, None)
    with open(trace) as f:
        f.readline()
        for line in f:
            row = json.loads(line)
            if "event" in row or "origin" not in row:
                continue
            k = (row["guid"], row["cell"])
            if k not in low:
                continue
            d = low[k] - row["origin"][2]
            if d > worst[0]:
                worst = (d, row["guid"], row["cell"], row["tick"])
    return worst


def main(argv):
    viewer, limit = "viewer", 2.0
    args = argv[1:]
    while args and args[0].startswith("-"):
        if args[0] == "-viewer" and len(args) > 1:
            viewer, args = args[1], args[2:]
        elif args[0] == "-limit" and len(args) > 1:
            limit, args = float(args[1]), args[2:]
        else:
            print(__doc__, file=sys.stderr)
            return 2
    if not args:
        print(__doc__, file=sys.stderr)
        return 2
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for cap in args:
            rec = os.path.join(tmp, "rec.jsonl")
            trace = os.path.join(tmp, "trace.jsonl")
            for cmd in ([viewer, "import", "-o", rec, cap], [viewer, "run", "-quiet", "-trace", trace, rec]):
                p = subprocess.run(cmd, capture_output=True, text=True)
                if p.returncode != 0:
                    print(f"{cap}: {' '.join(cmd[:2])}: exit {p.returncode}: {p.stderr.strip()}", file=sys.stderr)
                    return 2
            d, guid, cell, tick = deepest(trace, server_lowest(rec))
            verdict = "ok" if d <= limit else "THROUGH THE WORLD"
            if d > limit:
                failed = True
            where = f"{guid} in {cell} at tick {tick}" if guid else "no body below its server height"
            print(f"{os.path.basename(cap)}: deepest {d:.3f} m below the server's lowest ({where}): {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
