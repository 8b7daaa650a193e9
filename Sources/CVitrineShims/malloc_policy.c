#include <malloc.h>
#include "vitrine_shims.h"

int vitrine_set_mmap_threshold(int bytes) {
    return mallopt(M_MMAP_THRESHOLD, bytes);
}

int vitrine_release_free_heap(void) {
    return malloc_trim(0);
}
