=== IFS default splitting
x='  a   b	c
d  '; set -- $x; echo $#; echo "$1|$4"
--- out
4
a|d
--- status 0
=== IFS non-whitespace
IFS=:; x='a::b:'; set -- $x; echo $#; for i; do echo "[$i]"; done
--- out
3
[a]
[]
[b]
--- status 0
=== IFS mixed whitespace and colon
IFS=': '; x='a : b :c'; set -- $x; echo $#; echo "$1,$2,$3"
--- out
3
a,b,c
--- status 0
=== IFS leading colon
IFS=:; x=':a'; set -- $x; echo $# "[$1]" "[$2]"
--- out
2 [] [a]
--- status 0
=== empty IFS does not split
IFS=; x='a b'; set -- $x; echo $#
--- out
1
--- status 0
=== unset IFS splits like default
unset IFS; x='a b	c'; set -- $x; echo $#
--- out
3
--- status 0
=== splitting joins with literal text
x='1 2'; set -- a${x}b; echo $# $1 $2
--- out
2 a1 2b
--- status 0
=== command substitution
echo $(echo a) "$(echo b c)" `echo d`
--- out
a b c d
--- status 0
=== nested command substitution
echo $(echo $(echo $(echo deep)))
--- out
deep
--- status 0
=== trailing newlines removed
x=$(printf 'a\n\n\n'); echo "[$x]"
--- out
[a]
--- status 0
=== inner newlines kept
x=$(printf 'a\nb'); echo "$x"
--- out
a
b
--- status 0
=== cmdsub splits unquoted
set -- $(echo a b c); echo $#
--- out
3
--- status 0
=== backquotes with escapes
echo `echo \`echo inner\``; echo "`echo 'a  b'`"
--- out
inner
a  b
--- status 0
=== cmdsub with case inside
x=$(case a in a) echo yes;; esac); echo $x
--- out
yes
--- status 0
=== cmdsub with parentheses
echo $( (echo sub) )
--- out
sub
--- status 0
=== cmdsub status
x=$(exit 3); echo $?
--- out
3
--- status 0
=== arithmetic basic
echo $((1+2*3)) $(((1+2)*3)) $((7/2)) $((7%3)) $((-5/2)) $((2-3-4))
--- out
7 9 3 1 -2 -5
--- status 0
=== arithmetic comparison and logic
echo $((3>2)) $((3<2)) $((2<=2)) $((1==1)) $((1!=1)) $((1&&0)) $((0||2)) $((!5))
--- out
1 0 1 1 0 0 1 0
--- status 0
=== arithmetic bit ops
echo $((5&3)) $((5|3)) $((5^3)) $((~0)) $((1<<4)) $((256>>2))
--- out
1 7 6 -1 16 64
--- status 0
=== arithmetic ternary
x=5; echo $((x>3?10:20)) $((x<3?10:x<6?30:40))
--- out
10 30
--- status 0
=== arithmetic variables and assignment
x=4; y=$((x*2)); echo $y $((x+=3)) $x $((x*=2)) $x
--- out
8 7 7 14 14
--- status 0
=== arithmetic hex and octal
echo $((0x1f)) $((010)) $((0))
--- out
31 8 0
--- status 0
=== arithmetic nested in expansion
n=3; echo $(( $(echo 4) + n ))
--- out
7
--- status 0
=== arithmetic precedence
echo $((1+2<<1)) $((1|2&3)) $((2*3+4*5)) $((10-2-3)) $((2+3==5))
--- out
6 3 26 5 1
--- status 0
=== arithmetic short circuit has no side effects
x=0; : $((0 && (x=5))); : $((1 || (x=6))); echo $x
--- out
0
--- status 0
=== arithmetic increment
i=5; echo $((i++)) $i $((++i)) $((i--)) $((--i))
--- out
5 6 7 7 5
--- status 0
=== arithmetic all assignment ops
x=10; : $((x-=3)); echo $x; : $((x/=2)); echo $x; : $((x%=2)); echo $x; : $((x<<=3)); echo $x; : $((x>>=1)); echo $x; : $((x|=3)); echo $x; : $((x&=5)); echo $x; : $((x^=1)); echo $x
--- out
7
3
1
8
4
7
5
4
--- status 0
=== arithmetic unset variable is zero
unset z; echo $((z+1))
--- out
1
--- status 0
=== arithmetic division by zero fails
(echo $((1/0))) 2>/dev/null; echo $?
--- out
2
--- status 0
=== globbing
touch a1 a2 b1 .h; echo a*; echo ?1; echo [ab]2; echo *; echo .*h
--- out
a1 a2
a1 b1
a2
a1 a2 b1 t.sh
.h
--- status 0
=== glob no match stays
echo nomatch*; echo "a*"
--- out
nomatch*
a*
--- status 0
=== quoted glob does not expand
touch a1; x='a*'; echo "$x" $x
--- out
a* a1
--- status 0
=== set -f disables globbing
touch a1; set -f; echo a*; set +f; echo a*
--- out
a*
a1
--- status 0
=== glob in directory
mkdir d; touch d/x d/y; echo d/*
--- out
d/x d/y
--- status 0
=== tilde
HOME=/home/me; echo ~ ~/x "~" x~; x=~/y; echo $x
--- out
/home/me /home/me/x ~ x~
/home/me/y
--- status 0
=== tilde of root user
echo ~root
--- out
/root
--- status 0
