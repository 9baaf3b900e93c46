=== single quotes keep everything
echo 'a  b $x `y` "z" \n'
--- out
a  b $x `y` "z" \n
--- status 0
=== double quotes expand but do not split
x='1  2'; echo "$x" $x
--- out
1  2 1 2
--- status 0
=== backslash outside quotes
echo a\ b \$x \\ \'
--- out
a b $x \ '
--- status 0
=== backslash inside double quotes
x=v; echo "\$x \\ \" \a $x"
--- out
$x \ " \a v
--- status 0
=== adjacent quoting joins one word
x=b; set -- a"$x"'c'd; echo $# $1
--- out
1 abcd
--- status 0
=== empty quotes make an empty argument
set -- '' "" a; echo $#
--- out
3
--- status 0
=== unquoted empty expansion disappears
x=; set -- $x a $x; echo $#
--- out
1
--- status 0
=== line continuation
echo ab\
cd
--- out
abcd
--- status 0
=== quoted newline in double quotes
echo "a
b"
--- out
a
b
--- status 0
=== dollar-single-quote text stays literal
echo '$HOME'
--- out
$HOME
--- status 0
=== backslash newline inside double quotes
echo "a\
b"
--- out
ab
--- status 0
=== hash in word is not a comment
echo a#b # comment
--- out
a#b
--- status 0
=== quoted keywords are words
"if" 2>/dev/null; echo $?
--- out
127
--- status 0
=== escaped glob characters
echo \* '*' "*"
--- out
* * *
--- status 0
