#!/bin/bash
# stage-modules.sh KERNELDIR ROOT MODULE... - copy kernel modules and their
# dependencies into ROOT/lib/modules/VERSION, with a modules.dep computed here
# (Debian generates its modules.dep at install time, which dpkg -x skips):
# each module's "depends=" comes from its .modinfo section. modules.dep lists
# a module's dependencies in kmod's order: load from the last to the first.
set -eu
kdir=${1:?usage: stage-modules.sh KERNELDIR ROOT MODULE...}
root=${2:?usage: stage-modules.sh KERNELDIR ROOT MODULE...}
shift 2
kver=$(cat "$kdir/version")
src=$kdir/modules
dst=$root/lib/modules/$kver
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

path_of() { # the module file, relative to the modules dir; - and _ are one
	local found
	found=$(cd "$src" && find kernel -name "$1.ko" -o -name "$(echo "$1" | tr _ -).ko" \
		-o -name "$(echo "$1" | tr - _).ko" | head -1)
	[ -n "$found" ] || { echo "stage-modules: $1: no such module in $kver" >&2; exit 1; }
	echo "$found"
}
deps_of() { # direct dependencies, by name (call it as deps=$(deps_of P) || exit)
	"${CROSS:-}objcopy" -O binary --only-section=.modinfo "$src/$1" "$work/mi" 2>/dev/null || {
		echo "stage-modules: $1: ${CROSS:-}objcopy cannot read it (another architecture's? set CROSS)" >&2
		return 1
	}
	tr '\0' '\n' <"$work/mi" | sed -n 's/^depends=//p' | tr ',' '\n' | sed '/^$/d'
}
# Depth first: a module's dependencies are placed before it in $work/order.
visit() {
	local d deps path
	grep -qx "$1" "$work/seen" 2>/dev/null && return 0
	echo "$1" >>"$work/seen"
	path=$(path_of "$1") || exit 1
	deps=$(deps_of "$path") || exit 1
	for d in $deps; do visit "$d"; done
	echo "$1 $path" >>"$work/order"
}
: >"$work/order"
for m in "$@"; do visit "$m"; done

rm -rf "$root/lib/modules"
mkdir -p "$dst"
cp "$src/modules.builtin" "$dst/"
while read -r name rel; do
	mkdir -p "$dst/$(dirname "$rel")"
	cp "$src/$rel" "$dst/$rel"
done <"$work/order"
# modules.dep: every dependency, transitively, in an order where loading
# from the last to the first meets each module's own dependencies first.
postorder() { # dependencies of $1, each after its own dependencies
	local d deps
	deps=$(deps_of "$(path_of "$1")") || exit 1
	for d in $deps; do
		postorder "$d"
		echo "$d"
	done
}
while read -r name rel; do
	line="$rel:"
	for d in $(postorder "$name" | awk '!seen[$0]++' | tac); do
		line="$line $(path_of "$d")"
	done
	echo "$line"
done <"$work/order" | LC_ALL=C sort >"$dst/modules.dep"
