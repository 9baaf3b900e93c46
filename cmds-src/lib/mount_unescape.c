/* mount_unescape.c - a field of /proc/mounts or fstab, as written */
#include "mount.h"

char *
mount_unescape(char *s)
{
	char *in = s, *out = s;

	while (*in) {
		if (in[0] == '\\' && in[1] >= '0' && in[1] <= '3' && in[2] >= '0' && in[2] <= '7' &&
		    in[3] >= '0' && in[3] <= '7') {
			*out++ = (char)((in[1] - '0') * 64 + (in[2] - '0') * 8 + (in[3] - '0'));
			in += 4;
		} else {
			*out++ = *in++;
		}
	}
	*out = '\0';
	return s;
}
