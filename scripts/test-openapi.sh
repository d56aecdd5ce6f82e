#!/usr/bin/env bash
# The OpenAPI document (`GET /api/openapi.json`, written from crates/oware-server/src/http/routes.rs)
# checked by an outside validator: installs openapi-spec-validator from the package index into a
# virtual environment and runs the test `openapi` with it (docs/web.md, "Every route's types").
#
#   scripts/test-openapi.sh            # venv under $CARGO_TARGET_DIR or target/, kept for reuse
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
target="${CARGO_TARGET_DIR:-$repo/target}"
venv="${OWARE_OPENAPI_VENV:-$target/openapi-venv}"
python="${PYTHON:-python3}"
# shellcheck source=scripts/net.sh
source "$repo/scripts/net.sh"

if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
pip_install "$venv" --quiet "openapi-spec-validator>=0.7,<1"

cd "$repo"
OWARE_OPENAPI_PYTHON="$venv/bin/python" cargo test --quiet -p oware-server --test openapi
