// Whether the scalar code is asked for in place of the vector paths: VITRINE_PIXEL_KERNELS=scalar (for figures of
// one beside the other). Read once per file that includes this.
#ifndef VITRINE_KERNEL_CHOICE_H
#define VITRINE_KERNEL_CHOICE_H
#include <stdlib.h>
#include <string.h>

static inline int vitrine_scalar_forced(void) {
    static int known = -1;
    if (known < 0) {
        const char *choice = getenv("VITRINE_PIXEL_KERNELS");
        known = choice && strcmp(choice, "scalar") == 0;
    }
    return known;
}
#endif
