# modprobe.t - golden tests for modprobe's choices, on a made-up module tree
# (-d ROOT -S VERSION) with -n, which prints the insmod lines and loads
# nothing. What is loaded comes from a made-up /proc/modules bound over /proc
# in a private mount namespace. No test loads or unloads a real module.
usage=$'usage: modprobe [-aDnqrv] [-C CONFIG] [-d ROOT] [-S VERSION] MODULE [PARAM=VALUE...]\n'
m=r/lib/modules/1.0
tree="mkdir -p $m/kernel/a $m/kernel/b && printf '%s\n' 'kernel/a/top.ko: kernel/a/mid-one.ko kernel/b/base.ko.zst' 'kernel/a/mid-one.ko: kernel/b/base.ko.zst' 'kernel/b/base.ko.zst:' 'kernel/b/other_mod.ko:   kernel/b/base.ko.zst' 'kernel/b/side.ko: kernel/b/base.ko.zst kernel/b/other_mod.ko' 'kernel/b/loop1.ko: kernel/b/loop2.ko' 'kernel/b/loop2.ko: kernel/b/loop1.ko' 'kernel/b/broken.ko: kernel/b/missing.ko' '/abs/path/abs.ko:' >$m/modules.dep &&
printf '%s\n' kernel/fs/bi.ko kernel/drivers/built-in2.ko >$m/modules.builtin &&
printf '%s\n' 'alias pci:v00001AF4d*sv*sd*bc*sc*i* other_mod' 'alias fs-foo top' 'alias pci:v00001AF4d00001045* mid_one' 'alias bl-test other_mod' 'alias bi-alias bi' 'alias gone-alias gone' 'alias [ab]-range side' >$m/modules.alias &&
printf '%s\n' 'options top x=1 y=\"a b\"' 'options mid-one \\' '  z=2' 'alias myalias top' 'blacklist other-mod' '# a comment' 'install top /bin/false' 'options other_mod' >c.conf"
mp='modprobe -d r -S 1.0 -C c.conf'
p="insmod $m/kernel"
deps="$p/b/base.ko.zst"$'\n'"$p/a/mid-one.ko z=2"$'\n'
loaded="printf '%s\n' 'top 16384 0 - Live 0x0' 'mid_one 16384 1 top, Live 0x0' 'base 16384 3 mid_one,top,other_mod, Live 0x0' 'other_mod 1000 0 - Live 0x0' 'busy 100 1 - Live 0x0' >p/modules"

t 'dependencies first' 0 "$tree && $mp -n top" "$deps$p/a/top.ko x=1 y=\"a b\""$'\n'
t 'parameters after the options' 0 "$tree && $mp -n top q=3 w=\"x y\"" "$deps$p/a/top.ko x=1 y=\"a b\" q=3 w=\"x y\""$'\n'
t '- and _ are one' 0 "$tree && $mp -n mid_one && $mp -n Mid-one 2>&1; $mp -n mid-one" "$deps"$'modprobe: Mid-one: module not found\n'"$deps"
t 'options with a continued line' 0 "$tree && $mp -n mid-one | tail -n 1" "$p/a/mid-one.ko z=2"$'\n'
t 'each once' 0 "$tree && $mp -na top mid-one base side" "$deps$p/a/top.ko x=1 y=\"a b\""$'\n'"$p/b/other_mod.ko"$'\n'"$p/b/side.ko"$'\n'
t 'dependencies from the last' 0 "$tree && $mp -n side" "$p/b/base.ko.zst"$'\n'"$p/b/other_mod.ko"$'\n'"$p/b/side.ko"$'\n'
t '-a: all are modules' 0 "$tree && $mp -na base other_mod" "$p/b/base.ko.zst"$'\n'"$p/b/other_mod.ko"$'\n'
t 'without -a the rest are parameters' 0 "$tree && $mp -n base other_mod" "$p/b/base.ko.zst other_mod"$'\n'
t 'an absolute path' 0 "$tree && $mp -n abs" $'insmod /abs/path/abs.ko\n'
t 'built in' 0 "$tree && $mp -na bi built-in2" $'builtin bi\nbuiltin built_in2\n'
t 'built in, quietly without -n or -v' 0 "$tree && $mp bi" ''
t 'built in, -v' 0 "$tree && $mp -v bi" $'builtin bi\n'
t 'alias in modules.alias' 0 "$tree && $mp -n fs-foo" "$deps$p/a/top.ko x=1 y=\"a b\""$'\n'
t 'alias with wildcards' 0 "$tree && $mp -n pci:v00001AF4d00001045sv00001AF4sd00001045bcFFscFFi00" "$deps"
t 'alias with a range' 0 "$tree && $mp -n b-range" "$p/b/base.ko.zst"$'\n'"$p/b/other_mod.ko"$'\n'"$p/b/side.ko"$'\n'
t 'alias to a built-in' 0 "$tree && $mp -n bi-alias" $'builtin bi\n'
t 'alias to nothing' 1 "$tree && $mp -n gone-alias 2>&1" $'modprobe: gone-alias: alias for gone, which is not in modules.dep\n'
t 'alias in modprobe.d' 0 "$tree && $mp -n myalias" "$deps$p/a/top.ko x=1 y=\"a b\""$'\n'
t 'blacklist keeps an alias out' 0 "$tree && $mp -n bl-test" ''
t 'blacklist, -v says so' 0 "$tree && $mp -nv bl-test" $'blacklist other_mod\n'
t 'blacklist leaves a name alone' 0 "$tree && $mp -n other-mod" "$p/b/base.ko.zst"$'\n'"$p/b/other_mod.ko"$'\n'
t 'not found' 1 "$tree && $mp -n nope 2>&1" $'modprobe: nope: module not found\n'
t 'not found, quietly' 1 "$tree && $mp -nq nope 2>&1" ''
t 'not found, carries on' 1 "$tree && $mp -na nope base 2>&1" $'modprobe: nope: module not found\n'"$p/b/base.ko.zst"$'\n'
t 'a loop' 1 "$tree && $mp -n loop1 2>&1" $'modprobe: loop1: depends on itself\n'
t 'a missing dependency' 1 "$tree && $mp -n broken 2>&1" $'modprobe: broken: needs kernel/b/missing.ko, which is not in modules.dep\n'
t '-D shows every step' 0 "$tree && $mp -D mid-one" "$deps"
t 'no modules.dep' 1 "$tree && modprobe -d r -S 2.0 -C c.conf x 2>&1" $'modprobe: r/lib/modules/2.0/modules.dep: No such file or directory\n'
t 'the running kernel by default' 1 "$tree && modprobe -d r -C c.conf x 2>&1 | sed \"s|/\$(uname -r)/|/VERSION/|\"; exit \${PIPESTATUS[0]}" $'modprobe: r/lib/modules/VERSION/modules.dep: No such file or directory\n'
t 'no config' 1 "$tree && modprobe -d r -S 1.0 -C nope.conf -n base 2>&1" $'modprobe: nope.conf: No such file or directory\n'"$p/b/base.ko.zst"$'\n'
t 'a config directory' 0 "$tree && mkdir cd && mv c.conf cd/b.conf && echo 'options base from=dir' >cd/a.conf && echo 'options base no=1' >cd/x.txt && modprobe -d r -S 1.0 -C cd -n base" "$p/b/base.ko.zst from=dir"$'\n'
t 'no module name' 1 "$tree && $mp 2>&1" "$usage"
t 'bad option' 1 'modprobe -z x 2>&1' $'modprobe: -z: unknown option\n'"$usage"
t '--help' 0 'modprobe --help' "$usage"
t 'write error' 1 "$tree && $mp -n top 2>&1 >/dev/full" $'modprobe: write error: No space left on device\n'
fake_proc 'loaded ones are skipped' 0 "$tree && $loaded" "$mp -na top side" "$p/b/side.ko"$'\n'
fake_proc 'loaded dependencies are skipped' 0 "$tree && printf 'base 1 0 - Live 0x0\n' >p/modules" "$mp -n top" "$p/a/mid-one.ko z=2"$'\n'"$p/a/top.ko x=1 y=\"a b\""$'\n'
fake_proc 'kernel command line parameters' 0 "$tree && printf 'quiet top.debug=1 mid-one.w=\"x y\" .bad=1 noval -- top.after=1\n' >p/cmdline" "$mp -n top" "$p/b/base.ko.zst"$'\n'"$p/a/mid-one.ko z=2 w=\"x y\""$'\n'"$p/a/top.ko x=1 y=\"a b\" debug=1"$'\n'
fake_proc '-r and what it needed' 0 "$tree && $loaded" "$mp -nr top" $'rmmod top\nrmmod mid_one\n'
fake_proc '-r in use' 1 "$tree && $loaded" "$mp -nr mid-one busy 2>&1" $'modprobe: mid-one: module in use\nmodprobe: busy: module in use\n'
fake_proc '-r several' 0 "$tree && $loaded" "$mp -nr top other_mod" $'rmmod top\nrmmod mid_one\nrmmod other_mod\nrmmod base\n'
fake_proc '-r not loaded' 1 "$tree && $loaded" "$mp -nr side 2>&1" $'modprobe: side: module not loaded\n'
fake_proc '-r built in' 1 "$tree && $loaded" "$mp -nr bi 2>&1" $'modprobe: bi: module is built in\n'
fake_proc '-r -q not loaded' 1 "$tree && $loaded" "$mp -qnr side 2>&1" ''
