/* url.h - URLs; values quoted for a lease file; network text for a terminal */
#ifndef URL_H
#define URL_H

/*
 * URLs (RFC 3986), for wget, netboot and dhclient. url_parse splits an
 * http[s]://HOST[:PORT][/PATH][?QUERY] URL (HOST a name, an IPv4 literal or a
 * bracketed IPv6 one; the fragment dropped); NULL, or why not ("unsupported
 * scheme"); then url_free. url_join resolves REF (a Location, a boot file)
 * against the absolute BASE as RFC 3986 section 5.2 says, dot segments
 * removed; malloc'd. url_quote gives S as sh would read it back as one word
 * (plain, or in single quotes), for KEY=VALUE files such as dhclient's lease;
 * NULL if S holds control characters. url_unquote reads such a word back:
 * plain characters, '...' and \X; NULL if malformed (an unquoted blank, an
 * unterminated quote). text_escape makes bytes from the network safe for a
 * terminal: controls and non-ASCII as \xHH, a backslash as \\; malloc'd.
 */
struct url {
	char host[256];		/* an IPv6 address without its brackets */
	char port[6];		/* "80" (https: "443") if not given */
	int tls;		/* https */
	char *target;		/* malloc'd: the path ("/" at least) and ?query, %-encoded */
	char *query;		/* inside target, after the '?'; NULL if none */
};
const char *url_parse(const char *s, struct url *u);
void url_free(struct url *u);
char *url_join(const char *base, const char *ref);
char *url_quote(const char *s);
char *url_unquote(const char *s);
char *text_escape(const char *s);

#endif
