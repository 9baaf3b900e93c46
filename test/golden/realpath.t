# realpath.t - golden tests for realpath. Paths begin with the scratch
# directory, which varies: tests show it as "<here>".
usage=$'usage: realpath [-E|-e|-m] [-sqz] FILE...\n'
at='p=$(pwd -P); '
show=' | sed "s|^$p|<here>|"'
t 'file' 0 "$at"': >f; realpath f'"$show" $'<here>/f\n'
t 'dot' 0 "$at"'realpath .'"$show" $'<here>\n'
t 'links resolved' 0 "$at"'mkdir -p a/b; ln -s a/b l; ln -s l m; realpath m l/..'"$show" $'<here>/a/b\n<here>/a\n'
t 'relative link target' 0 "$at"'mkdir a b; ln -s ../b a/l; realpath a/l'"$show" $'<here>/b\n'
t 'absolute link target' 0 'ln -s / l; realpath l' $'/\n'
t 'root' 0 'realpath / // /..' $'/\n/\n/\n'
t 'last part missing' 0 "$at"'realpath nope'"$show" $'<here>/nope\n'
t '-E last part missing' 0 "$at"'realpath -E nope'"$show" $'<here>/nope\n'
t 'missing directory' 1 'realpath nope/x 2>&1' $'realpath: nope/x: No such file or directory\n'
t 'missing, carries on' 1 "set -o pipefail; $at"': >f; realpath nope/x f 2>&1'"$show" $'realpath: nope/x: No such file or directory\n<here>/f\n'
t 'not a directory' 1 ': >f; realpath f/x 2>&1' $'realpath: f/x: Not a directory\n'
t 'loop' 1 'set -o pipefail; ln -s a b; ln -s b a; realpath a 2>&1 | sed "s/Symbolic link loop/Too many levels of symbolic links/"' $'realpath: a: Too many levels of symbolic links\n'
t '-e existing' 0 "$at"': >f; realpath -e f'"$show" $'<here>/f\n'
t '-e missing' 1 'realpath -e nope 2>&1' $'realpath: nope: No such file or directory\n'
t '-m missing' 0 "$at"'realpath -m a/b/../c'"$show" $'<here>/a/c\n'
t '-s keeps links' 0 "$at"'mkdir d; ln -s d l; realpath -s l l/.. l/../l'"$show" $'<here>/l\n<here>\n<here>/l\n'
t '-s with -e' 1 'realpath -se nope 2>&1' $'realpath: nope: No such file or directory\n'
t '-q' 1 'realpath -q nope/x 2>&1' ''
t '-z' 0 'realpath -z / | od -An -c' $'   /  \\0\n'
t 'binary name' 0 ': >"$(printf "\001\377")"; realpath "$(printf "\001\377")" | sed "s|.*/||" | od -An -c' $' 001 377  \\n\n'
t 'long path' 0 "$at"'d=$(printf "dir/%.0s" {1..500}); mkdir -p $d; [ "$(realpath $d)" = "$p/${d%/}" ] && echo same' $'same\n'
t 'no operand' 1 'realpath 2>&1' "$usage"
t 'bad option' 1 'realpath -x . 2>&1' $'realpath: -x: unknown option\n'"$usage"
t '--help' 0 'realpath --help' "$usage"
t 'write error' 1 'realpath / 2>&1 >/dev/full' $'realpath: write error: No space left on device\n'
unset at show
