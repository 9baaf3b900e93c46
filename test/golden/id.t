# id.t - golden tests for id (users from the passwd file: root and nobody are everywhere)
u=$'usage: id [-G | -g | -u] [-nr] [USER]\n'
t 'user' 0 'id root' $'uid=0(root) gid=0(root) groups=0(root)\n'
t 'user by number' 0 'id 0' $'uid=0(root) gid=0(root) groups=0(root)\n'
t 'user -u' 0 'id -u nobody' $'65534\n'
t 'user -un' 0 'id -un 65534' $'nobody\n'
t 'user -g' 0 'id -g nobody' $'65534\n'
t 'user -G' 0 'id -G nobody' $'65534\n'
t 'user -Gn' 0 'id -Gn root' $'root\n'
t 'user -gn' 0 'id -gn root' $'root\n'
t 'user -ur' 0 'id -ur root' $'0\n'
t 'unknown user' 1 'id nope 2>&1' $'id: nope: no such user\n'
t 'unknown uid' 1 'id 4000000 2>&1' $'id: 4000000: no such user\n'
needs_root t '-u' 0 'id -u' $'0\n'
needs_root t '-un' 0 'id -un' $'root\n'
needs_root t '-ur' 0 'id -ur' $'0\n'
needs_root t '-urn' 0 'id -urn' $'root\n'
needs_root t '-g' 0 'id -g' $'0\n'
needs_root t '-gn' 0 'id -gn' $'root\n'
needs_root t '-gr' 0 'id -gr' $'0\n'
needs setpriv needs_root t 'default' 0 'setpriv --clear-groups id' $'uid=0(root) gid=0(root) groups=0(root)\n'
needs setpriv needs_root t '-G' 0 'setpriv --clear-groups id -G' $'0\n'
needs setpriv needs_root t '-Gn' 0 'setpriv --clear-groups id -Gn' $'root\n'
needs setpriv needs_root t 'supplementary groups' 0 'setpriv --groups 65534,0 id -G' $'0 65534\n'
needs setpriv needs_root t 'supplementary groups, default' 0 'setpriv --groups 65534,0 id | sed "s/(nogroup)/(nobody)/g"' $'uid=0(root) gid=0(root) groups=0(root),65534(nobody)\n'
needs setpriv needs_root t 'unnamed group' 0 'setpriv --groups 4000000 id' $'uid=0(root) gid=0(root) groups=0(root),4000000\n'
needs setpriv needs_root t 'unnamed group -Gn' 0 'setpriv --groups 4000000 id -Gn' $'root 4000000\n'
t '-n alone' 1 'id -n 2>&1' "$u"
t '-r alone' 1 'id -r 2>&1' "$u"
t '-u and -g' 1 'id -u -g 2>&1' "$u"
t 'two users' 1 'id root nobody 2>&1' "$u"
t 'bad option' 1 'id -z 2>&1' $'id: -z: unknown option\n'"$u"
t '--help' 0 'id --help' "$u"$'long options: --groups (-G), --group (-g), --user (-u), --name (-n),\n  --real (-r)\n'
t 'write error' 1 'id -u 2>&1 >/dev/full' $'id: write error: No space left on device\n'
