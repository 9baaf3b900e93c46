# dirname.t - golden tests for dirname (POSIX's steps, checked against GNU coreutils)
usage=$'usage: dirname [-z] STRING...\n'
t 'path' 0 'dirname /usr/lib/libc.so' $'/usr/lib\n'
t 'relative' 0 'dirname a/b/c' $'a/b\n'
t 'plain name' 0 'dirname file' $'.\n'
t 'trailing slashes' 0 'dirname a/b//' $'a\n'
t 'slashes between' 0 'dirname a//b' $'a\n'
t 'top level' 0 'dirname /usr' $'/\n'
t 'top level, trailing slash' 0 'dirname /usr/' $'/\n'
t 'root' 0 'dirname /' $'/\n'
t 'all slashes' 0 'dirname ///' $'/\n'
t 'leading slashes kept' 0 'dirname //a//b' $'//a\n'
t 'empty string' 0 'dirname ""' $'.\n'
t 'dot' 0 'dirname .' $'.\n'
t 'dot dot' 0 'dirname ../x' $'..\n'
t 'several' 0 'dirname a/b c /d/e' $'a\n.\n/d\n'
t '-z' 0 'dirname -z a/b c | od -An -c' $'   a  \\0   .  \\0\n'
t 'name starting with -' 0 'dirname -- -a/-b' $'-a\n'
t 'binary bytes' 0 'dirname "$(printf "\001\377/x")" | od -An -c' $' 001 377  \\n\n'
t 'long argument (the kernel allows 128 KiB)' 0 'dirname "$(printf "n%.0s" {1..100000})/x" | wc -c' $'100001\n'
t 'no operand' 1 'dirname 2>&1' "$usage"
t 'bad option' 1 'dirname -q a 2>&1' $'dirname: -q: unknown option\n'"$usage"
t '--help' 0 'dirname --help' "$usage"
t 'write error' 1 'dirname a/b 2>&1 >/dev/full' $'dirname: write error: No space left on device\n'
