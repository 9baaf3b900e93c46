# uptime.t - golden tests for uptime. Real times change, so those tests check
# the shape; a made-up /proc/uptime and /proc/loadavg, bound over /proc in a
# private mount namespace, give exact lines (the classic line as procps-ng
# 4.0.2 prints it; -p leaves out zero units, which procps does not always).
usage=$'usage: uptime [-ps]\n'
up() { # up SECONDS: a /proc with that uptime and a fixed load
	echo "echo '$1 100.00' >p/uptime && echo '0.50 1.00 12.25 1/100 42' >p/loadavg"
}
shape='^ [0-9]{2}:[0-9]{2}:[0-9]{2} up ([0-9]+ days?, +)?([ 0-9][0-9]:[0-9]{2}|[0-9]+ min), +[0-9]+ users?, +load average: [0-9]+\.[0-9]{2}, [0-9]+\.[0-9]{2}, [0-9]+\.[0-9]{2}$'

needs_proc uptime t 'shape' 0 "uptime | grep -cE '$shape'" $'1\n'
needs_proc uptime t 'one line' 0 'uptime | wc -l' $'1\n'
needs_proc uptime t '-p shape' 0 "uptime -p | grep -cE '^up ([0-9]+ (year|week|day|hour|minute)s?(, |\$))+\$'" $'1\n'
needs_proc uptime t '-s shape' 0 "uptime -s | grep -cE '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}\$'" $'1\n'
needs_proc uptime t '-s is in the past' 0 '[ "$(uptime -s)" \< "$(date "+%Y-%m-%d %H:%M:%S")" ] || [ "$(uptime -s)" = "$(date "+%Y-%m-%d %H:%M:%S")" ] && echo ok' $'ok\n'
fake_proc 'days and hours' 0 "$(up 90061.50)" 'uptime | cut -c 10-' $' up 1 day,  1:01,  0 user,  load average: 0.50, 1.00, 12.25\n'
fake_proc 'days' 0 "$(up 172800)" 'uptime | cut -c 10-' $' up 2 days, 0 min,  0 user,  load average: 0.50, 1.00, 12.25\n'
fake_proc 'minutes' 0 "$(up 300.5)" 'uptime | cut -c 10-' $' up 5 min,  0 user,  load average: 0.50, 1.00, 12.25\n'
fake_proc 'hours' 0 "$(up 36000)" 'uptime | cut -c 10-' $' up 10:00,  0 user,  load average: 0.50, 1.00, 12.25\n'
fake_proc 'the clock' 0 "$(up 5)" 'uptime | cut -c 1-9 | grep -cE "^ [0-2][0-9]:[0-5][0-9]:[0-6][0-9]$"' $'1\n'
fake_proc '-p' 0 "$(up 90061.50)" 'uptime -p' $'up 1 day, 1 hour, 1 minute\n'
fake_proc '-p plurals' 0 "$(up 180120)" 'uptime -p' $'up 2 days, 2 hours, 2 minutes\n'
fake_proc '-p weeks' 0 "$(up 1900000)" 'uptime -p' $'up 3 weeks, 23 hours, 46 minutes\n'
fake_proc '-p years' 0 "$(up 31622400)" 'uptime -p' $'up 1 year, 1 day\n'
fake_proc '-p under a minute' 0 "$(up 59)" 'uptime -p' $'up 0 minutes\n'
fake_proc '-p whole hours' 0 "$(up 7200)" 'uptime -p' $'up 2 hours\n'
# the clock may tick between reading it and running uptime (slow under ASan):
# the boot time must lie within the seconds read before and after
fake_proc '-s' 0 "$(up 86400)" 'b=$(date +%s); s=$(uptime -s); a=$(date +%s); u=$(date -d "$s" +%s); [ $u -ge $((b - 86400)) ] && [ $u -le $((a - 86400)) ] && echo ok' $'ok\n'
fake_proc 'no /proc/uptime' 1 ':' 'uptime 2>&1' $'uptime: /proc/uptime: No such file or directory\n'
fake_proc 'no /proc/loadavg' 1 'echo 5 >p/uptime' 'uptime 2>&1' $'uptime: /proc/loadavg: No such file or directory\n'
fake_proc 'junk in /proc/uptime' 1 'echo x >p/uptime' 'uptime 2>&1' $'uptime: /proc/uptime: unexpected format\n'
t 'operand' 1 'uptime x 2>&1' "$usage"
t 'bad option' 1 'uptime -z 2>&1' $'uptime: -z: unknown option\n'"$usage"
t '--help' 0 'uptime --help' "$usage"
needs_proc uptime t 'write error' 1 'uptime 2>&1 >/dev/full' $'uptime: write error: No space left on device\n'
