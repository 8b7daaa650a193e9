#ifndef VITRINE_CDRM_SHIM_H
#define VITRINE_CDRM_SHIM_H
// libdrm: the core API, KMS (mode setting) and the pixel-format codes.
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>
#endif
