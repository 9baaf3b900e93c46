# ping.t - golden tests for ping: usage and arguments (echoes are tested in
# network namespaces by test/net/run)
u=$'usage: ping [-nq] [-c COUNT] [-i INTERVAL] [-s SIZE] [-W TIMEOUT] [-w DEADLINE] HOST\n'
t '--help' 0 'ping --help' "$u"
t 'no host' 2 'ping 2>&1' "$u"
t 'two hosts' 2 'ping 10.0.0.1 10.0.0.2 2>&1' "$u"
t 'bad option' 2 'ping -z 10.0.0.1 2>&1' $'ping: -z: unknown option\n'"$u"
t 'option without argument' 2 'ping 10.0.0.1 -c 2>&1' $'ping: -c: option requires an argument\n'"$u"
t 'missing argument' 2 'ping -c 2>&1' $'ping: -c: option requires an argument\n'"$u"
t '-c 0' 2 'ping -c 0 10.0.0.1 2>&1' $'ping: 0: invalid count\n'
t '-c not a number' 2 'ping -c x 10.0.0.1 2>&1' $'ping: x: invalid count\n'
t '-c fraction' 2 'ping -c 1.5x 10.0.0.1 2>&1' $'ping: 1.5x: invalid count\n'
t '-c empty' 2 'ping -c "" 10.0.0.1 2>&1' $'ping: : invalid count\n'
t '-s too big' 2 'ping -s 65508 10.0.0.1 2>&1' $'ping: 65508: invalid size\n'
t '-s negative' 2 'ping -s -1 10.0.0.1 2>&1' $'ping: -1: invalid size\n'
t '-i not a number' 2 'ping -i often 10.0.0.1 2>&1' $'ping: often: invalid interval\n'
t '-i negative' 2 'ping -i -1 10.0.0.1 2>&1' $'ping: -1: invalid interval\n'
skip_if_root t '-i too short' 2 'ping -i 0.001 10.0.0.1 2>&1' $'ping: 0.001: intervals below 0.002 s are for root only\n'
t '-W not a number' 2 'ping -W soon 10.0.0.1 2>&1' $'ping: soon: invalid timeout\n'
t '-w not a number' 2 'ping -w nan 10.0.0.1 2>&1' $'ping: nan: invalid deadline\n'
t '-w infinite' 2 'ping -w inf 10.0.0.1 2>&1' $'ping: inf: invalid deadline\n'
t 'empty host' 2 'ping "" 2>&1' $'ping: : Name does not resolve\n'
