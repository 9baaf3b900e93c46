# cp.t - golden tests for cp (results checked with find -printf, cmp and stat)
usage=$'usage: cp [-adfinpRrv] [-H|-L|-P] SOURCE... TARGET\n'
list='find . -printf "%p %y %m %l\n" | sort'
# A full disk: a 64 KiB tmpfs on ./x in a private mount namespace, which
# takes root and unshare; its commands run in an inner bash.
small_fs() {
	if (($(id -u) != 0)) || ! command -v unshare >/dev/null; then
		echo "skip $file: $2: a small file system needs root and unshare"
		return 0
	fi
	local name=$2 status=$3 line=$4
	shift 4
	t "$name" "$status" "mkdir x && unshare -m bash -c $(printf %q "mount -t tmpfs -o size=64k tmpfs x && $line")" "$@"
}
tree='mkdir -p s/e s/g; echo hi >s/a; head -c 100000 /dev/urandom >s/e/big; ln -s a s/l; ln -s nowhere s/dang; mkfifo s/g/p; chmod 751 s/e; '
t 'file' 0 'echo hello >a; cp a b; cat b' $'hello\n'
t 'new file mode' 0 ': >a; chmod 751 a; cp a b; stat -c %a b' $'751\n'
t 'new file mode, umask' 0 ': >a; chmod 777 a; umask 027; cp a b; stat -c %a b' $'750\n'
t 'setuid dropped' 0 ': >a; chmod 4755 a; cp a b; stat -c %a b' $'755\n'
t 'existing file keeps its mode' 0 'echo new >a; echo old >b; chmod 600 b; cp a b; stat -c %a b; cat b' $'600\nnew\n'
t 'overwrite shrinks' 0 'echo a >a; echo longer >b; cp a b; cat b' $'a\n'
t 'into a directory' 0 'echo x >a; mkdir d; cp a d; cat d/a' $'x\n'
t 'into a directory, trailing slash' 0 'echo x >a; mkdir d; cp a d/; cat d/a' $'x\n'
t 'several into a directory' 0 ': >a; : >b; mkdir d; cp a b d; find d | sort' $'d\nd/a\nd/b\n'
t 'several, last not a directory' 1 ': >a; : >b; cp a b c 2>&1; r=$?; ls; exit $r' $'cp: c: Not a directory\na\nb\n'
t 'binary data' 0 'head -c 300000 /dev/urandom >a; printf "\0\377" >>a; cp a b; cmp a b && echo same' $'same\n'
t 'long lines' 0 'head -c 1100000 /dev/zero | tr "\0" x >a; cp a b; cmp a b && echo same' $'same\n'
t 'empty file' 0 ': >a; cp a b; stat -c %s b' $'0\n'
t 'link operand is followed' 0 'echo x >a; ln -s a l; cp l b; stat -c %F b' $'regular file\n'
t 'same file' 1 'echo x >a; cp a a 2>&1; r=$?; cat a; exit $r' $'cp: \'a\' and \'a\' are the same file\nx\n'
t 'same file through a link' 1 'echo x >a; ln -s a l; cp a l 2>&1; r=$?; cat a; exit $r' $'cp: \'a\' and \'l\' are the same file\nx\n'
t 'same file, hard link' 1 'echo x >a; ln a b; cp a b 2>&1' $'cp: \'a\' and \'b\' are the same file\n'
t 'directory without -R' 1 'mkdir d; cp d e 2>&1; r=$?; ls; exit $r' $'cp: d: Is a directory\nd\n'
t 'directory without -R, carries on' 1 'mkdir d t; : >a; cp d a t 2>&1; r=$?; find t; exit $r' $'cp: d: Is a directory\nt\nt/a\n'
t 'missing' 1 'cp nope b 2>&1' $'cp: nope: No such file or directory\n'
t 'missing, carries on' 1 ': >a; mkdir t; cp nope a t 2>&1; r=$?; find t | sort; exit $r' $'cp: nope: No such file or directory\nt\nt/a\n'
t 'missing directory' 1 ': >a; cp a nope/b 2>&1' $'cp: nope/b: No such file or directory\n'
skip_if_root t 'unreadable source' 1 ': >a; chmod 000 a; cp a b 2>&1' $'cp: a: Permission denied\n'
skip_if_root t 'unwritable target' 1 ': >a; : >b; chmod 444 b; cp a b 2>&1' $'cp: b: Permission denied\n'
skip_if_root t '-f removes an unwritable target' 0 'echo x >a; : >b; chmod 444 b; cp -f a b; cat b' $'x\n'
t '-R tree' 0 "$tree"'cp -R s t; cd t && '"$list" $'. d 755 \n./a f 644 \n./dang l 777 nowhere\n./e d 751 \n./e/big f 644 \n./g d 755 \n./g/p p 644 \n./l l 777 a\n'
t '-r is -R' 0 'mkdir -p s/e; : >s/e/f; cp -r s t; find t | sort' $'t\nt/e\nt/e/f\n'
t '-R data' 0 "$tree"'cp -R s t; cmp s/e/big t/e/big && echo same' $'same\n'
t '-R into a directory' 0 'mkdir -p s/e t; cp -R s t; find t | sort' $'t\nt/s\nt/s/e\n'
t '-R merges' 0 'mkdir -p s/e t/e; : >s/e/a; : >t/e/b; cp -R s/. t; find t | sort' $'t\nt/e\nt/e/a\nt/e/b\n'
t '-R trailing slash' 0 'mkdir -p s/e; cp -R s/ t; find t | sort' $'t\nt/e\n'
t '-R dir onto a file' 1 'mkdir s; : >t; cp -R s t 2>&1' $'cp: t: cannot overwrite non-directory with directory s\n'
t '-R into itself' 1 'mkdir -p s/e; cp -R s s/e 2>&1; r=$?; find s | sort; exit $r' $'cp: cannot copy a directory, \'s\', into itself, \'s/e/s\'\ns\ns/e\n'
t '-R onto itself' 1 'mkdir s; cp -R s s 2>&1' $'cp: cannot copy a directory, \'s\', into itself, \'s/s\'\n'
t '-R into a sibling with a like name' 0 'mkdir s; : >s/f; cp -R s s2; find s2' $'s2\ns2/f\n'
t '-R link operand is copied as a link' 0 'mkdir d; ln -s d l; cp -R l m; stat -c "%F" m' $'symbolic link\n'
t '-RH follows the operand' 0 'mkdir d; : >d/f; ln -s f d/l; ln -s d l; cp -RH l m; find m -printf "%p %y\n" | sort' $'m d\nm/f f\nm/l l\n'
t '-RL follows all links' 0 'mkdir d; echo x >d/f; ln -s f d/l; cp -RL d m; find m -printf "%p %y\n" | sort' $'m d\nm/f f\nm/l f\n'
t '-P copies a link' 0 'echo x >a; ln -s a l; cp -P l m; readlink m' $'a\n'
t '-P link onto a file' 0 'echo x >a; ln -s a l; : >m; cp -P l m; readlink m' $'a\n'
skip_if_root t '-R unreadable directory' 1 'mkdir -p s/e; : >s/e/f; chmod 000 s/e; cp -R s t 2>&1; r=$?; [ -d t/e ] && echo made; exit $r' $'cp: s/e: Permission denied\nmade\n'
t '-R new directory modes' 0 'mkdir -p s/e; chmod 700 s/e; chmod 555 s; cp -R s t; stat -c "%a %n" t t/e' $'555 t\n700 t/e\n'
t '-R keeps special files' 0 'mkdir s; mkfifo s/p; cp -R s t; stat -c %F t/p' $'fifo\n'
needs_root t '-R keeps devices' 0 'mkdir s; mknod s/c c 1 3; cp -R s t; stat -c "%F %t %T" t/c' $'character special file 1 3\n'
t '-p modes and times' 0 ': >a; chmod 4751 a; touch -d @100 a; touch -a -d @50 a; cp -p a b; stat -c "%a %X %Y" b' $'4751 50 100\n'
t '-p keeps nanoseconds' 0 ': >a; touch -d @100.123456789 a; cp -p a b; stat -c %y b' $'1970-01-01 00:01:40.123456789 +0000\n'
needs_root t '-p owner' 0 ': >a; chown 54321:54322 a; cp -p a b; stat -c "%u:%g" b' $'54321:54322\n'
t '-p directory times after its entries' 0 'mkdir -p s/e; : >s/e/f; touch -d @100 s/e s; cp -Rp s t; stat -c "%Y %n" t t/e' $'100 t\n100 t/e\n'
t '-a' 0 "$tree"'touch -h -d @100 s/l s/e/big; cp -a s t; cmp s/e/big t/e/big; cd t && '"$list"'; stat -c "%Y %n" l e/big' $'. d 755 \n./a f 644 \n./dang l 777 nowhere\n./e d 751 \n./e/big f 644 \n./g d 755 \n./g/p p 644 \n./l l 777 a\n100 l\n100 e/big\n'
t '-a keeps hard links' 0 'mkdir s; echo x >s/a; ln s/a s/b; cp -a s t; [ "$(stat -c %i t/a)" = "$(stat -c %i t/b)" ] && echo linked' $'linked\n'
t '-R does not keep hard links' 0 'mkdir s; echo x >s/a; ln s/a s/b; cp -R s t; stat -c %h t/a' $'1\n'
t '-d keeps links' 0 'echo x >a; ln -s a l; cp -d l m; readlink m' $'a\n'
t '-n' 0 'echo new >a; echo old >b; cp -n a b; cat b' $'old\n'
t '-i no' 0 'echo new >a; echo old >b; cp -i a b 2>&1; echo; cat b' $'cp: overwrite \'b\'? \nold\n' $'n\n'
t '-i yes' 0 'echo new >a; echo old >b; cp -i a b 2>/dev/null; cat b' $'new\n' $'y\n'
t '-i new file, no question' 0 'echo new >a; cp -i a b 2>&1; cat b' $'new\n'
t '-f after -i' 0 'echo new >a; echo old >b; cp -if a b 2>&1; cat b' $'new\n'
t '-v' 0 'mkdir -p s/e; : >s/e/f; cp -Rv s t | sort' $'\'s\' -> \'t\'\n\'s/e\' -> \'t/e\'\n\'s/e/f\' -> \'t/e/f\'\n'
t '-v file' 0 ': >a; mkdir d; cp -v a d' $'\'a\' -> \'d/a\'\n'
t 'binary names' 0 'mkdir s; echo x >"s/$(printf "\001\377")"; cp -R s t; cat "t/$(printf "\001\377")"' $'x\n'
t 'long name' 0 'n=$(printf "n%.0s" {1..255}); echo x >$n; mkdir d; cp $n d; cat d/$n' $'x\n'
t 'deep tree' 0 "mkdir -p s/\$(printf 'x/%.0s' {1..300}) && cp -R s t && find t -type d | wc -l" $'301\n'
t 'many files' 0 'mkdir s; (cd s && touch f{1..3000}); cp -R s t; find t -type f | wc -l' $'3000\n'
t 'no operand' 1 'cp 2>&1' "$usage"
t 'one operand' 1 ': >a; cp a 2>&1' "$usage"
t 'bad option' 1 'cp -z a b 2>&1' $'cp: -z: unknown option\n'"$usage"
t '--help' 0 'cp --help' "$usage"
t 'write error' 1 ': >a; cp -v a b 2>&1 >/dev/full; r=$?; ls; exit $r' $'cp: write error: No space left on device\na\nb\n'
small_fs t 'full disk' 1 'head -c 1000000 /dev/zero >a; cp a x/a 2>&1' $'cp: x/a: No space left on device\n'
unset list tree
