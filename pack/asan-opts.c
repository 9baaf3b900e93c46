/*
 * asan-opts.c - the sanitizers' settings, linked into the ASan box only.
 * Compiled in rather than taken from ASAN_OPTIONS because the golden runner
 * starts every test with `env -i`: a setting in the environment would never
 * reach the commands. Any report aborts the command (a test expecting a
 * failure still notices the log) and lands in ASAN_LOG.PID, which
 * `make test-asan` requires to be empty at the end. The environment's
 * ASAN_OPTIONS and UBSAN_OPTIONS still override these, for debugging.
 */
#ifndef ASAN_LOG
#error "build with -DASAN_LOG='\"/abs/path/prefix\"'"
#endif

#define COMMON "halt_on_error=1:abort_on_error=1:print_stacktrace=1" \
	":log_path=" ASAN_LOG ":external_symbolizer_path=/usr/bin/llvm-symbolizer"

const char *__asan_default_options(void);
const char *__ubsan_default_options(void);

/*
 * No leak checking: a command is one short process, and every die() or
 * exit() on an error path leaves its buffers to the kernel by design;
 * LeakSanitizer would report those, and would also need ptrace, which
 * sandboxes and unshare'd tests may deny.
 */
const char *
__asan_default_options(void)
{
	return COMMON ":detect_leaks=0:detect_stack_use_after_return=1";
}

const char *
__ubsan_default_options(void)
{
	return COMMON;
}
