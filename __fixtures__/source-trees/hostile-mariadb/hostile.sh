#!/bin/sh
# What a hostile pull request's code tries, wherever it runs (its stage: configure, build, server,
# script). Each attempt prints "ATTEMPT <stage> <name>: succeeded" or "…: failed".
stage=$1
. "$(dirname "$0")/targets.sh" # TRUSTED_DIR HOME_DIR PORT MARKER
report() {
  if [ "$2" -eq 0 ]; then echo "ATTEMPT $stage $1: succeeded"; else echo "ATTEMPT $stage $1: failed"; fi
}
# 1. Poison a trusted build's cache (the directory stands for ~/mysql-perf-gate/trusted/ccache).
echo "$stage" 2>/dev/null >"$TRUSTED_DIR/poisoned-by-$stage"
report write-trusted $?
# 2. Plant something in the runner's home.
echo "$stage" 2>/dev/null >"$HOME_DIR/planted-by-$stage"
report write-home $?
# 3, 4. The action's token and the runner's (from the process's own environment: a shell does
# not keep a name with a hyphen among its variables).
tr '\0' '\n' </proc/$$/environ | grep -q '^INPUT_GITHUB-TOKEN=.'
report read-input-token $?
tr '\0' '\n' </proc/$$/environ | grep -q '^ACTIONS_RUNTIME_TOKEN=.'
report read-runtime-token $?
# 5. The runner's registration.
cat "$HOME_DIR/.credentials" >/dev/null 2>&1
report read-credentials $?
# 6. A service on the host's loopback.
timeout 5 bash -c "exec 3<>/dev/tcp/127.0.0.1/$PORT && printf 'GET /$MARKER/$stage HTTP/1.0\r\n\r\n' >&3 && head -c 1 <&3 >/dev/null" 2>/dev/null
report http-loopback $?
# 7. Code for git to run later, outside: a core.fsmonitor in the checkout's .git/config.
if [ -n "$GIT_DIR_OF_TREE" ]; then
  printf '[core]\n\tfsmonitor = touch %s/fsmonitor-ran-%s\n' "$TRUSTED_DIR" "$stage" 2>/dev/null >>"$GIT_DIR_OF_TREE/config"
  report git-config $?
fi
# 8, 9. A build started from the trusted base's (build --base-build-dir; TRUSTED_DIR is then the
# base's build directory, which the sandbox shows as a private copy at its own path): a file
# beside that directory, through its parent, and an entry in the trusted ccache's store
# (TRUSTED_STORE), which the sandbox shows read-only.
if [ -n "${TRUSTED_STORE:-}" ]; then
  echo "$stage" 2>/dev/null >"$TRUSTED_DIR/../beside-the-base-by-$stage"
  report write-beside-base $?
  { mkdir -p "$TRUSTED_STORE/ff" && echo "$stage" >"$TRUSTED_STORE/ff/manifest-by-$stage"; } 2>/dev/null
  report write-trusted-store $?
fi
# Links where the tool writes or reads next in a directory this code may write (its second
# argument): the build's logs, to write through into the trusted directory; the server's error
# log, to have the runner's credentials copied beside the results. Checked from outside.
# (Configure links both logs and build.json, the build step the install's log; the build's own
# log stays readable. The server's error log only with PLANT_ERROR_LOG=1: its attempts are then
# not in the results.)
case "$stage" in
  configure) links="build.log install.log build.json" ;;
  build) links="install.log" ;;
  *) links= ;;
esac
for log in $links; do ln -sf "$TRUSTED_DIR/written-through-$stage-$log" "$2/$log" 2>/dev/null; done
if [ "$stage" = server ] && [ -n "$2" ] && [ "${PLANT_ERROR_LOG:-0}" = 1 ]; then
  ln -sf "$HOME_DIR/.credentials" "$2/error.log" 2>/dev/null
fi
# 10. A daemon that outlives the job (found from outside by its name).
setsid bash -c "exec -a hostile-daemon-$MARKER-$stage sleep 600" </dev/null >/dev/null 2>&1 &
report daemon $?
exit 0
