# mkfifo.t - golden tests for mkfifo (results checked with stat)
usage=$'usage: mkfifo [-m MODE] FILE...\n'
t 'one' 0 'mkfifo p && stat -c "%F %a" p' $'fifo 644\n'
t 'several' 0 'mkfifo a b c && stat -c "%F %n" a b c' $'fifo a\nfifo b\nfifo c\n'
t 'umask applies' 0 'umask 077; mkfifo p && stat -c %a p' $'600\n'
t 'works as a pipe' 0 'mkfifo p; echo through >p & cat p; wait' $'through\n'
t 'exists' 1 'mkfifo p; mkfifo p 2>&1' $'mkfifo: p: File exists\n'
t 'file in the way' 1 ': >f; mkfifo f 2>&1' $'mkfifo: f: File exists\n'
t 'missing directory' 1 'mkfifo d/p 2>&1' $'mkfifo: d/p: No such file or directory\n'
t 'error carries on' 1 'mkfifo d/p q 2>&1; r=$?; stat -c %F q; exit $r' $'mkfifo: d/p: No such file or directory\nfifo\n'
skip_if_root t 'unwritable directory' 1 'mkdir d; chmod 555 d; mkfifo d/p 2>&1' $'mkfifo: d/p: Permission denied\n'
t '-m octal' 0 'mkfifo -m 600 p && stat -c %a p' $'600\n'
t '-m ignores umask' 0 'umask 077; mkfifo -m 666 p && stat -c %a p' $'666\n'
t '-m symbolic' 0 'mkfifo -m u=rw,go=r p && stat -c %a p' $'644\n'
t '-m symbolic from 666' 0 'mkfifo -m o-rw p && stat -c %a p' $'660\n'
t '-m symbolic, no who, umask' 0 'mkfifo -m +x p && stat -c %a p' $'777\n'
t '-m attached' 0 'mkfifo -m0 p && stat -c %a p' $'0\n'
t '-m invalid' 1 'mkfifo -m 9 p 2>&1; stat p 2>/dev/null' $'mkfifo: invalid mode \'9\'\n'
t '-m invalid letter' 1 'mkfifo -m u+q p 2>&1' $'mkfifo: invalid mode \'u+q\'\n'
t '-m needs an argument' 1 'mkfifo -m 2>&1' $'mkfifo: -m: option requires an argument\n'"$usage"
t 'binary name' 0 'mkfifo "$(printf "a\001\377")"; stat -c %F "$(printf "a\001\377")"' $'fifo\n'
t 'long name' 0 'n=$(printf "n%.0s" {1..255}); mkfifo $n && stat -c %F $n' $'fifo\n'
t 'name too long' 1 'set -o pipefail; mkfifo $(printf "n%.0s" {1..256}) 2>&1 | sed "s/ n*:/ N:/; s/Filename/File name/"' $'mkfifo: N: File name too long\n'
t 'no operand' 1 'mkfifo 2>&1' "$usage"
t 'bad option' 1 'mkfifo -x p 2>&1; stat p 2>/dev/null' $'mkfifo: -x: unknown option\n'"$usage"
t '--help' 0 'mkfifo --help' "$usage"
t 'no output to fail' 0 'mkfifo p >/dev/full 2>&1' ''
