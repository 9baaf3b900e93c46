# unzstd.t - golden tests for unzstd (zstd -d)
u=$'usage: unzstd [-cfkqt] [--rm] [-o FILE] [FILE...]\n'
H=$(command -v zstd)
t 'stdin to stdout' 0 'echo hello | zstd | unzstd' $'hello\n'
t 'file.zst to file, input kept' 0 'echo hi | zstd >f.zst; unzstd f.zst; ls; cat f' $'f\nf.zst\nhi\n'
t '--rm' 0 'echo hi | zstd >f.zst; unzstd --rm f.zst; ls' $'f\n'
t '.tzst gives .tar' 0 'echo x | zstd >a.tzst; unzstd a.tzst; ls' $'a.tar\na.tzst\n'
t 'mode and times kept' 0 'echo x >f; chmod 604 f; touch -d @1234567890 f; zstd --rm f; unzstd f.zst; stat -c "%a %Y" f' $'604 1234567890\n'
t '-c' 0 'echo x | zstd >f.zst; unzstd -c f.zst' $'x\n'
t '-o' 0 'echo x | zstd >f.zst; unzstd -o g f.zst; cat g' $'x\n'
t '-f' 0 'echo x | zstd >f.zst; echo old >f; unzstd -f f.zst; cat f' $'x\n'
t 'output exists' 1 'echo x | zstd >f.zst; echo old >f; unzstd f.zst 2>&1; r=$?; cat f; exit $r' $'unzstd: f: already exists; not overwritten\nold\n'
t '-k -q' 0 'echo x | zstd >f.zst; unzstd -kq --rm f.zst; ls' $'f\nf.zst\n'
t '-t' 1 'echo x | zstd >a.zst; echo x >b.zst; unzstd -t a.zst b.zst 2>&1' $'unzstd: b.zst: not in zstd format\n'
t 'no -d option' 1 'unzstd -d 2>&1' $'unzstd: -d: unknown option\n'"$u"
t 'missing file, carries on' 1 'echo a | zstd >a.zst; unzstd nope.zst a.zst 2>&1; r=$?; ls; exit $r' $'unzstd: nope.zst: No such file or directory\na\na.zst\n'
skip_if_root t 'unreadable file' 1 'echo a | zstd >a.zst; chmod 000 a.zst; unzstd a.zst 2>&1' $'unzstd: a.zst: Permission denied\n'
t 'empty input' 1 ': >e.zst; unzstd e.zst 2>&1; r=$?; ls; exit $r' $'unzstd: e.zst: truncated input\ne.zst\n'
t 'empty compressed data' 0 ': | zstd >e.zst; unzstd e.zst; wc -c <e' $'0\n'
t 'binary, more than 1 MiB' 0 'head -c 1500000 /dev/urandom >b; zstd -c b | unzstd | cmp - b && echo same' $'same\n'
t 'truncated: output removed' 1 'head -c 200000 /dev/urandom | zstd >f; head -c 100000 f >g.zst; unzstd g.zst 2>&1; r=$?; ls; exit $r' $'unzstd: g.zst: truncated input\nf\ng.zst\n'
t 'write error' 1 'echo x | zstd | unzstd 2>&1 >/dev/full' $'unzstd: write error: No space left on device\n'
t 'bad option' 1 'unzstd -z 2>&1' $'unzstd: -z: unknown option\n'"$u"
t '--help' 0 'unzstd --help' "$u"
needs zstd t 'host zstd, long window' 0 'head -c 1100000 /dev/urandom >b; '"$H"' -q --long=24 -c b | unzstd | cmp - b && echo same' $'same\n'
needs zstd t 'host zstd, several frames' 0 'seq 1 1000 >f; '"$H"' -q -c f f | unzstd | wc -l' $'2000\n'
