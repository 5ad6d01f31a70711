#!/usr/bin/env bash
# A self-contained copy of the current server build for bench/http-platform-ab.ts:
#
#   bash bench/snapshot-build.sh /tmp/ab/a     # before the change; change, `npx tsc -b tsconfig.json`
#   bash bench/snapshot-build.sh /tmp/ab/b
#   npx tsx bench/http-platform-ab.ts /tmp/ab/a/dist /tmp/ab/b/dist
#
# A plain `cp -r apps/server/dist` shares the libraries: the copy finds @tablecast/* through the
# workspace's node_modules links, i.e. the libs' dist as built NOW, so both arms of an A/B of a
# change in libs/ would run the new code. This copies the libs' dist beside the server's (in the
# snapshot's own node_modules, found first) and links every other package to the workspace's.
set -euo pipefail
out=${1:?usage: snapshot-build.sh <dir>}
root=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$out"
mkdir -p "$out/node_modules/@tablecast"
cp -r "$root/apps/server/dist" "$out/dist"
cp "$root/apps/server/package.json" "$out/package.json" # version.ts reads ../package.json
for entry in "$root"/node_modules/* "$root"/node_modules/.bin; do
  name=$(basename "$entry")
  [ "$name" = "@tablecast" ] || ln -s "$entry" "$out/node_modules/$name"
done
# The server's own dependencies that npm installed under apps/server (scopes merged).
for entry in "$root"/apps/server/node_modules/*; do
  name=$(basename "$entry")
  if [ -d "$out/node_modules/$name" ] && [[ "$name" == @* ]]; then
    rm "$out/node_modules/$name"
    mkdir "$out/node_modules/$name"
    for pkg in "$root/node_modules/$name"/* "$entry"/*; do
      ln -sfn "$pkg" "$out/node_modules/$name/$(basename "$pkg")"
    done
  else
    ln -sfn "$entry" "$out/node_modules/$name"
  fi
done
for lib in "$root"/libs/*/; do
  name=$(basename "$lib")
  [ -d "$lib/dist" ] || continue
  mkdir -p "$out/node_modules/@tablecast/$name"
  cp "$lib/package.json" "$out/node_modules/@tablecast/$name/"
  cp -r "$lib/dist" "$out/node_modules/@tablecast/$name/dist"
  if [ -d "$lib/schemas" ]; then cp -r "$lib/schemas" "$out/node_modules/@tablecast/$name/"; fi
done
echo "$out/dist"
