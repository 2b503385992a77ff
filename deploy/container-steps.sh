#!/usr/bin/env bash
# The Dockerfile's steps without a container engine, for machines (and CI) that have none:
#   build  the build stage's RUN steps in a clean copy of the checkout (skipped with
#          --reuse-build, which takes the dist/fantasy that `npm run build` made),
#   stage  the run stage's filesystem in a scratch root: the binary at /usr/local/bin, the
#          volume folder owned by the image's user, nothing else writable by it,
#   run    the image's CMD as the image's USER (uid:gid) with exactly the image's ENV (the
#          volume path mapped into the scratch root, the port chosen free), in its WORKDIR,
#   check  the HEALTHCHECK command against it, that the database landed in the volume, and
#          that SIGTERM stops it cleanly.
# ENV, USER, WORKDIR, VOLUME, HEALTHCHECK and CMD are read from the Dockerfile, so the two
# cannot drift apart unnoticed. Needs root for the user switch (setpriv), and curl.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dockerfile="$root/Dockerfile"
reuse_build=false
[ "${1:-}" = "--reuse-build" ] && reuse_build=true

say() { printf 'container-steps: %s\n' "$*"; }
fail() { say "FAILED: $*" >&2; exit 1; }

# the run stage: everything after the last FROM
stage_lines="$(awk '/^FROM /{buf=""} {buf=buf $0 "\n"} END{printf "%s", buf}' "$dockerfile")"
instruction() { printf '%s' "$stage_lines" | sed -n "s/^$1 //p"; }

user="$(instruction USER | tail -1)"
workdir="$(instruction WORKDIR | tail -1)"
volume="$(instruction VOLUME | tail -1)"
healthcheck="$(instruction HEALTHCHECK | sed -n 's/.* CMD //p' | tail -1)"
cmd="$(instruction CMD | tail -1 | tr -d '[]",')"
copy_from="$(instruction 'COPY --from=build' | tail -1)"
binary_in_image="$(printf '%s' "$copy_from" | awk '{print $2}')"
[ -n "$user" ] && [ -n "$volume" ] && [ -n "$healthcheck" ] && [ -n "$cmd" ] && [ -n "$binary_in_image" ] || fail "the Dockerfile lacks USER, VOLUME, HEALTHCHECK, CMD or the binary's COPY"
[ "${user%%:*}" != "0" ] && [ "$user" != "root" ] || fail "the image must not run as root"

scratch="$(mktemp -d -p /tmp fantasy-container-XXXXXX)"
chmod 755 "$scratch"
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill -KILL "$server_pid" 2>/dev/null || true
  rm -rf "$scratch"
}
trap cleanup EXIT

# --- build
if $reuse_build; then
  binary="$root/dist/fantasy"
  [ -x "$binary" ] || fail "dist/fantasy is missing: run npm run build first"
  say "build: reusing $binary"
else
  say "build: npm ci, npm ci --prefix runtime && npm run build in a clean copy"
  mkdir "$scratch/src"
  tar -C "$root" --exclude-from="$root/.dockerignore" -cf - . | tar -C "$scratch/src" -xf -
  (cd "$scratch/src" && npm ci --no-audit --no-fund && npm ci --prefix runtime --no-audit --no-fund && npm run build)
  binary="$scratch/src/dist/fantasy"
fi

# --- stage
image="$scratch/image"
mkdir -p "$image$(dirname "$binary_in_image")" "$image$volume"
cp "$binary" "$image$binary_in_image"
chmod 755 "$image" "$image$binary_in_image"
uid="${user%%:*}"
gid="${user#*:}"
[ "$gid" = "$user" ] && gid="$uid"
if [ "$(id -u)" = "0" ]; then
  chown "$uid:$gid" "$image$volume"
  as_user=(setpriv --reuid="$uid" --regid="$gid" --clear-groups)
else
  say "stage: not root, so the server runs as $(id -un) instead of uid $uid"
  as_user=()
fi

# --- run: the image's ENV only, its volume inside the scratch root, a free port
environment=()
while IFS= read -r pair; do
  [ -z "$pair" ] && continue
  key="${pair%%=*}"
  value="${pair#*=}"
  value="${value//$volume/$image$volume}"
  [ "$key" = "FANTASY_PORT" ] && value=0
  environment+=("$key=$value")
done <<< "$(instruction ENV)"
log="$scratch/serve.log"
# made here, not by the background job's redirect: the first grep below may run before that job does
: > "$log"
(cd "$image${workdir:-/}" && exec "${as_user[@]}" env -i PATH=/usr/bin:/bin "${environment[@]}" "$image$binary_in_image" $cmd) > "$log" 2>&1 &
server_pid=$!
for _ in $(seq 1 300); do
  grep -q 'listening on' "$log" && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$log" >&2; fail "the server exited at start"; }
  sleep 0.1
done
address="$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$log" | head -1)"
[ -n "$address" ] || { cat "$log" >&2; fail "the server printed no address"; }
say "run: $cmd as uid $uid on port $address (image port: $(instruction EXPOSE))"

# --- check
probe="$(printf '%s' "$healthcheck" | sed "s/127\.0\.0\.1:[0-9]*/127.0.0.1:$address/")"
if ! health="$($probe)"; then
  cat "$log" >&2
  fail "the HEALTHCHECK ($probe) failed"
fi
say "check: HEALTHCHECK answered $health"
[ -f "$image$volume/fantasy.db" ] || fail "no database in the volume $volume"
owner="$(stat -c %u "$image$volume/fantasy.db")"
if [ "$(id -u)" = "0" ] && [ "$owner" != "$uid" ]; then fail "the database belongs to uid $owner, not $uid"; fi
kill -TERM "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=""
[ "$status" = "0" ] || { cat "$log" >&2; fail "SIGTERM: exit $status"; }
say "check: the database is in the volume, owned by uid $owner; SIGTERM stopped it with exit 0"
say "ok"
