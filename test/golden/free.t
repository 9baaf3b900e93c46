# free.t - golden tests for free. The machine's memory changes under the
# tests, so they check its shape; a made-up /proc/meminfo, bound over /proc in
# a private mount namespace, gives numbers to check (expected values from
# procps-ng 4.0.2's free on the same file).
usage=$'usage: free [-bkmgh] [-tw]\n'
meminfo='printf "MemTotal:        2048000 kB\nMemFree:         1024000 kB\nMemAvailable:    1536000 kB\nBuffers:           10240 kB\nCached:           204800 kB\nSwapCached:            0 kB\nShmem:              9568 kB\nSReclaimable:      20480 kB\nSwapTotal:       1048576 kB\nSwapFree:         524288 kB\n" >p/meminfo'
header=$'               total        used        free      shared  buff/cache   available\n'
wheader=$'               total        used        free      shared     buffers       cache   available\n'

needs_proc meminfo t 'header' 0 'free | head -n 1' "$header"
needs_proc meminfo t 'rows' 0 'free | awk '\''{ print $1, NF }'\''' $'total 6\nMem: 7\nSwap: 4\n'
needs_proc meminfo t 'columns line up' 0 'free | awk '\''{ print length($0) }'\''' $'80\n80\n44\n'
needs_proc meminfo t 'numbers' 0 'free | awk '\''NR > 1 { for (i = 2; i <= NF; i++) if ($i !~ /^[0-9]+$/) bad++ } END { print bad + 0 }'\''' $'0\n'
needs_proc meminfo t 'total is MemTotal' 0 '[ "$(free | awk '\''NR == 2 { print $2 }'\'')" = "$(awk '\''$1 == "MemTotal:" { print $2 }'\'' /proc/meminfo)" ] && echo same' $'same\n'
needs_proc meminfo t '-m is KiB / 1024' 0 'k=$(free -k | awk '\''NR == 2 { print $2 }'\''); m=$(free -m | awk '\''NR == 2 { print $2 }'\''); [ $((k / 1024)) -eq $m ] && echo ok' $'ok\n'
needs_proc meminfo t '-b is KiB * 1024' 0 'k=$(free | awk '\''NR == 2 { print $2 }'\''); b=$(free -b | awk '\''NR == 2 { print $2 }'\''); [ $((k * 1024)) -eq $b ] && echo ok' $'ok\n'
needs_proc meminfo t '-h shape' 0 'free -h | awk '\''NR > 1 { for (i = 2; i <= NF; i++) if ($i !~ /^[0-9.]+([KMGTPE]i|B)$/) bad++ } END { print bad + 0 }'\''' $'0\n'
needs_proc meminfo t '-w header' 0 'free -w | head -n 1' "$wheader"
needs_proc meminfo t '-w rows' 0 'free -w | awk '\''{ print $1, NF }'\''' $'total 7\nMem: 8\nSwap: 4\n'
needs_proc meminfo t '-t total row' 0 'free -t | awk '\''NR == 4 { print $1, NF }'\''' $'Total: 4\n'
fake_proc 'made-up meminfo' 0 "$meminfo" 'free' "$header"$'Mem:         2048000      512000     1024000        9568      235520     1536000\nSwap:        1048576      524288      524288\n'
fake_proc '-k' 0 "$meminfo" 'free -k' "$header"$'Mem:         2048000      512000     1024000        9568      235520     1536000\nSwap:        1048576      524288      524288\n'
fake_proc '-b' 0 "$meminfo" 'free -b' "$header"$'Mem:      2097152000   524288000  1048576000     9797632   241172480  1572864000\nSwap:     1073741824   536870912   536870912\n'
fake_proc '-m' 0 "$meminfo" 'free -m' "$header"$'Mem:            2000         500        1000           9         230        1500\nSwap:           1024         512         512\n'
fake_proc '-g' 0 "$meminfo" 'free -g' "$header"$'Mem:               1           0           0           0           0           1\nSwap:              1           0           0\n'
fake_proc '-h' 0 "$meminfo" 'free -h' "$header"$'Mem:           2.0Gi       500Mi       1.0Gi       9.3Mi       230Mi       1.5Gi\nSwap:          1.0Gi       512Mi       512Mi\n'
fake_proc '-w' 0 "$meminfo" 'free -w' "$wheader"$'Mem:         2048000      512000     1024000        9568       10240      225280     1536000\nSwap:        1048576      524288      524288\n'
fake_proc '-t' 0 "$meminfo" 'free -t' "$header"$'Mem:         2048000      512000     1024000        9568      235520     1536000\nSwap:        1048576      524288      524288\nTotal:       3096576     1036288     1548288\n'
fake_proc '-ht' 0 "$meminfo" 'free -ht' "$header"$'Mem:           2.0Gi       500Mi       1.0Gi       9.3Mi       230Mi       1.5Gi\nSwap:          1.0Gi       512Mi       512Mi\nTotal:         3.0Gi       1.0Gi       1.5Gi\n'
fake_proc '-h small sizes, MemAvailable past MemTotal' 0 'printf "MemTotal: 999 kB\nMemFree: 0 kB\nMemAvailable: 10230 kB\nShmem: 1 kB\nSwapTotal: 1048575 kB\nSwapFree: 1048575 kB\n" >p/meminfo' 'free -h' "$header"$'Mem:           999Ki       999Ki          0B       1.0Ki          0B          0B\nSwap:          1.0Gi          0B       1.0Gi\n'
fake_proc '-h rounds at 5 characters' 0 'printf "MemTotal: 10230 kB\nMemFree: 10230 kB\nMemAvailable: 10230 kB\nSwapTotal: 1048575 kB\nSwapFree: 0 kB\n" >p/meminfo' 'free -h' "$header"$'Mem:             9Mi          0B         9Mi          0B          0B         9Mi\nSwap:          1.0Gi       1.0Gi          0B\n'
fake_proc 'no MemAvailable' 0 'printf "MemTotal: 1000 kB\nMemFree: 300 kB\nBuffers: 100 kB\nCached: 200 kB\n" >p/meminfo' 'free' "$header"$'Mem:            1000         700         300           0         300         300\nSwap:              0           0           0\n'
fake_proc 'no /proc/meminfo' 1 ':' 'free 2>&1' $'free: /proc/meminfo: No such file or directory\n'
fake_proc 'no MemTotal' 1 'echo junk >p/meminfo' 'free 2>&1' $'free: /proc/meminfo: no MemTotal\n'
fake_proc 'last flag wins' 0 "$meminfo" 'free -h -k | tail -n 1' $'Swap:        1048576      524288      524288\n'
t 'operand' 1 'free x 2>&1' "$usage"
t 'bad option' 1 'free -z 2>&1' $'free: -z: unknown option\n'"$usage"
t '--help' 0 'free --help' "$usage"$'long options: --bytes (-b), --kibi (-k), --mebi (-m), --gibi (-g),\n  --human (-h), --total (-t), --wide (-w)\n'
needs_proc meminfo t 'write error' 1 'free 2>&1 >/dev/full' $'free: write error: No space left on device\n'
