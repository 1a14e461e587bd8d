#ifndef TIMERLAB_C_TEST_SUPPORT_H
#define TIMERLAB_C_TEST_SUPPORT_H

/// Whether Swift Testing was asked not to capture a backtrace for every thrown error (1), as this
/// target's constructor asks before the test runner starts, unless the environment said otherwise.
int timerlab_tests_throw_backtraces_off(void);

#endif
