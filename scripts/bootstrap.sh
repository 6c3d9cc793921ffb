#!/usr/bin/env bash
# Shared set-up for scripts/run and scripts/test: sourced, not run.
# Creates .venv, installs the system libraries Qt needs (when missing and we are root),
# and installs Pacific with the given pip extras at the versions locked in constraints.txt
# (refreshed by scripts/lock). Idempotent and quiet when nothing is missing.
set -euo pipefail

PACIFIC_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PACIFIC_VENV="${PACIFIC_VENV:-$PACIFIC_ROOT/.venv}"
PACIFIC_CONSTRAINTS="$PACIFIC_ROOT/constraints.txt"
PYTHON="${PYTHON:-python3}"

# The Debian packages whose libraries PySide6's Qt (offscreen and xcb platforms) links to,
# plus a font so text renders offscreen. Found with ldd over the wheel's libraries and plugins.
QT_DEBIAN_PACKAGES=(
  libegl1 libgl1 libglib2.0-0 libfontconfig1 libfreetype6 libdbus-1-3
  libxkbcommon0 libxkbcommon-x11-0 libx11-6 libx11-xcb1 libxcb1
  libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-randr0
  libxcb-render0 libxcb-render-util0 libxcb-shape0 libxcb-shm0 libxcb-sync1
  libxcb-xfixes0 libxcb-xkb1 libxcb-glx0 libwayland-client0 libwayland-cursor0
  libwayland-egl1 libgssapi-krb5-2 libpng16-16 fonts-dejavu-core
)

pacific_system_libraries() {
  pacific_debian_packages "system libraries Qt needs" "${QT_DEBIAN_PACKAGES[@]}"
}

# pacific_debian_packages WHY PACKAGE...: installs those of the Debian packages that are missing
# (as root, or through sudo). Does nothing where there is no dpkg: there the user installs them.
pacific_debian_packages() {
  local why="$1"
  shift
  command -v dpkg-query >/dev/null 2>&1 || return 0
  local missing=()
  for pkg in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$pkg")
    fi
  done
  [ "${#missing[@]}" -eq 0 ] && return 0
  echo "pacific: installing $why: ${missing[*]}"
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
      echo "pacific: cannot install ${missing[*]} without root; install them and try again." >&2
      return 1
    fi
  fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

pacific_venv() {
  local extras="$1"
  if [ ! -x "$PACIFIC_VENV/bin/python" ]; then
    echo "pacific: creating virtual environment in $PACIFIC_VENV"
    if ! "$PYTHON" -m venv "$PACIFIC_VENV" 2>/dev/null; then
      # Debian's own python3 ships venv separately; fall back to virtualenv from PyPI.
      rm -rf "$PACIFIC_VENV"
      "$PYTHON" -m pip install -q --user virtualenv
      "$PYTHON" -m virtualenv -q "$PACIFIC_VENV"
    fi
  fi
  # Reinstall only when pyproject.toml or the lock changed since the last install.
  local stamp="$PACIFIC_VENV/.pacific-installed-$extras"
  if [ ! -f "$stamp" ] || [ "$PACIFIC_ROOT/pyproject.toml" -nt "$stamp" ] \
      || [ "$PACIFIC_CONSTRAINTS" -nt "$stamp" ]; then
    echo "pacific: installing Python dependencies ($extras) at the versions in constraints.txt"
    local pip=("$PACIFIC_VENV/bin/python" -m pip install -q -c "$PACIFIC_CONSTRAINTS")
    # pip first, at its locked version: it is the one that knows --build-constraint, which pins
    # setuptools and wheel in the isolated environment that builds Pacific itself.
    "${pip[@]}" pip
    "${pip[@]}" --build-constraint "$PACIFIC_CONSTRAINTS" -e "${PACIFIC_ROOT}[$extras]"
    touch "$stamp"
  fi
}
