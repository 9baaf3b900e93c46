# sysctl.t - golden tests for sysctl: reads of this kernel's harmless values,
# writes only to a UTS namespace's own hostname (unshare -u) or to a made-up
# /proc/sys bound over /proc in a private mount namespace.
usage=$'usage: sysctl [-enNq] [-w] NAME[=VALUE]... | -a | -p [FILE...]\n'
# uts NAME STATUS 'LINE' EXPECTED [STDIN]: LINE with a hostname of its own (needs root).
uts() {
	can_unshare "$1" || return 0
	needs_proc sys/kernel/ostype t "$1" "$2" "unshare -u bash --norc -c $(printf %q "$3")" "${@:4}"
}
tree='mkdir -p p/sys/net/ipv4/conf/eth0.100 p/sys/kernel/random p/sys/vm &&
echo 1 >p/sys/net/ipv4/conf/eth0.100/forwarding &&
printf "4\t4\t1\t7\n" >p/sys/kernel/printk && echo Linux >p/sys/kernel/ostype &&
printf "a\nb\n" >p/sys/kernel/multi && echo 4096 >p/sys/kernel/random/poolsize &&
: >p/sys/kernel/empty && : >p/sys/vm/drop_caches && chmod 200 p/sys/vm/drop_caches'
all=$'kernel.empty = \nkernel.multi = a\nkernel.multi = b\nkernel.ostype = Linux\nkernel.printk = 4\t4\t1\t7\nkernel.random.poolsize = 4096\nnet.ipv4.conf.eth0/100.forwarding = 1\n'

needs_proc sys/kernel/ostype t 'one name' 0 'sysctl kernel.ostype' $'kernel.ostype = Linux\n'
needs_proc sys/kernel/ostype t 'slashes' 0 'sysctl kernel/ostype' $'kernel.ostype = Linux\n'
needs_proc sys/kernel/ostype t '-n' 0 'sysctl -n kernel.ostype' $'Linux\n'
needs_proc sys/kernel/ostype t '-N' 0 'sysctl -N kernel.ostype' $'kernel.ostype\n'
needs_proc sys/kernel/ostype t 'several names' 0 'sysctl -n kernel.ostype kernel.ostype' $'Linux\nLinux\n'
needs_proc sys/kernel/ostype t 'as the file says' 0 '[ "$(sysctl -n kernel.osrelease)" = "$(cat /proc/sys/kernel/osrelease)" ] && echo same' $'same\n'
needs_proc sys/kernel/ostype t 'missing' 1 'sysctl kernel.nope 2>&1' $'sysctl: kernel.nope: No such file or directory\n'
needs_proc sys/kernel/ostype t 'missing, carries on' 1 'sysctl kernel.nope kernel.ostype 2>&1' $'sysctl: kernel.nope: No such file or directory\nkernel.ostype = Linux\n'
needs_proc sys/kernel/ostype t '-e ignores unknown names' 0 'sysctl -e kernel.nope kernel.ostype 2>&1' $'kernel.ostype = Linux\n'
needs_proc sys/kernel/ostype t 'write-only' 1 'sysctl vm.drop_caches 2>&1' $'sysctl: vm.drop_caches: Permission denied\n'
needs_proc sys/kernel/ostype t 'a directory lists what is in it' 0 'sysctl kernel | grep -c "^kernel.ostype = Linux$"' $'1\n'
needs_proc sys/kernel/ostype t '-a' 0 'sysctl -a | grep -c "^kernel.ostype = Linux$"' $'1\n'
needs_proc sys/kernel/ostype t '-a leaves out the write-only' 0 'sysctl -a 2>&1 | grep "drop_caches" | wc -l' $'0\n'
needs_proc sys/kernel/ostype t '-aN names only' 0 'sysctl -aN | grep " = " | wc -l' $'0\n'
needs_proc sys/kernel/ostype t '-w needs name=value' 1 'sysctl -w kernel.ostype 2>&1' $'sysctl: kernel.ostype: not of the form name=value\n'
uts '-w' 0 'sysctl -w kernel.hostname=golden.test && hostname' $'kernel.hostname = golden.test\ngolden.test\n'
uts 'name=value without -w' 0 'sysctl kernel.hostname=golden2; sysctl -n kernel.hostname' $'kernel.hostname = golden2\ngolden2\n'
uts '-w -q' 0 'sysctl -q -w kernel.hostname=quiet; sysctl -n kernel.hostname' $'quiet\n'
uts 'blanks around =' 0 'sysctl -w "kernel.hostname = spaced"; sysctl -n kernel.hostname' $'kernel.hostname = spaced\nspaced\n'
uts '-p FILE' 0 'printf "# comment\n; another\n\nkernel.hostname = fromfile\n  kernel.domainname=dom\n" >c; sysctl -p c; sysctl -n kernel.hostname kernel.domainname' $'kernel.hostname = fromfile\nkernel.domainname = dom\nfromfile\ndom\n'
uts '-p errors carry on' 1 'printf "kernel.nope = 1\njunk\n-kernel.nope2 = 1\nkernel.hostname = after\n" >c; sysctl -p c 2>&1' $'sysctl: kernel.nope: No such file or directory\nsysctl: c:2: not of the form name=value\nkernel.hostname = after\n'
uts '-p -q, several files' 0 'echo kernel.hostname=one >a; echo kernel.domainname=two >b; sysctl -q -p a b; sysctl -n kernel.hostname kernel.domainname' $'one\ntwo\n'
uts '-p from stdin' 0 'sysctl -p -' $'kernel.hostname = piped\n' $'kernel.hostname=piped\n'
needs_proc sys/kernel/ostype t '-p missing file' 1 'sysctl -p nope 2>&1' $'sysctl: nope: No such file or directory\n'
fake_proc 'made-up tree: -a' 0 "$tree" 'sysctl -a' "$all"
fake_proc 'made-up tree: -a -n' 0 "$tree" 'sysctl -an' $'\na\nb\nLinux\n4\t4\t1\t7\n4096\n1\n'
fake_proc 'a dot in a name, either way' 0 "$tree" 'sysctl net.ipv4.conf.eth0/100.forwarding net/ipv4/conf/eth0.100/forwarding' $'net.ipv4.conf.eth0/100.forwarding = 1\nnet.ipv4.conf.eth0/100.forwarding = 1\n'
fake_proc 'a value of several lines' 0 "$tree" 'sysctl kernel.multi' $'kernel.multi = a\nkernel.multi = b\n'
fake_proc 'tabs kept' 0 "$tree" 'sysctl kernel.printk' $'kernel.printk = 4\t4\t1\t7\n'
fake_proc 'a subtree' 0 "$tree" 'sysctl net' $'net.ipv4.conf.eth0/100.forwarding = 1\n'
fake_proc '-w writes the value alone' 0 "$tree" 'sysctl -w kernel.ostype=Hi && od -c p/sys/kernel/ostype' $'kernel.ostype = Hi\n0000000   H   i\n0000002\n'
fake_proc '-w with a dot in a name' 0 "$tree" 'sysctl -w net.ipv4.conf.eth0/100.forwarding=0 && cat p/sys/net/ipv4/conf/eth0.100/forwarding' $'net.ipv4.conf.eth0/100.forwarding = 0\n0'
fake_proc '-w a missing name' 1 "$tree" 'sysctl -w kernel.nope=1 2>&1' $'sysctl: kernel.nope: No such file or directory\n'
fake_proc '-w -e a missing name' 0 "$tree" 'sysctl -e -w kernel.nope=1 2>&1' ''
fake_proc 'long value' 0 "$tree && dd if=/dev/zero bs=1000 count=1100 2>/dev/null | tr '\\0' x >p/sys/kernel/big" 'sysctl -n kernel.big | wc -c' $'1100001\n'
fake_proc 'write error' 1 "$tree" 'sysctl -a 2>&1 >/dev/full' $'sysctl: write error: No space left on device\n'
t 'no operand' 1 'sysctl 2>&1' "$usage"
t '-a with an operand' 1 'sysctl -a kernel 2>&1' "$usage"
t 'bad option' 1 'sysctl -z 2>&1' $'sysctl: -z: unknown option\n'"$usage"
t '--help' 0 'sysctl --help' "$usage"
