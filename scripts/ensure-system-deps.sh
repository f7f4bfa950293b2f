#!/usr/bin/env bash
# Install the Debian packages the test suite needs, once: Chromium (browser
# tests through Playwright, which may not download its own browser here) and
# PostgreSQL (server tests). Does nothing when they are already installed.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then need+=(postgresql); fi
command -v jq >/dev/null 2>&1 || need+=(jq)
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
echo "installing Debian packages: ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
