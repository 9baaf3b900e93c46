# chgrp.t - golden tests for chgrp. Giving files to other groups needs root;
# without it only the tests that keep the file's own group run. Names: root
# is in both the host's and the image's group file.
usage=$'usage: chgrp [-hR] [-H|-L|-P] GROUP FILE...\n'
u=$(id -u) g=$(id -g)
ids='stat -c "%u:%g %n"'
t 'own gid' 0 ': >f; chgrp '"$g"' f; '"$ids"' f' "$u:$g f"$'\n'
needs_root t 'gid' 0 ': >f; chgrp 456 f; '"$ids"' f' $'0:456 f\n'
needs_root t 'name' 0 ': >f; chgrp 5 f; chgrp root f; '"$ids"' f' $'0:0 f\n'
needs_root t 'several files' 0 ': >a; : >b; chgrp 8 a b; '"$ids"' a b' $'0:8 a\n0:8 b\n'
needs_root t 'big gid' 0 ': >f; chgrp 4000000000 f; '"$ids"' f' $'0:4000000000 f\n'
needs_root t 'link operand changes the target' 0 ': >f; ln -s f l; chgrp 7 l; stat -c "%g %n" f l' $'7 f\n0 l\n'
needs_root t '-h changes the link' 0 ': >f; ln -s f l; chgrp -h 7 l; stat -c "%g %n" f l' $'0 f\n7 l\n'
needs_root t '-R' 0 'mkdir -p d/e; : >d/f; chgrp -R 8 d; find d -printf "%G %p\n" | sort -k2' $'8 d\n8 d/e\n8 d/f\n'
needs_root t '-R after the group' 0 'mkdir -p d/e; chgrp 8 -R d; find d -printf "%G %p\n" | sort -k2' $'8 d\n8 d/e\n'
needs_root t '-R changes links, not targets' 0 'mkdir d; : >t; ln -s ../t d/l; chgrp -R 7 d; find . -printf "%G %p\n" | sort -k2' $'0 .\n7 ./d\n7 ./d/l\n0 ./t\n'
needs_root t '-RH follows the operand' 0 'mkdir t; : >t/f; ln -s t l; chgrp -RH 7 l; find . -printf "%G %p\n" | sort -k2' $'0 .\n0 ./l\n7 ./t\n7 ./t/f\n'
needs_root t '-RL follows all links' 0 'mkdir d u; : >u/f; ln -s ../u d/l; chgrp -RL 7 d; find . -printf "%G %p\n" | sort -k2' $'0 .\n7 ./d\n0 ./d/l\n7 ./u\n7 ./u/f\n'
t 'invalid group' 1 ': >f; chgrp nosuchgroup f 2>&1' $'chgrp: invalid group \'nosuchgroup\'\n'
t 'empty group' 1 ': >f; chgrp "" f 2>&1' $'chgrp: invalid group \'\'\n'
t 'missing' 1 'chgrp '"$g"' nope 2>&1' $'chgrp: nope: No such file or directory\n'
t 'missing, carries on' 1 ': >f; chgrp '"$g"' nope f 2>&1; r=$?; '"$ids"' f; exit $r' $'chgrp: nope: No such file or directory\n'"$u:$g f"$'\n'
skip_if_root t 'not permitted' 1 ': >f; chgrp 54321 f 2>&1' $'chgrp: f: Operation not permitted\n'
needs_root t 'binary name' 0 ': >"$(printf "\001\377")"; chgrp 9 "$(printf "\001\377")"; stat -c %g "$(printf "\001\377")"' $'9\n'
t 'no file' 1 'chgrp '"$g"' 2>&1' "$usage"
t 'no operand' 1 'chgrp 2>&1' "$usage"
t 'bad option' 1 'chgrp -x 0 f 2>&1' $'chgrp: -x: unknown option\n'"$usage"
t '--help' 0 'chgrp --help' "$usage"
t 'no output to fail' 0 ': >f; chgrp '"$g"' f >/dev/full 2>&1' ''
unset ids
