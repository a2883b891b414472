#!/usr/bin/env bash
# mutate.sh — a by-hand mutation pass over the fidelity behaviours of
# physics/, interp/ and engine/ (docs/readings.md "Mutation pass").
#
# Each line of the mutation list (default scripts/mutations.txt) is
#
#   id @@ packages @@ -run regex @@ file[#n] @@ original line @@ mutated line
#
# The original is compared with each line of the file with its leading
# white space removed; it must match exactly one line (or, with #n, the
# n-th of several). The mutated line keeps that line's indentation. For
# each mutation in turn, a scratch copy of the committed tree (git archive
# HEAD, in a temporary directory) gets that one line changed, `go test
# -count=1 -run REGEX PACKAGES` runs there, and the mutation is reported
# caught (the tests failed) or SURVIVED (they passed). A mutation that does
# not compile counts as caught but is reported as such. The copy is
# restored before the next mutation and removed at the end.
#
# Usage: scripts/mutate.sh [list] [id-regex]     (or: make mutate)
# Exit status: 0 when every mutation was caught, 1 when one survived, 2 for
# a bad list (an original line not found, or found more than once).
set -euo pipefail

root=$(git rev-parse --show-toplevel)
list=${1:-$root/scripts/mutations.txt}
only=${2:-.}
scratch=$(mktemp -d /tmp/glidepath-mutate.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
git -C "$root" archive HEAD | tar -x -C "$scratch"

# mutate FILE N OLD NEW: replace the N-th line (0: the only line) whose
# trimmed text is OLD by NEW with its indentation; prints how many lines
# matched.
mutate() {
	OLD=$3 NEW=$4 N=$2 awk '
		BEGIN { o = ENVIRON["OLD"]; n = ENVIRON["NEW"]; want = ENVIRON["N"] + 0 }
		{
			t = $0; sub(/^[ \t]+/, "", t)
			if (t == o) {
				seen++
				if (want == 0 || seen == want) {
					print substr($0, 1, length($0) - length(t)) n > "/dev/stdout"
					next
				}
			}
			print
		}
		END { print seen + 0 > "/dev/stderr" }
	' "$1" >"$1.mut" 2>"$1.count"
	mv "$1.mut" "$1"
	cat "$1.count"
	rm -f "$1.count"
}

caught=0 survived=0 lineno=0
printf '%-28s %-10s %s\n' "mutation" "result" "tests"
while IFS= read -r line || [ -n "$line" ]; do
	lineno=$((lineno + 1))
	case $line in '' | '#'*) continue ;; esac
	IFS=$'\x1f' read -r id pkgs run file old new <<<"${line//' @@ '/$'\x1f'}"
	[[ $id =~ $only ]] || continue
	n=0
	if [[ $file == *'#'* ]]; then n=${file#*#}; file=${file%%#*}; fi
	src=$scratch/$file
	if [ ! -f "$src" ]; then
		echo "$list:$lineno: file: no $file" >&2; exit 2
	fi
	cp "$src" "$src.orig"
	count=$(mutate "$src" "$n" "$old" "$new")
	if { [ "$n" = 0 ] && [ "$count" != 1 ]; } || [ "$count" -lt "${n/#0/1}" ]; then
		mv "$src.orig" "$src"
		echo "$list:$lineno: original: $count lines of $file match \"$old\"" >&2
		exit 2
	fi
	# shellcheck disable=SC2086
	out=$(cd "$scratch" && go test -count=1 -run "$run" ${pkgs//,/ } 2>&1) && rc=0 || rc=$?
	mv "$src.orig" "$src"
	if [ $rc -eq 0 ]; then
		survived=$((survived + 1))
		printf '%-28s %-10s %s\n' "$id" "SURVIVED" "$pkgs -run '$run'"
	else
		caught=$((caught + 1))
		how=$(grep -m1 -oE '^--- FAIL: [A-Za-z0-9_]+' <<<"$out" | sed 's/--- FAIL: //' || true)
		if [ -z "$how" ]; then
			how=$(grep -q 'build failed\|setup failed' <<<"$out" && echo "(does not compile)" || echo "(failed)")
		fi
		printf '%-28s %-10s %s\n' "$id" "caught" "$how"
	fi
done <"$list"
echo "caught $caught, survived $survived"
[ $survived -eq 0 ]
