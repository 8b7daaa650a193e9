#include "vitrine_shims.h"
#include <drm_fourcc.h>

uint32_t vitrine_drm_format_xrgb8888(void) { return DRM_FORMAT_XRGB8888; }
uint32_t vitrine_drm_format_argb8888(void) { return DRM_FORMAT_ARGB8888; }
uint32_t vitrine_drm_fourcc(char a, char b, char c, char d) { return fourcc_code(a, b, c, d); }
