#!/bin/sh
# coturn's entrypoint in deploy/compose.yaml: the config, the realm and the shared secret
# written into one file that only coturn's user can read, on a tmpfs, and turnserver
# started on it. The secret thus comes from the container's secret file and goes on no
# command line (`ps` shows those) and into no environment (`docker inspect` shows that);
# printf is the shell's own, not a process. Any arguments go on to turnserver.
set -eu
umask 077
config=${TURN_CONFIG:-/etc/coturn/turnserver.conf}
secret_file=${TURN_SECRET_FILE:-/run/secrets/turn_secret}
runtime=${TURN_RUNTIME_CONFIG:-/run/coturn/turnserver.conf}
secret=$(cat "$secret_file")
if [ "${#secret}" -lt 16 ]; then
  echo "turn: the secret in $secret_file must be at least 16 characters" >&2
  exit 1
fi
{
  cat "$config"
  printf 'realm=%s\n' "${FAIRDEAL_DOMAIN:?set FAIRDEAL_DOMAIN}"
  printf 'static-auth-secret=%s\n' "$secret"
} >"$runtime"
exec turnserver -c "$runtime" "$@"
