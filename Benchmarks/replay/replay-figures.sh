#!/bin/sh
# Peak RSS and speed of `edgeswipe replay` over large recordings (BENCHMARKS.md, issue 22).
# Usage: replay-figures.sh BINARY FILE...   (files from big-recording.py; evemu or libinput record by extension)
# For each file: its events (E: lines, or `- [` event lines), wall time, CPU time (user + system), events per CPU
# second (the host is shared: wall time depends on what else runs, CPU time much less), peak RSS from
# /usr/bin/time -v, the exit status, and the md5 of the JSON output (the same for two builds = the same outputs).
set -eu
binary=$1
shift
for file in "$@"; do
    case $file in
        *.evemu) events=$(grep -c '^E:' "$file") ;;
        *) events=$(grep -c '^ *- \[' "$file") ;;
    esac
    stats=$(mktemp)
    md5=$( { /usr/bin/time -v "$binary" replay --json --size 260x163 "$file" 2>"$stats"; } | md5sum | cut -c1-12)
    awk -v file="$file" -v events="$events" -v md5="$md5" -v load="$(cut -d' ' -f1 /proc/loadavg)" '
        /User time/ { user = $NF } /System time/ { sys = $NF } /Elapsed/ { wall = $NF }
        /Maximum resident/ { rss = $NF } /Exit status/ { status = $NF }
        END { cpu = user + sys; printf "%s events=%d wall=%s cpu=%.2fs events/cpu-s=%.0f peakRSS=%dKB exit=%s md5=%s load=%s\n",
              file, events, wall, cpu, events / cpu, rss, status, md5, load }' "$stats"
    rm -f "$stats"
done
