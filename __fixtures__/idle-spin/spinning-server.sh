#!/bin/sh
# A head whose idle server burns CPU: the real mariadbd, and beside the server it runs (not its
# --version nor its bootstrap) busy loops, four per CPU, whenever the server is idle (spin.py). The
# test copies this file as `mariadbd` beside spin.py, with @REAL@ replaced by the real server.
case " $* " in
*" --bootstrap"*) ;;
*" --defaults-file="*) python3 "$(dirname "$0")/spin.py" $$ ;;
esac
exec @REAL@ "$@"
