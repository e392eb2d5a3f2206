#ifndef CPICK_CCHAFA_SHIM_H
#define CPICK_CCHAFA_SHIM_H
#include <chafa.h>
#endif
