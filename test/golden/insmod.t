# insmod.t - golden tests for insmod: only what fails before the kernel is
# asked (no test loads a module into this machine's kernel).
usage=$'usage: insmod [-f] FILE [PARAM=VALUE...]\n'
t 'no operand' 1 'insmod 2>&1' "$usage"
t 'missing file' 1 'insmod nope.ko x=1 2>&1' $'insmod: nope.ko: No such file or directory\n'
t 'directory' 1 'mkdir d; insmod d 2>&1' $'insmod: d: Is a directory\n'
skip_if_root t 'unreadable' 1 ': >m.ko; chmod 000 m.ko; insmod m.ko 2>&1' $'insmod: m.ko: Permission denied\n'
t 'damaged gzip' 1 'printf "\037\213\010\000garbage" >m.ko.gz; insmod m.ko.gz 2>&1' $'insmod: m.ko.gz: damaged gzip data\n'
t 'truncated gzip' 1 'dd if=/dev/zero bs=1000 count=1100 2>/dev/null | gzip | dd of=m.ko.gz bs=500 count=1 iflag=fullblock 2>/dev/null; [ -s m.ko.gz ] && insmod m.ko.gz 2>&1' $'insmod: m.ko.gz: damaged gzip data\n'
t 'damaged zstd' 1 'printf "\050\265\057\375garbage" >m.ko.zst; insmod m.ko.zst 2>&1' $'insmod: m.ko.zst: damaged zstd data\n'
needs zstd t 'truncated zstd' 1 'dd if=/dev/urandom bs=1000 count=1100 2>/dev/null | zstd -q | dd of=m.ko.zst bs=5000 count=1 iflag=fullblock 2>/dev/null; [ -s m.ko.zst ] && insmod -f m.ko.zst a=1 2>&1' $'insmod: m.ko.zst: damaged zstd data\n'
t 'bad option' 1 'insmod -z m.ko 2>&1' $'insmod: -z: unknown option\n'"$usage"
t '--help' 0 'insmod --help' "$usage"
