# df.t - golden tests for df. Sizes belong to the machine, so tests check the
# header, the shape of each line and sums. A chroot has no /proc: there df
# finds a file's mount point by climbing, and the listing of all is skipped.
# Blocks are 1K, as GNU and BusyBox count; POSIX's 512 bytes under POSIXLY_CORRECT.
usage=$'usage: df [-ahkPT] [FILE...]\n'
shape='awk '\''NR > 1 { print NF, ($2 ~ /^[0-9]+$/), ($5 ~ /^[0-9]+%$/ || $5 == "-"), ($2 + 0 >= $3 + 0) }'\'''
t 'header' 0 'df . | head -n 1 | tr -s " "' $'Filesystem 1K-blocks Used Available Use% Mounted on\n'
t 'POSIXLY_CORRECT header' 0 'POSIXLY_CORRECT=1 df . | head -n 1 | tr -s " "' $'Filesystem 512-blocks Used Available Use% Mounted on\n'
t 'one line per operand' 0 'mkdir d; df . d | wc -l' $'3\n'
t 'line shape' 0 'df . | '"$shape" $'6 1 1 1\n'
t 'used plus available fit' 0 'df . | awk '\''NR == 2 { print ($3 + $4 <= $2) }'\''' $'1\n'
t 'use% rounds up' 0 'df . | awk '\''NR == 2 { u = $3; a = $4; p = $5; sub("%", "", p); want = (u + a == 0) ? 0 : int((u * 100 + u + a - 1) / (u + a)); print (p == want) }'\''' $'1\n'
t 'mount point is absolute' 0 'df . | awk '\''NR == 2 { print substr($6, 1, 1) }'\''' $'/\n'
t 'file operand' 0 ': >f; [ "$(df f | awk "NR == 2 { print \$1, \$6 }")" = "$(df . | awk "NR == 2 { print \$1, \$6 }")" ] && echo same' $'same\n'
t '-k header' 0 'df -k . | head -n 1 | tr -s " "' $'Filesystem 1K-blocks Used Available Use% Mounted on\n'
t '-k is the default' 0 'a=$(df . | awk "NR == 2 { print \$2 }"); b=$(df -k . | awk "NR == 2 { print \$2 }"); [ $a -eq $b ] && echo same' $'same\n'
t 'POSIXLY_CORRECT, -k halves' 0 'a=$(POSIXLY_CORRECT=1 df . | awk "NR == 2 { print \$2 }"); b=$(POSIXLY_CORRECT=1 df -k . | awk "NR == 2 { print \$2 }"); [ $(( (a + 1) / 2 )) -eq $b ] && echo half' $'half\n'
t '-P header' 0 'df -P . | head -n 1 | tr -s " "' $'Filesystem 1024-blocks Used Available Capacity Mounted on\n'
t 'POSIXLY_CORRECT -P header' 0 'POSIXLY_CORRECT=1 df -P . | head -n 1 | tr -s " "' $'Filesystem 512-blocks Used Available Capacity Mounted on\n'
t '-Pk header' 0 'df -Pk . | head -n 1 | tr -s " "' $'Filesystem 1024-blocks Used Available Capacity Mounted on\n'
t '-P line shape' 0 'df -P . | '"$shape" $'6 1 1 1\n'
t '-h header' 0 'df -h . | head -n 1 | tr -s " "' $'Filesystem Size Used Avail Use% Mounted on\n'
t '-h sizes' 0 'df -h . | awk '\''NR == 2 { print ($2 ~ /^[0-9.]+[KMGTPE]?$/), ($4 ~ /^[0-9.]+[KMGTPE]?$/) }'\''' $'1 1\n'
t '-T header' 0 'df -T . | head -n 1 | tr -s " "' $'Filesystem Type 1K-blocks Used Available Use% Mounted on\n'
t '-T line shape' 0 'df -T . | awk '\''NR == 2 { print NF }'\''' $'7\n'
t 'columns line up' 0 'mkdir d; df . d | awk '\''{ print index($0, " Mounted on") ? length($0) - length("Mounted on") : 0 }'\'' | head -n 1 >w; df . d | awk -v w=$(cat w) '\''NR > 1 { print (substr($0, w + 1, 1) == "/") }'\''' $'1\n1\n'
needs_proc mounts t 'every file system' 0 'df | awk '\''NR > 1 { n++ } END { print (n > 0) }'\''' $'1\n'
needs_proc mounts t 'every file system, shape' 0 'df -P | awk '\''NR > 1 && !($5 ~ /^[0-9]+%$|^-$/) { bad++ } END { print bad + 0 }'\''' $'0\n'
needs_proc mounts t '-a lists more' 0 '[ $(df -a | wc -l) -ge $(df | wc -l) ] && echo more' $'more\n'
needs_proc mounts t 'root is listed' 0 'df / | awk '\''NR == 2 { print $6 }'\''' $'/\n'
t 'missing' 1 'df nope 2>&1' $'df: nope: No such file or directory\n'
t 'missing, carries on' 0 'df nope . 2>&1 | sed -n 1p; df nope . 2>/dev/null | wc -l' $'df: nope: No such file or directory\n2\n'
t 'missing, carries on, status' 1 'df nope . >/dev/null 2>&1' ''
t 'binary name' 0 ': >"$(printf "\001\377")"; df "$(printf "\001\377")" | wc -l' $'2\n'
t 'bad option' 1 'df -z 2>&1' $'df: -z: unknown option\n'"$usage"
t '--help' 0 'df --help' "$usage"
t 'write error' 1 'df . 2>&1 >/dev/full' $'df: write error: No space left on device\n'
unset shape
