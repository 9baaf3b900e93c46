#!/bin/sh
# apt-mirror.sh SUITE - the archive URI this machine's own apt configuration
# uses for SUITE (bookworm, bookworm-security, ...), so that the private apt
# states of debsrc.sh and fetch-kernel.sh fetch from wherever the machine
# does. Reads one-line .list files, then deb822 .sources files; first match.
set -eu
suite=${1:?usage: apt-mirror.sh SUITE}
dir=${APT_DIR:-/etc/apt}

one_line() {
	cat $dir/sources.list $dir/sources.list.d/*.list 2>/dev/null |
		sed -n 's/\[[^]]*\]//; s/^[ \t]*deb\(-src\)\{0,1\}[ \t]\{1,\}\([^ \t]\{1,\}\)[ \t]\{1,\}\([^ \t]\{1,\}\).*/\2 \3/p' |
		awk -v s="$suite" '$2 == s { print $1; exit }'
}

# deb822: stanzas separated by blank lines, each with URIs: and Suites:
deb822() {
	cat $dir/sources.list.d/*.sources 2>/dev/null | awk -v s="$suite" '
		function stanza() { if (u != "" && ok && en && !found) { print u; found = 1 } u = ""; ok = 0; en = 1 }
		BEGIN { en = 1 }
		/^[ \t]*$/ { stanza(); next }
		/^URIs:/ { u = $2 }
		/^Suites:/ { for (i = 2; i <= NF; i++) if ($i == s) ok = 1 }
		/^Enabled:[ \t]*no/ { en = 0 }
		END { stanza() }'
}

uri=$(one_line)
[ -n "$uri" ] || uri=$(deb822)
[ -n "$uri" ] || { echo "apt-mirror.sh: no apt source for suite $suite in $dir" >&2; exit 1; }
echo "${uri%/}"
