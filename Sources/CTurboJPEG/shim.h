#ifndef CTurboJPEG_SHIM_H
#define CTurboJPEG_SHIM_H
// libjpeg-turbo TurboJPEG API: JPEG decoding and encoding with error codes instead of longjmp.
#include <turbojpeg.h>
#endif
