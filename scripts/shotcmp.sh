#!/usr/bin/env bash
# Compares the PNGs two viewer binaries' `viewer shot` writes, pixel for
# pixel, over a list of cases: a change meant to make screenshots faster
# must leave every picture as it was (docs/benchmarks.md). Two PNGs are the
# same picture when their bytes are (cmp), or when their headers and their
# image data inflated are (python3: a PNG compressed at another zlib level,
# its rows filtered alike, as Go's encoder does at every level but none).
#
#   scripts/shotcmp.sh OLD NEW [BIG.jsonl]
#
# Each case is shot at ticks 0, last/7, last/2 and last: the shipped
# recordings, the crowd and jump scenarios, a 300-object synth crowd
# (written by NEW's synth), top-down, two readings side by side, a client
# trace against its scenario, a selection, the follow camera, the viewport
# alone. BIG, when given (a 1000-object, 10-minute synth crowd), is shot at
# tick 9000. Needs xvfb-run. Prints each differing picture and a count;
# exits 1 when any differs or a binary fails, 2 on bad usage.
set -uo pipefail
if [ $# -lt 2 ] || [ ! -x "$1" ] || [ ! -x "$2" ]; then
	echo "usage: scripts/shotcmp.sh OLD_VIEWER NEW_VIEWER [BIG.jsonl]" >&2
	exit 2
fi
old=$1 new=$2 big=${3:-}
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
r=$root/recordings s=$root/assets/scenarios
"$new" synth -objects 300 -minutes 1 -o "$out/s300.jsonl" >/dev/null || exit 1
guid=$(sed -n 's/.*"guid":"\(0x[0-9A-Fa-f]*\)".*/\1/p' "$out/s300.jsonl" | sed -n 5p)
# tag|flags|input
cases=(
	"iso||$r/example.jsonl"
	"iso||$r/transition-corridor.jsonl"
	"iso||$r/transition-ledge.jsonl"
	"iso||$r/ace2823_lag.jsonl"
	"iso||$s/crowd.yaml"
	"iso||$s/jump.yaml"
	"iso||$out/s300.jsonl"
	"top|-camera top-down|$r/example.jsonl"
	"top|-camera top-down|$out/s300.jsonl"
	"top|-camera top-down|$s/crowd.yaml"
	"split|-compare seed,ace -layout split|$r/transition-ledge.jsonl"
	"split|-compare seed,ace -layout split|$out/s300.jsonl"
	"against|-against $r/clients/corner.jsonl|$r/corner.yaml"
	"select|-select $guid|$out/s300.jsonl"
	"track|-select $guid -track|$out/s300.jsonl"
	"viewport|-viewport|$out/s300.jsonl"
)
same=0 differ=0 failed=0
shot() { # binary tick png flags input
	# shellcheck disable=SC2086 # the flags are words
	xvfb-run -a "$1" shot -tick "$2" -o "$3" $4 "$5" >/dev/null 2>&1
}
samepixels() { # a.png b.png: the same header and inflated image data
	python3 - "$1" "$2" <<'PY'
import struct, sys, zlib
def image(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(1)
    i, head, idat = 8, None, []
    while i + 8 <= len(data):
        n, kind = struct.unpack(">I4s", data[i:i + 8])
        body = data[i + 8:i + 8 + n]
        if kind == b"IHDR":
            head = body
        elif kind == b"IDAT":
            idat.append(body)
        i += 12 + n
    return head, zlib.decompress(b"".join(idat))
sys.exit(0 if image(sys.argv[1]) == image(sys.argv[2]) else 1)
PY
}
compare() { # name tick flags input
	local a=$out/old.png b=$out/new.png
	rm -f "$a" "$b"
	if ! shot "$old" "$2" "$a" "$3" "$4" || ! shot "$new" "$2" "$b" "$3" "$4"; then
		echo "FAILED $1 tick $2"
		failed=$((failed + 1))
	elif cmp -s "$a" "$b" || samepixels "$a" "$b"; then
		same=$((same + 1))
	else
		echo "DIFFERS $1 tick $2"
		differ=$((differ + 1))
	fi
}
for c in "${cases[@]}"; do
	IFS='|' read -r tag flags input <<<"$c"
	name="$(basename "$input") $tag"
	# The last tick: a shot past the end says the run's ticks.
	# shellcheck disable=SC2086
	last=$(xvfb-run -a "$new" shot -tick 999999999 -o "$out/x.png" $flags "$input" 2>&1 | sed -n 's/.*ticks 0 to \([0-9]*\).*/\1/p' | head -1)
	if [ -z "$last" ]; then
		echo "FAILED $name: no last tick"
		failed=$((failed + 1))
		continue
	fi
	for t in 0 $((last / 7)) $((last / 2)) "$last"; do
		compare "$name" "$t" "$flags" "$input"
	done
done
if [ -n "$big" ]; then
	compare "$(basename "$big")" 9000 "" "$big"
fi
echo "same $same, differ $differ, failed $failed"
[ "$differ" -eq 0 ] && [ "$failed" -eq 0 ]
