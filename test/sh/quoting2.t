=== nested quotes in default inside double quotes
unset x; echo "${x:-"a  b"}" "${x:-'q'}"
--- out
a  b 'q'
--- status 0
=== quotes inside command substitution inside double quotes
echo "$(echo "inner  quotes")"
--- out
inner  quotes
--- status 0
=== single quote inside double quotes
echo "it's"; echo 'say "hi"'
--- out
it's
say "hi"
--- status 0
=== dollar before quote is literal
echo $'x' $"y" "a$" $
--- out
$x $y a$ $
--- status 0
=== backslash in single quotes is literal
echo 'a\b\\c'
--- out
a\b\\c
--- status 0
=== escaped braces and dollars
echo \$\{x\} "\${x}"
--- out
${x} ${x}
--- status 0
=== quoted pattern chars in case
case 'a?' in 'a?') echo lit;; esac; case ab in 'a?') echo lit2;; a?) echo glob;; esac
--- out
lit
glob
--- status 0
=== backslash before ordinary char in double quotes stays
echo "\q\w"
--- out
\q\w
--- status 0
=== word splitting of quoted at inside other text
set -- 1 2; echo "x$@y"
--- out
x1 2y
--- status 0
=== IFS splitting with quoted parts mixed
x='a b'; set -- "$x"$x; echo $#; echo "$1|$2"
--- out
2
a ba|b
--- status 0
=== empty quoted expansion keeps argument
x=; set -- "$x"; echo $#
--- out
1
--- status 0
=== dollar star unquoted with empty params
set -- '' ''; set -- $*; echo $#
--- out
0
--- status 0
=== newline in single quotes
x='a
b'; echo "$x"
--- out
a
b
--- status 0
=== comment after semicolon
echo a; # echo b
echo c
--- out
a
c
--- status 0
=== tab separated words
echo	a	b
--- out
a b
--- status 0
=== keywords as arguments
echo if then fi do done case esac
--- out
if then fi do done case esac
--- status 0
=== assignment-looking argument
echo a=b; x=1 y=2; echo $x$y
--- out
a=b
12
--- status 0
=== assignment value not split
x='a   b'; y=$x; echo "$y"
--- out
a   b
--- status 0
=== assignment with tilde
HOME=/h; x=~/p; echo $x
--- out
/h/p
--- status 0
=== backquote inside double quotes with quotes
echo "`echo \"q\"`"
--- out
q
--- status 0
=== nested arithmetic and command substitution in quotes
echo "$(( $(echo 2) * 3 ))"
--- out
6
--- status 0
