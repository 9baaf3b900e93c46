/*
 * libc-api.h - the libc a program written on the board may use, beyond what
 * the shipped commands use: every function and object these headers declare
 * stays in the image's trimmed libc.a (pack/trim-libc.sh), and these headers
 * and those they include stay in /usr/include (pack/stage-source.sh). The
 * C99 library, the POSIX interfaces a shell tool or a small daemon uses, and
 * Linux's system-call wrappers. Left out: <math.h> (about 80 KB of the
 * compressed image) and wide characters (<wchar.h>, <wctype.h>), beyond what
 * the commands themselves use, and the other musl headers nothing here
 * includes. A board whose programs need them ships musl's whole libc.a and
 * every header: make LIBC=full, or pack/mkimage --libc full. Otherwise the
 * compiler names the missing header, or the link the missing function.
 */
#include <assert.h>
#include <ctype.h>
#include <dirent.h>
#include <dlfcn.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <getopt.h>
#include <glob.h>
#include <grp.h>
#include <inttypes.h>
#include <libgen.h>
#include <limits.h>
#include <locale.h>
#include <poll.h>
#include <pwd.h>
#include <regex.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <syslog.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <net/if.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/epoll.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/random.h>
#include <sys/reboot.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/utsname.h>
#include <sys/wait.h>
