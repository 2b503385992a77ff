#!/bin/sh
# Checks deploy/*.service and *.timer with systemd-analyze verify (Debian's systemd package)
# inside a scratch root holding the paths the units name, so the host needs nothing installed.
# Any line of output is a problem (verify exits 0 on mere warnings). Needs dist/fantasy built.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/usr/local/bin" "$root/etc/fantasy" "$root/etc/systemd/system" "$root/bin" "$root/usr/bin" "$root/lib/systemd"
cp -r /lib/systemd/system "$root/lib/systemd/"
cp "$here/dist/fantasy" "$root/usr/local/bin/fantasy"
cp /bin/sh "$root/bin/sh"
cp /usr/bin/find "$root/usr/bin/find"
: > "$root/etc/fantasy/fantasy.env"
cp "$here"/deploy/*.service "$here"/deploy/*.timer "$root/etc/systemd/system/"
units=$(cd "$here/deploy" && ls *.service *.timer | sed 's|^|/etc/systemd/system/|')
# shellcheck disable=SC2086
out=$(systemd-analyze verify --root="$root" $units 2>&1) || { echo "$out"; exit 1; }
if [ -n "$out" ]; then echo "$out"; exit 1; fi
echo "systemd-analyze verify: $(echo $units | wc -w) units accepted"
systemd-analyze security --offline=yes --root="$root" /etc/systemd/system/fantasy.service 2>/dev/null | tail -1 || true
