// Sets CPICK_LANGUAGE=en in every test process (english.c), before any test runs.
#ifndef CPICK_TEST_ENVIRONMENT_H
#define CPICK_TEST_ENVIRONMENT_H

/// 1: the constructor that sets the tests' environment is linked in.
int cpick_test_environment_linked(void);

#endif
