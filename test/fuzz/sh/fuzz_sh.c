/* fuzz_sh - libFuzzer harness: the shell's parser on arbitrary bytes, nothing executed */
#define SH_PARSE_ONLY
#define main sh_main
#include "../../../cmds-src/sh/main.c"
#undef main

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	parse_only((const char *)data, size);
	return 0;
}
