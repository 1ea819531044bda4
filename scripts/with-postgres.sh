#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL 15 cluster:
#   bash scripts/with-postgres.sh npm test
# The cluster lives in a fresh /tmp directory, listens on a free 127.0.0.1 port with its own
# socket directory, runs as the `postgres` user when we are root (PostgreSQL refuses
# root), and is stopped and deleted on exit. TEST_DATABASE_URL points at an empty
# database `wallet_test` (the postgres role is a superuser, so tests may create more).
# The command's exit code is this script's exit code.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: bash scripts/with-postgres.sh <command> [args...]" >&2
  exit 2
fi

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
if [ ! -x "$PG_BIN/initdb" ]; then
  echo "with-postgres: installing postgresql-15 ..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null
fi

# Run PostgreSQL's own programs as `postgres` when we are root, else as ourselves.
as_pg() {
  if [ "$(id -u)" -eq 0 ]; then
    if command -v runuser >/dev/null 2>&1; then
      runuser -u postgres -- "$@"
    else
      su postgres -s /bin/sh -c "$(printf '%q ' "$@")"
    fi
  else
    "$@"
  fi
}

PG_DIR="$(mktemp -d /tmp/wallet-pg.XXXXXX)"
if [ "$(id -u)" -eq 0 ]; then chown postgres:postgres "$PG_DIR"; fi
chmod 700 "$PG_DIR"

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  if [ -f "$PG_DIR/data/postmaster.pid" ]; then
    as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$PG_DIR"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

as_pg "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres --auth=trust --encoding=UTF8 \
  --locale=C.UTF-8 >"$PG_DIR/initdb.log" 2>&1 || {
  cat "$PG_DIR/initdb.log" >&2
  exit 1
}
mkdir -p "$PG_DIR/socket"
if [ "$(id -u)" -eq 0 ]; then chown postgres:postgres "$PG_DIR/socket"; fi

# fsync off: the cluster is thrown away, and durability of the machine is not under test.
started=0
for _attempt in 1 2 3; do
  PG_PORT="$(free_port)"
  if as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 \
    -o "-p $PG_PORT -k $PG_DIR/socket -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null; then
    started=1
    break
  fi
done
if [ "$started" -ne 1 ]; then
  echo "with-postgres: PostgreSQL did not start" >&2
  cat "$PG_DIR/server.log" >&2 || true
  exit 1
fi

as_pg "$PG_BIN/createdb" -h "$PG_DIR/socket" -p "$PG_PORT" -U postgres wallet_test

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:${PG_PORT}/wallet_test"
export PGHOST="$PG_DIR/socket" PGPORT="$PG_PORT"
echo "with-postgres: PostgreSQL 15 on 127.0.0.1:${PG_PORT} (TEST_DATABASE_URL=${TEST_DATABASE_URL})" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
