#include "vitrine_shims.h"
#include <errno.h>
#include <sys/ioctl.h>

int vitrine_ioctl_int(int fd, unsigned long request, int argument) {
    int r;
    do { r = ioctl(fd, request, argument); } while (r < 0 && errno == EINTR);
    return r;
}

int vitrine_ioctl_pointer(int fd, unsigned long request, void *argument) {
    int r;
    do { r = ioctl(fd, request, argument); } while (r < 0 && errno == EINTR);
    return r;
}

#include <signal.h>
int vitrine_sigrtmin(void) { return SIGRTMIN; }
