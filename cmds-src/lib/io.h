/* io.h - descriptors, input operands, questions, the terminal's width */
#ifndef IO_H
#define IO_H

#include <stddef.h>
#include <stdio.h>
#include <sys/socket.h>

/* I/O on file descriptors, restarting on EINTR and short writes. */
int write_all(int fd, const void *buf, size_t n);	/* 0 or -1 */
int copy_fd(int in, int out);	/* 0; -1 read failed; -2 write failed; errno set */

/* Connect FD, a non-blocking socket, to SA, waiting up to MS milliseconds
 * (-1: as long as it takes): 0, or -1 and errno (ETIMEDOUT when time ran out). */
int connect_wait(int fd, const struct sockaddr *sa, socklen_t salen, int ms);

/* The whole of file PATH, malloc'd with a NUL after its *LEN bytes (sysfs
 * attributes, firmware tables); NULL and errno if it cannot be read, EFBIG if
 * it holds more than MAX bytes. */
char *read_whole(const char *path, size_t max, size_t *len);

/* Input operands: "-" is standard input; NULL and errno on failure. fclose_in
 * leaves standard input open for a later "-", its end-of-file and error cleared. */
FILE *fopen_in(const char *path);
void fclose_in(FILE *f);

/* Print the question (a printf format), read a line from standard input:
 * does it start with y or Y? For cp -i, mv -i, rm -i and find -ok. */
int ask_yes(const char *fmt, ...);

/* Columns of the terminal on FD: $COLUMNS, else its window size, else 80. */
int term_cols(int fd);

#endif
