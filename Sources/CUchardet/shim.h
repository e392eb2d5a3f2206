#ifndef CPICK_CUCHARDET_SHIM_H
#define CPICK_CUCHARDET_SHIM_H
// uchardet (freedesktop.org's universal charset detector, from Mozilla's): tells the
// legacy charset of a file's values that name none (`LegacyCharsetVerdict`).
#include <uchardet/uchardet.h>
#endif
