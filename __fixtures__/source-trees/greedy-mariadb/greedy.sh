#!/bin/sh
# The build step of greedy-mariadb: what it takes ($1), in the build directory ($2).
case "$1" in
  forkbomb)
    # Every shell starts two more, without end; each also sleeps so that the count only grows.
    bomb() { sleep 613 & bomb & bomb; }
    bomb 2>/dev/null
    sleep 613
    ;;
  memory)
    # tail keeps everything it reads while it waits for a newline that /dev/zero never sends.
    tail /dev/zero
    exit 1
    ;;
  flood)
    # 200 MB of numbered lines, then a failure.
    seq 1 30000000 | sed 's/^/flood line /' | head -c 200000000
    echo 'the last line of the flood'
    exit 1
    ;;
  bigfile)
    head -c 2147483648 /dev/zero >"$2/left-behind.bin"
    ;;
esac
exit 0
