=== function with args
f() { echo "$# $1 $2"; }; f a 'b c'
--- out
2 a b c
--- status 0
=== function positional restored
set -- x y; f() { set -- 1; echo $1; }; f; echo $1 $#
--- out
1
x 2
--- status 0
=== return value
f() { return 4; }; f; echo $?
--- out
4
--- status 0
=== return without value
f() { false; return; }; f; echo $?
--- out
1
--- status 0
=== return stops function
f() { echo a; return 0; echo b; }; f
--- out
a
--- status 0
=== return from loop in function
f() { for i in 1 2 3; do [ $i = 2 ] && return 7; echo $i; done; }; f; echo $?
--- out
1
7
--- status 0
=== recursion
fact() { if [ $1 -le 1 ]; then echo 1; else echo $(( $1 * $(fact $(($1-1))) )); fi; }; fact 5
--- out
120
--- status 0
=== function variables are global
f() { v=inside; }; f; echo $v
--- out
inside
--- status 0
=== local variables
v=outer; f() { local v=inner; echo $v; }; f; echo $v
--- out
inner
outer
--- status 0
=== function redefinition
f() { echo 1; }; f; f() { echo 2; }; f
--- out
1
2
--- status 0
=== unset function
f() { echo 1; }; unset -f f; f 2>/dev/null; echo $?
--- out
127
--- status 0
=== function with redirection
f() { echo out; }; f > o; cat o
--- out
out
--- status 0
=== function body as group with redirection
f() { echo x; } >o2; f; cat o2
--- out
x
--- status 0
=== function name with command of same name
echo() { command echo wrapped "$@"; }; echo hi
--- out
wrapped hi
--- status 0
=== dollar zero unchanged in function
f() { echo $#; }; f 1 2 3
--- out
3
--- status 0
=== temp assignment to function
f() { echo $v; }; v=1; v=2 f; echo $v
--- out
2
1
--- status 0
=== dot script with return
echo 'echo in; return 3; echo no' > s.sh; . ./s.sh; echo $?
--- out
in
3
--- status 0
=== dot script sees variables
echo 'echo $v; w=set' > s.sh; v=val; . ./s.sh; echo $w
--- out
val
set
--- status 0
=== dot script with args
echo 'echo $1 $#' > s.sh; set -- a; . ./s.sh x y; echo $1
--- out
x 2
a
--- status 0
=== eval
x='echo a; echo b'; eval $x; eval 'y=1'; echo $y
--- out
a
b
1
--- status 0
=== eval with quoting
eval "set -- 'a b' c"; echo $#
--- out
2
--- status 0
=== nested functions define later
outer() { inner() { echo inner; }; }; outer; inner
--- out
inner
--- status 0
