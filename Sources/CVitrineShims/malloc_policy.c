#include <malloc.h>
#include "vitrine_shims.h"

int vitrine_set_mmap_threshold(int bytes) {
    return mallopt(M_MMAP_THRESHOLD, bytes);
}
