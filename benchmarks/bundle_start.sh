#!/usr/bin/env bash
# Start-up time of the bundled build (bash packaging/build first), with hyperfine (Debian's
# hyperfine package), beside the same commands run from the source checkout's .venv.
#
#   cold: before each run the kernel's page cache is dropped (needs root; skipped otherwise)
#         and Pacific's geometry cache is emptied: a first start after a reboot or an install
#   warm: the files are in the page cache and the geometry cache is built: a usual start
#
# The GUI figure is `--offscreen --screenshot`: it includes the 0.4 s Pacific waits before it
# grabs the window, and writing the PNG. Usage: bash benchmarks/bundle_start.sh [RUNS]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-5}"
command -v hyperfine >/dev/null || { echo "needs hyperfine (apt-get install hyperfine)" >&2; exit 2; }
folders=("$root"/dist/Pacific-*-linux-*/)
bundle="${folders[0]}pacific"
[ -x "$bundle" ] || { echo "no bundle in $root/dist: run bash packaging/build" >&2; exit 2; }
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
export HOME="$scratch/home" XDG_CONFIG_HOME="$scratch/home/.config" \
  XDG_DATA_HOME="$scratch/home/.local/share" XDG_CACHE_HOME="$scratch/home/.cache" \
  PACIFIC_CACHE_DIR="$scratch/cache"
mkdir -p "$HOME"

drop="rm -rf '$scratch/cache'"
if [ "$(id -u)" -eq 0 ] && [ -w /proc/sys/vm/drop_caches ]; then
  drop="sync; echo 3 > /proc/sys/vm/drop_caches; $drop"
else
  echo "(not root: 'cold' keeps the page cache, only the geometry cache is emptied)"
fi
echo "bundle: $(du -sh "${folders[0]}" | cut -f1) unpacked, $(du -h "${folders[0]%/}.tar.gz" | cut -f1) as .tar.gz"

odds=(odds --attacker "'3 inf'" --defender "'2 inf'" --land)
shot=(--offscreen --screenshot "$scratch/shot.png")
for who in bundle source; do
  if [ "$who" = bundle ]; then bin="$bundle"; else bin="$root/.venv/bin/python -m pacific"; fi
  [ "$who" = source ] && [ ! -x "$root/.venv/bin/python" ] && continue
  echo "== $who: cold"
  hyperfine --style basic --runs "$runs" --prepare "$drop" \
    -n "version" "$bin --version" -n "odds" "$bin ${odds[*]}" -n "GUI" "$bin ${shot[*]}" \
    2>/dev/null | grep -E "^(Benchmark|  Time|  Range)"
  echo "== $who: warm"
  hyperfine --style basic --runs "$runs" --warmup 1 \
    -n "version" "$bin --version" -n "odds" "$bin ${odds[*]}" -n "GUI" "$bin ${shot[*]}" \
    2>/dev/null | grep -E "^(Benchmark|  Time|  Range)"
done
