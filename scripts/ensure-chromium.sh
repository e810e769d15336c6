#!/usr/bin/env bash
# The e2e tests drive Debian's Chromium. Install it when it is missing (never a downloaded browser).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "Chromium not found at /usr/bin/chromium: installing Debian's package…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y chromium fonts-noto-cjk
