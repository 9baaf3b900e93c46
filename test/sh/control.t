=== if elif else
for x in 1 2 3; do if [ $x = 1 ]; then echo one; elif [ $x = 2 ]; then echo two; else echo other; fi; done
--- out
one
two
other
--- status 0
=== if status when no branch
if false; then :; fi; echo $?
--- out
0
--- status 0
=== while loop
i=0; while [ $i -lt 3 ]; do echo $i; i=$((i+1)); done
--- out
0
1
2
--- status 0
=== until loop
i=0; until [ $i -ge 3 ]; do i=$((i+1)); done; echo $i
--- out
3
--- status 0
=== for without in uses positional
set -- x y; for a do echo $a; done
--- out
x
y
--- status 0
=== for over empty list
for a in; do echo no; done; echo end
--- out
end
--- status 0
=== for with newlines
for a in 1 2
do
  echo $a
done
--- out
1
2
--- status 0
=== break and continue
for i in 1 2 3 4 5; do [ $i = 2 ] && continue; [ $i = 4 ] && break; echo $i; done
--- out
1
3
--- status 0
=== break 2
for i in 1 2; do for j in a b c; do [ $j = b ] && break 2; echo $i$j; done; done; echo out
--- out
1a
out
--- status 0
=== continue 2
for i in 1 2; do for j in a b; do [ $j = b ] && continue 2; echo $i$j; done; echo never; done
--- out
1a
2a
--- status 0
=== break in while inside function
f() { while :; do break; done; echo after; }; f
--- out
after
--- status 0
=== case basic
for x in apple banana cherry 42 ''; do case $x in a*) echo A;; b*|c*) echo BC;; [0-9]*) echo num;; '') echo empty;; esac; done
--- out
A
BC
BC
num
empty
--- status 0
=== case with quoted pattern
x='*'; case $x in '*') echo star;; *) echo any;; esac; case abc in "a*") echo q;; a*) echo u;; esac
--- out
star
u
--- status 0
=== case pattern from variable
p='a?c'; case abc in $p) echo hit;; esac
--- out
hit
--- status 0
=== case with parenthesis and no final dsemi
case x in (x) echo paren
esac
--- out
paren
--- status 0
=== case multiline
case foo in
  bar)
    echo bar
    ;;
  f*)
    echo f
    ;;
esac
--- out
f
--- status 0
=== case no match status
case x in y) ;; esac; echo $?
--- out
0
--- status 0
=== case with empty body
case a in a) ;; b) echo b;; esac; echo done
--- out
done
--- status 0
=== case bracket and negation
for x in a b 1; do case $x in [!a]) echo "not-a $x";; *) echo "a $x";; esac; done
--- out
a a
not-a b
not-a 1
--- status 0
=== and or lists
true && echo a; false && echo b; false || echo c; true || echo d; false || false || echo e
--- out
a
c
e
--- status 0
=== not
! true; echo $?; ! false; echo $?
--- out
1
0
--- status 0
=== pipeline status is last
false | true; echo $?; true | false; echo $?; ! true | false; echo $?
--- out
0
1
0
--- status 0
=== pipeline
echo hello | tr a-z A-Z | tr L l
--- out
HEllO
--- status 0
=== subshell isolation
x=1; (x=2; echo $x; cd /); echo $x; pwd >/dev/null
--- out
2
1
--- status 0
=== subshell exit
(exit 3); echo $?; (echo in; exit 0) && echo ok
--- out
3
in
ok
--- status 0
=== group shares environment
x=1; { x=2; }; echo $x
--- out
2
--- status 0
=== group redirect
{ echo a; echo b; } > f; cat f
--- out
a
b
--- status 0
=== semicolons and newlines
echo a; echo b
echo c
--- out
a
b
c
--- status 0
=== background and wait
(sleep 0.1; echo bg) & wait; echo after
--- out
bg
after
--- status 0
=== dollar bang and wait status
(exit 5) & p=$!; wait $p; echo $?
--- out
5
--- status 0
=== wait with no jobs
wait; echo $?
--- out
0
--- status 0
=== nested loops with case
for i in 1 2 3; do case $i in 2) continue;; esac; echo $i; done
--- out
1
3
--- status 0
=== while read loop
printf 'a\nb\n' | while read l; do echo "<$l>"; done
--- out
<a>
<b>
--- status 0
=== loop output redirected
for i in 1 2; do echo $i; done > out; cat out
--- out
1
2
--- status 0
=== while condition status
while false; do :; done; echo $?
--- out
0
--- status 0
