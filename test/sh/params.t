=== default values
unset x; echo ${x-d1} ${x:-d2}; x=; echo "[${x-d3}]" ${x:-d4}
--- out
d1 d2
[] d4
--- status 0
=== assign default
unset x; echo ${x=one} $x; y=; echo ${y:=two} $y
--- out
one one
two two
--- status 0
=== alternate value
x=1; echo ${x+alt} "[${y+alt}]"; x=; echo "[${x:+alt}]" ${x+set}
--- out
alt []
[] set
--- status 0
=== error when unset
(unset x; echo ${x?custom msg}) 2>/dev/null; echo $?
--- out
2
--- status 0
=== error message
(unset x; : ${x:?is empty}) 2>&1 | sed 's/^[^:]*: //'
--- out
x: is empty
--- status 0
=== length
x=hello; echo ${#x}; set -- a b c; echo ${#}
--- out
5
3
--- status 0
=== prefix and suffix removal
x=/usr/local/bin/tool.tar.gz; echo ${x#*/} ${x##*/} ${x%.*} ${x%%.*}
--- out
usr/local/bin/tool.tar.gz tool.tar.gz /usr/local/bin/tool.tar /usr/local/bin/tool
--- status 0
=== patterns with quotes in removal
x='a*b*c'; echo ${x#"a*"} ${x#a*}
--- out
b*c *b*c
--- status 0
=== remove with variable pattern
x=foo.c; e=.c; echo ${x%$e}
--- out
foo
--- status 0
=== positional parameters
set -- a b c d e f g h i j k; echo $1 $9 ${10} ${11} $#
--- out
a i j k 11
--- status 0
=== dollar at and star
set -- 'a b' c; for i in "$@"; do echo "[$i]"; done; for i in "$*"; do echo "[$i]"; done; for i in $*; do echo "<$i>"; done
--- out
[a b]
[c]
[a b c]
<a>
<b>
<c>
--- status 0
=== IFS first char joins star
set -- a b c; IFS=,; echo "$*"; IFS=; echo "$*"
--- out
a,b,c
abc
--- status 0
=== empty dollar at gives no fields
set --; for i in "$@"; do echo x; done; set -- "$@" ; echo $#
--- out
0
--- status 0
=== at with surrounding text
set -- a b; for i in x"$@"y; do echo $i; done
--- out
xa
by
--- status 0
=== special parameters
echo $? ; false; echo $?; set -- 1 2; echo $#; (exit 7); echo $?
--- out
0
1
2
7
--- status 0
=== dollar dollar is the shell pid in subshells too
a=$$; b=$(echo $$); [ "$a" = "$b" ] && echo same
--- out
same
--- status 0
=== dollar minus shows flags
set -eu; case $- in *e*u*|*u*e*) echo ok;; esac
--- out
ok
--- status 0
=== braces around names
x=1; xy=2; echo ${x}y $xy
--- out
1y 2
--- status 0
=== default with spaces splits unquoted
unset x; set -- ${x:-a b c}; echo $#; set -- "${x:-a b c}"; echo $#
--- out
3
1
--- status 0
=== nested default
unset x y; echo ${x:-${y:-deep}}
--- out
deep
--- status 0
=== unset variable is empty
unset nothere; echo "[$nothere]"
--- out
[]
--- status 0
=== dollar zero in -c
"$SH" -c 'echo $0 $1 $#' name a b
--- out
name a 2
--- status 0
