#!/usr/bin/env bash
# Builds the web viewer, a static site (docs/web.md): index.html, its
# scripts, the viewer compiled for GOOS=js GOARCH=wasm (stripped), and Go's
# own wasm_exec.js from the toolchain that built it (so the two always
# match); nothing is fetched from elsewhere at run time. `make web` runs it;
# it also writes viewer.wasm.gz and viewer.wasm.br beside the WASM for hosts
# that serve precompressed files, and prints the sizes a browser transfers.
#
# Usage: scripts/web.sh [DIR]   (default dist/web)
set -euo pipefail
cd "$(dirname "$0")/.."

GO=${GO:-go}
out=${1:-dist/web}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/glidepath-web.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

root=$("$GO" env GOROOT)
execjs=""
for f in "$root/lib/wasm/wasm_exec.js" "$root/misc/wasm/wasm_exec.js"; do
	if [ -f "$f" ]; then execjs=$f; break; fi
done
if [ -z "$execjs" ]; then
	echo "web: no wasm_exec.js in $root/lib/wasm or $root/misc/wasm" >&2
	exit 1
fi

GOOS=js GOARCH=wasm CGO_ENABLED=0 "$GO" build -trimpath -ldflags "-s -w" \
	-o "$tmp/viewer.wasm" ./cmd/viewer
cp "$execjs" "$tmp/wasm_exec.js"
cp cmd/viewer/web/index.html cmd/viewer/web/memfs.js cmd/viewer/web/loader.js "$tmp/"
gzip -9 -k -n "$tmp/viewer.wasm"
if command -v brotli >/dev/null; then brotli -q 11 -k "$tmp/viewer.wasm"; fi

# The site takes the place of the previous one whole.
mkdir -p "$(dirname "$out")"
rm -rf "$out.old"
[ -e "$out" ] && mv "$out" "$out.old"
mv "$tmp" "$out"
chmod 755 "$out"
rm -rf "$out.old"
trap - EXIT

raw=$(stat -c %s "$out/viewer.wasm")
gz=$(stat -c %s "$out/viewer.wasm.gz")
echo "wrote $out/: viewer.wasm $raw bytes, $gz gzipped$( [ -f "$out/viewer.wasm.br" ] && echo ", $(stat -c %s "$out/viewer.wasm.br") brotli")"
