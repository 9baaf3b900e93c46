# ls.t - golden tests for ls
# Times are fixed with touch -d @SECONDS; sizes come from truncate, which
# leaves holes, so "total" is 0 on any file system; -n avoids user names.
u=$(id -u) g=$(id -g)
now=$(date +%s)
hour_ago=$((now - 3600)) year_ago=$((now - 365 * 86400)) next_year=$((now + 365 * 86400))
usage=$'usage: ls [-1ACFRSadhilnprst] [--color[=WHEN]] [FILE...]\n'

t 'empty directory' 0 'ls' ''
t 'names sorted by bytes' 0 'touch b a C _x B10 B9; ls' $'B10\nB9\nC\n_x\na\nb\n'
t 'dot files hidden' 0 'touch .h a; ls' $'a\n'
t '-a' 0 'touch .h a; ls -a' $'.\n..\n.h\na\n'
t '-A' 0 'touch .h ..h a; ls -A' $'..h\n.h\na\n'
t '-1' 0 'touch a b; ls -1' $'a\nb\n'
t 'one operand directory' 0 'mkdir d; touch d/x d/y; ls d' $'x\ny\n'
t 'file operands' 0 'touch b a; ls b a' $'a\nb\n'
t 'files first, then directories' 0 'mkdir d2 d1; touch f d1/x; ls d2 f d1' $'f\n\nd1:\nx\n\nd2:\n'
t 'two directories' 0 'mkdir a b; touch a/x b/y; ls b a' $'a:\nx\n\nb:\ny\n'
t 'dot operand' 0 'touch a; ls .' $'a\n'
t '-d' 0 'mkdir d; touch d/x; ls -d d' $'d\n'
t '-d without operands' 0 'touch a; ls -d' $'.\n'
t '-d files and directories' 0 'mkdir d; touch f; ls -d f d' $'d\nf\n'
t '-F' 0 'mkdir d; touch f x; chmod +x x; ln -s f l; mkfifo p; ls -F' $'d/\nf\nl@\np|\nx*\n'
t '-p' 0 'mkdir d; touch f x; chmod +x x; ln -s d l; mkfifo p; ls -p' $'d/\nf\nl\np\nx\n'
t '-r' 0 'touch a b c; ls -r' $'c\nb\na\n'
t '-t newest first' 0 'touch -d @100 a; touch -d @300 b; touch -d @200 c; ls -t' $'b\nc\na\n'
t '-t ties by name' 0 'touch -d @100 b a c; ls -t' $'a\nb\nc\n'
t '-t nanoseconds' 0 'touch -d "1970-01-01 00:00:01.5" a; touch -d "1970-01-01 00:00:01.7" b; ls -t' $'b\na\n'
t '-tr' 0 'touch -d @100 a; touch -d @300 b; touch -d @200 c; ls -tr' $'a\nc\nb\n'
t '-S biggest first' 0 'truncate -s 10 a; truncate -s 30 b; truncate -s 20 c; truncate -s 20 d; ls -S' $'b\nc\nd\na\n'
t '-Sr' 0 'truncate -s 10 a; truncate -s 30 b; truncate -s 20 c; ls -Sr' $'a\nc\nb\n'
t '-R' 0 'mkdir -p d/e && : >d/f && ls -R d' $'d:\ne\nf\n\nd/e:\n'
t '-R without operands' 0 'mkdir -p e/g; touch f e/h; ls -R' $'.:\ne\nf\n\n./e:\ng\nh\n\n./e/g:\n'
t '-R sorted order, depth first' 0 'mkdir -p a/b c; touch a/b/x; ls -R' $'.:\na\nc\n\n./a:\nb\n\n./a/b:\nx\n\n./c:\n'
t '-aR skips . and ..' 0 'mkdir -p d/e; ls -aR d' $'d:\n.\n..\ne\n\nd/e:\n.\n..\n'
t '-R does not follow links' 0 'mkdir -p d t; touch t/x; ln -s ../t d/l; ls -R d' $'d:\nl\n'
t '-l file' 0 'truncate -s 5 f; chmod 644 f; touch -d @0 f; ls -l -n f' "-rw-r--r-- 1 $u $g 5 Jan  1  1970 f"$'\n'
t '-n implies -l' 0 'truncate -s 5 f; chmod 644 f; touch -d @0 f; ls -n f' "-rw-r--r-- 1 $u $g 5 Jan  1  1970 f"$'\n'
t '-l columns aligned' 0 'truncate -s 5 f; truncate -s 123456 big; chmod 600 big; ln f hard; touch -d @0 f big; ls -n' \
	"total 0
-rw------- 1 $u $g 123456 Jan  1  1970 big
-rw-r--r-- 2 $u $g      5 Jan  1  1970 f
-rw-r--r-- 2 $u $g      5 Jan  1  1970 hard
"
t '-l empty directory' 0 'ls -l' $'total 0\n'
t '-l recent time' 0 "truncate -s 1 f; touch -d @$hour_ago f; ls -n f" \
	"-rw-r--r-- 1 $u $g 1 $(TZ=UTC date -d @$hour_ago '+%b %e %H:%M') f"$'\n'
t '-l old time has the year' 0 "truncate -s 1 f; touch -d @$year_ago f; ls -n f" \
	"-rw-r--r-- 1 $u $g 1 $(TZ=UTC date -d @$year_ago '+%b %e  %Y') f"$'\n'
t '-l future time has the year' 0 "truncate -s 1 f; touch -d @$next_year f; ls -n f" \
	"-rw-r--r-- 1 $u $g 1 $(TZ=UTC date -d @$next_year '+%b %e  %Y') f"$'\n'
t '-l day of month padded' 0 'truncate -s 1 f; touch -d "2001-02-03 04:05" f; ls -n f' "-rw-r--r-- 1 $u $g 1 Feb  3  2001 f"$'\n'
t '-l symlink' 0 'ln -s target l; touch -h -d @0 l; ls -n l' "lrwxrwxrwx 1 $u $g 6 Jan  1  1970 l -> target"$'\n'
t '-l symlink in a directory' 0 'mkdir d; ln -s ../x d/l; touch -h -d @0 d/l; ls -n d' "total 0
lrwxrwxrwx 1 $u $g 4 Jan  1  1970 l -> ../x
"
t '-l link operand to a directory is the link' 0 'mkdir d; ln -s d l; touch -h -d @0 l; ls -n l' "lrwxrwxrwx 1 $u $g 1 Jan  1  1970 l -> d"$'\n'
t 'link operand to a directory is followed' 0 'mkdir d; touch d/x; ln -s d l; ls l' $'x\n'
t '-F link operand is the link' 0 'mkdir d; ln -s d l; ls -F l' $'l@\n'
t '-d link operand' 0 'mkdir d; ln -s d l; ls -d l' $'l\n'
t 'dangling link operand' 0 'ln -s nowhere l; ls l' $'l\n'
t '-lF' 0 'mkdir d; truncate -s 0 x; chmod 755 x; ln -s x l; touch -h -d @0 x l; ls -nF x l d' \
	"lrwxrwxrwx 1 $u $g 1 Jan  1  1970 l -> x
-rwxr-xr-x 1 $u $g 0 Jan  1  1970 x*

d:
total 0
"
t '-l mode strings' 0 'truncate -s 0 a b c d; chmod 4755 a; chmod 4644 b; chmod 2755 c; chmod 2604 d; mkdir t T; chmod 1777 t; chmod 1776 T; mkfifo p; ls -nd a b c d p t T | cut -c1-10' \
	$'drwxrwxrwT\n-rwsr-xr-x\n-rwSr--r--\n-rwxr-sr-x\n-rw---Sr--\nprw-r--r--\ndrwxrwxrwt\n'
t '-l all permission bits' 0 'truncate -s 0 f; for m in 000 700 070 007 421 124; do chmod $m f; ls -n f | cut -c1-10; done' \
	$'----------\n-rwx------\n----rwx---\n-------rwx\n-r---w---x\n---x-w-r--\n'
needs_root t '-l device' 0 'mknod c c 1 3; mknod b b 8 17; touch -d @0 c b; chmod 600 c b; ls -n c b' "brw------- 1 0 0 8,  17 Jan  1  1970 b
crw------- 1 0 0 1,   3 Jan  1  1970 c
"
needs_root t '-l big device numbers' 0 'mknod c c 300 70000; touch -d @0 c; chmod 600 c; ls -n c' "crw------- 1 0 0 300, 70000 Jan  1  1970 c"$'\n'
needs_root t '-l names' 0 'truncate -s 0 f; chown 54321:54322 f; touch -d @0 f; ls -l f' $'-rw-r--r-- 1 54321 54322 0 Jan  1  1970 f\n'
t '-lh' 0 'for s in 0 1023 1024 1536 10239 10241 1100000 5368709120; do truncate -s $s f$s; done; touch -d @0 f*; ls -nh' \
	"total 0
-rw-r--r-- 1 $u $g    0 Jan  1  1970 f0
-rw-r--r-- 1 $u $g 1023 Jan  1  1970 f1023
-rw-r--r-- 1 $u $g  10K Jan  1  1970 f10239
-rw-r--r-- 1 $u $g 1.0K Jan  1  1970 f1024
-rw-r--r-- 1 $u $g  11K Jan  1  1970 f10241
-rw-r--r-- 1 $u $g 1.1M Jan  1  1970 f1100000
-rw-r--r-- 1 $u $g 1.5K Jan  1  1970 f1536
-rw-r--r-- 1 $u $g 5.0G Jan  1  1970 f5368709120
"
t '-sh' 0 'truncate -s 5000000 f; head -c 2048 /dev/zero >g; ls -sh f' $'0 f\n'
t '-h alone changes nothing' 0 'truncate -s 5000 f; ls -h' $'f\n'
t '-s sparse' 0 'truncate -s 100000 f; ls -s' $'total 0\n0 f\n'
t '-s counts 1K blocks' 0 'head -c 10000 /dev/zero >f; want=$((($(stat -c "%b*%B" f) + 1023) / 1024)); [ "$(ls -s f)" = "$want f" ] && echo same' $'same\n'
t '-s total' 0 'mkdir d; head -c 10000 /dev/zero >d/f; head -c 30000 /dev/zero >d/g; want=$((($(stat -c "%b*%B" d/f) + $(stat -c "%b*%B" d/g) + 1023) / 1024)); [ "$(ls -s d | head -n 1)" = "total $want" ] && echo same' $'same\n'
t '-i' 0 'touch a; [ "$(ls -i a)" = "$(stat -c "%i %n" a)" ] && echo same' $'same\n'
t '-i -l' 0 'touch a; [ "$(ls -in a | cut -d" " -f1-2)" = "$(stat -c "%i -rw-r--r--" a)" ] && echo same' $'same\n'
t '-C columns' 0 'touch a bb ccc dddd; COLUMNS=12 ls -C' $'a   ccc\nbb  dddd\n'
t '-C one row' 0 'touch a bb ccc; COLUMNS=80 ls -C' $'a  bb  ccc\n'
t '-C narrow' 0 'touch aaaa bbbb; COLUMNS=5 ls -C' $'aaaa\nbbbb\n'
t '-C no empty column' 0 'touch a b c d e; COLUMNS=10 ls -C' $'a  c  e\nb  d\n'
t '-C many' 0 'touch $(seq -f "f%03g" 1 100); COLUMNS=80 ls -C | head -n 2' $'f001  f009  f017  f025  f033  f041  f049  f057  f065  f073  f081  f089  f097\nf002  f010  f018  f026  f034  f042  f050  f058  f066  f074  f082  f090  f098\n'
t '-C with -F' 0 'mkdir d; touch a; COLUMNS=80 ls -CF' $'a  d/\n'
t '-1 after -C' 0 'touch a b; ls -C1' $'a\nb\n'
t '-l after -C' 0 'truncate -s 0 a; touch -d @0 a; ls -Cn a' "-rw-r--r-- 1 $u $g 0 Jan  1  1970 a"$'\n'
t 'control characters kept off a terminal' 0 'touch "$(printf "a\tb")"; ls | od -An -c' $'   a  \\t   b  \\n\n'
t 'long name' 0 'n=$(head -c 255 /dev/zero | tr "\0" n); touch $n; [ "$(ls)" = "$n" ] && echo same' $'same\n'
t 'many entries sorted' 0 'touch f{1..3000}; ls | LC_ALL=C sort -c && ls | wc -l' $'3000\n'
t 'missing' 1 'ls nope 2>&1' $'ls: nope: No such file or directory\n'
t 'missing, carries on' 1 'touch a; ls nope a 2>&1' $'ls: nope: No such file or directory\na\n'
t 'missing, with a directory' 1 'mkdir d; touch d/x; ls d nope 2>&1' $'ls: nope: No such file or directory\nd:\nx\n'
t 'not a directory' 1 'touch f; ls f/ 2>&1' $'ls: f/: Not a directory\n'
skip_if_root t 'unreadable directory' 1 'mkdir d e; chmod 000 d; ls d e 2>&1' $'ls: d: Permission denied\ne:\n'
skip_if_root t '-R unreadable subdirectory' 1 'mkdir -p d/e; chmod 000 d/e; ls -R d 2>&1' $'d:\ne\nls: d/e: Permission denied\n'
t 'bad option' 1 'ls -z 2>&1' "ls: -z: unknown option
$usage"
t '--help' 0 'ls --help' "$usage"$'long options: --all (-a), --almost-all (-A), --classify (-F), --directory (-d),\n  --human-readable (-h), --inode (-i), --numeric-uid-gid (-n),\n  --recursive (-R), --reverse (-r), --size (-s), --color, --colour\n'
t 'write error' 1 'touch a; ls 2>&1 >/dev/full' $'ls: write error: No space left on device\n'
t 'write error -lR' 1 'mkdir -p a/b; ls -lR 2>&1 >/dev/full' $'ls: write error: No space left on device\n'
t '--color=always' 0 'mkdir d; touch f x; chmod +x x; ln -s f l; ls --color=always | tr "\033" E' $'E[01;34mdE[0m\nf\nE[01;36mlE[0m\nE[01;32mxE[0m\n'
t '--color (no WHEN) is always' 0 'mkdir d; ls --color | od -An -c | head -n 1 | cut -c1-16' $' 033   [   0   1\n'
t '--color=never, =auto into a pipe' 0 'mkdir d; ls --color=never; ls --color=auto' $'d\nd\n'
t '--color=bad' 1 'ls --color=bright 2>&1' $'ls: bright: invalid argument for --color (always, never or auto)\n'
