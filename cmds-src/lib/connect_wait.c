/* connect_wait.c - connect a non-blocking socket, waiting a bounded time */
#include <errno.h>
#include <poll.h>
#include <sys/socket.h>
#include "io.h"

int
connect_wait(int fd, const struct sockaddr *sa, socklen_t salen, int ms)
{
	struct pollfd p = { fd, POLLOUT, 0 };
	socklen_t len = sizeof(int);
	int err = 0, r;

	if (connect(fd, sa, salen) == 0)
		return 0;
	if (errno != EINPROGRESS)
		return -1;
	while ((r = poll(&p, 1, ms)) < 0 && errno == EINTR)
		;
	if (r == 0)
		errno = ETIMEDOUT;
	if (r <= 0)
		return -1;
	/* writable: the connection is made or has failed; which, SO_ERROR says */
	if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) < 0)
		return -1;
	errno = err;
	return err == 0 ? 0 : -1;
}
