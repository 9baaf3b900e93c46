/* wget - fetch URLs over HTTP or https into files, whole or not at all, or to standard output */
#include "http.h"
#include "outfile.h"

static const char usage[] =
    "wget [-q] [-O FILE|-] [-T TIMEOUT] [-D DEADLINE] [-M MAXSIZE] [-t TRIES]"
    " [--ca FILE] [--pin SHA256] URL...";

#define PROGRESS_EVERY 0.25	/* seconds */

static struct {
	const char *out;	/* -O */
	int quiet, tries, timeout, progress;
	int deadline;		/* -D: seconds for each URL, all tries and redirects; 0 none */
	unsigned long long max;	/* -M: bytes a body may have; 0 no limit */
	int too_big;		/* the body was larger */
	const char *path;	/* where this URL goes; NULL: standard output */
	struct outfile file;	/* path, while its body comes */
	int fd;			/* file.fd, or 1; -1 before the body */
	int in_place;		/* path is a device or FIFO: fd is path itself */
	long long total, got;	/* body bytes expected (-1: unknown) and so far */
	long long streamed;	/* bytes that went to standard output: no retrying then */
	int werr;		/* errno of a failed write */
	double shown;		/* when progress was last shown */
	struct tls_conf tls;	/* --ca, --pin */
} w;

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static int
number(const char *s, const char *what, int min)
{
	unsigned long long v;

	if (parse_uint(s, 86400, &v) < 0 || v < (unsigned)min)
		die("%s: invalid %s", s, what);
	return v;
}

static void
show_progress(int last)
{
	char size[HUMAN_LEN];
	double t = now();

	if (!w.progress || (!last && t - w.shown < PROGRESS_EVERY))
		return;
	w.shown = t;
	human_size(size, w.got);
	if (w.total > 0)
		fprintf(stderr, "\r%-40.40s %3d%% %6s", w.path ? w.path : "-",
		    (int)(w.got * 100 / w.total), size);
	else
		fprintf(stderr, "\r%-40.40s      %6s", w.path ? w.path : "-", size);
	if (last)
		fputc('\n', stderr);
}

/*
 * A 2xx header is in: the body goes to a fresh temporary file beside the
 * target, or into a device or FIFO (-O /dev/null, a disk) in place. Bytes
 * written in place, like standard output's, cannot be taken back: no retry
 * once some went.
 */
static int
start(struct http_get *g)
{
	w.total = g->resp.length;
	w.got = 0;
	if (w.max > 0 && w.total > 0 && (unsigned long long)w.total > w.max) {
		w.too_big = 1;
		return -1;
	}
	if (w.path == NULL) {
		w.fd = 1;
		return 0;
	}
	if (w.fd >= 0 && w.in_place)
		return 0;	/* a retry, before any byte went */
	if (w.fd >= 0) {
		if (ftruncate(w.fd, 0) == 0 && lseek(w.fd, 0, SEEK_SET) == 0)
			return 0;
		w.werr = errno;
		return -1;
	}
	if (out_open(&w.file, w.path, 0666, 0) < 0) {
		w.werr = errno;
		return -1;
	}
	w.fd = w.file.fd;
	w.in_place = w.file.in_place;
	return 0;
}

static int
data(struct http_get *g, const unsigned char *p, size_t n)
{
	(void)g;
	if (w.max > 0 && w.got + n > w.max) {
		w.too_big = 1;	/* what fits still goes out: stdout gets exactly MAXSIZE */
		n = w.max - w.got;
	}
	if (write_all(w.fd, p, n) < 0) {
		w.werr = errno;
		return -1;
	}
	w.got += n;
	if (w.fd == 1 || w.in_place)
		w.streamed += n;
	show_progress(0);
	return w.too_big ? -1 : 0;
}

static void
drop_tmp(void)
{
	if (w.fd > 1)
		out_abort(&w.file);
	w.fd = -1;
}

/* The body is all there: the temporary file becomes the target. */
static void
finish(void)
{
	if (w.fd > 1 && out_commit(&w.file) < 0)
		warn_errno("%s", w.path);
	w.fd = -1;
}

/* Why a fetch failed; whether trying again makes sense. */
static int
failed(const char *url, struct http_get *g)
{
	char *e = text_escape(g->expired || w.too_big || g->where == NULL ? url : g->where);

	if (g->expired)
		warn("%s: deadline of %d s exceeded", e, w.deadline);
	else if (w.too_big)
		warn("%s: body larger than %llu bytes", e, w.max);
	else if (g->error[0] != '\0')
		warn("%s: %s", e, g->error);
	free(e);
	if (g->expired || w.too_big || g->error[0] != '\0')
		return g->retry && !g->expired && !w.too_big &&
		    ((w.path != NULL && !w.in_place) || w.streamed == 0);
	errno = w.werr;
	if (w.path != NULL)
		warn_errno("%s", w.path);
	else
		warn_errno("write error");
	return 0;
}

/* The file name wget picks: the URL path's last part, index.html if none. */
static char *
default_name(const char *url)
{
	struct url u;
	char *name, *slash;

	if (url_parse(url, &u) != NULL)
		return NULL;
	u.target[strcspn(u.target, "?")] = '\0';
	slash = strrchr(u.target, '/');
	name = slash[1] == '\0' || strcmp(slash + 1, ".") == 0 || strcmp(slash + 1, "..") == 0 ?
	    xstrdup("index.html") : xstrdup(slash + 1);
	url_free(&u);
	return name;
}

static void
fetch(const char *url)
{
	struct http_get g;
	struct url u;
	const char *e;
	char *name = NULL, *shown;
	int status = cmd_status;	/* what failed tries say is forgotten if one succeeds */

	if ((e = url_parse(url, &u)) != NULL) {
		warn("%s: %s", shown = text_escape(url), e);
		free(shown);
		return;
	}
	url_free(&u);
	if (w.out == NULL)
		w.path = name = default_name(url);
	else
		w.path = strcmp(w.out, "-") == 0 ? NULL : w.out;
	memset(&g, 0, sizeof g);
	g.url = url;
	g.tls = &w.tls;
	g.timeout = w.timeout;
	g.until = w.deadline > 0 ? now() + w.deadline : 0;
	g.start = start;
	g.data = data;
	w.fd = -1;
	w.werr = 0;
	w.too_big = 0;
	w.streamed = 0;
	w.in_place = 0;
	for (int i = 1;; i++) {
		if (http_get(&g) == 0) {
			show_progress(1);
			cmd_status = status;
			if (w.path != NULL)
				finish();
			break;
		}
		if (w.progress && w.got > 0)
			fputc('\n', stderr);
		if (!failed(url, &g) || i >= w.tries || (g.until > 0 && now() + 1 >= g.until)) {
			drop_tmp();
			break;
		}
		sleep(1);
	}
	http_get_free(&g);
	free(name);
}

/*
 * --ca FILE: trust anchors (PEM certificates) instead of TLS_CA. --pin SHA256:
 * the server key's, as `openssl x509 -pubkey | openssl pkey -pubin -outform
 * der | sha256sum` prints it. A pin is required on top of the CA check; only
 * where there are no CA certificates at all (no TLS_CA, no --ca) does it
 * stand alone.
 */
enum { OPT_CA = 1, OPT_PIN };

static void
pin(const char *arg)
{
	if (strlen(arg) != 64 || hex_bytes(arg, w.tls.pin, 32) < 0)
		die("%s: invalid pin (64 hex digits of a SHA-256)", arg);
	w.tls.pinned = 1;
}

static const struct opt_long longs[] = {
	{ "ca", OPT_CA }, { "pin", OPT_PIN }, { "output-document", 'O' },
	{ "quiet", 'q' }, { "timeout", 'T' }, { "tries", 't' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c;

	memset(&w, 0, sizeof w);
	w.tries = 1;
	w.timeout = 60;
	o.longs = longs;
	while ((c = opt_next(&o, "D:M:O:qT:t:\001:\002:")) != -1) {
		switch (c) {
		case 'D': w.deadline = number(o.arg, "deadline", 1); break;
		case 'M':
			if (parse_size(o.arg, 10, &w.max) < 0 || w.max == 0)
				die("%s: invalid size", o.arg);
			break;
		case 'O': w.out = o.arg; break;
		case 'q': w.quiet = 1; break;
		case 'T': w.timeout = number(o.arg, "timeout", 0); break;
		case 't': w.tries = number(o.arg, "number of tries", 1); break;
		case OPT_CA: w.tls.ca = o.arg; break;
		case OPT_PIN: pin(o.arg); break;
		default: die_usage(&o);
		}
	}
	if (o.ind == argc || (w.out != NULL && strcmp(w.out, "-") != 0 && argc - o.ind > 1))
		die_usage(&o);
	w.progress = !w.quiet && isatty(2);
	out_signals();
	for (int i = o.ind; i < argc; i++)
		fetch(argv[i]);
	return cmd_exit();
}
