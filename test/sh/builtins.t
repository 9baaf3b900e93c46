=== set -e exits on failure
set -e; echo a; false; echo b
--- out
a
--- status 1
=== set -e ignored in if condition and and-or lists
set -e; if false; then :; fi; false && true; false || true; ! true; echo survived
--- out
survived
--- status 0
=== set -e last in and list fails
set -e; true && false; echo no
--- out
--- status 1
=== set -e in while condition
set -e; while false; do :; done; echo ok
--- out
ok
--- status 0
=== set -e in function called from condition
set -e; f() { false; echo in-f; }; if f; then echo yes; fi; echo after
--- out
in-f
yes
after
--- status 0
=== set -e subshell failure
set -e; (false); echo no
--- out
--- status 1
=== set -e pipeline
set -e; false | true; echo yes; true | false; echo no
--- out
yes
--- status 1
=== set +e restores
set -e; set +e; false; echo still
--- out
still
--- status 0
=== set -u
set -u; x=1; echo $x; (echo $undefined) 2>/dev/null; echo $?
--- out
1
2
--- status 0
=== set -u allows defaults
set -u; echo ${nope:-default} "$@" $#
--- out
default 0
--- status 0
=== set -x traces
set -x; echo traced 2>/dev/null; x=1
--- out
traced
--- status 0
=== set -- replaces params
set -- a b c; echo $#; set --; echo $#
--- out
3
0
--- status 0
=== set -o options
set -o errexit; case $- in *e*) echo on;; esac; set +o errexit; case $- in *e*) echo still;; *) echo off;; esac
--- out
on
off
--- status 0
=== shift
set -- a b c d; shift; echo $1; shift 2; echo $1 $#; shift 5 2>/dev/null; echo $?
--- out
b
d 1
1
--- status 0
=== exit status
(exit 42); echo $?; (exit); echo $?
--- out
42
0
--- status 0
=== exit in function exits shell
f() { exit 3; }; (f; echo no); echo $?
--- out
3
--- status 0
=== trap on exit
trap 'echo bye' EXIT; echo main
--- out
main
bye
--- status 0
=== trap exit in subshell
(trap 'echo sub-bye' EXIT; echo sub); echo main
--- out
sub
sub-bye
main
--- status 0
=== trap on exit keeps status
(trap 'echo t' EXIT; exit 4); echo $?
--- out
t
4
--- status 0
=== trap signal
trap 'echo got-usr1' USR1; kill -USR1 $$; echo after
--- out
got-usr1
after
--- status 0
=== trap listing and reset
trap 'echo x' INT; trap; trap - INT; trap; echo end
--- out
trap -- 'echo x' INT
end
--- status 0
=== trap ignore
trap '' USR1; kill -USR1 $$; echo alive
--- out
alive
--- status 0
=== trap exit with exit inside
trap 'echo cleanup; exit 9' EXIT; exit 2
--- out
cleanup
--- status 9
=== getopts loop
set -- -a -b val -c rest; while getopts ab:c o; do echo "$o ${OPTARG-none}"; done; shift $((OPTIND-1)); echo "left: $*"
--- out
a none
b val
c none
left: rest
--- status 0
=== getopts clustered
set -- -abx -- z; while getopts ab:x o; do echo "$o $OPTARG"; done; echo $OPTIND
--- out
a 
b x
3
--- status 0
=== getopts invalid option
set -- -z; getopts a o 2>/dev/null; echo "$o"
--- out
?
--- status 0
=== getopts silent mode
set -- -z -a; while getopts :ab: o; do echo "$o $OPTARG"; done
--- out
? z
a 
--- status 0
=== getopts missing argument silent
set -- -b; getopts :b: o; echo "$o $OPTARG"
--- out
: b
--- status 0
=== getopts with explicit args
while getopts n: o -n 5 x; do echo $o $OPTARG; done; echo $OPTIND
--- out
n 5
3
--- status 0
=== getopts reset with OPTIND
set -- -a; getopts a o; echo $o; OPTIND=1; getopts a o; echo $o
--- out
a
a
--- status 0
=== read splits fields
echo 'a b c d' | { read x y; echo "[$x][$y]"; }
--- out
[a][b c d]
--- status 0
=== read with IFS
echo 'a:b:c' | { IFS=: read x y z; echo "$x-$y-$z"; }
--- out
a-b-c
--- status 0
=== read backslash handling
printf 'a\\ b c\\\nd\n' | { read x y; echo "[$x][$y]"; }
--- out
[a b][cd]
--- status 0
=== read -r keeps backslashes
printf 'a\\ b\n' | { read -r x y; echo "[$x][$y]"; }
--- out
[a\][b]
--- status 0
=== read at eof status
printf 'partial' | { read x; echo "$? $x"; }
--- out
1 partial
--- status 0
=== read default REPLY
echo hi | { read; echo $REPLY; }
--- out
hi
--- status 0
=== read trailing IFS
printf 'a:b:\n' | { IFS=: read x y; echo "[$x][$y]"; }
--- out
[a][b]
--- status 0
=== read leading whitespace trimmed
echo '   lead  trail   ' | { read x; echo "[$x]"; }
--- out
[lead  trail]
--- status 0
=== read more vars than fields
echo 'one' | { read a b c; echo "[$a][$b][$c]"; }
--- out
[one][][]
--- status 0
=== test strings
[ abc = abc ] && echo eq; [ abc != abd ] && echo ne; [ -n x ] && echo n; [ -z '' ] && echo z; [ x ] && echo nonempty; [ '' ] || echo empty
--- out
eq
ne
n
z
nonempty
empty
--- status 0
=== test integers
[ 10 -gt 9 ] && echo gt; [ 2 -le 2 ] && echo le; [ -3 -lt 0 ] && echo lt; test 5 -eq 5 -a 1 -ne 2 && echo and
--- out
gt
le
lt
and
--- status 0
=== test files
touch f; mkdir d; [ -f f ] && echo file; [ -d d ] && echo dir; [ -e nope ] || echo missing; [ -s f ] || echo emptyfile
--- out
file
dir
missing
emptyfile
--- status 0
=== test negation and grouping
[ ! -e nope ] && echo neg; [ \( 1 -eq 1 \) -o 1 -eq 2 ] && echo grp
--- out
neg
grp
--- status 0
=== test bad number
[ a -eq 1 ] 2>/dev/null; echo $?
--- out
2
--- status 0
=== test no args
test; echo $?; [ ]; echo $?
--- out
1
1
--- status 0
=== command -v
command -v echo; command -v cd; f() { :; }; command -v f; command -v nonexistent_cmd; echo $?
--- out
echo
cd
f
1
--- status 0
=== command bypasses functions
ls() { echo func; }; command ls /nonexistent_dir 2>/dev/null; echo $?
--- out
2
--- status 0
=== type
type echo | sed 's/ is .*//'; type nonexistent_cmd >/dev/null 2>&1; echo $?
--- out
echo
127
--- status 0
=== export to child
export V=1; W=2; "$SH" -c 'echo "$V-$W"'
--- out
1-
--- status 0
=== assignment before command is exported
V=tmp "$SH" -c 'echo $V'; echo "[$V]"
--- out
tmp
[]
--- status 0
=== readonly
readonly R=1; (R=2) 2>/dev/null; echo $?; echo $R
--- out
2
1
--- status 0
=== unset variable
x=1; unset x; echo "[${x-unset}]"
--- out
[unset]
--- status 0
=== cd and pwd
mkdir -p sub/dir; cd sub/dir; basename "$(pwd)"; cd ..; basename "$PWD"; cd - >/dev/null; basename "$PWD"
--- out
dir
sub
dir
--- status 0
=== cd to nonexistent fails
cd /nonexistent 2>/dev/null; echo $?
--- out
1
--- status 0
=== umask
umask 027; umask; umask -S; umask u=rwx,g=rx,o=; umask
--- out
0027
u=rwx,g=rx,o=
0027
--- status 0
=== true false colon
true; echo $?; false; echo $?; :; echo $?
--- out
0
1
0
--- status 0
=== echo options
echo -n a; echo b; echo -- x; echo -e 'a\tb'
--- out
ab
-- x
a	b
--- status 0
=== times runs
times > /dev/null; echo $?
--- out
0
--- status 0
=== ulimit
ulimit -n 64; ulimit -n
--- out
64
--- status 0
=== exec replaces shell
exec echo replaced; echo no
--- out
replaced
--- status 0
=== command not found
nonexistent_command_xyz 2>/dev/null; echo $?
--- out
127
--- status 0
=== not executable
touch nx; ./nx 2>/dev/null; echo $?
--- out
126
--- status 0
=== script without shebang run by shell
printf 'echo from-script $1\n' > s; chmod +x s; ./s arg
--- out
from-script arg
--- status 0
=== PATH search and change
mkdir b1 b2; printf '#!/bin/sh\necho one\n' > b1/t; printf '#!/bin/sh\necho two\n' > b2/t; chmod +x b1/t b2/t; PATH=$PWD/b1:$PATH; t; PATH=$PWD/b2:$PATH; t
--- out
one
two
--- status 0
=== wait for specific job
(exit 3) & a=$!; (exit 4) & b=$!; wait $b; echo $?; wait $a; echo $?
--- out
4
3
--- status 0
=== kill background job
sleep 5 & p=$!; kill $p; wait $p; echo $?
--- out
143
--- status 0
=== local in nested function
f() { local x=f; g; echo f:$x; }; g() { x=g; }; x=top; f; echo top:$x
--- out
f:g
top:top
--- status 0
=== sh -c with name and args
"$SH" -c 'echo $0; echo $@' myname a b
--- out
myname
a b
--- status 0
=== script file with args
echo 'echo $0 $1 $2' > s.sh; "$SH" s.sh x y
--- out
s.sh x y
--- status 0
=== commands from stdin
echo 'echo from-stdin; exit 3' | "$SH"; echo $?
--- out
from-stdin
3
--- status 0
=== stdin script shares input with read
printf 'read x\nfirst line\necho got $x\n' | "$SH"
--- out
got first line
--- status 0
=== shebang script
printf '#!%s\necho shebang $1\n' "$SH" > s; chmod +x s; ./s ok
--- out
shebang ok
--- status 0
=== enoexec falls back to shell
printf 'echo plain\n' > p; chmod +x p; ./p
--- out
plain
--- status 0
=== sh -n parses only
"$SH" -n -c 'echo should-not-run'; echo $?
--- out
0
--- status 0
=== syntax error status from sh -c
"$SH" -c 'if' 2>/dev/null; echo $?
--- out
2
--- status 0
=== interactive shell from a pipe
printf 'echo $((2+3))\nexit 0\n' | "$SH" -i 2>/dev/null; echo $?
--- out
5
0
--- status 0
=== eval in loop with break
for i in 1 2 3; do eval 'if [ $i = 2 ]; then break; fi'; echo $i; done
--- out
1
--- status 0
=== trap runs between commands in loop
trap 'echo trapped' USR1; for i in 1 2; do [ $i = 1 ] && kill -USR1 $$; echo $i; done
--- out
trapped
1
2
--- status 0
=== deep recursion is an error not a crash
f() { f; }; (f) 2>/dev/null; echo $?
--- out
2
--- status 0
