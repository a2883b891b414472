#!/bin/bash
# icount.sh: instructions per object-tick of one BenchmarkRun variant, counted
# by valgrind's callgrind — stable on a shared, noisy machine, where
# wall-clock benchmarks vary 2–3× (docs/benchmarks.md).
#
#   scripts/icount.sh [-tick] TESTBIN BENCH OBJECTS [N1 N2]
#
# TESTBIN is an engine test binary (go test -c -o engine.test ./engine, with
# -pgo=$PWD/cmd/viewer/default.pgo to count what the viewer runs), BENCH a
# -test.bench pattern naming one variant ('Run/objects=100$'), OBJECTS its
# object count. The benchmark runs twice, N1 and N2 ticks after the same
# set-up (default 100 and 600); the difference of the two counts over
# (N2-N1)·OBJECTS object-ticks is the cost of the tick alone.
#
# Without -tick the whole program is counted, the Go runtime's own threads
# included (their work grows with wall time: ±30 instructions per
# object-tick between identical runs on a loaded machine). With -tick only
# the tick's two entry points are, Sim.updateObjects and Sim.deliverDue
# (callgrind --toggle-collect; real calls in the PGO binary too): repeated
# runs at the default 100 and 600 ticks agree to ±2 (1143 and 1142 for
# objects=100 with the profile); at 20 and 120 ticks, to about ±15.
set -euo pipefail
toggle=()
if [ "${1:-}" = -tick ]; then
	toggle=('--toggle-collect=glidepath/engine.(*Sim).updateObjects'
		'--toggle-collect=glidepath/engine.(*Sim).deliverDue')
	shift
fi
bin=$1 bench=$2 objects=$3 n1=${4:-100} n2=${5:-600}
cd "$(dirname "$0")/../engine"
count() {
	GOGC=off GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "${toggle[@]}" \
		"$bin" -test.run '^$' -test.bench "$bench" -test.cpu 1 -test.benchtime "${1}x" 2>&1 |
		sed -n 's/.*Collected : //p'
}
a=$(count "$n1")
b=$(count "$n2")
echo "$bench: $(((b - a) / ((n2 - n1) * objects))) instructions/object-tick"
