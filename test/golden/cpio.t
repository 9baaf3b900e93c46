# cpio.t - golden tests for cpio (host GNU cpio, where there is one, checks the formats)
u=$'usage: cpio -o [-v] [-H newc|odc] [-F ARCHIVE] <names | cpio -i [-dmtuv] [-F ARCHIVE] [PATTERN...] (newc by default)\n'
HC=$(command -v cpio)
HZ=$(command -v zstd)
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
tree='mkdir -p d/e; echo hi >d/a; ln -s a d/l; ln d/a d/h; mkfifo d/p; head -c 3000 /dev/urandom >d/e/b; chmod 750 d/e; touch -h -d @1000000000 d/* d/e/b d/e d; '
list='find . -printf "%p %y %m %n %l\n" | sort'
t 'create and list' 0 "$tree"'find d | sort | cpio -o >a.cpio 2>/dev/null; cpio -t <a.cpio 2>&1' $'d\nd/e\nd/e/b\nd/a\nd/h\nd/l\nd/p\n8 blocks\n'
t 'blocks on stderr' 0 'echo x >f; echo f | cpio -o 2>&1 >a.cpio; cpio -t <a.cpio 2>&1 >/dev/null' $'1 block\n1 block\n'
t 'list -v' 0 "$tree"'find d | sort | cpio -o 2>/dev/null | cpio -tv 2>/dev/null | sed "s/root     root    /u g/"' $'drwxr-xr-x   3 u g        0 Sep  9  2001 d\ndrwxr-x---   2 u g        0 Sep  9  2001 d/e\n-rw-r--r--   1 u g     3000 Sep  9  2001 d/e/b\n-rw-r--r--   2 u g        0 Sep  9  2001 d/a\n-rw-r--r--   2 u g        3 Sep  9  2001 d/h\nlrwxrwxrwx   1 u g        1 Sep  9  2001 d/l -> a\nprw-r--r--   1 u g        0 Sep  9  2001 d/p\n'
t '-it is -t' 0 'echo x >f; echo f | cpio -o 2>/dev/null | cpio -it 2>/dev/null' $'f\n'
t 'newc header' 0 'echo x >f; touch -d @0 f; echo f | cpio -o 2>/dev/null | head -c 110 | cut -c1-14,55-70,95-' $'0707010000000100000002000000000000000200000000\n'
t 'same tree, same archive' 0 'mkdir d; echo a >d/a; touch -d @5 d/a d; find d | sort | cpio -o >1 2>/dev/null; rm -r d; mkdir d; echo a >d/a; touch -d @5 d/a d; find d | sort | cpio -o >2 2>/dev/null; cmp 1 2 && echo same' $'same\n'
t 'extract round trip' 0 "$tree"'find d | sort | cpio -o >a.cpio 2>/dev/null; mkdir x; cd x; cpio -idm <../a.cpio 2>/dev/null; '"$list"'; cmp d/e/b ../d/e/b && stat -c "%Y %n" d d/a d/e/b' $'. d 755 3 \n./d d 755 3 \n./d/a f 644 2 \n./d/e d 750 2 \n./d/e/b f 644 1 \n./d/h f 644 2 \n./d/l l 777 1 a\n./d/p p 644 1 \n1000000000 d\n1000000000 d/a\n1000000000 d/e/b\n'
t 'hard links: data on the last' 0 'echo data >a; ln a b; printf "a\nb\n" | cpio -o 2>/dev/null | cpio -tv 2>/dev/null | cut -c1-41' $'-rw-r--r--   2 root     root            0\n-rw-r--r--   2 root     root            5\n'
t 'hard link whose other name is missing' 0 'echo data >a; ln a b; echo a | cpio -o 2>/dev/null | cpio -tv 2>/dev/null | cut -c34-41' $'       5\n'
t 'hard links extracted' 0 'echo data >a; ln a b; printf "a\nb\n" | cpio -o >x.cpio 2>/dev/null; rm a b; cpio -i <x.cpio 2>/dev/null; stat -c %h a; [ a -ef b ] && cat b' $'2\ndata\n'
t '-H odc' 0 'echo x >f; ln f g; touch -d @0 f; printf "f\ng\n" | cpio -o -H odc >a.cpio 2>/dev/null; head -c 6 a.cpio; echo; cpio -tv <a.cpio 2>/dev/null | cut -c1-41; rm f g; cpio -i <a.cpio 2>/dev/null; cat f g; [ f -ef g ] && echo linked' $'070707\n-rw-r--r--   2 root     root            2\n-rw-r--r--   2 root     root            2\nx\nx\nlinked\n'
t '-H bad' 1 'cpio -o -H bin 2>&1' $'cpio: bin: unsupported format (newc or odc)\n'
t '-F' 0 'echo x >f; echo f | cpio -o -F a.cpio 2>/dev/null; rm f; cpio -i -F a.cpio 2>/dev/null; cat f' $'x\n'
t '-F missing' 1 'cpio -i -F nope 2>&1' $'cpio: nope: No such file or directory\n'
t '-d makes directories' 0 'mkdir -p d/e; echo x >d/e/f; echo d/e/f | cpio -o >a.cpio 2>/dev/null; rm -r d; cpio -id <a.cpio 2>/dev/null; cat d/e/f' $'x\n'
t 'without -d' 1 'mkdir -p d/e; echo x >d/e/f; echo d/e/f | cpio -o >a.cpio 2>/dev/null; rm -r d; cpio -i <a.cpio 2>&1' $'cpio: d/e/f: No such file or directory\n1 block\n'
t '-m keeps times, not by default' 0 'echo x >f; touch -d @100 f; echo f | cpio -o >a.cpio 2>/dev/null; rm f; cpio -i <a.cpio 2>/dev/null; [ $(stat -c %Y f) -gt 100 ] && echo now; rm f; cpio -im <a.cpio 2>/dev/null; stat -c %Y f' $'now\n100\n'
t 'newer file kept without -u' 0 'echo old >f; touch -d @100 f; echo f | cpio -o >a.cpio 2>/dev/null; echo new >f; cpio -i <a.cpio 2>&1; cat f' $'cpio: f not created: newer or same age version exists\n1 block\nnew\n'
t '-u replaces' 0 'echo old >f; touch -d @100 f; echo f | cpio -o >a.cpio 2>/dev/null; echo new >f; cpio -iu <a.cpio 2>/dev/null; cat f' $'old\n'
t 'older file replaced' 0 'echo new >f; echo f | cpio -o >a.cpio 2>/dev/null; echo old >f; touch -d @100 f; cpio -i <a.cpio 2>/dev/null; cat f' $'new\n'
t '-v on extraction' 0 'mkdir d; echo x >d/f; find d | sort | cpio -o >a.cpio 2>/dev/null; rm -r d; cpio -iv <a.cpio 2>&1' $'d\nd/f\n1 block\n'
t 'patterns' 0 'mkdir d; echo x >d/f; echo y >d/g.c; find d | sort | cpio -o >a.cpio 2>/dev/null; cpio -t "*.c" <a.cpio 2>/dev/null; rm -r d; cpio -id "d/f" <a.cpio 2>/dev/null; find d' $'d/g.c\nd\nd/f\n'
t 'symlink at the name is replaced, not followed' 0 'echo new >f; echo f | cpio -o >a.cpio 2>/dev/null; rm f; echo victim >v; ln -s v f; touch -h -d @1 f; cpio -i <a.cpio 2>/dev/null; cat v f' $'victim\nnew\n'
t 'no writing through a symlink from the archive' 1 'mkdir -p t out; ln -s ../out t/l; echo x >out/f; printf "t\nt/l\nt/l/f\n" | cpio -o >a.cpio 2>/dev/null; rm -r t out; mkdir out; cpio -i <a.cpio 2>&1; r=$?; ls out; exit $r' $'cpio: t/l/f: not extracted through symlink t/l\n1 block\n'
t 'no writing through a symlink from the archive, by another spelling' 1 'mkdir -p t out; ln -s ../out t/l; echo x >out/f; printf "t\nt/l\n./t/l/f\n" | cpio -o >a.cpio 2>/dev/null; rm -r t out; mkdir out; cpio -i <a.cpio 2>&1; r=$?; ls out; exit $r' $'cpio: ./t/l/f: not extracted through symlink t/l\n1 block\n'
t 'hard links: the first name kept, the data not written to it' 0 'echo data >a; ln a b; printf "a\nb\n" | cpio -o >x.cpio 2>/dev/null; rm b; echo keep >a; touch -d @2000000000 a; cpio -i <x.cpio 2>/dev/null; cat a b' $'keep\ndata\n'
needs_root t 'set-id kept as root' 0 'echo x >f; chmod 4755 f; echo f | cpio -o >a.cpio 2>/dev/null; rm f; cpio -i <a.cpio 2>/dev/null; stat -c %a f' $'4755\n'
t '.. refused' 1 'mkdir d; echo x >f; echo d/../f | cpio -o >a.cpio 2>/dev/null; rm f; cpio -id <a.cpio 2>&1; r=$?; ls; exit $r' $'cpio: d/../f: member name contains \'..\'\n1 block\na.cpio\nd\n'
t 'leading slash removed' 0 'mkdir d; echo x >d/f; echo "$(pwd)/d/f" | cpio -o >a.cpio 2>/dev/null; mkdir x; cd x; cpio -id <../a.cpio 2>&1 | head -n 1; find . -name f | wc -l' $'cpio: removing leading \'/\' from member names\n1\n'
needs_root t 'devices and owners' 0 'mknod c c 1 3; echo x >f; chown 12:34 f; printf "c\nf\n" | cpio -o >a.cpio 2>/dev/null; cpio -tv <a.cpio 2>/dev/null | cut -c1-10,34-41; rm c f; cpio -i <a.cpio 2>/dev/null; stat -c "%F %t %T" c; stat -c "%u %g" f' $'crw-r--r--  1,   3\n-rw-r--r--       2\ncharacter special file 1 3\n12 34\n'
t 'fifo modes: kept as root, umask without' 0 'umask 022; mkfifo -m 666 p; mkfifo -m 640 q; printf "p\nq\n" | cpio -o >a.cpio 2>/dev/null; rm p q; cpio -i <a.cpio 2>/dev/null; stat -c %a p q' "$( (($(id -u) == 0)) && echo 666 || echo 644)"$'\n640\n'
needs_root t 'device and fifo modes as archived, no set-id bits' 0 "python3 $(printf %q "$top/test/extract/mkarchive.py") cpio c4640:c:1,3 n2640:p >a.cpio; umask 077; cpio -i <a.cpio 2>/dev/null; stat -c %a c p" $'640\n640\n'
t 'missing file, carries on' 1 'echo x >f; printf "nope\nf\n" | cpio -o >a.cpio 2>e; r=$?; cat e; cpio -t <a.cpio 2>/dev/null; exit $r' $'cpio: nope: No such file or directory\n1 block\nf\n'
skip_if_root t 'unreadable file' 1 'echo x >f; chmod 000 f; echo f | cpio -o 2>&1 >/dev/null' $'cpio: f: Permission denied\n1 block\n'
t 'empty name list' 0 'cpio -o </dev/null 2>/dev/null | cpio -t 2>&1' $'1 block\n'
t 'empty input' 1 'cpio -t </dev/null 2>&1' $'cpio: -: truncated archive\n'
t 'binary, more than 1 MiB' 0 'head -c 1500000 /dev/urandom >b; printf "\0" >>b; echo b | cpio -o >a.cpio 2>/dev/null; mkdir x; cd x; cpio -i <../a.cpio 2>/dev/null; cmp b ../b && echo same' $'same\n'
t 'not an archive' 1 'seq 1 100 | cpio -t 2>&1' $'cpio: -: not a cpio archive (newc or odc)\n'
t 'bad header' 1 'echo x >f; echo f | cpio -o 2>/dev/null | sed "1s/^070701000/070701xyz/" | cpio -t 2>&1' $'cpio: -: bad header\n'
t 'truncated archive' 1 'head -c 5000 /dev/urandom >f; echo f | cpio -o 2>/dev/null | head -c 3000 >a.cpio; mkdir x; cd x; cpio -i <../a.cpio 2>&1' $'cpio: -: truncated archive\n'
t 'compressed archives read' 0 'echo x >f; echo f | cpio -o 2>/dev/null | zstd >a.zst; cpio -t <a.zst 2>/dev/null; echo f | cpio -o 2>/dev/null | gzip | cpio -t 2>/dev/null' $'f\nf\n'
# The packer's image, when there is one: newc, zstd-compressed.
image=$top/build/initramfs-multicall.cpio.zst
if [[ -f $image ]]; then
	t 'the image packer: decompressed, listed' 0 'unzstd <'"$(printf %q "$image")"' >i.cpio && cpio -t <i.cpio 2>/dev/null | grep -x -e bin/cat -e init -e dev/console -e TRAILER!!! -c' $'3\n'
	t 'the image packer: compressed, listed' 0 'cpio -tv <'"$(printf %q "$image")"' 2>/dev/null | grep " dev/console$" | cut -c1-10,34-41' $'crw-------  5,   1\n'
else
	echo "skip $file: the image packer: no $image"
fi
t 'write error' 1 'echo x >f; echo f | cpio -o 2>&1 >/dev/full' $'cpio: write error: No space left on device\n'
t 'write error on a file' 1 'echo x >f; echo f | cpio -o -F /dev/full 2>&1' $'cpio: /dev/full: No space left on device\n'
t 'write error, list' 1 'echo x >f; echo f | cpio -o 2>/dev/null | cpio -t 2>&1 >/dev/full' $'1 block\ncpio: write error: No space left on device\n'
t 'no mode' 1 'cpio 2>&1' "$u"
t 'two modes' 1 'cpio -oi 2>&1' $'cpio: only one of -o, -i\n'
t 'bad option' 1 'cpio -y 2>&1' $'cpio: -y: unknown option\n'"$u"
t '--help' 0 'cpio --help' "$u"
needs cpio t 'GNU cpio reads ours' 0 "$tree"'find d | sort | cpio -o >a.cpio 2>/dev/null; mkdir x; cd x; '"$HC"' -idm --quiet <../a.cpio; '"$list"'; cmp d/e/b ../d/e/b && echo same' $'. d 755 3 \n./d d 755 3 \n./d/a f 644 2 \n./d/e d 750 2 \n./d/e/b f 644 1 \n./d/h f 644 2 \n./d/l l 777 1 a\n./d/p p 644 1 \nsame\n'
needs cpio t 'ours reads GNU cpio, newc and odc' 0 "$tree"'find d | sort | '"$HC"' -o -H newc --quiet >a.cpio; find d | sort | '"$HC"' -o -H odc --quiet >b.cpio; for a in a b; do mkdir $a; cd $a; cpio -idm <../$a.cpio 2>/dev/null; '"$list"'; cmp d/e/b ../d/e/b && cd ..; done' "$(printf %s $'. d 755 3 \n./d d 755 3 \n./d/a f 644 2 \n./d/e d 750 2 \n./d/e/b f 644 1 \n./d/h f 644 2 \n./d/l l 777 1 a\n./d/p p 644 1 \n')$(printf '\n%s' $'. d 755 3 ' $'./d d 755 3 ' $'./d/a f 644 2 ' $'./d/e d 750 2 ' $'./d/e/b f 644 1 ' $'./d/h f 644 2 ' './d/l l 777 1 a' $'./d/p p 644 1 ')"$'\n'
needs cpio t 'GNU cpio lists ours' 0 'echo x >f; touch -d @1000000000 f; echo f | cpio -o -H odc 2>/dev/null | '"$HC"' -tv --quiet | cut -c1-10,34-' $'-rw-r--r--       2 Sep  9  2001 f\n'
