# kexec.t - golden tests for kexec: argument errors only. Nothing here reaches
# kexec_file_load or reboot: every kernel named is missing or a directory.
usage=$'usage: kexec -l KERNEL [--initrd FILE] [--command-line STRING | --append STRING | -c] [-s] | -u | -e\n'
t 'no operand' 1 'kexec 2>&1' "$usage"
t '--help' 0 'kexec --help' "$usage"
t 'bad option' 1 'kexec -z 2>&1' $'kexec: -z: unknown option\n'"$usage"
t 'bad long option' 1 'kexec --force 2>&1' $'kexec: --force: unknown option\n'"$usage"
t '-l without a kernel' 1 'kexec -l 2>&1' $'kexec: -l: option requires an argument\n'"$usage"
t '-l missing kernel' 1 'kexec -l nope 2>&1' $'kexec: nope: No such file or directory\n'
t 'kernel without -l' 1 'kexec nope 2>&1' $'kexec: nope: No such file or directory\n'
t '--load' 1 'kexec --load nope 2>&1' $'kexec: nope: No such file or directory\n'
t '-s is taken' 1 'kexec -s -l nope 2>&1' $'kexec: nope: No such file or directory\n'
t 'directory as kernel' 1 'mkdir d; kexec -l d 2>&1' $'kexec: d: Is a directory\n'
t 'missing initrd' 1 ': >k; kexec -l k --initrd nope 2>&1' $'kexec: nope: No such file or directory\n'
t 'directory as initrd' 1 ': >k; mkdir d; kexec -l k --ramdisk=d -c 2>&1' $'kexec: d: Is a directory\n'
t '--initrd=FILE' 1 'kexec --initrd=x --append="a b" -l nope 2>&1' $'kexec: nope: No such file or directory\n'
t '--initrd without a file' 1 'kexec -l k --initrd 2>&1' $'kexec: --initrd: option requires an argument\n'"$usage"
t '--command-line without a string' 1 'kexec -l k --command-line 2>&1' $'kexec: --command-line: option requires an argument\n'"$usage"
t '--initrd without -l' 1 'kexec -u --initrd x 2>&1' $'kexec: --initrd and the command line go with -l\n'"$usage"
t '-c without -l' 1 'kexec -e -c 2>&1' $'kexec: --initrd and the command line go with -l\n'"$usage"
t '-l and -u' 1 'kexec -l k -u 2>&1' $'kexec: -l, -u and -e go alone\n'"$usage"
t '-u and -e' 1 'kexec -u -e 2>&1' $'kexec: -l, -u and -e go alone\n'"$usage"
t '-c and --command-line' 1 'kexec -l k -c --append x 2>&1' $'kexec: --command-line and -c exclude each other\n'"$usage"
t 'two kernels' 1 'kexec -l k j 2>&1' $'kexec: j: unexpected operand\n'"$usage"
t '--reuse-cmdline, missing kernel' 1 'kexec --reuse-cmdline -l nope 2>&1' $'kexec: nope: No such file or directory\n'
