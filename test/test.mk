# make test: unit tests (cmocka), builder tests and golden tests (chroot).

UNIT := cc key name ar cache lib seed sha256 cmdline budget boot sigcheck pxelinux ipxe outfile bootload fdt
UNIT_BIN := $(addprefix $(B)/test/test_,$(UNIT))
RT_UNIT_SRC := $(filter-out runtime/build.c,$(RT_SRC)) $(UBUILD_LIB)
$(foreach t,key name ar cache lib seed,$(eval test_$(t)_SRC := $(RT_UNIT_SRC)))
test_sha256_SRC := $(TEST_SHA256_LIB)
test_cmdline_SRC := init/cmdline.c init/say.c
test_budget_SRC := pack/budget.c
test_sigcheck_SRC := $(addprefix $(LIB_DIR)/,pem.c spki.c sumlist.c hex_bytes.c)
# boot's parsers and the command library, as an archive: only what they use is linked.
test_boot_SRC := $(addprefix cmds-src/boot/,grub.c grub-lex.c entry.c bls.c syslinux.c collect.c) $(B)/test/libcmd.a
# netboot's pxelinux: lib/pxelinux.c, lib/pxe_names.c and the syslinux parser they share with boot.
test_pxelinux_SRC := $(B)/test/libcmd.a
test_ipxe_SRC := $(B)/test/libcmd.a
test_outfile_SRC := $(B)/test/libcmd.a
# lib/boot_load.c, with kexec_file_load and the TPM stood in for by the test
# (its list check links BearSSL: the host's, as the fuzzers have it).
test_bootload_SRC := $(B)/test/libcmd.a
test_bootload_LDLIBS := -lbearssl
# cc.c around a stand-in libtcc, linked as the builder is (runtime/runtime.mk).
test_cc_SRC := tcc/cc.c
test_cc_LDLIBS := -Itcc -I$(TCC_SRC) -Wl,--wrap=open -Wl,--wrap=exit
$(B)/test/test_cc: $(TCC_SRC)/.patched
# kexec on arm64: the device tree with /chosen rewritten.
test_fdt_SRC := $(LIB_DIR)/fdt_chosen.c
UNIT_CFLAGS := -std=gnu99 -Wall -Wextra -Werror -D_GNU_SOURCE -Iruntime -Iinit -I$(LIB_DIR) -Ipack -Icmds-src/boot
# make fuzz: runs of each fuzz target; make fuzz-test: seconds of each (below).
FUZZ_RUNS ?= 1000000
FUZZ_SECONDS ?= 10

.SECONDEXPANSION:
$(B)/test/test_%: test/unit/test_%.c test/unit/fixture.h $$(test_$$*_SRC) $(RT_HDR) init/init.h pack/budget.h $(LIB_HDR) | $(DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(UNIT_CFLAGS) -o $@ $< $(test_$*_SRC) -lcmocka $(test_$*_LDLIBS)

$(B)/test/libcmd.a: $(LIB_SRC) $(LIB_HDR)
	@mkdir -p $(@D)/lib
	cd $(@D)/lib && rm -f *.o && $(HOSTCC) $(UNIT_CFLAGS:-I%=-I$(CURDIR)/%) -c $(addprefix $(CURDIR)/,$(LIB_SRC))
	rm -f $@ && ar rcs $@ $(@D)/lib/*.o

$(B)/test/inroot: test/inroot.c
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu99 -Wall -Wextra -Werror -O2 -o $@ $<

# make test: every suite, TEST_JOBS at a time (test/lanes), longest first,
# after what they share is built once. TEST_JOBS=1 runs them one by one.
TEST_JOBS ?= 2
ARM64_TESTS := arm64-golden-source arm64-golden-multicall arm64-boot-test
TESTS := arm64-golden-source arm64-golden-multicall test-asan golden-test netboot-test busybox-test sigboot-test diskboot-test boot-test mkimage-boot-test kernel-test \
	attest-test net-test fuzz-test builder-test extract-test mkimage-test sh-test edit-test tty-test pack-test multicall-test \
	bootcfg-test arm64-boot-test tpm-test unit-test
TEST_SHARED := $(B)/root.staged $(B)/root-multicall.staged $(B)/root-asan.staged \
	$(B)/kernel/vmlinuz $(PACK) $(B)/test/inroot $(UNIT_BIN) $(IMAGE_SRC) $(IMAGE_MC) $(SELECT) \
	$(B)/busybox/src/.unpacked

.PHONY: test test-shared unit-test builder-test golden-test
ifeq ($(ARCH),arm64)
# make ARCH=arm64 test: the arm64 suites alone
test: arm64-shared
	test/lanes $(TEST_JOBS) "$(MAKE) --no-print-directory" $(ARM64_TESTS)
else
test: test-shared
	test/lanes $(TEST_JOBS) "$(MAKE) --no-print-directory" $(TESTS)
endif

test-shared: | $(DEPS)
	$(MAKE) -j2 $(TEST_SHARED)
	$(MAKE) -j2 arm64-shared

unit-test: $(UNIT_BIN)
	@for t in $(UNIT_BIN); do $$t || exit 1; done

builder-test: $(B)/root.staged
	test/builder/run $(B)/root

# pack/mkimage, the image builder (it reuses what the two roots' builds made)
.PHONY: mkimage-test
mkimage-test: $(B)/root.staged $(B)/root-multicall.staged $(PACK) $(SELECT)
	test/mkimage/run

# images pack/mkimage made, booted in QEMU: -u, --from-ubin, the minimal template
.PHONY: mkimage-boot-test
mkimage-boot-test: $(B)/root.staged $(B)/root-multicall.staged $(PACK) $(SELECT) $(B)/kernel/vmlinuz
	test/mkimage/qemu $(B)/kernel

golden-test: $(B)/root.staged $(B)/root-multicall.staged $(B)/test/inroot
	# /dev, /proc and a tmpfs cache (as on the target) for the chroot, in a
	# private mount namespace: they vanish with it, and the staged tree stays clean
	INROOT=$(B)/test/inroot unshare -m sh -c 'mount --bind /dev $(B)/root/dev && \
		mount -t proc proc $(B)/root/proc && mount -t tmpfs -o mode=0755 ubin $(B)/root/ubin && \
		test/golden/run chroot $(B)/root'
	test/golden/run dir $(B)/root-multicall

.PHONY: bootcfg-test
bootcfg-test: $(B)/root.staged $(B)/root-multicall.staged
	# the source root's cache on a tmpfs, as in golden-test: the staged tree stays clean
	unshare -m sh -c 'mount -t tmpfs -o mode=0755 ubin $(B)/root/ubin && test/bootcfg/run $(B)/root'
	test/bootcfg/run $(B)/root-multicall

.PHONY: boot-test
boot-test: $(B)/root.staged $(B)/root-multicall.staged $(B)/kernel/vmlinuz $(PACK)
	test/boot/run $(B)/kernel/vmlinux $(B)/root $(B)/root-multicall $(PACK)

# arm64 (make ARCH=arm64): the golden suite in both modes with qemu-user
# running the arm64 binaries, and both images on QEMU's virt board (TCG).
# make test builds the arm64 tree once (test-shared) and runs the three as
# lanes; arm64-test runs them here one after another. From an x86_64 make,
# the arm64 build does each.
QEMU_USER := /usr/bin/qemu-aarch64-static
.PHONY: arm64-test arm64-shared $(ARM64_TESTS)
arm64-test: $(ARM64_TESTS)
ifeq ($(ARCH),arm64)
arm64-shared: $(B)/root.staged $(B)/root-multicall.staged $(B)/kernel/vmlinuz $(PACK) $(SELECT) $(B)/test/inroot $(B)/test/emuns

$(B)/test/emuns: test/emuns.c
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu99 -Wall -Wextra -Werror -O2 -o $@ $<

arm64-golden-source: $(B)/root.staged $(B)/test/inroot $(B)/test/emuns
	INROOT=$(B)/test/inroot test/arm64/golden $(B)/test/emuns $(QEMU_USER) source $(B)/root

arm64-golden-multicall: $(B)/root-multicall.staged $(B)/test/emuns
	test/arm64/golden $(B)/test/emuns $(QEMU_USER) multicall $(B)/root-multicall

arm64-boot-test: $(B)/root.staged $(B)/root-multicall.staged $(B)/kernel/vmlinuz $(PACK)
	test/arm64/run $(B)/kernel/vmlinuz $(B)/root $(B)/root-multicall $(PACK)
else
arm64-shared $(ARM64_TESTS):
	$(MAKE) --no-print-directory ARCH=arm64 $@
endif

.PHONY: diskboot-test
diskboot-test: $(B)/root.staged $(B)/root-multicall.staged $(B)/kernel/vmlinuz $(PACK)
	test/diskboot/run $(B)/kernel $(B)/root $(B)/root-multicall $(PACK)

.PHONY: netboot-test
netboot-test: $(B)/root.staged $(B)/root-multicall.staged $(B)/kernel/vmlinuz $(PACK)
	test/netboot/run $(B)/kernel $(B)/root $(B)/root-multicall $(PACK)

# Signed and measured boot (disk and netboot) in QEMU with swtpm, both modes.
.PHONY: sigboot-test
sigboot-test: $(B)/root.staged $(B)/root-multicall.staged $(B)/kernel/vmlinuz $(PACK)
	test/sigboot/run $(B)/kernel $(B)/root $(B)/root-multicall $(PACK)

# Measured sources: pack/attest on synthetic logs, then QEMU with swtpm in both
# image modes (compiles and edits extend PCR 14, ubuild.strict refuses edits).
.PHONY: attest-test
attest-test: $(B)/root.staged $(B)/root-multicall.staged $(B)/kernel/vmlinuz $(PACK)
	test/attest/run $(B)/kernel/vmlinuz $(B)/root $(B)/root-multicall $(PACK)

# The tpm command on this host against swtpm, a TPM 2.0 simulator on a UNIX socket.
.PHONY: tpm-test
tpm-test: $(B)/root-multicall.staged
	test/tpm/run $(B)/root-multicall/bin/tpm

.PHONY: pack-test
pack-test: $(PACK) $(B)/root.staged
	test/pack/run $(PACK) $(B)/root

.PHONY: multicall-test
multicall-test: $(IMAGE_SRC) $(IMAGE_MC) $(SELECT) $(PACK)
	test/multicall/run $(B)
	# the README's first command: make run must choose (and so build) the image
	# it boots, with pack/mkimage; and no rule uses a name defined after it (see the Makefile)
	@out=$$($(MAKE) -s -n --warn-undefined-variables run 2>&1); \
	echo "$$out" | grep -q ' pack/mkimage -o $(IMAGE) ' || { echo "FAIL make run does not build $(IMAGE)"; exit 1; }; \
	! echo "$$out" | grep 'warning: undefined variable' || { echo "FAIL make reads a name before it is defined"; exit 1; }

# The shell's and the editor's own tests, against the multicall build (gcc)
# and against a build by the image's own tcc and libcmd.a (what source mode runs).
$(B)/test/%-tcc: $(B)/root.staged
	rm -rf $(B)/test/$*-root && mkdir -p $(B)/test && cp -a $(B)/root $(B)/test/$*-root
	chroot $(B)/test/$*-root /bin/ubuild -b true
	# NAME.c, or the files of the directory NAME/ with it on the include path
	src=/src/$*.c; [ ! -d $(B)/test/$*-root/src/$* ] || \
		src="-I/src/$* $$(cd $(B)/test/$*-root && printf ' /%s' src/$*/*.c)"; \
	chroot $(B)/test/$*-root /bin/tcc -I/src/lib -o /tmp/$* $$src /ubin/.lib/libcmd.a -lzstd -lz -lbearssl
	cp $(B)/test/$*-root/tmp/$* $@ && rm -rf $(B)/test/$*-root

# The multicall box under ASan and UBSan (pack/asan.mk): the golden, shell and
# editor suites; any sanitizer report fails the run, whatever the status of
# the test that caused it. Known glibc/ASan differences: test/asan/golden-known.
.PHONY: test-asan
test-asan: $(B)/root-asan.staged
	test/asan/run $(B)/root-asan $(ASAN_LOG)

.PHONY: sh-test edit-test tty-test net-test fuzz fuzz-test
sh-test: $(B)/root-multicall.staged $(B)/test/sh-tcc
	test/sh/run $(B)/root-multicall/bin/sh
	test/sh/run $(B)/test/sh-tcc

# vi over a pseudo-terminal: open, edit, save, quit, the terminal restored.
edit-test: $(B)/root-multicall.staged $(B)/test/vi-tcc
	test/edit/run $(B)/root-multicall/bin/vi
	test/edit/run $(B)/test/vi-tcc

# more over a pseudo-terminal: pages, lines, quit, the terminal restored.
tty-test: $(B)/root-multicall.staged $(B)/test/more-tcc
	test/tty/run $(B)/root-multicall/bin/more
	test/tty/run $(B)/test/more-tcc

# ip, ping, dhclient, wget and tftp against servers in network namespaces made
# for the purpose (root; the host's own network is never touched); wget's https.
net-test: $(B)/root-multicall.staged
	test/net/run $(B)/root-multicall
	test/net/pxelinux $(B)/root-multicall
	test/net/dhcp6 $(B)/root-multicall
	test/net/https $(B)/root-multicall
	test/net/tftp $(B)/root-multicall

# Every fuzz target (test/fuzz/*/run.sh, see test/fuzz/run): make fuzz runs
# each FUZZ_RUNS times (minutes); make fuzz-test, part of make test, runs each
# over its seeds and then FUZZ_SECONDS more, so a crash found once stays found.
fuzz: | $(DEPS)
	test/fuzz/run $(FUZZ_RUNS)

fuzz-test: | $(DEPS)
	test/fuzz/run 0 $(FUZZ_SECONDS)

include test/extract/extract.mk

# BusyBox's own test suite (Debian 12's busybox source package, GPL-2 test
# data: fetched and unpacked under build/, never kept in the tree) against our
# commands, both modes side by side; test/busybox/known lists what does not
# apply and what is not passed yet (see test/busybox/run).
BUSYBOX_VERSION := 1:1.35.0-4+deb12u1
BUSYBOX_DSC := $(DL)/busybox_$(lastword $(subst :, ,$(BUSYBOX_VERSION))).dsc
BUSYBOX_SRC := $(B)/busybox/src

$(BUSYBOX_DSC): | $(DEPS)
	pack/debsrc.sh busybox $(BUSYBOX_VERSION) $(DL)

$(BUSYBOX_SRC)/.unpacked: $(BUSYBOX_DSC)
	rm -rf $(BUSYBOX_SRC) && mkdir -p $(B)/busybox
	dpkg-source --no-check -x $< $(BUSYBOX_SRC) >/dev/null
	touch $@

.PHONY: test-busybox-suite busybox-test
busybox-test: test-busybox-suite
test-busybox-suite: $(B)/root.staged $(B)/root-multicall.staged $(B)/test/inroot $(BUSYBOX_SRC)/.unpacked
	BUSYBOX_SRC=$(BUSYBOX_SRC) test/busybox/run both $(B)/root-multicall $(B)/root

# The images on the kernel built here (pack/kernel.mk), against Debian's for
# the boot times, and the netboot suite on it. make test-kernel builds that
# kernel if it must; make test (kernel-test) only uses one already built.
KERNEL_TEST := test/kernel/run $(KERNEL_SMALL) $(B)/kernel $(IMAGE_SRC) $(IMAGE_MC) \
	$(B)/root $(B)/root-multicall $(PACK)
KERNEL_TEST_NEEDS := $(IMAGE_SRC) $(IMAGE_MC) $(B)/root.staged $(B)/root-multicall.staged $(B)/kernel/vmlinuz $(PACK)
.PHONY: test-kernel kernel-test
test-kernel: $(KERNEL_TEST_NEEDS) $(KERNEL_SMALL)/vmlinuz
	$(KERNEL_TEST)
kernel-test: $(KERNEL_TEST_NEEDS)
	@if [ -f $(KERNEL_SMALL)/vmlinuz ]; then $(KERNEL_TEST); \
	else echo "kernel-test: skipped: no $(KERNEL_SMALL)/vmlinuz (make kernel KERNEL_CONFIG=linuxboot builds it)"; fi
