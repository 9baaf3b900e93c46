/* fuzz_sh - libFuzzer harness: the shell's parser on arbitrary bytes, nothing executed */
/* Linked with the shell's files, SH_PARSE_ONLY defined and their main renamed (run.sh). */
#include "sh.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	parse_only((const char *)data, size);
	return 0;
}
