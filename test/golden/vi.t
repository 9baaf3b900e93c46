# vi.t - what vi does without a terminal (the editing is tested on a pty: test/edit/run)
t '--help' 0 'vi --help' $'usage: vi [+LINE | +/PATTERN] [FILE]\n'
t 'bad option' 1 'vi -z f 2>&1' $'vi: -z: unknown option\nusage: vi [+LINE | +/PATTERN] [FILE]\n'
t 'two files' 1 'vi a b 2>&1' $'usage: vi [+LINE | +/PATTERN] [FILE]\n'
t 'not a terminal, file untouched' 1 'printf "x\n" >f; vi f 2>&1; r=$?; cat f; exit $r' $'vi: standard input and output must be a terminal\nx\n'
t 'not a terminal, no file made' 1 'vi new 2>&1; r=$?; ls; exit $r' $'vi: standard input and output must be a terminal\n'
t 'not a terminal, with +LINE' 1 'vi +3 f 2>&1' $'vi: standard input and output must be a terminal\n'
