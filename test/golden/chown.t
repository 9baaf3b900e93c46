# chown.t - golden tests for chown. Giving files away needs root; without it
# only the tests that hand files to their own owner run. Names: root and
# nobody, in both the host's and the image's passwd.
usage=$'usage: chown [-hR] [-H|-L|-P] OWNER[:GROUP] FILE...\n'
u=$(id -u) g=$(id -g)
ids='stat -c "%u:%g %n"'
t 'own uid' 0 ': >f; chown '"$u"' f; '"$ids"' f' "$u:$g f"$'\n'
t 'own uid and gid' 0 ': >f; chown '"$u:$g"' f; '"$ids"' f' "$u:$g f"$'\n'
needs_root t 'uid' 0 ': >f; chown 123 f; '"$ids"' f' $'123:0 f\n'
needs_root t 'uid:gid' 0 ': >f; chown 123:456 f; '"$ids"' f' $'123:456 f\n'
needs_root t ':gid' 0 ': >f; chown :456 f; '"$ids"' f' $'0:456 f\n'
needs_root t 'uid.gid of old' 0 ': >f; chown 123.456 f; '"$ids"' f' $'123:456 f\n'
needs_root t 'name' 0 ': >f; chown nobody f; '"$ids"' f' $'65534:0 f\n'
needs_root t 'name:name' 0 ': >f; chown 5:5 f; chown root:root f; '"$ids"' f' $'0:0 f\n'
needs_root t 'name: takes the login group' 0 ': >f; chown nobody: f; '"$ids"' f' $'65534:65534 f\n'
needs_root t 'several files' 0 ': >a; : >b; chown 7:8 a b; '"$ids"' a b' $'7:8 a\n7:8 b\n'
needs_root t 'big ids' 0 ': >f; chown 4000000000:4000000001 f; '"$ids"' f' $'4000000000:4000000001 f\n'
needs_root t 'link operand changes the target' 0 ': >f; ln -s f l; chown 7 l; stat -c "%u %n" f l' $'7 f\n0 l\n'
needs_root t '-h changes the link' 0 ': >f; ln -s f l; chown -h 7 l; stat -c "%u %n" f l' $'0 f\n7 l\n'
needs_root t '-h dangling link' 0 'ln -s nowhere l; chown -h 7 l; stat -c "%u %n" l' $'7 l\n'
needs_root t '-R' 0 'mkdir -p d/e; : >d/f; chown -R 7:8 d; find d -printf "%U:%G %p\n" | sort -k2' $'7:8 d\n7:8 d/e\n7:8 d/f\n'
needs_root t '-R after the owner' 0 'mkdir -p d/e; chown 7 -R d; find d -printf "%U %p\n" | sort -k2' $'7 d\n7 d/e\n'
needs_root t '-R changes links, not targets' 0 'mkdir d; : >t; ln -s ../t d/l; chown -R 7 d; find . -printf "%U %p\n" | sort -k2' $'0 .\n7 ./d\n7 ./d/l\n0 ./t\n'
needs_root t '-R link operand is the link' 0 'mkdir t; : >t/f; ln -s t l; chown -R 7 l; find . -printf "%U %p\n" | sort -k2' $'0 .\n7 ./l\n0 ./t\n0 ./t/f\n'
needs_root t '-RH follows the operand' 0 'mkdir t; : >t/f; ln -s t l; chown -RH 7 l; find . -printf "%U %p\n" | sort -k2' $'0 .\n0 ./l\n7 ./t\n7 ./t/f\n'
needs_root t '-RH, not links inside' 0 'mkdir d u; : >u/f; ln -s ../u d/l; chown -RH 7 d; find . -printf "%U %p\n" | sort -k2' $'0 .\n7 ./d\n7 ./d/l\n0 ./u\n0 ./u/f\n'
needs_root t '-RL follows all links' 0 'mkdir d u; : >u/f; ln -s ../u d/l; chown -RL 7 d; find . -printf "%U %p\n" | sort -k2' $'0 .\n7 ./d\n0 ./d/l\n7 ./u\n7 ./u/f\n'
needs_root t '-RP is the default' 0 'mkdir d u; ln -s ../u d/l; chown -RLP 7 d; find . -printf "%U %p\n" | sort -k2' $'0 .\n7 ./d\n7 ./d/l\n0 ./u\n'
t 'invalid user' 1 ': >f; chown nosuchuser f 2>&1' $'chown: invalid user \'nosuchuser\'\n'
t 'invalid group' 1 ': >f; chown '"$u"':nosuchgroup f 2>&1' $'chown: invalid group \'nosuchgroup\'\n'
t 'nothing given' 1 ': >f; chown : f 2>&1' $'chown: invalid owner \':\'\n'
t 'number too big' 1 ': >f; chown 99999999999 f 2>&1' $'chown: invalid user \'99999999999\'\n'
t 'missing' 1 'chown '"$u"' nope 2>&1' $'chown: nope: No such file or directory\n'
t 'missing, carries on' 1 ': >f; chown '"$u"' nope f 2>&1; r=$?; '"$ids"' f; exit $r' $'chown: nope: No such file or directory\n'"$u:$g f"$'\n'
skip_if_root t 'not permitted' 1 ': >f; chown 0 f 2>&1' $'chown: f: Operation not permitted\n'
needs_root t 'binary name' 0 ': >"$(printf "\001\377")"; chown 9 "$(printf "\001\377")"; stat -c %u "$(printf "\001\377")"' $'9\n'
needs_root t 'deep tree' 0 "mkdir -p \$(printf 'x/%.0s' {1..500}) && chown -R 9 x && find x -user 9 | wc -l" $'500\n'
t 'no file' 1 'chown '"$u"' 2>&1' "$usage"
t 'no operand' 1 'chown 2>&1' "$usage"
t 'bad option' 1 'chown -x 0 f 2>&1' $'chown: -x: unknown option\n'"$usage"
t '--help' 0 'chown --help' "$usage"
t 'no output to fail' 0 ': >f; chown '"$u"' f >/dev/full 2>&1' ''
unset ids
