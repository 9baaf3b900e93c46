# rmmod.t - golden tests for rmmod: usage, and a module no kernel has (the
# reason told depends on the kernel: "not loaded", or no module support).
usage=$'usage: rmmod [-f] MODULE...\n'
t 'no operand' 1 'rmmod 2>&1' "$usage"
needs_root t 'not loaded' 0 'rmmod golden_no_such_module 2>&1 | grep -cE "^rmmod: golden_no_such_module: (module not loaded|Function not implemented)$"' $'1\n'
needs_root t 'status' 1 'rmmod golden_no_such_module 2>/dev/null' ''
needs_root t 'a file name, - as _' 0 'rmmod -f /lib/modules/x/golden-no-such.ko.zst 2>&1 | grep -cE "^rmmod: golden_no_such: "' $'1\n'
needs_root t 'carries on' 0 'rmmod golden_a golden-b 2>&1 | cut -d: -f2' $' golden_a\n golden_b\n'
t 'bad option' 1 'rmmod -z x 2>&1' $'rmmod: -z: unknown option\n'"$usage"
t '--help' 0 'rmmod --help' "$usage"
