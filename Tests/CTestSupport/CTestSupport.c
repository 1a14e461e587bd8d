#include "CTestSupport.h"

#include <stdlib.h>
#include <string.h>

// Swift Testing captures a backtrace each time any Swift error is thrown in the test process, and
// reads whether to when its run starts. A cancelled `Task.sleep` throws at once, so the spinning
// loop of `task-cancel-spin` throws thousands of times during its sample: each throw then unwinds
// its stack under the unwinder's global lock, which takes the test process's executor threads (as
// many as cores) for seconds and starves every other run's executor control. `timerlab` itself
// never captures these; the test process is made to behave as the tool does. A value already in
// the environment is kept.
__attribute__((constructor)) static void timerlab_tests_quiet_throw_backtraces(void) {
    setenv("SWT_SWIFT_ERROR_BACKTRACING_ENABLED", "0", 0);
}

int timerlab_tests_throw_backtraces_off(void) {
    const char *value = getenv("SWT_SWIFT_ERROR_BACKTRACING_ENABLED");
    return value != NULL && strcmp(value, "0") == 0;
}
