# true.t - golden tests for true
t 'no arguments' 0 'true' ''
t 'arguments ignored' 0 'true -x --help foo' ''
t 'no output at all' 0 'true 2>&1' ''
t 'in a failing pipeline' 0 'false | true' ''
