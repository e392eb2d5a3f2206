// The test process's environment, set before any test (and any Swift code) runs:
// cpick's texts in English whatever the developer's locale, since the tests expect
// English (a test of another language renders it with L10n.with). Runs as an ELF
// constructor because a Swift test bundle has no hook that runs before every suite.
#include <stdlib.h>
#include "CpickTestEnvironment.h"

__attribute__((constructor)) static void cpick_test_environment(void) {
  setenv("CPICK_LANGUAGE", "en", 1);
}

int cpick_test_environment_linked(void) { return 1; }
