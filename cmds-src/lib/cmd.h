/* cmd.h - what every command includes: the libc it may use, messages and options.
 * A command includes the topic headers it uses after this one (io.h, path.h, ...), and
 * only those: the builder's key names every file the compile read, and every name in it
 * is one more stat on each cached run. */
#ifndef CMD_H
#define CMD_H

/* Commands are Linux programs: take the whole libc, under tcc and gcc -std=c99 alike. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include <sys/types.h>
#include <sys/stat.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "err.h"	/* messages, the exit status; memory that never comes back NULL */
#include "opt.h"	/* options; which of its names a command was run by */

#endif
