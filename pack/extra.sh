# extra.sh - sourced by stage-keys.sh and stage-ca.sh: an archive of its own
# that the image builder appends to an image (the kernel unpacks
# concatenated archives one after another, so the images themselves, and
# the tests that use them, stay as they are).
#   extra_start SCRIPT "$@"  sets src, pack, out, manifest from the arguments
#                            SRC PACK OUT MANIFEST and makes the empty $tree
#   extra_finish             packs $tree into $out (whole or not at all)
# shellcheck shell=sh
extra_start() {
	u="usage: $1 SRC PACK OUT.cpio.zst MANIFEST"
	src=${2:?$u} pack=${3:?$u} out=${4:?$u} manifest=${5:?$u}
	tree=$out.tree
	rm -rf "$tree"
	trap 'rm -rf "$tree"' EXIT
	mkdir -p "$tree"
}

extra_finish() {
	find "$tree" -type d -exec chmod 755 {} +
	find "$tree" -type f -exec chmod 644 {} +
	"$pack" -m "$manifest" "$tree" "$out"
}
