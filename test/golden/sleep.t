# sleep.t - golden tests for sleep (times from bash's EPOCHREALTIME, in microseconds)
u=$'usage: sleep SECONDS[smhd]...\n'
took='s=${EPOCHREALTIME/./}; sleep'
t 'zero' 0 'sleep 0' ''
t 'integer' 0 "$took 1; e=\${EPOCHREALTIME/./}; echo \$(( e - s >= 1000000 && e - s < 10000000 ))" $'1\n'
t 'fraction' 0 "$took 0.3; e=\${EPOCHREALTIME/./}; echo \$(( e - s >= 300000 && e - s < 5000000 ))" $'1\n'
t 'operands add up' 0 "$took 0.2 0.2 .2; e=\${EPOCHREALTIME/./}; echo \$(( e - s >= 600000 && e - s < 5000000 ))" $'1\n'
t 'suffixes' 0 "$took 0.1s 0.005m 0.0001h 0.000001d; e=\${EPOCHREALTIME/./}; echo \$(( e - s >= 846400 && e - s < 5000000 ))" $'1\n'
t 'exponent' 0 'sleep 1e-1' ''
t 'signal ends it' 0 'sleep 10 & p=$!; kill $p; wait $p; echo $?' $'143\n'
t 'inf' 0 'sleep inf & p=$!; sleep 0.2; kill $p; wait $p; echo $?' $'143\n'
t 'invalid' 1 'sleep x 2>&1' $'sleep: x: invalid time interval\n'
t 'invalid suffix' 1 'sleep 1x 2>&1' $'sleep: 1x: invalid time interval\n'
t 'two suffixes' 1 'sleep 1ss 2>&1' $'sleep: 1ss: invalid time interval\n'
t 'suffix alone' 1 'sleep s 2>&1' $'sleep: s: invalid time interval\n'
t 'empty' 1 'sleep "" 2>&1' $'sleep: : invalid time interval\n'
t 'negative' 1 'sleep -- -1 2>&1' $'sleep: -1: invalid time interval\n'
t 'nan' 1 'sleep nan 2>&1' $'sleep: nan: invalid time interval\n'
t 'invalid: no sleep at all' 1 'sleep 1000 x 0 y 2>&1' $'sleep: x: invalid time interval\nsleep: y: invalid time interval\n'
t 'no operand' 1 'sleep 2>&1' "$u"
t 'bad option' 1 'sleep -z 2>&1' $'sleep: -z: unknown option\n'"$u"
t '--help' 0 'sleep --help' "$u"
t 'nothing to write' 0 'sleep 0 >/dev/full' ''
