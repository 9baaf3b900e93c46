#!/bin/sh
# cmd-names.sh [SRC] - every name the commands of SRC (default cmds-src) answer
# to, as "NAME COMMAND" lines sorted by name. A command is SRC/NAME.c or the
# directory SRC/NAME/ (SRC/lib is the library); a CMD_NAMES("NAME", "OTHER"...)
# line in its sources adds names. Fails, saying why, on a name given twice, a
# command in both forms, a CMD_NAMES line that does not start with the
# command's own name, or a name outside the builder's alphabet.
set -eu
src=${1:-cmds-src}
LC_ALL=C
export LC_ALL
fail() { echo "cmd-names: $*" >&2; exit 1; }

valid() {
	case $1 in
	'' | .* | -* | *[!A-Za-z0-9._+[-]*) return 1 ;;
	esac
	[ ${#1} -le 64 ]
}

list=$(mktemp)
trap 'rm -f "$list"' EXIT
for f in "$src"/*.c "$src"/*/; do
	[ -e "$f" ] || continue
	case $f in */) name=$(basename "$f") files=$f*.c ;; *) name=$(basename "$f" .c) files=$f ;; esac
	[ "$name" = lib ] && continue
	[ -d "$src/$name" ] && [ -e "$src/$name.c" ] && fail "$name: both $src/$name.c and $src/$name/"
	valid "$name" || fail "$name: not a valid command name"
	# shellcheck disable=SC2086
	names=$(sed -n 's/^CMD_NAMES(\(.*\));[[:space:]]*$/\1/p' $files | tr -d '",' )
	[ "$(printf '%s\n' "$names" | grep -c .)" -le 1 ] || fail "$name: more than one CMD_NAMES line"
	[ -n "$names" ] || names=$name
	set -f
	# shellcheck disable=SC2086
	set -- $names
	set +f
	[ "$1" = "$name" ] || fail "$name: CMD_NAMES must start with \"$name\""
	for n in "$@"; do
		valid "$n" || fail "$name: $n: not a valid command name"
		echo "$n $name"
	done
done >"$list"
sort -o "$list" "$list"
dup=$(cut -d' ' -f1 "$list" | uniq -d | head -1)
[ -z "$dup" ] || fail "$dup: claimed by$(awk -v n="$dup" '$1 == n { printf " %s", $2 }' "$list")"
cat "$list"
