#ifndef CFontconfig_SHIM_H
#define CFontconfig_SHIM_H
// fontconfig: finding installed fonts by family, style and coverage.
#include <fontconfig/fontconfig.h>
#endif
