# zcat.t - golden tests for zcat (gzip -dc)
u=$'usage: zcat [FILE...]\n'
H=$(command -v gzip)
t 'stdin' 0 'echo hello | gzip | zcat' $'hello\n'
t 'files in order, kept' 0 'echo a | gzip >a.gz; echo b | gzip >b.gz; zcat a.gz b.gz; ls' $'a\nb\na.gz\nb.gz\n'
t 'any name' 0 'echo a | gzip >a; zcat a' $'a\n'
t 'dash is stdin' 0 'echo a | gzip >a.gz; echo b | gzip | zcat a.gz - a.gz' $'a\nb\na\n'
t 'empty compressed data' 0 ': | gzip | zcat | wc -c' $'0\n'
t 'empty input' 1 'zcat 2>&1' $'zcat: -: truncated input\n'
t 'missing file, carries on' 1 'echo a | gzip >a.gz; zcat nope a.gz 2>&1' $'zcat: nope: No such file or directory\na\n'
skip_if_root t 'unreadable file' 1 'echo a | gzip >a.gz; chmod 000 a.gz; zcat a.gz 2>&1' $'zcat: a.gz: Permission denied\n'
t 'directory' 1 'mkdir d; zcat d 2>&1' $'zcat: d: is a directory -- ignored\n'
t 'not gzip, carries on' 1 'echo a | gzip >a.gz; echo x >x; zcat x a.gz 2>&1' $'zcat: x: not in gzip format\na\n'
t 'truncated' 1 'seq 1 100000 | gzip | head -c 5000 >f.gz; zcat f.gz 2>&1 >/dev/null' $'zcat: f.gz: truncated input\n'
t 'binary, more than 1 MiB' 0 'head -c 1200000 /dev/urandom >b; gzip -c b >b.gz; zcat b.gz | cmp - b && echo same' $'same\n'
t 'concatenated members' 0 '{ echo a | gzip; echo b | gzip; } >f.gz; zcat f.gz' $'a\nb\n'
t 'fifo' 0 'mkfifo p; { sleep 0.3; echo x | gzip >p; } & zcat p; wait' $'x\n'
t 'fifo, the writer first' 0 'mkfifo p; { echo x | gzip >p & }; zcat p; wait' $'x\n'
t 'write error' 1 'echo x | gzip | zcat 2>&1 >/dev/full' $'zcat: write error: No space left on device\n'
t 'no options' 1 'zcat -c 2>&1' $'zcat: -c: unknown option\n'"$u"
t '--help' 0 'zcat --help' "$u"
needs gzip t 'host gzip output' 0 'seq 1 1000 >f; '"$H"' -c f f | zcat | wc -l' $'2000\n'
