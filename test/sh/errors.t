=== syntax error unexpected fi
echo before
if true; then
fi
echo after
--- out
before
--- status 2
--- err sh: line 3: syntax error: unexpected "fi"
=== syntax error unexpected then
echo x; then
--- out
--- status 2
--- err sh: line 1: syntax error: unexpected "then"
=== syntax error unterminated quote
echo 'abc
--- out
--- status 2
--- err sh: line 1: syntax error: unterminated quoted string
=== syntax error missing done
while true; do echo x
--- out
--- status 2
--- err sh: line 2: syntax error: unexpected end of file
=== syntax error in eval continues status
eval 'if' 2>/dev/null; echo $?
--- out
--- status 2
=== syntax error bad paren
echo )
--- out
--- status 2
--- err sh: line 1: syntax error: unexpected ")"
=== syntax error empty group
{ }
--- out
--- status 2
--- err sh: line 1: syntax error: unexpected "}"
=== syntax error bad substitution
echo ${x!}
--- out
--- status 2
--- err sh: line 1: syntax error: bad substitution
=== unexpected end of file in case
case x in
--- out
--- status 2
--- err sh: line 2: syntax error: unexpected end of file
=== missing esac word
case x in a) echo
--- out
--- status 2
--- err sh: line 2: syntax error: unexpected end of file
=== double semicolon outside case
echo a;;
--- out
--- status 2
--- err sh: line 1: syntax error: unexpected ";;"
=== pipe at start
| echo
--- out
--- status 2
--- err sh: line 1: syntax error: unexpected "|"
=== and at end
echo a &&
--- out
--- status 2
--- err sh: line 2: syntax error: unexpected end of file
=== redirect without target
echo >
--- out
--- status 2
--- err sh: line 1: syntax error: unexpected newline
=== command not found message
nosuchcmd_abc
--- out
--- status 127
--- err sh: nosuchcmd_abc: not found
=== error in parameter expansion
unset u; echo ${u?no u here}; echo not reached
--- out
--- status 2
--- err sh: u: no u here
=== arithmetic syntax error
echo $((1 +* 2)); echo no
--- out
--- status 2
--- err sh: arithmetic: syntax error
=== set -x traces to stderr
set -x; echo traced; y=2
--- out
traced
--- status 0
--- err + echo traced
=== interactive syntax error continues
printf 'fi\necho $((2+3))\n' | "$SH" -i 2>&1 >/dev/null | grep -c 'syntax error'; printf 'fi\necho $((2+3))\n' | "$SH" -i 2>/dev/null
--- out
1
5
--- status 0
=== non-interactive shell stops at syntax error
printf 'echo one\nfi\necho two\n' | "$SH"; echo $?
--- out
one
2
--- status 0
--- err sh: line 2: syntax error: unexpected "fi"
=== readonly assignment error exits
readonly r=1; r=2; echo not reached
--- out
--- status 2
--- err sh: r: is read only
=== special builtin dot with missing file
. ./no-such-file; echo not reached
--- out
--- status 2
--- err sh: .: ./no-such-file: not found
=== set -u error
set -u; echo $nosuch; echo not reached
--- out
--- status 2
--- err sh: nosuch: parameter not set
