# lsmod.t - golden tests for lsmod, on a made-up /proc/modules bound over /proc
# in a private mount namespace: the host's modules stay out of it.
usage=$'usage: lsmod\n'
header=$'Module                  Size  Used by\n'
modules='printf "ext4 745472 1 - Live 0xffffffffc0800000\nmbcache 16384 1 ext4, Live 0x0\njbd2 131072 1 ext4, Live 0x0\ncrc16 16384 2 ext4,other, Live 0x0\na_really_long_module_name 12345678 0 - Live 0x0\nnew 4096 0 - Loading 0x0\n" >p/modules'

fake_proc 'list' 0 "$modules" 'lsmod' "$header"$'ext4                  745472  1\nmbcache                16384  1 ext4\njbd2                  131072  1 ext4\ncrc16                  16384  2 ext4,other\na_really_long_module_name 12345678  0\nnew                     4096  0\n'
fake_proc 'nothing loaded' 0 ': >p/modules' 'lsmod' "$header"
fake_proc 'short lines skipped' 0 'printf "junk\nok 1 0 -\n" >p/modules' 'lsmod' "$header"$'ok                         1  0\n'
fake_proc 'no /proc/modules' 1 ':' 'lsmod 2>&1' $'lsmod: /proc/modules: No such file or directory\n'
fake_proc 'write error' 1 "$modules" 'lsmod 2>&1 >/dev/full' $'lsmod: write error: No space left on device\n'
fake_proc 'closed pipe is quiet' 0 "$modules" 'lsmod 2>&1 | head -n 1' "$header"
t 'operand' 1 'lsmod x 2>&1' "$usage"
t 'bad option' 1 'lsmod -z 2>&1' $'lsmod: -z: unknown option\n'"$usage"
t '--help' 0 'lsmod --help' "$usage"
