#!/usr/bin/env bash
# Start N bot processes on this machine, sharing the database in DATABASE_URL: process k runs
# shard k of N. Ctrl-C stops them all. For production use the systemd unit (README.md here).
#   DATABASE_URL=postgresql://... DISCORD_TOKEN=... deploy/run-local.sh 2
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-2}"
case "${DATABASE_URL:-}" in
    postgresql://*|postgres://*) ;;
    *) echo "DATABASE_URL must point to PostgreSQL: several processes cannot share one SQLite file." >&2; exit 2 ;;
esac
.venv/bin/python -m db.migrate
pids=()
trap 'kill -INT "${pids[@]}" 2>/dev/null; wait' INT TERM
for ((k = 0; k < n; k++)); do
    SHARD_COUNT="$n" SHARD_IDS="$k" .venv/bin/python bot.py &
    pids+=($!)
done
wait
