// uinput through the kernel's own header: the struct layouts and ioctl numbers come from linux/uinput.h.
#include "vitrine_shims.h"
#include <errno.h>
#include <fcntl.h>
#include <linux/uinput.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

static int axis(int fd, unsigned short code, int minimum, int maximum, int resolution) {
    struct uinput_abs_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.code = code;
    setup.absinfo.minimum = minimum;
    setup.absinfo.maximum = maximum;
    setup.absinfo.resolution = resolution;
    return ioctl(fd, UI_ABS_SETUP, &setup);
}

int vitrine_uinput_create_touchscreen(const char *name, int slots, int maximum) {
    int fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return -errno;
    // Resolution in units per millimetre: a 10-inch-class panel (about 217 x 136 mm at 32767 units).
    int resolution = maximum / 200 > 0 ? maximum / 200 : 1;
    if (ioctl(fd, UI_SET_EVBIT, EV_KEY) < 0 || ioctl(fd, UI_SET_KEYBIT, BTN_TOUCH) < 0 ||
        ioctl(fd, UI_SET_EVBIT, EV_ABS) < 0 || ioctl(fd, UI_SET_PROPBIT, INPUT_PROP_DIRECT) < 0 ||
        ioctl(fd, UI_SET_ABSBIT, ABS_X) < 0 || ioctl(fd, UI_SET_ABSBIT, ABS_Y) < 0 ||
        ioctl(fd, UI_SET_ABSBIT, ABS_MT_SLOT) < 0 || ioctl(fd, UI_SET_ABSBIT, ABS_MT_TRACKING_ID) < 0 ||
        ioctl(fd, UI_SET_ABSBIT, ABS_MT_POSITION_X) < 0 || ioctl(fd, UI_SET_ABSBIT, ABS_MT_POSITION_Y) < 0 ||
        ioctl(fd, UI_SET_ABSBIT, ABS_MT_TOUCH_MAJOR) < 0 ||
        axis(fd, ABS_X, 0, maximum, resolution) < 0 || axis(fd, ABS_Y, 0, maximum, resolution) < 0 ||
        axis(fd, ABS_MT_SLOT, 0, slots - 1, 0) < 0 || axis(fd, ABS_MT_TRACKING_ID, 0, 65535, 0) < 0 ||
        axis(fd, ABS_MT_POSITION_X, 0, maximum, resolution) < 0 || axis(fd, ABS_MT_POSITION_Y, 0, maximum, resolution) < 0 ||
        axis(fd, ABS_MT_TOUCH_MAJOR, 0, maximum, resolution) < 0) {
        int e = errno;
        close(fd);
        return -e;
    }
    struct uinput_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.id.bustype = BUS_VIRTUAL;
    setup.id.vendor = 0x1d6b;  // Linux Foundation: a virtual device
    setup.id.product = 0x7669; // "vi"
    strncpy(setup.name, name, UINPUT_MAX_NAME_SIZE - 1);
    if (ioctl(fd, UI_DEV_SETUP, &setup) < 0 || ioctl(fd, UI_DEV_CREATE) < 0) {
        int e = errno;
        close(fd);
        return -e;
    }
    return fd;
}

int vitrine_uinput_emit(int fd, unsigned short type, unsigned short code, int value) {
    struct input_event event;
    memset(&event, 0, sizeof event);
    event.type = type;
    event.code = code;
    event.value = value;
    ssize_t n;
    do { n = write(fd, &event, sizeof event); } while (n < 0 && errno == EINTR);
    return n == (ssize_t)sizeof event ? 0 : -errno;
}

void vitrine_uinput_destroy(int fd) {
    ioctl(fd, UI_DEV_DESTROY);
    close(fd);
}
