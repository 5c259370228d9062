#!/usr/bin/env bash
# PostgreSQL and Redis for the scale-out tests, the bench and operators trying several processes on one machine.
#
#   scripts/services.sh install installs Debian's postgresql and redis-server when missing (apt-get, as root)
#   scripts/services.sh up      installs them when missing, starts both on 127.0.0.1 with their data in ./.services
#                               (or $SERVICES_DIR), and prints DATABASE_URL=… and REDIS_URL=… (also kept in .services/env)
#   scripts/services.sh down    stops both
#   scripts/services.sh env     prints the two lines of running services (exit 1 when they are not up)
#   scripts/services.sh stop postgres|redis    stops one of them, keeping its port (an outage, for the fault test)
#   scripts/services.sh start postgres|redis   starts it again on the same port
#
# SERVICES_DIR gives a second pair its own folder, ports and data: `npm test` runs the fault test on a pair of its
# own (SERVICES_DIR=.services/faults), which it stops and starts while the other suites use the first pair.
# Idempotent: `up` twice reuses what runs. Several callers at once (test files starting in parallel) are
# serialised by a lock. PostgreSQL runs as the `postgres` system user (it refuses root), with trust
# authentication on loopback only; Redis keeps nothing on disk (the server stores only in PostgreSQL).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIR="${SERVICES_DIR:-$ROOT/.services}"
mkdir -p "$DIR"
DIR="$(cd "$DIR" && pwd)"
ENV_FILE="$DIR/env"

log() { echo "services: $*" >&2; }
die() { echo "services: error: $*" >&2; exit 1; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else die "need root (or sudo) for: $*"; fi
}

pg_bin() {
  local d
  d="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  [ -n "$d" ] && [ -x "$d/initdb" ] && echo "$d"
}

install_missing() {
  local want=()
  [ -n "$(pg_bin)" ] || want+=(postgresql)
  command -v redis-server >/dev/null || want+=(redis-server)
  [ ${#want[@]} -eq 0 ] && return 0
  log "installing ${want[*]} (apt-get)"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${want[@]}" >&2
  [ -n "$(pg_bin)" ] || die "postgresql installed, but no initdb under /usr/lib/postgresql/*/bin"
  command -v redis-server >/dev/null || die "redis-server installed, but not on PATH"
}

# Ports are taken below the kernel's ephemeral range (/proc/sys/net/ipv4/ip_local_port_range: 32768–60999 by
# default). A port in that range can be the local end of any outgoing connection at any moment (the suites open
# thousands), and then PostgreSQL or Redis cannot bind it: neither a first start nor a restart on the same port
# after an outage (the fault test's).
PG_PORT=25432
REDIS_PORT=26379
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
free_port() {
  local p=$1
  while ! port_free "$p"; do p=$((p + 1)); done
  echo "$p"
}

# The postgres user cannot enter a folder only root may traverse (/root/…): then its data lives in its home.
pg_dir() {
  if su postgres -s /bin/sh -c "test -x '$DIR'" 2>/dev/null; then
    echo "$DIR/postgres"
  else
    echo "/var/lib/postgresql/roundtable-$(echo "$DIR" | cksum | cut -d' ' -f1)"
  fi
}

as_pg() { su postgres -s /bin/sh -c "$*"; }

pg_running() {
  local data=$1 bin=$2
  [ -f "$data/PG_VERSION" ] && as_pg "'$bin/pg_ctl' -D '$data' status" >/dev/null 2>&1
}

pg_up() {
  local bin data port
  bin="$(pg_bin)"
  data="$(pg_dir)"
  if pg_running "$data" "$bin"; then
    port="$(cat "$DIR/postgres.port")"
  else
    mkdir -p "$data"
    chown postgres:postgres "$data"
    chmod 700 "$data"
    if [ ! -f "$data/PG_VERSION" ]; then
      log "initdb in $data"
      as_pg "'$bin/initdb' -D '$data' -U postgres --auth-local=trust --auth-host=trust -E UTF8 --locale=C.UTF-8" >"$DIR/postgres-initdb.log" 2>&1 \
        || as_pg "'$bin/initdb' -D '$data' -U postgres --auth-local=trust --auth-host=trust -E UTF8 --locale=C" >"$DIR/postgres-initdb.log" 2>&1 \
        || die "initdb failed (see $DIR/postgres-initdb.log)"
      # Loopback only; enough connections for a few server processes and one database per test file.
      cat >>"$data/postgresql.conf" <<EOF
listen_addresses = '127.0.0.1'
unix_socket_directories = '$data'
max_connections = 300
shared_buffers = 64MB
EOF
    fi
    # The same port as before when it is free (a restart after an outage: clients reconnect to the same URL).
    port="$(cat "$DIR/postgres.port" 2>/dev/null || true)"
    if [ -z "$port" ] || ! port_free "$port"; then port="$(free_port "$PG_PORT")"; fi
    as_pg "'$bin/pg_ctl' -D '$data' -l '$data/server.log' -o '-p $port' -w -t 60 start" >&2 9>&- \
      || die "PostgreSQL did not start (see $data/server.log)"
    echo "$port" >"$DIR/postgres.port"
  fi
  echo "DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
}

redis_running() {
  [ -f "$DIR/redis.port" ] && redis-cli -p "$(cat "$DIR/redis.port")" ping 2>/dev/null | grep -q PONG
}

redis_up() {
  local port
  if redis_running; then
    port="$(cat "$DIR/redis.port")"
  else
    mkdir -p "$DIR/redis"
    port="$(cat "$DIR/redis.port" 2>/dev/null || true)"
    if [ -z "$port" ] || ! port_free "$port"; then port="$(free_port "$REDIS_PORT")"; fi
    redis-server --bind 127.0.0.1 --port "$port" --dir "$DIR/redis" --daemonize yes --pidfile "$DIR/redis/redis.pid" \
      --logfile "$DIR/redis/redis.log" --save "" --appendonly no --protected-mode yes >&2 9>&-
    for _ in $(seq 1 100); do
      redis-cli -p "$port" ping 2>/dev/null | grep -q PONG && break
      sleep 0.05
    done
    redis-cli -p "$port" ping 2>/dev/null | grep -q PONG || die "Redis did not start (see $DIR/redis/redis.log)"
    echo "$port" >"$DIR/redis.port"
  fi
  echo "REDIS_URL=redis://127.0.0.1:$port"
}

up() {
  install_missing
  local pg redis
  pg="$(pg_up)" || exit 1
  redis="$(redis_up)" || exit 1
  printf '%s\n%s\n' "$pg" "$redis" >"$ENV_FILE"
  cat "$ENV_FILE"
}

pg_down() {
  local bin data
  bin="$(pg_bin || true)"
  data="$(pg_dir)"
  if [ -n "$bin" ] && pg_running "$data" "$bin"; then
    as_pg "'$bin/pg_ctl' -D '$data' -m fast -w stop" >&2 || true
  fi
}

redis_down() {
  if redis_running; then redis-cli -p "$(cat "$DIR/redis.port")" shutdown nosave >/dev/null 2>&1 || true; fi
}

down() {
  pg_down
  redis_down
  rm -f "$ENV_FILE"
  log "stopped"
}

# One service of a pair that is up, stopped or started again on its port (the env file stays as it is).
one() {
  local action=$1 which=${2:-}
  [ -f "$ENV_FILE" ] || die "no services up in $DIR"
  case "$action:$which" in
    stop:postgres) pg_down ;;
    stop:redis) redis_down ;;
    start:postgres) pg_up >/dev/null ;;
    start:redis) redis_up >/dev/null ;;
    *) die "usage: scripts/services.sh stop|start postgres|redis" ;;
  esac
}

cmd="${1:-}"
exec 9>"$DIR/lock"
flock 9
case "$cmd" in
  install) install_missing ;;
  up) up ;;
  down) down ;;
  stop | start) one "$cmd" "${2:-}" ;;
  env)
    bin="$(pg_bin || true)"
    if [ -n "$bin" ] && pg_running "$(pg_dir)" "$bin" && redis_running && [ -f "$ENV_FILE" ]; then cat "$ENV_FILE"; else exit 1; fi
    ;;
  *) echo "usage: scripts/services.sh install|up|down|env|stop <service>|start <service>" >&2; exit 2 ;;
esac
