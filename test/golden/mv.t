# mv.t - golden tests for mv (results checked with find, stat and cat). Moves
# across file systems need a second one: a tmpfs on ./x in a private mount
# namespace, which takes root and unshare; its commands run in an inner bash.
usage=$'usage: mv [-finTv] {SOURCE... TARGET | -t DIR SOURCE...}\n'
xdev() {
	if (($(id -u) != 0)) || ! command -v unshare >/dev/null; then
		echo "skip $file: $2: a second file system needs root and unshare"
		return 0
	fi
	local name=$2 status=$3 line=$4
	shift 4
	t "$name" "$status" "mkdir x && unshare -m bash -c $(printf %q "mount -t tmpfs tmpfs x && $line")" "$@"
}
t 'rename a file' 0 'echo x >a; mv a b; find . | sort; cat b' $'.\n./b\nx\n'
t 'rename a directory' 0 'mkdir -p d/e; mv d f; find . | sort' $'.\n./f\n./f/e\n'
t 'replace a file' 0 'echo new >a; echo old >b; mv a b; find . | sort; cat b' $'.\n./b\nnew\n'
t 'into a directory' 0 ': >a; mkdir d; mv a d; find . | sort' $'.\n./d\n./d/a\n'
t 'into a directory, trailing slash' 0 ': >a; mkdir d; mv a d/; find . | sort' $'.\n./d\n./d/a\n'
t 'several into a directory' 0 ': >a; mkdir b d; mv a b d; find . | sort' $'.\n./d\n./d/a\n./d/b\n'
t 'several, last not a directory' 1 ': >a; : >b; mv a b c 2>&1; r=$?; ls; exit $r' $'mv: c: Not a directory\na\nb\n'
t 'directory onto an empty directory' 0 'mkdir -p d/x e; mv d e; find . | sort' $'.\n./e\n./e/d\n./e/d/x\n'
t 'directory replaces an empty one' 0 'mkdir -p d/x e; mv -T d e; find . | sort' $'.\n./e\n./e/x\n'
t 'directory onto a full one' 1 'mkdir -p d e/d/y; mv d e 2>&1; r=$?; find . | sort; exit $r' $'mv: e/d: Directory not empty\n.\n./d\n./e\n./e/d\n./e/d/y\n'
t 'directory onto a file' 1 'mkdir d; : >f; mv -T d f 2>&1' $'mv: f: Not a directory\n'
t 'file onto a directory' 1 ': >f; mkdir d; mv -T f d 2>&1' $'mv: d: Is a directory\n'
t 'into itself' 1 'mkdir -p d/e; mv d d/e 2>&1; r=$?; find . | sort; exit $r' $'mv: cannot move \'d\' to a subdirectory of itself, \'d/e/d\'\n.\n./d\n./d/e\n'
t 'same file' 1 ': >a; ln a b; mv a b 2>&1; r=$?; ls; exit $r' $'mv: \'a\' and \'b\' are the same file\na\nb\n'
t 'onto itself' 1 ': >a; mv a a 2>&1' $'mv: \'a\' and \'a\' are the same file\n'
t 'link is moved, not its target' 0 ': >t; ln -s t l; mv l m; stat -c "%F %n" t m' $'regular empty file t\nsymbolic link m\n'
t 'dangling link' 0 'ln -s nowhere l; mv l m; readlink m' $'nowhere\n'
t 'keeps mode and times' 0 ': >a; chmod 4751 a; touch -d @100 a; mv a b; stat -c "%a %Y" b' $'4751 100\n'
t 'missing' 1 'mv nope b 2>&1' $'mv: nope: No such file or directory\n'
t 'missing, carries on' 1 ': >a; mkdir d; mv nope a d 2>&1; r=$?; find . | sort; exit $r' $'mv: nope: No such file or directory\n.\n./d\n./d/a\n'
t 'missing directory' 1 ': >a; mv a nope/b 2>&1' $'mv: nope/b: No such file or directory\n'
skip_if_root t 'unwritable directory' 1 'mkdir d; : >d/a; chmod 555 d; mv d/a b 2>&1' $'mv: d/a: Permission denied\n'
t '-n' 0 'echo new >a; echo old >b; mv -n a b; cat a b' $'new\nold\n'
t '-i no' 0 'echo new >a; echo old >b; mv -i a b 2>&1; echo; cat b' $'mv: overwrite \'b\'? \nold\n' $'n\n'
t '-i yes' 0 'echo new >a; echo old >b; mv -i a b 2>/dev/null; ls; cat b' $'b\nnew\n' $'y\n'
t '-i new name, no question' 0 ': >a; mv -i a b 2>&1; ls' $'b\n'
t '-f after -i' 0 'echo new >a; echo old >b; mv -if a b 2>&1; cat b' $'new\n'
t 'read-only target, not a terminal: no question' 0 'echo new >a; echo old >b; chmod 444 b; mv a b 2>&1; cat b' $'new\n'
t '-T' 0 'mkdir d e; mv -T d e; ls' $'e\n'
t '-T needs two operands' 1 ': >a; mv -T a 2>&1' "$usage"
t '-v' 0 ': >a; mkdir d; mv -v a d' $'renamed \'a\' -> \'d/a\'\n'
t 'binary names' 0 'echo x >"$(printf "\001\377")"; mv "$(printf "\001\377")" "$(printf "\002")"; cat "$(printf "\002")"' $'x\n'
t 'long name' 0 'n=$(printf "n%.0s" {1..255}); : >a; mv a $n; ls | wc -c' $'256\n'
xdev t 'across: file' 0 'echo data >a; chmod 4751 a; touch -d @100 a; mv a x/b; ls; cat x/b; stat -c "%a %Y" x/b' $'x\ndata\n4751 100\n'
xdev t 'across: binary data' 0 'head -c 300000 /dev/urandom >a; cp a keep; mv a x/a; cmp keep x/a && echo same' $'same\n'
xdev t 'across: tree' 0 'mkdir -p s/e; echo hi >s/e/f; ln s/e/f s/h; ln -s e/f s/l; mkfifo s/p; chmod 700 s/e; touch -d @100 s/e s; mv s x; ls; cd x/s && find . -printf "%p %y %m %n %l\n" | sort; stat -c "%Y %n" . e' $'x\n. d 755 3 \n./e d 700 2 \n./e/f f 644 2 \n./h f 644 2 \n./l l 777 1 e/f\n./p p 644 1 \n100 .\n100 e\n'
needs_root xdev t 'across: owner' 0 ': >a; chown 54321:54322 a; mv a x; stat -c "%u:%g" x/a' $'54321:54322\n'
xdev t 'across: link' 0 'ln -s nowhere l; mv l x; readlink x/l' $'nowhere\n'
xdev t 'across: onto a file' 0 'echo new >a; echo old >x/b; mv a x/b; cat x/b; ls' $'new\nx\n'
xdev t 'across: onto an empty directory' 0 'mkdir -p d/e; mkdir x/d; mv -T d x/d; find x | sort' $'x\nx/d\nx/d/e\n'
xdev t 'across: onto a full directory' 1 'mkdir d; mkdir -p x/d/y; mv -T d x/d 2>&1; r=$?; ls; exit $r' $'mv: x/d: Directory not empty\nd\nx\n'
xdev t 'across: directory onto a file' 1 'mkdir d; : >x/f; mv -T d x/f 2>&1' $'mv: x/f: Not a directory\n'
xdev t 'across: -v' 0 ': >a; mv -v a x' $'renamed \'a\' -> \'x/a\'\n'
xdev t 'across: a failed copy keeps the source' 1 'umount x; mount -t tmpfs -o size=64k tmpfs x; mkdir s; head -c 1000000 /dev/zero >s/big; mv s x 2>&1; r=$?; find s | sort; exit $r' $'mv: x/s/big: No space left on device\nmv: s: not removed, as not all of it was copied\ns\ns/big\n'
t '-t DIR' 0 'mkdir d; echo 1 >a; echo 2 >b; mv -t d a b; ls; cat d/a d/b' $'d\n1\n2\n'
t '-t a missing directory' 1 'echo 1 >a; mv -t nosuch a 2>&1; r=$?; ls; exit $r' $'mv: nosuch: No such file or directory\na\n'
t 'no operand' 1 'mv 2>&1' "$usage"
t 'one operand' 1 ': >a; mv a 2>&1' "$usage"
t 'bad option' 1 'mv -z a b 2>&1' $'mv: -z: unknown option\n'"$usage"
t '--help' 0 'mv --help' "$usage"$'long options: --force (-f), --interactive (-i), --no-clobber (-n),\n  --no-target-directory (-T), --target-directory (-t), --verbose (-v)\n'
t 'write error' 1 ': >a; mv -v a b 2>&1 >/dev/full; r=$?; ls; exit $r' $'mv: write error: No space left on device\nb\n'
