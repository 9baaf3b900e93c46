# pwd.t - golden tests for pwd. The scratch directory's name varies, so tests
# compare with pwd -P or keep the last component. The logical path is given in
# PWD relative to pwd -P; in chroot mode the wrapper's sh replaces such a PWD
# with the host's path before pwd sees it, so those tests run in dir mode only.
usage=$'usage: pwd [-L|-P]\n'
logical() {
	if [[ $mode == chroot ]]; then
		echo "skip $file: $2: the chroot wrapper's sh resets PWD"
		return 0
	fi
	"$@"
}
deep=$(printf 'directory/%.0s' {1..300})
t 'last component' 0 'mkdir d; cd d; pwd | sed "s|.*/||"' $'d\n'
t 'absolute' 0 'pwd | cut -c1' $'/\n'
t '-P' 0 'mkdir d; cd d; pwd -P | sed "s|.*/||"' $'d\n'
logical t 'logical path through a link' 0 'mkdir d; ln -s d l; p=$(pwd -P); cd l; [ "$(PWD=$p/l pwd)" = "$p/l" ] && echo logical' $'logical\n'
logical t '-L' 0 'mkdir d; ln -s d l; p=$(pwd -P); cd l; [ "$(PWD=$p/l pwd -L)" = "$p/l" ] && echo logical' $'logical\n'
t '-P through a link' 0 'mkdir d; ln -s d l; p=$(pwd -P); cd l; PWD=$p/l pwd -P | sed "s|.*/||"' $'d\n'
logical t 'last option wins' 0 'mkdir d; ln -s d l; p=$(pwd -P); cd l; PWD=$p/l pwd -LP | sed "s|.*/||"; [ "$(PWD=$p/l pwd -PL)" = "$p/l" ] && echo logical' $'d\nlogical\n'
t 'PWD relative is ignored' 0 'mkdir d; cd d; PWD=d pwd | sed "s|.*/||"' $'d\n'
t 'PWD with . is ignored' 0 'mkdir d; ln -s d l; p=$(pwd -P); cd l; PWD=$p/./l pwd | sed "s|.*/||"' $'d\n'
t 'PWD with .. is ignored' 0 'mkdir -p d/e; ln -s d/e l; p=$(pwd -P); cd l; PWD=$p/l/../l pwd | sed "s|.*/||"' $'e\n'
t 'PWD elsewhere is ignored' 0 'mkdir d e; p=$(pwd -P); cd d; PWD=$p/e pwd | sed "s|.*/||"' $'d\n'
t 'PWD missing is ignored' 0 'mkdir d; p=$(pwd -P); cd d; PWD=$p/nope pwd | sed "s|.*/||"' $'d\n'
t 'no PWD' 0 'mkdir d; cd d; unset PWD; pwd | sed "s|.*/||"' $'d\n'
t 'long path' 0 "mkdir -p $deep && p=\$(pwd -P) && cd $deep && [ \"\$(pwd -P)\" = \"\$p/${deep%/}\" ] && pwd -P | wc -c | awk '{ print (\$1 > 3000) }'" $'1\n'
t 'operand' 1 'pwd x 2>&1' "$usage"
t 'bad option' 1 'pwd -x 2>&1' $'pwd: -x: unknown option\n'"$usage"
t '--help' 0 'pwd --help' "$usage"
t 'write error' 1 'pwd 2>&1 >/dev/full' $'pwd: write error: No space left on device\n'
