# _options.t - the option parser, across commands: options after operands,
# "--", POSIXLY_CORRECT, long options, and the commands that must not permute

# Options may follow operands, as GNU and BusyBox let them.
t 'grep PATTERN -r DIR' 0 'mkdir d; echo "int x;" >d/a.c; grep int -r d' $'d/a.c:int x;\n'
t 'ls DIR -l' 0 'mkdir d; touch d/f; ls d -l | head -n 1' $'total 0\n'
t 'head FILE -n1' 0 'seq 3 >f; head f -n1' $'1\n'
t 'head FILE -n 1, argument apart' 0 'seq 3 >f; head f -n 1' $'1\n'
t 'wc FILE -l' 0 'seq 3 >f; wc f -l' $'3 f\n'
t 'sort FILE -r' 0 'printf "a\nb\n" >f; sort f -r' $'b\na\n'
t 'mkdir -p x/y -v makes no -v' 0 'mkdir -p x/y -v; ls' $'mkdir: created directory \'x\'\nmkdir: created directory \'x/y\'\nx\n'
t 'touch f -c creates nothing' 0 'touch f -c; ls' ''
t 'operands keep their order' 0 'printf "1\n" >a; printf "2\n" >b; cat a -u b' $'1\n2\n'
t 'rm FILE -f' 0 'touch a; rm a -f nosuch; ls' ''
t 'cp -r: SRC DST -r' 0 'mkdir s; touch s/f; cp s t -r; ls t' $'f\n'

# "--" ends the options; "-" is an operand.
t '-- makes -c a file' 0 'touch -- -c; ls' $'-c\n'
t '-- after operands' 0 'touch a -- -v; ls' $'-v\na\n'
t '- is stdin' 0 'echo in | cat - ' $'in\n'
t 'POSIXLY_CORRECT: strict order' 1 'echo hi >f; POSIXLY_CORRECT=1 cat f -u 2>&1' $'hi\ncat: -u: No such file or directory\n'
t 'POSIXLY_CORRECT: options first still work' 0 'seq 3 >f; POSIXLY_CORRECT=1 head -n 1 f' $'1\n'

# Long options: --name, --name=value, --name value, unambiguous prefixes.
t '--name=value' 0 'seq 3 | head --lines=2' $'1\n2\n'
t '--name value' 0 'seq 3 | head --lines 2' $'1\n2\n'
t 'a prefix' 0 'seq 3 | head --li=1' $'1\n'
t 'after operands' 0 'seq 3 >f; head f --lines=1' $'1\n'
t 'two names of one option' 0 'seq 2 >a; seq 2 >b; head --silent -n 1 a b; head --quiet -n 1 a b' $'1\n1\n1\n1\n'
t 'ambiguous prefix' 1 'tar --s 2>e; s=$?; head -n 1 e; exit $s' $'tar: option --s is ambiguous\n'
t 'unknown long option' 1 'head --foo 2>e; s=$?; head -n 1 e; exit $s' $'head: unknown option --foo\n'
t 'unknown, with a value' 1 'ls --nosuch=3 2>e; s=$?; head -n 1 e; exit $s' $'ls: unknown option --nosuch\n'
t 'missing argument' 1 'head --lines 2>e; s=$?; head -n 1 e; exit $s' $'head: option --lines requires an argument\n'
t 'argument to a flag' 1 'head --quiet=1 2>e; s=$?; head -n 1 e; exit $s' $'head: option --quiet takes no argument\n'
t '--help lists the long options' 0 'head --help | grep -c -e "--lines (-n)"' $'1\n'
t '--help after an operand' 0 'head f --help | head -n 1' $'usage: head [-qv] [-n [-]LINES | -c [-]BYTES] [FILE...]\n'
t 'ls --color=never' 0 'mkdir d; touch d/f; ls --color=never d' $'f\n'
t 'tar --list --file' 0 'echo x >f; tar -cf a.tar f; tar --list --file a.tar' $'f\n'
t 'tar --file=A --extract' 0 'echo x >f; tar -cf a.tar f; rm f; tar --extract --file=a.tar; cat f' $'x\n'

# The commands whose operands may start with '-' keep POSIX's order.
t 'echo -x' 0 'echo -x --help' $'-x --help\n'
t 'printf FORMAT -x' 0 'printf "%s\n" -x' $'-x\n'
t 'printf --' 0 'printf -- "%s\n" -x' $'-x\n'
t 'test -n -x' 0 'test -n -x && [ -x = -x ] && echo yes' $'yes\n'
t 'env CMD -x' 0 'env A=1 sh -c "echo \$A \$1" sh -x' $'1 -x\n'
t 'xargs CMD -x' 0 'echo a | xargs echo -x' $'-x a\n'
t 'timeout N CMD -x' 0 'timeout 5 echo -x' $'-x\n'
t 'nohup CMD -x' 0 'nohup echo -x 2>/dev/null' $'-x\n'
t 'time CMD -x' 0 'time -p echo -x 2>/dev/null' $'-x\n'
t 'seq -2 0' 0 'seq -2 0' $'-2\n-1\n0\n'
t 'chmod MODE -x' 0 'touch f; chmod 755 f; chmod -x f; stat -c %a f' $'644\n'
t 'find -name' 0 'mkdir d; touch d/f; find d -name f' $'d/f\n'
needs_root t 'chroot DIR CMD -x' 0 'chroot / echo -x' $'-x\n'
