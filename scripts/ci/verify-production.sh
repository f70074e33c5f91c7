#!/usr/bin/env bash
# Proves what the container image does (Dockerfile), without a container engine: in a temporary
# folder, a clean clone of this repository's HEAD is installed, built, pruned of its development
# dependencies and measured (scripts/ci/production-tree-size.mjs), and started as production on a
# fresh PostgreSQL database; then its liveness and readiness (as the container healthcheck and a load
# balancer ask), the public pages and a sign-in are checked. It runs on the node first on the PATH,
# which must be Node.js 24, the Dockerfile's major (CI puts Node 24 first). CI runs it (.ci/run).
#
#   scripts/ci/verify-production.sh [POSTGRES_URL]   default postgres://postgres@127.0.0.1:5432/test
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
server_url="${1:-${CI_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}}"
port="${VERIFY_PORT:-3890}"
work="$(mktemp -d)"
db="verify_$(date +%s)_$$"
pid=''
psql_do() { psql "$server_url" -qAtc "$1" >/dev/null; }
cleanup() {
  local rc=$?
  # The whole process group: npm, its shell and the server under them.
  if [ -n "$pid" ]; then kill -- "-$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  psql_do "drop database if exists $db with (force)" || true
  if [ $rc -ne 0 ] && [ -f "$work/server.log" ]; then echo '--- server log ---'; tail -40 "$work/server.log"; fi
  rm -rf "$work"
  exit $rc
}
trap cleanup EXIT

# The image runs Node.js 24 (Dockerfile): proving it on another major would prove nothing.
node_version="$(node --version)"
case "$node_version" in
  v24.*) echo "== on Node.js $node_version ($(command -v node))" ;;
  *) echo "Node.js 24 is needed, as in the Dockerfile; the node on the PATH is $node_version ($(command -v node))"; exit 1 ;;
esac

echo "== clean clone of $(git -C "$repo" rev-parse --short HEAD)"
git clone -q --no-hardlinks "$repo" "$work/app"
cd "$work/app"
echo '== install (npm ci)'
npm ci --no-audit --no-fund --prefer-offline --loglevel=error
echo '== build'
npm run build --silent >/dev/null
echo '== prune development dependencies'
npm prune --omit=dev --no-audit --no-fund --loglevel=error
for tool in tsx vite esbuild vitest; do
  if [ -e "node_modules/$tool" ]; then echo "development dependency $tool is still installed after pruning"; exit 1; fi
done
echo '== production tree size'
node scripts/ci/production-tree-size.mjs .

echo "== start on PostgreSQL (database $db)"
psql_do "create database $db"
url="${server_url%/*}/$db"
DATABASE_URL="$url" PORT="$port" HOST=127.0.0.1 PUBLIC_URL="http://127.0.0.1:$port" \
  SECRET_KEY='verify-production-secret-key-0123456789abcdef' \
  ADMIN_EMAIL='admin@verify.example' ADMIN_PASSWORD='verify-production-password' \
  MAIL_WORKER=true LOG_LEVEL=warn \
  setsid npm start --silent >"$work/server.log" 2>&1 &
pid=$!
started=$SECONDS
# Liveness first (the container healthcheck: the process answers), then readiness (the database
# answers: what a load balancer waits for).
for probe in live ready; do
  until curl -sf "http://127.0.0.1:$port/api/health/$probe" >/dev/null; do
    if ! kill -0 "$pid" 2>/dev/null; then echo 'the server stopped'; exit 1; fi
    if [ $((SECONDS - started)) -gt 90 ]; then echo "/api/health/$probe did not answer 200 within 90 s"; exit 1; fi
    sleep 0.5
  done
  echo "/api/health/$probe: 200 after $((SECONDS - started)) s"
done
if ps -o args= -s "$pid" | grep -q tsx; then echo 'the server runs through tsx'; exit 1; fi
ps -o args= -s "$pid" | grep -q 'node .*apps/server/dist/server.js' || { echo 'the compiled server is not running'; exit 1; }

echo '== the pages render (the server-render bundle carries the web packages, decision 0103)'
for route in / /services /careers /vision /about /privacy /post /vacatures /vacancy /login /admin; do
  page="$(curl -sf "http://127.0.0.1:$port$route")" || { echo "$route did not answer 200"; exit 1; }
  grep -q '<title>' <<<"$page" || { echo "$route has no title"; exit 1; }
done

echo '== a sign-in'
jar="$work/cookies"
# The XSRF-TOKEN cookie as the browser app gets it (health answers hand out none).
curl -sf -c "$jar" "http://127.0.0.1:$port/config.json" >/dev/null
xsrf="$(awk '$6 == "XSRF-TOKEN" { print $7 }' "$jar")"
answer="$(curl -sf -b "$jar" -H 'Content-Type: application/json' -H "X-XSRF-TOKEN: $xsrf" \
  -d '{"username":"admin@verify.example","password":"verify-production-password"}' "http://127.0.0.1:$port/api/login")"
grep -q '"token"' <<<"$answer" || { echo "sign-in failed: $answer"; exit 1; }
echo "production build verified on Node.js $node_version: install, build, prune, size, start on PostgreSQL, liveness, readiness, pages, sign-in"
