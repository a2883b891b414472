#!/usr/bin/env bash
# Runs every fuzz target: `scripts/fuzz.sh short` (make test: a fixed number
# of executions per target, a second or two each) or `scripts/fuzz.sh 10m`
# (make fuzz: that long per target). Go fuzzes one target per run, so the
# targets are listed here; engine/fuzzlist_test.go checks the list is
# complete.
#
# Each package's instrumented test binary is built once (go test -c -fuzz)
# and run for each of its targets, from the package's folder and with the
# fuzz cache go test itself would use (-test.fuzzcachedir): what go test
# -fuzz does per target, less its own package loading, vet and link, which
# were most of a short pass's time (docs/testing.md, "Fuzzing").
#
# The short pass counts executions (-fuzztime Nx) rather than time: Go 1.26's
# fuzz coordinator can report a spurious "context deadline exceeded" when a
# -fuzztime duration ends while a worker is busy (go.dev/issue/75804, fixed
# in Go 1.27), which a loaded CI machine hits. Long runs use a duration and
# treat that message as a failure only when Go wrote a failing input.
set -uo pipefail
mode=${1:-short}
# package, target, executions in the short pass
targets=(
	"./engine/recording FuzzDecodeUpdatePosition 20000"
	"./engine/recording FuzzRead 4000"
	"./engine/recording FuzzReadLine 4000"
	"./engine/recording FuzzFixedEvent 4000"
	"./engine/clienttrace FuzzRead 4000"
	"./engine/clienttrace FuzzFixedRow 4000"
	"./engine/clienttrace FuzzFixedCache 4000"
	"./internal/jsonnum FuzzReaders 20000"
	"./engine/hexid FuzzParse 20000"
	"./engine/bookmarks FuzzLoad 1000"
	"./engine/filter FuzzParse 3000"
	"./internal/whatifcmd FuzzCondFlag 3000"
	"./engine/whatif FuzzSetReading 3000"
	"./engine/scenario FuzzCompile 150"
	"./engine/scenario FuzzPrescan 150"
	"./engine/terrainjson FuzzParseTerrain 4000"
	"./engine/terrainjson FuzzParseObstacles 4000"
	"./physics/anim FuzzParseMotionTable 3000"
	"./interp FuzzPositionManager 2000"
	"./interp FuzzMoveToManager 2000"
	"./engine/capture FuzzReader 1000"
	"./engine/capture FuzzDatagramJSONL 1000"
	"./engine/wordpack FuzzUnpackWords 4000"
	"./engine FuzzLoadObjectWords 4000"
	"./assets/dat FuzzOpen 2000"
	"./assets/dat FuzzRegion 2000"
	"./assets/dat FuzzLandBlock 2000"
	"./assets/dat FuzzLandBlockInfo 2000"
	"./assets/dat FuzzSetup 2000"
	"./assets/dat FuzzMotionTable 2000"
	"./assets/dat FuzzAnimation 2000"
	"./assets/dat FuzzGfxObj 2000"
	"./assets/dat FuzzEnvironment 2000"
	"./assets/dat FuzzEnvCell 2000"
	"./engine/loader FuzzOpenReader 2000"
	"./internal/conformcmd FuzzParseManifest 3000"
	"./internal/packzip FuzzOpen 2000"
)
# FUZZ_TESTED (Makefile; short pass only): packages whose tests, every
# Test… and each target's seed corpus, the pass runs in their instrumented
# binary before fuzzing, with go test's flags, and that make test's
# test-plain then leaves out: compiling and linking each package's test
# binary once more without the instrumentation was more CPU than their
# tests take (docs/testing.md, "Fuzzing").
tested=" ${FUZZ_TESTED:-} "
GO=${GO:-go}
# Linked without DWARF, as make test links every test binary (Makefile
# TEST_LDFLAGS): the link is the most of a build whose packages are cached.
# -vet=off, as every go test of make test: make vet runs every analyzer go
# test's vet pass would over the same packages and their tests, and the
# instrumented build's vet pass could reuse none of its results (the
# packages it reads are compiled with the fuzzer's instrumentation).
ldflags=${TEST_LDFLAGS:--w}
# The module's packages compiled without DWARF, as make test compiles them
# (Makefile TEST_GCFLAGS).
gcflags=${TEST_GCFLAGS:-glidepath/...=-dwarf=false}
bins=$(mktemp -d "${TMPDIR:-/tmp}/glidepath-fuzz.XXXXXX")
trap 'rm -rf "$bins"' EXIT
fuzzcache=$("$GO" env GOCACHE)/fuzz/$("$GO" list -m)
failed=0
built=""
# since is the wall seconds from start (date +%s.%N) to now: each build,
# each package's tests and each target's run say what they took, so that
# the lane's costs can be read from its output (docs/testing.md).
since() { echo "$1 $(date +%s.%N)" | awk '{printf "%.3f", $2-$1}'; }
for t in "${targets[@]}"; do
	read -r pkg name count <<<"$t"
	fuzztime=$mode
	if [ "$mode" = short ]; then
		fuzztime=${count}x
	fi
	bin=$bins/$(echo "${pkg#./}" | tr / _).test
	if [[ " $built " != *" $pkg "* ]]; then
		built="$built $pkg"
		echo "build $pkg (instrumented for fuzzing)"
		start=$(date +%s.%N)
		if ! "$GO" test -c -fuzz=. -ldflags="$ldflags" -gcflags="$gcflags" -vet=off -o "$bin" "$pkg"; then
			failed=1
			continue
		fi
		echo "built $pkg	$(since "$start")s"
	fi
	[ -x "$bin" ] || { failed=1; continue; }
	if [ "$mode" = short ] && [[ "$tested" == *" $pkg "* ]]; then
		tested=${tested/ $pkg / }
		start=$(date +%s.%N)
		out=$(cd "$pkg" && "$bin" -test.paniconexit0 -test.timeout=30m 2>&1)
		status=$?
		secs=$(since "$start")
		if [ $status -ne 0 ]; then
			echo "$out"
			echo "FAIL	$pkg (tests, in its instrumented binary)	${secs}s"
			failed=1
		else
			echo "ok  	$pkg (tests, in its instrumented binary)	${secs}s"
		fi
	fi
	echo "fuzz $pkg $name ($fuzztime)"
	start=$(date +%s.%N)
	out=$(cd "$pkg" && "$bin" -test.run='^$' -test.fuzz="^${name}\$" -test.fuzztime="$fuzztime" \
		-test.fuzzcachedir="$fuzzcache/${pkg#./}" -test.paniconexit0 2>&1)
	status=$?
	echo "$out" | grep -v '^fuzz: elapsed' | tail -n 20
	echo "fuzzed $pkg $name	$(since "$start")s"
	if [ $status -ne 0 ]; then
		echo "FAIL: fuzz $pkg $name (exit status $status)"
		if [ "$mode" != short ] && grep -q 'context deadline exceeded' <<<"$out" && ! grep -q 'Failing input written' <<<"$out"; then
			echo "fuzz: $name: the fuzz coordinator's deadline race (go.dev/issue/75804), no failing input: not a failure"
			continue
		fi
		failed=1
	fi
done
if [ "$mode" = short ] && [ -n "${tested// /}" ]; then
	echo "FAIL: FUZZ_TESTED: the tests of$tested did not run (no fuzz target listed here, or its build failed)"
	failed=1
fi
exit $failed
