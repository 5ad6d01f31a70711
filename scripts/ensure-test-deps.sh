#!/usr/bin/env bash
# Installs the system packages the test suite drives for real: Debian's Chromium (browser tests)
# and kcat, whose librdkafka mock cluster is the Kafka endpoint of the broadcast bus tests.
# Runs as the `pretest` step, so `npm test` works on a fresh machine with nothing installed by hand.
set -euo pipefail

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v kcat >/dev/null 2>&1 || need+=(kcat)
# Fonts with CJK glyphs, so zh-CN overlays render real characters in screenshots.
[ -e /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] || need+=(fonts-noto-cjk)

if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-test-deps: missing ${need[*]}; install them with: sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi
echo "ensure-test-deps: installing ${need[*]} with apt-get"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
