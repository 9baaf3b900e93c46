=== heredoc with expansion
x=world; cat <<EOF
hello $x
$(echo cmd) $((1+1))
EOF
--- out
hello world
cmd 2
--- status 0
=== heredoc quoted delimiter
x=world; cat <<'EOF'
hello $x `echo no`
EOF
--- out
hello $x `echo no`
--- status 0
=== heredoc partially quoted delimiter
cat <<E"O"F
$HOME
EOF
--- out
$HOME
--- status 0
=== heredoc strip tabs
cat <<-EOF
	indented
		twice
	EOF
--- out
indented
twice
--- status 0
=== heredoc backslashes
cat <<EOF
a\$b \\ \x
EOF
--- out
a$b \ \x
--- status 0
=== two heredocs on one line
cat <<A; cat <<B
one
A
two
B
--- out
one
two
--- status 0
=== heredoc in loop
for i in 1 2; do cat <<EOF
line $i
EOF
done
--- out
line 1
line 2
--- status 0
=== heredoc in function
f() { cat <<EOF
in f: $1
EOF
}; f arg; f other
--- out
in f: arg
in f: other
--- status 0
=== heredoc into while read
while read a b; do echo "$b-$a"; done <<EOF
1 x
2 y
EOF
--- out
x-1
y-2
--- status 0
=== heredoc in command substitution
x=$(cat <<EOF
inner
EOF
); echo $x
--- out
inner
--- status 0
=== large heredoc
{ i=0; echo 'cat <<EOF'; while [ $i -lt 2000 ]; do echo "line $i of the large here document"; i=$((i+1)); done; echo EOF; } > gen.sh; . ./gen.sh | tail -1
--- out
line 1999 of the large here document
--- status 0
=== output redirections
echo a > f; echo b >> f; cat f; echo c > f; cat f
--- out
a
b
c
--- status 0
=== input redirection
echo data > f; read x < f; echo $x
--- out
data
--- status 0
=== stderr redirection
ls /nonexistent 2> e; [ -s e ] && echo has-error
--- out
has-error
--- status 0
=== dup stderr to stdout
{ echo out; echo err >&2; } 2>&1 | sort
--- out
err
out
--- status 0
=== order of redirections
{ echo err >&2; } 2>&1 >/dev/null | cat
--- out
err
--- status 0
=== read write redirection
echo abc > f; cat <> f
--- out
abc
--- status 0
=== close descriptor
{ echo x >&3; } 3>&- 2>/dev/null; echo $?
--- out
1
--- status 0
=== exec redirection persistent
exec 3> f3; echo one >&3; echo two >&3; exec 3>&-; cat f3
--- out
one
two
--- status 0
=== exec redirect stdout and restore
exec 4>&1; exec > f; echo hidden; exec 1>&4; cat f
--- out
hidden
--- status 0
=== redirection of builtins does not persist
echo a > f; echo b; cat f
--- out
b
a
--- status 0
=== noclobber
set -C; echo a > f; echo b > f 2>/dev/null; echo $?; echo c >| f; cat f
--- out
1
c
--- status 0
=== redirect with io number
echo x 1>f; cat f; echo y 2>/dev/null 1>&2 | cat
--- out
x
--- status 0
=== redirect to file named by variable
n=out.txt; echo v > $n; cat out.txt
--- out
v
--- status 0
=== here-doc with loop inside function body reused
f() { while read x; do echo got $x; done; }; printf '1\n2\n' | f
--- out
got 1
got 2
--- status 0
=== redirection before command
>f echo pre; cat f
--- out
pre
--- status 0
=== assignment only with redirect creates file
> empty; [ -f empty ] && echo made
--- out
made
--- status 0
=== dup input
echo in > f; exec 5<f; read l <&5; echo $l
--- out
in
--- status 0
