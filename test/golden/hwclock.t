# hwclock.t - golden tests for hwclock: options and failures. No RTC here (a
# device's ioctls cannot be faked with a file): the RTC itself is untested.
u=$'usage: hwclock [-r | -s | -w] [-u | -l] [-f DEV]\n'
t '--help' 0 'hwclock --help' "$u"
t 'bad option' 1 'hwclock -x 2>&1' $'hwclock: -x: unknown option\n'"$u"
t 'operand' 1 'hwclock now 2>&1' "$u"
t 'two actions' 1 'hwclock -r -w 2>&1' "$u"
t '-f without a device' 1 'hwclock -f 2>&1' $'hwclock: -f: option requires an argument\n'"$u"
t 'no such device' 1 'hwclock -f rtc9 2>&1' $'hwclock: rtc9: No such file or directory\n'
t 'not an RTC' 1 'hwclock -f /dev/null 2>&1' $'hwclock: /dev/null: Not a tty\n'
t 'not an RTC, -r -u' 1 'hwclock -r -u -f /dev/null 2>&1' $'hwclock: /dev/null: Not a tty\n'
t 'not an RTC, -s' 1 'hwclock -s -l -f /dev/null 2>&1' $'hwclock: /dev/null: Not a tty\n'
t 'not an RTC, -w' 1 'hwclock -w -f /dev/null 2>&1' $'hwclock: /dev/null: Not a tty\n'
t 'a file' 1 ': >f; hwclock -f f 2>&1' $'hwclock: f: Not a tty\n'
if [[ -e /dev/rtc0 || -e /dev/rtc || -e /dev/misc/rtc ]]; then
	echo "skip $file: no RTC: this host has one"
else
	t 'no RTC' 1 'hwclock 2>&1' $'hwclock: /dev/rtc0: No such file or directory\n'
fi
