#!/usr/bin/env bash
# Cross-builds the viewer for the machines its users have, with no cgo
# (Ebitengine loads the platform's graphics libraries at run time), into
# dist/: one archive per target (.zip for Windows, .tar.gz elsewhere), the
# web viewer's site (scripts/web.sh) as glidepath-VERSION-web.tar.gz, and
# SHA256SUMS over them. `make release` runs it; `scripts/release.sh check`
# only compiles every target (no archives), which is what CI does.
#
# Usage: scripts/release.sh [check]
set -euo pipefail
cd "$(dirname "$0")/.."

GO=${GO:-go}
TARGETS=${TARGETS:-"linux/amd64 windows/amd64 darwin/arm64 darwin/amd64"}
# check also compiles the web viewer (GOOS=js GOARCH=wasm)
CHECK_TARGETS=${CHECK_TARGETS:-"$TARGETS js/wasm"}
mode=${1:-release}
version=$(git describe --tags --always --dirty 2>/dev/null || echo dev)

case "$mode" in
check)
	# Compile every package of the viewer for every target without
	# linking (go build of several packages only checks that they build):
	# a file that only builds on Linux fails here, in a fraction of a
	# release build's time.
	for t in $CHECK_TARGETS; do
		echo "cross-check $t"
		pkgs="./cmd/viewer/ ./ui/... ./engine/... ./physics/... ./interp/... ./assets/..."
		# The web viewer: what the viewer imports (the desktop-only
		# test helpers under ui/... are not part of it).
		[ "$t" = js/wasm ] && pkgs=./cmd/viewer/
		# shellcheck disable=SC2086
		GOOS=${t%/*} GOARCH=${t#*/} CGO_ENABLED=0 "$GO" build $pkgs
	done
	exit 0
	;;
release) ;;
*)
	echo "usage: scripts/release.sh [check]" >&2
	exit 2
	;;
esac

out=dist
rm -rf "$out"
mkdir -p "$out"
for t in $TARGETS; do
	goos=${t%/*} goarch=${t#*/}
	name=glidepath-$version-$goos-$goarch
	dir=$out/$name
	mkdir -p "$dir"
	exe=viewer
	[ "$goos" = windows ] && exe=viewer.exe
	echo "build $t"
	GOOS=$goos GOARCH=$goarch CGO_ENABLED=0 "$GO" build -trimpath \
		-ldflags "-s -w" -o "$dir/$exe" ./cmd/viewer
	cp README.md LICENSE* "$dir/" 2>/dev/null || cp README.md "$dir/"
	cp -r docs "$dir/docs"
	if [ "$goos" = windows ]; then
		(cd "$out" && rm -f "$name.zip" && python3 -c 'import sys,shutil; shutil.make_archive(sys.argv[1], "zip", ".", sys.argv[1])' "$name")
	else
		tar -C "$out" -czf "$out/$name.tar.gz" "$name"
	fi
	rm -rf "$dir"
done
# The web viewer's site (docs/web.md): serve the folder from any static host.
web=glidepath-$version-web
echo "build web"
bash scripts/web.sh "$out/$web"
tar -C "$out" -czf "$out/$web.tar.gz" "$web"
rm -rf "${out:?}/$web"
(cd "$out" && sha256sum -- *.zip *.tar.gz > SHA256SUMS)
echo "wrote $out/:"
cat "$out/SHA256SUMS"
