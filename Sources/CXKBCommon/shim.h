#ifndef VITRINE_CXKBCOMMON_SHIM_H
#define VITRINE_CXKBCOMMON_SHIM_H
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-compose.h>
#endif
