# uname.t - golden tests for uname (fields checked against /proc, read by bash)
u=$'usage: uname [-amnoprsvi]\n'
t 'default is -s' 0 'uname' $'Linux\n'
t '-s' 0 'uname -s' $'Linux\n'
t '-o' 0 'uname -o' $'Linux\n'
t '-n' 0 '[ "$(uname -n)" = "$(</proc/sys/kernel/hostname)" ] && echo same' $'same\n'
t '-r' 0 '[ "$(uname -r)" = "$(</proc/sys/kernel/osrelease)" ] && echo same' $'same\n'
t '-v' 0 '[ "$(uname -v)" = "$(</proc/sys/kernel/version)" ] && echo same' $'same\n'
t '-m' 0 '[ "$(uname -m)" = "$(command -p uname -m)" ] && echo same' $'same\n'
t '-p' 0 'uname -p' $'unknown\n'
t '-i' 0 'uname -i' $'unknown\n'
t '-a' 0 '[ "$(uname -a)" = "$(uname -s) $(uname -n) $(uname -r) $(uname -v) $(uname -m) $(uname -o)" ] && echo same' $'same\n'
t 'fixed order' 0 '[ "$(uname -om -s)" = "Linux $(uname -m) Linux" ] && echo same' $'same\n'
t 'every field' 0 '[ "$(uname -snrvmpio)" = "$(uname -snrvm) unknown unknown Linux" ] && echo same' $'same\n'
t '-a and -p' 0 '[ "$(uname -ap)" = "$(uname -snrvmpo)" ] && echo same' $'same\n'
t 'repeated' 0 'uname -ss' $'Linux\n'
t 'operand' 1 'uname x 2>&1' "$u"
t 'bad option' 1 'uname -z 2>&1' $'uname: -z: unknown option\n'"$u"
t '--help' 0 'uname --help' "$u"
t 'write error' 1 'uname 2>&1 >/dev/full' $'uname: write error: No space left on device\n'
