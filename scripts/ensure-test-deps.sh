#!/usr/bin/env bash
# Installs the system packages the test suite drives for real: Debian's Chromium (browser tests)
# and kcat, whose librdkafka mock cluster is the Kafka endpoint of the broadcast bus tests.
# Runs as the `pretest` step, so `npm test` works on a fresh machine with nothing installed by hand.
# Last, it makes sure the optional @confluentinc/kafka-javascript (KAFKA_CLIENT=confluent) is built.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v kcat >/dev/null 2>&1 || need+=(kcat)
# Fonts with CJK glyphs, so zh-CN overlays render real characters in screenshots.
[ -e /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] || need+=(fonts-noto-cjk)
# A real OBS for the OBS bridge tests (apps/server/src/obs/*.int.spec.ts), started headless under
# Xvfb with software OpenGL by scripts/start-obs.sh. Installed here, not inside a test's timeout;
# with its recommends (OBS needs some of them to start).
obs_need=()
command -v obs >/dev/null 2>&1 || obs_need+=(obs-studio)
command -v Xvfb >/dev/null 2>&1 || obs_need+=(xvfb)
dpkg -s libgl1-mesa-dri >/dev/null 2>&1 || obs_need+=(libgl1-mesa-dri)
# The libraries @confluentinc/kafka-javascript's librdkafka links against when built with
# CKJS_LINKING=dynamic (its static build downloads their sources, which fails offline).
for dev in libssl-dev zlib1g-dev libzstd-dev libsasl2-dev liblz4-dev libcurl4-openssl-dev; do
  dpkg -s "$dev" >/dev/null 2>&1 || need+=("$dev")
done

# npm drops an optional package whose build failed and still succeeds: build it again, from the
# lockfile, once the libraries are there. The lockfile does not change. The workspace build that
# `prepare` runs is skipped there: the first install built it, and `npm test` builds again anyway.
ensure_confluent_client() {
  if node -e "require('@confluentinc/kafka-javascript')" >/dev/null 2>&1; then
    return 0
  fi
  echo "ensure-test-deps: building @confluentinc/kafka-javascript (CKJS_LINKING=dynamic npm install)"
  TABLECAST_SKIP_PREPARE_BUILD=1 CKJS_LINKING=dynamic npm install --no-audit --no-fund
  node -e "require('@confluentinc/kafka-javascript')"
}

if [ ${#need[@]} -eq 0 ] && [ ${#obs_need[@]} -eq 0 ]; then
  ensure_confluent_client
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-test-deps: missing ${need[*]} ${obs_need[*]}; install them with: sudo apt-get install -y ${need[*]} ${obs_need[*]}" >&2
  exit 1
fi
echo "ensure-test-deps: installing ${need[*]} ${obs_need[*]} with apt-get"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
if [ ${#need[@]} -gt 0 ]; then
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
if [ ${#obs_need[@]} -gt 0 ]; then
  apt-get install -y -qq "${obs_need[@]}" >/dev/null
fi
ensure_confluent_client
