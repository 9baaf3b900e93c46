#!/bin/sh
# guest.sh MODE - the guest side of test/attest/run (the image's uinit):
# source: a compile changes PCR 14, and so does a source edited here;
# strict (booted with ubuild.strict): an unedited command runs, an edited one
# is refused; multicall: nothing compiles, init measured the box.
# Then the log must replay, and it is printed between markers with the PCR.
# /bin/NAME, not NAME: true and echo are also the shell's own.
mode=$1
echo "AT: start $mode"
p0=$(tpm pcrread 14)
echo "AT: pcrread status=$? $p0"
case $mode in
source)
	/bin/true
	p1=$(tpm pcrread 14)
	[ "$p1" != "$p0" ] && echo "AT: a compile changed PCR 14"
	echo '/* edited on the board */' >>/src/true.c
	/bin/true
	echo "AT: edited true status=$?"
	p2=$(tpm pcrread 14)
	[ "$p2" != "$p1" ] && echo "AT: the edit changed PCR 14"
	;;
strict)
	echo "AT: unedited basename says $(/bin/basename /a/shipped) status=$?"
	echo '/* edited on the board */' >>/src/true.c
	/bin/true
	echo "AT: edited true status=$? cached=$(ls /ubin/true 2>/dev/null || echo no)"
	;;
esac
tpm replay
echo "AT: replay status=$?"
cat /run/tpm/events >/dev/null	# compiled (and measured) before the PCR is read
echo "AT: final $(tpm pcrread 14)"
echo "AT: events begin"
cat /run/tpm/events
echo "AT: events end"
poweroff
