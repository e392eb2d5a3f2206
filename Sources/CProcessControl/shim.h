#ifndef CPICK_CPROCESSCONTROL_SHIM_H
#define CPICK_CPROCESSCONTROL_SHIM_H
// Linux's process controls (`prctl(2)`), which Swift does not import: the function is
// variadic. One non-variadic wrapper per control cpick uses.
#include <sys/prctl.h>

/// Asks the kernel to send `signal` to this process when its parent ends
/// (`PR_SET_PDEATHSIG`). Returns 0, or -1 with `errno` set.
static inline int cpick_set_parent_death_signal(int signal) {
  return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0UL, 0UL, 0UL);
}
#endif
