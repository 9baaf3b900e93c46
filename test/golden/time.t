# time.t - golden tests for time (\time: the utility, not bash's keyword)
u=$'usage: time [-p] UTILITY [ARG...]\n'
n=$'real N.NN\nuser N.NN\nsys N.NN\n'
t 'report on stderr' 0 '\time true 2>&1 >/dev/null | sed "s/[0-9]/N/g"' "$n"
t '-p' 0 '\time -p true 2>&1 | sed "s/[0-9]/N/g"' "$n"
t 'stdout untouched' 0 '\time printenv HOME 2>/dev/null' $'/\n'
t 'stdin passes' 0 '\time cat 2>/dev/null' 'in' 'in'
t 'options after the utility are its own' 0 '\time printenv -0 HOME 2>/dev/null | od -An -c' $'   /  \\0\n'
t '--' 0 '\time -- printenv HOME 2>/dev/null' $'/\n'
t 'real time' 0 '\time -p sleep 0.3 2>&1 | awk "/^real/ { print (\$2 >= 0.3 && \$2 < 5) }"' $'1\n'
t 'user and sys time are small for sleep' 0 '\time -p sleep 0.3 2>&1 | awk "!/^real/ { print (\$2 < 0.25) }"' $'1\n1\n'
t 'utility status' 1 '\time false 2>/dev/null' ''
t 'utility status 2' 2 '\time test 1 -eq x 2>/dev/null' ''
t 'utility killed' 0 '\time timeout -s KILL 0.1 sleep 5 2>/dev/null; echo $?' $'137\n'
t 'not found' 127 '\time nope 2>&1 | sed "s/[0-9]/N/g"; exit ${PIPESTATUS[0]}' $'time: nope: No such file or directory\n'"$n"
t 'not executable' 126 ': >f; \time ./f 2>&1 | sed "s/[0-9]/N/g"; exit ${PIPESTATUS[0]}' $'time: ./f: Permission denied\n'"$n"
t 'no utility' 1 '\time 2>&1' "$u"
t 'bad option' 1 '\time -z true 2>&1' $'time: -z: unknown option\n'"$u"
t '--help' 0 '\time --help' "$u"
t 'report even if stdout is full' 0 '\time true 2>&1 >/dev/full | sed "s/[0-9]/N/g"' "$n"
