/* second.c - the init of the system boot kexecs into: says which entry booted
 * (which= on its command line) and which initrds it got, then powers off. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/reboot.h>

int
main(void)
{
	char line[2048] = "", *w;
	FILE *f;

	mount("proc", "/proc", "proc", 0, NULL);
	if ((f = fopen("/proc/cmdline", "r")) != NULL) {
		if (fgets(line, sizeof line, f) == NULL)
			line[0] = '\0';
		fclose(f);
	}
	w = strstr(line, "which=");
	printf("DISKBOOT-UP %.*s initrds=a%s\n", w ? (int)strcspn(w, " \n") : 0, w ? w : "",
	    access("/b-was-here", F_OK) == 0 ? "+b" : "");
	fflush(stdout);
	reboot(RB_POWER_OFF);
	return 0;
}
