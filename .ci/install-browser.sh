#!/usr/bin/env bash
# Headless Chromium for the browser tests in tests/report (Debian package). Idempotent: does nothing when
# chromium is already installed.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ] && command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
command -v chromium
