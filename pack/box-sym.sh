#!/bin/sh
# box-sym.sh NAME - a command name as a C identifier fragment, one to one:
# letters and digits stay, any other byte becomes _XX (hex): "[" -> "_5b".
s=$1 sym=
while [ -n "$s" ]; do
	c=${s%"${s#?}"}
	s=${s#?}
	case $c in
	[A-Za-z0-9]) sym=$sym$c ;;
	*) sym=${sym}_$(printf '%02x' "'$c") ;;
	esac
done
printf '%s\n' "$sym"
