#!/usr/bin/env bash
# Install kvdtype's build and test dependencies from Debian 12's packages. Idempotent: when
# everything is present it only asks dpkg and returns in well under a second.
set -euo pipefail

packages=(
  cmake g++ make pkg-config git
  libfmt-dev libspdlog-dev libcli11-dev nlohmann-json3-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  python3 python3-dev python3-numpy python3-pytest pybind11-dev
  # YAML (manifests, compose, engine config files; libfyaml parses manifests), the admission
  # webhook's HTTPS server
  libyaml-cpp-dev libfyaml-dev libssl-dev
  # the project configuration (.kvdtype.toml, [tool.kvdtype] in pyproject.toml), header-only
  libtomlplusplus-dev
  # man page and shell completion built and installed by cmake --install (man-db: the test reads the page)
  help2man bash-completion man-db
  # tests: the webhook over TLS and under load, the Python package in a fresh venv, the SARIF
  # schema (python3-rfc3987: without it jsonschema skips the schema's uri formats silently)
  curl openssl wrk python3-venv python3-pip python3-setuptools python3-wheel python3-jsonschema python3-rfc3987
  # the wheel as README shows it (python -m build), the container image (podman build: the image
  # test), the pre-commit hook tried with pre-commit itself, deploy/ and action.yml read as YAML
  python3-build podman pre-commit python3-yaml
  # tests: the support matrix page (docs/matrix.html) opened headless, screenshot and DOM
  chromium
)
# clang and its runtime are needed only for fuzzing (scripts/fuzz.sh, test.sh's fuzz step sets
# KVDTYPE_SETUP_FUZZ=1). Optional: where they cannot be installed, setup still succeeds and the
# callers skip fuzzing (they check for clang++-14 afterwards).
optional=()
if [[ "${KVDTYPE_SETUP_FUZZ:-0}" == 1 ]]; then optional+=(clang-14 libclang-rt-14-dev); fi
# lld links the kvdtype executable with its start code laid out together (tools/kvdtype/
# CMakeLists.txt, start_order.txt); without it ld.bfd links it as before, with a slower start.
optional+=(lld)

missing=() missing_optional=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
for p in "${optional[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing_optional+=("$p")
done
# From npm (tools only): Microsoft's SARIF multitool, whose `validate` checks kvdtype's SARIF
# against the SARIF SDK's rules and GitHub code scanning's ingestion rules (tests/cli/CMakeLists.txt,
# sarif_multitool). A self-contained Linux binary in the package; pinned.
sarif_multitool_version=5.7.0
sarif_multitool_dir=/opt/kvdtype-tools
install_sarif_multitool() {
  [[ -x $sarif_multitool_dir/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool ]] && return 0
  command -v npm >/dev/null || { echo "setup: npm missing; installing Debian's" >&2; $SUDO apt-get update -q >/dev/null; $SUDO apt-get install -y -q --no-install-recommends npm >/dev/null; }
  echo "setup: installing @microsoft/sarif-multitool-linux@$sarif_multitool_version from npm" >&2
  $SUDO npm install --prefix "$sarif_multitool_dir" --no-audit --no-fund --loglevel=error \
    "@microsoft/sarif-multitool-linux@$sarif_multitool_version" >/dev/null
}

if [[ $(id -u) -ne 0 ]]; then SUDO=sudo; else SUDO=; fi
if ((${#missing[@]} + ${#missing_optional[@]} == 0)); then
  install_sarif_multitool
  exit 0
fi

echo "setup: installing ${missing[*]} ${missing_optional[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q >/dev/null
if ((${#missing[@]})); then $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null; fi
if ((${#missing_optional[@]})); then
  $SUDO apt-get install -y -q --no-install-recommends "${missing_optional[@]}" >/dev/null ||
    echo "setup: ${missing_optional[*]} not installable here; fuzzing will be skipped" >&2
fi
install_sarif_multitool
