# false.t - golden tests for false
t 'no arguments' 1 'false' ''
t 'arguments ignored' 1 'false -x --help foo' ''
t 'no output at all' 1 'false 2>&1' ''
t 'negated' 0 '! false' ''
