/* cmd.h - the shared command library: the one header a command includes */
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
#include "io.h"		/* descriptors, input operands, questions, the terminal's width */
#include "path.h"	/* paths joined, canonical, read from links; tree walks */
#include "num.h"	/* numbers, sizes and escapes from text; sizes for people */
#include "attr.h"	/* owners and modes by name and number */
#include "proc.h"	/* commands run as the shell would, PATH search; signals, test's expressions */
#include "dump.h"	/* od and hexdump: the operands as one stream */
#include "url.h"	/* URLs, lease-file quoting, network text for a terminal */
#include "rtnl.h"	/* rtnetlink: links, addresses, routes */
#include "mount.h"	/* loop devices, /proc/mounts fields */
#include "kexec.h"	/* kexec_file_load */
#include "zio.h"	/* gzip and zstd streams */
#include "xt.h"		/* archive members onto the file system, for tar and cpio */
#include "sha256.h"	/* SHA-256 */

#endif
