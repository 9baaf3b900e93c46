# basename.t - golden tests for basename (POSIX's steps, checked against GNU coreutils)
usage=$'usage: basename [-az] [-s SUFFIX] STRING [SUFFIX]\n'
t 'plain name' 0 'basename file' $'file\n'
t 'path' 0 'basename /usr/lib/libc.so' $'libc.so\n'
t 'relative path' 0 'basename a/b/c' $'c\n'
t 'trailing slashes' 0 'basename a/b//' $'b\n'
t 'root' 0 'basename /' $'/\n'
t 'all slashes' 0 'basename ///' $'/\n'
t 'double slash' 0 'basename //' $'/\n'
t 'slashes inside' 0 'basename a//b' $'b\n'
t 'empty string' 0 'basename ""' $'\n'
t 'dot' 0 'basename .' $'.\n'
t 'dot dot' 0 'basename ../..' $'..\n'
t 'suffix' 0 'basename /x/file.c .c' $'file\n'
t 'suffix is the whole name' 0 'basename .c .c' $'.c\n'
t 'suffix not at the end' 0 'basename a.c.h .c' $'a.c.h\n'
t 'suffix after trailing slash' 0 'basename dir.d/ .d' $'dir\n'
t 'suffix longer than name' 0 'basename c abc' $'c\n'
t 'empty suffix' 0 'basename a.c ""' $'a.c\n'
t 'suffix on root' 0 'basename / /' $'/\n'
t '-s' 0 'basename -s .c a.c b/c.c d' $'a\nc\nd\n'
t '-a' 0 'basename -a a/b c/ /' $'b\nc\n/\n'
t '-z' 0 'basename -z a/b | od -An -c' $'   b  \\0\n'
t '-az' 0 'basename -az a b | od -An -c' $'   a  \\0   b  \\0\n'
t 'name starting with -' 0 'basename -- -x/-y' $'-y\n'
t 'spaces and tabs kept' 0 'basename "a/b c	d"' $'b c\td\n'
t 'binary bytes' 0 'basename "$(printf "a/\001\377")" | od -An -c' $' 001 377  \\n\n'
t 'long argument (the kernel allows 128 KiB)' 0 'basename "x/$(printf "n%.0s" {1..100000})" | wc -c' $'100001\n'
t 'no operand' 1 'basename 2>&1' "$usage"
t 'too many operands' 1 'basename a b c 2>&1' "$usage"
t 'bad option' 1 'basename -q a 2>&1' $'basename: -q: unknown option\n'"$usage"
t '-s needs an argument' 1 'basename -s 2>&1' $'basename: -s: option requires an argument\n'"$usage"
t '--help' 0 'basename --help' "$usage"
t 'write error' 1 'basename a 2>&1 >/dev/full' $'basename: write error: No space left on device\n'
