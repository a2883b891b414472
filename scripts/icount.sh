#!/bin/bash
# icount.sh: instructions per object-tick of one BenchmarkRun variant, counted
# by valgrind's callgrind — stable to about 1 % on a shared, noisy machine,
# where wall-clock benchmarks vary 2–3× (docs/benchmarks.md).
#
#   scripts/icount.sh TESTBIN BENCH OBJECTS [N1 N2]
#
# TESTBIN is an engine test binary (go test -c -o engine.test ./engine),
# BENCH a -test.bench pattern naming one variant ('Run/objects=100$'),
# OBJECTS its object count. The benchmark runs twice, N1 and N2 ticks after
# the same set-up (default 100 and 600); the difference of the two counts
# over (N2-N1)·OBJECTS object-ticks is the cost of the tick alone.
set -euo pipefail
bin=$1 bench=$2 objects=$3 n1=${4:-100} n2=${5:-600}
cd "$(dirname "$0")/../engine"
count() {
	GOGC=off GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		"$bin" -test.run '^$' -test.bench "$bench" -test.cpu 1 -test.benchtime "${1}x" 2>&1 |
		sed -n 's/.*Collected : //p'
}
a=$(count "$n1")
b=$(count "$n2")
echo "$bench: $(((b - a) / ((n2 - n1) * objects))) instructions/object-tick"
