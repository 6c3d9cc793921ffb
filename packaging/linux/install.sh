#!/bin/sh
# Installs Pacific from this folder for the desktop: the program, the `pacific` command, the
# menu entry, the icon and the saved-game file type (so that double-clicking a .pacific file
# opens it).
#
#   ./install.sh                    for you alone, into ~/.local
#   sudo ./install.sh --prefix /usr/local    for everyone
#   ./install.sh --uninstall [--prefix DIR]  removes what an install put there
#
# Files: PREFIX/lib/pacific/ (the program), PREFIX/bin/pacific (a link to its launcher),
# PREFIX/share/applications/pacific.desktop, PREFIX/share/icons/hicolor/*/apps/pacific.*,
# PREFIX/share/mime/packages/pacific.xml. Nothing else is touched.
set -eu

here="$(dirname "$(readlink -f "$0")")"
prefix="$HOME/.local"
action=install
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || { echo "install.sh: --prefix needs a folder" >&2; exit 2; }
              prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --uninstall) action=uninstall; shift ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
case "$prefix" in
  /*) ;;
  *) prefix="$(pwd)/$prefix" ;;
esac
case "$prefix" in
  # These would need escaping in the desktop entry's Exec line and in sed: refused, not mangled.
  *[\\\"\`\$\|\&]*) echo "install.sh: the folder must not contain \\ \" \` \$ | or &: $prefix" >&2
           exit 2 ;;
esac
share="$prefix/share"
lib="$prefix/lib/pacific"
manifest="$lib/installed-files.txt"

refresh_caches() {
  # Each database is rebuilt only where its tool exists; a desktop without them reads the
  # files directly at its next start.
  if command -v update-mime-database >/dev/null 2>&1 && [ -d "$share/mime/packages" ]; then
    update-mime-database "$share/mime" >/dev/null 2>&1 || true
  fi
  if command -v update-desktop-database >/dev/null 2>&1 && [ -d "$share/applications" ]; then
    update-desktop-database -q "$share/applications" 2>/dev/null || true
  fi
  if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$share/icons/hicolor/index.theme" ]; then
    gtk-update-icon-cache -q -f -t "$share/icons/hicolor" 2>/dev/null || true
  fi
}

if [ "$action" = uninstall ]; then
  if [ ! -f "$manifest" ]; then
    echo "install.sh: Pacific is not installed in $prefix (no $manifest)" >&2
    exit 1
  fi
  while IFS= read -r file; do
    rm -f "$prefix/$file"
  done < "$manifest"
  rm -rf "$lib"
  refresh_caches
  echo "Pacific removed from $prefix."
  exit 0
fi

if [ ! -x "$here/app/pacific" ]; then
  echo "install.sh: run me from the unpacked Pacific folder (no app/pacific beside me)" >&2
  exit 1
fi
mkdir -p "$prefix/bin" "$prefix/lib" "$share/applications" "$share/mime/packages"

# The program: copied beside, then swapped in, so that a failed copy leaves the old one whole.
rm -rf "$lib.new"
mkdir -p "$lib.new"
cp -R "$here/app" "$here/pacific" "$here/install.sh" "$here/README.txt" "$lib.new/"
rm -rf "$lib"
mv "$lib.new" "$lib"
: > "$manifest"
record() { printf '%s\n' "$1" >> "$manifest"; }

ln -sf "$lib/pacific" "$prefix/bin/pacific"
record bin/pacific

# The desktop entry names the installed command by its full path: ~/.local/bin is not on
# every desktop session's PATH. Quoted, for a folder with spaces.
sed -e "s|^Exec=.*|Exec=\"$prefix/bin/pacific\" %f|" \
  "$here/share/applications/pacific.desktop" > "$share/applications/pacific.desktop"
record share/applications/pacific.desktop

cp "$here/share/mime/packages/pacific.xml" "$share/mime/packages/pacific.xml"
record share/mime/packages/pacific.xml

for icon in "$here"/share/icons/hicolor/*/apps/pacific.*; do
  relative="${icon#"$here"/}"
  mkdir -p "$prefix/$(dirname "$relative")"
  cp "$icon" "$prefix/$relative"
  record "$relative"
done

refresh_caches
echo "Pacific installed in $prefix: run 'pacific', or start it from the desktop's menu."
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "($prefix/bin is not on your PATH: the menu entry works anyway.)" ;;
esac
