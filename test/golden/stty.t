# stty.t - golden tests for stty (terminals from script(1): a new pty, its settings the kernel's)
u='usage: stty [-F DEVICE] [-a | -g | SETTING...]'
# on a terminal: script runs the line on a fresh pty, sane to start with; carriage returns go.
# script's input is a fifo the shell also holds open for writing: it never ends, so
# script never types the end-of-file character (^D) into the pty mid-line (a loaded
# machine saw it echoed after -icanon).
on_tty() {
	local name=$1 status=$2 line=$3
	shift 3
	needs script t "$name" "$status" "set -o pipefail; mkfifo .in; exec 3<>.in; script -qec $(printf %q "stty sane rows 24 cols 80; $line") /dev/null <.in | tr -d '\\r'" "$@"
}
modes='tr " " "\n" | grep -xE -- "-?(echo|icanon|isig|ixon|crtscts|hupcl|opost|icrnl)"'
t 'not a tty' 1 'stty 2>&1' $'stty: standard input: Not a tty\n'
t 'a file' 1 ': >f; stty -g <f 2>&1' $'stty: standard input: Not a tty\n'
t '-F a file' 1 ': >f; stty -F f 2>&1' $'stty: f: Not a tty\n'
t '-F missing' 1 'stty -F nope 2>&1' $'stty: nope: No such file or directory\n'
on_tty '-a' 0 'stty -a' $'speed 38400 baud; rows 24; columns 80; line = 0;
intr = ^C; quit = ^\\; erase = ^?; kill = ^U; eof = ^D; eol = <undef>;
eol2 = <undef>; swtch = <undef>; start = ^Q; stop = ^S; susp = ^Z; rprnt = ^R;
werase = ^W; lnext = ^V; discard = ^O; min = 1; time = 0;
-parenb -parodd -cmspar cs8 -hupcl -cstopb cread -clocal -crtscts
-ignbrk brkint -ignpar -parmrk -inpck -istrip -inlcr -igncr icrnl ixon -ixoff
-iuclc -ixany imaxbel -iutf8
opost -olcuc -ocrnl onlcr -onocr -onlret -ofill -ofdel nl0 cr0 tab0 bs0 vt0 ff0
isig icanon iexten echo echoe echok -echonl -noflsh -xcase -tostop -echoprt
echoctl echoke -flusho -extproc
'
on_tty '-a wraps at the width' 0 'stty cols 40; stty -a' $'speed 38400 baud; rows 24; columns 40;
line = 0;
intr = ^C; quit = ^\\; erase = ^?;
kill = ^U; eof = ^D; eol = <undef>;
eol2 = <undef>; swtch = <undef>;
start = ^Q; stop = ^S; susp = ^Z;
rprnt = ^R; werase = ^W; lnext = ^V;
discard = ^O; min = 1; time = 0;
-parenb -parodd -cmspar cs8 -hupcl
-cstopb cread -clocal -crtscts
-ignbrk brkint -ignpar -parmrk -inpck
-istrip -inlcr -igncr icrnl ixon -ixoff
-iuclc -ixany imaxbel -iutf8
opost -olcuc -ocrnl onlcr -onocr -onlret
-ofill -ofdel nl0 cr0 tab0 bs0 vt0 ff0
isig icanon iexten echo echoe echok
-echonl -noflsh -xcase -tostop -echoprt
echoctl echoke -flusho -extproc
'
on_tty '$COLUMNS when the output is not a terminal' 0 'COLUMNS=40 stty -a | head -n 2' $'speed 38400 baud; rows 24; columns 80;
line = 0;
'
on_tty 'sane shows nothing changed' 0 'stty' $'speed 38400 baud; line = 0;\n'
on_tty '-g' 0 'stty -g' $'2502:5:bf:8a3b:3:1c:7f:15:4:0:1:0:11:13:1a:0:12:f:17:16:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0\n'
on_tty '-g round trip' 0 'stty -g >g; stty raw -echo 9600 intr ^A; stty -g >h; stty $(cat g); stty -g | cmp - g && echo same; cmp -s g h || echo differed' $'same\ndiffered\n'
on_tty '--save' 0 'stty -g >g; stty --save | cmp - g && echo same' $'same\n'
on_tty 'raw' 0 'stty raw; stty' $'speed 38400 baud; line = 0;\nmin = 1; time = 0;\n-brkint -icrnl -imaxbel\n-opost\n-isig -icanon\n'
on_tty 'raw then sane' 0 'stty raw -echo; stty sane; stty' $'speed 38400 baud; line = 0;\n'
on_tty 'cooked' 0 'stty raw; stty cooked; stty -a | '"$modes" $'-hupcl\n-crtscts\nicrnl\nixon\nopost\nisig\nicanon\necho\n'
on_tty '-raw' 0 'stty raw; stty -raw; stty -a | '"$modes" $'-hupcl\n-crtscts\nicrnl\nixon\nopost\nisig\nicanon\necho\n'
on_tty 'flags off' 0 'stty -echo -icanon -isig -ixon crtscts hupcl; stty -a | '"$modes" $'hupcl\ncrtscts\nicrnl\n-ixon\nopost\n-isig\n-icanon\n-echo\n'
on_tty 'flags on' 0 'stty -echo -icanon -isig -ixon crtscts hupcl; stty echo icanon isig ixon -crtscts -hupcl; stty -a | '"$modes" $'-hupcl\n-crtscts\nicrnl\nixon\nopost\nisig\nicanon\necho\n'
on_tty 'echo off shows' 0 'stty -echo; stty' $'speed 38400 baud; line = 0;\n-echo\n'
on_tty 'speed' 0 'stty 115200; stty speed; stty 9600; stty speed' $'115200\n9600\n'
on_tty 'ispeed ospeed' 0 'stty ispeed 19200 ospeed 57600; stty -a | head -n 1' $'ispeed 19200 baud; ospeed 57600 baud; rows 24; columns 80; line = 0;\n'
on_tty 'invalid speed' 1 'stty 12345' $'stty: invalid argument \'12345\'\n'
on_tty 'rows cols size' 0 'stty rows 30 cols 100; stty size; stty columns 90; stty size' $'30 100\n30 90\n'
on_tty 'control characters' 0 'stty intr ^A erase ^H kill undef werase ^-; stty' $'speed 38400 baud; line = 0;\nintr = ^A; erase = ^H; kill = <undef>; werase = <undef>;\n'
on_tty 'min time' 0 'stty -icanon min 5 time 2; stty' $'speed 38400 baud; line = 0;\nmin = 5; time = 2;\n-icanon\n'
on_tty '-F /dev/tty' 0 'stty -F /dev/tty rows 5 cols 6; stty size; stty --file=/dev/tty size; stty -g >g; stty -F/dev/tty -g | cmp - g && echo same' $'5 6\n5 6\nsame\n'
on_tty 'invalid argument' 1 'stty bogus' $'stty: invalid argument \'bogus\'\n'
on_tty 'missing argument' 1 'stty rows' $'stty: missing argument to \'rows\'\n'
on_tty 'invalid number' 1 'stty rows x' $'stty: invalid integer argument \'x\'\n'
on_tty 'bad saved form' 1 'stty 1:2:3' $'stty: invalid argument \'1:2:3\'\n'
on_tty '-a and -g' 1 'stty -a -g' $'stty: the options -a and -g are mutually exclusive\n'
on_tty '-a and a setting' 1 'stty -a echo' $'stty: when an output style is given, settings may not be\n'
on_tty 'write error' 1 'stty -a >/dev/full' $'stty: write error: No space left on device\n'
t '--help' 0 'stty --help' "$u"$'\n'
