#!/usr/bin/env bash
# Runs every fuzz target for a while: `scripts/fuzz.sh 3s` (make test's short
# pass) or `scripts/fuzz.sh 10m` (make fuzz). Go fuzzes one target per
# invocation, so the targets are listed here; a test in the repository
# (engine/fuzzlist_test.go) checks the list is complete.
set -euo pipefail
time=${1:-3s}
targets=(
	"./engine/recording FuzzDecodeUpdatePosition"
	"./engine/recording FuzzRead"
	"./engine/recording FuzzReadLine"
	"./engine/scenario FuzzCompile"
	"./engine/scenario FuzzPrescan"
	"./physics FuzzParseTerrain"
	"./physics FuzzParseObstacles"
	"./physics/anim FuzzParseMotionTable"
	"./interp FuzzPositionManager"
)
for t in "${targets[@]}"; do
	read -r pkg name <<<"$t"
	echo "fuzz $pkg $name for $time"
	go test -run '^$' -fuzz "^${name}\$" -fuzztime "$time" "$pkg" 2>&1 | grep -v '^fuzz: elapsed' || exit 1
done
