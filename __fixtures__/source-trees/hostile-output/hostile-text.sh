#!/bin/sh
# What hostile code prints, at stage $1: a compiler's error line with escape sequences in it, lines
# a GitHub runner would obey as workflow commands (at a line start, indented, after a bare carriage
# return, the older ##[…] form mid-line, one that stops command processing), and control
# characters of every kind (CSI, OSC, C1, BEL, DEL, NUL). The data of every command starts with
# HOSTILE, so a test tells them from the tool's own. Exits 1.
stage=${1:-unknown}
printf 'sql/hostile.c:3:5: error: expected \047;\047 \033[31mHOSTILE-%s-message\033]0;HOSTILE-title\007 \302\233 ::error::HOSTILE-%s-inline\n' "$stage" "$stage"
printf '::error::HOSTILE-%s-error\n' "$stage"
printf '  ::set-output name=verdict::HOSTILE-%s-output\n' "$stage"
printf '::add-mask::HOSTILE-%s-mask\n' "$stage"
printf 'progress 10%%\r::warning::HOSTILE-%s-after-cr\n' "$stage"
printf 'note ##[set-output name=verdict;]HOSTILE-%s-v1\n' "$stage"
printf '::stop-commands::HOSTILE-%s-stop\n' "$stage"
printf 'bell\007 del\177 nul\000 c1\302\2330m csi\033[2J\033[H end of HOSTILE-%s\n' "$stage"
exit 1
