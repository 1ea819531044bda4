#!/usr/bin/env bash
# Runs a command against a throwaway Redis (the chat's Socket.IO adapter, decision 0098):
#   bash scripts/with-redis.sh npx vitest run --project integration apps/server/src/modules/chat
# The server lives in a fresh /tmp directory, listens on a free 127.0.0.1 port only, keeps
# nothing on disk (no RDB snapshot, no AOF), and is stopped and deleted on exit.
# TEST_REDIS_URL points at it. The command's exit code is this script's exit code.
# Installs Debian's redis-server when it is missing (as with-postgres.sh does PostgreSQL).
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: bash scripts/with-redis.sh <command> [args...]" >&2
  exit 2
fi

REDIS_BIN="${REDIS_BIN:-$(command -v redis-server || true)}"
if [ -z "$REDIS_BIN" ] || [ ! -x "$REDIS_BIN" ]; then
  echo "with-redis: installing redis-server ..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends redis-server >/dev/null
  REDIS_BIN="$(command -v redis-server)"
fi

REDIS_DIR="$(mktemp -d /tmp/wallet-redis.XXXXXX)"
REDIS_PID=""

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  if [ -n "$REDIS_PID" ] && kill -0 "$REDIS_PID" 2>/dev/null; then
    kill "$REDIS_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do
      kill -0 "$REDIS_PID" 2>/dev/null || break
      sleep 0.1
    done
    kill -9 "$REDIS_PID" 2>/dev/null || true
  fi
  rm -rf "$REDIS_DIR"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# Answers PING within 10 s, or the attempt failed (the port was taken meanwhile: try another).
ping_redis() {
  node -e "
    const s = require('net').connect(Number(process.argv[1]), '127.0.0.1');
    s.on('connect', () => s.write('PING\r\n'));
    s.on('data', (d) => process.exit(String(d).startsWith('+PONG') ? 0 : 1));
    s.on('error', () => process.exit(1));
    setTimeout(() => process.exit(1), 1000);
  " "$1"
}

started=0
for _attempt in 1 2 3; do
  REDIS_PORT="$(free_port)"
  "$REDIS_BIN" --port "$REDIS_PORT" --bind 127.0.0.1 --protected-mode yes \
    --save '' --appendonly no --dir "$REDIS_DIR" --logfile "$REDIS_DIR/redis.log" \
    --daemonize no &
  REDIS_PID=$!
  for _ in $(seq 1 100); do
    if ping_redis "$REDIS_PORT"; then
      started=1
      break
    fi
    kill -0 "$REDIS_PID" 2>/dev/null || break
    sleep 0.1
  done
  [ "$started" -eq 1 ] && break
  kill "$REDIS_PID" 2>/dev/null || true
  wait "$REDIS_PID" 2>/dev/null || true
  REDIS_PID=""
done
if [ "$started" -ne 1 ]; then
  echo "with-redis: redis-server did not start" >&2
  cat "$REDIS_DIR/redis.log" >&2 || true
  exit 1
fi

export TEST_REDIS_URL="redis://127.0.0.1:${REDIS_PORT}"
echo "with-redis: $("$REDIS_BIN" --version | cut -d' ' -f1-3) on 127.0.0.1:${REDIS_PORT} (TEST_REDIS_URL=${TEST_REDIS_URL})" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
