# sync.t - golden tests for sync: what can be seen is the status and the errors
usage=$'usage: sync [-d|-f] [FILE...]\n'
t 'everything' 0 'sync 2>&1' ''
t 'file' 0 'echo x >f; sync f 2>&1' ''
t 'several files' 0 'echo x >f; mkdir d; sync f d . 2>&1' ''
t '-d data only' 0 'echo x >f; sync -d f 2>&1' ''
t '-f file system' 0 'echo x >f; sync -f f 2>&1' ''
t 'read-only file' 0 'echo x >f; chmod 444 f; sync f 2>&1' ''
t 'binary name' 0 'n=$(printf "a\001\377"); : >"$n"; sync "$n" 2>&1' ''
t 'missing' 1 'sync nope 2>&1' $'sync: nope: No such file or directory\n'
t 'missing, carries on' 1 ': >f; sync nope f nope2 2>&1' $'sync: nope: No such file or directory\nsync: nope2: No such file or directory\n'
t 'not a directory' 1 ': >f; sync f/x 2>&1' $'sync: f/x: Not a directory\n'
t 'fifo cannot be synced' 1 'mkfifo p; sync p 2>&1' $'sync: p: Invalid argument\n'
skip_if_root t 'unreadable file' 1 'echo x >f; chmod 000 f; sync f 2>&1' $'sync: f: Permission denied\n'
t '-d needs files' 1 'sync -d 2>&1' "$usage"
t '-f needs files' 1 'sync -f 2>&1' "$usage"
t 'bad option' 1 'sync -x 2>&1' $'sync: -x: unknown option\n'"$usage"
t '--help' 0 'sync --help' "$usage"
t 'no output to fail' 0 'sync >/dev/full 2>&1' ''
