#define _GNU_SOURCE
#include "CTimerLabSupport.h"

#include <fcntl.h>

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <stdlib.h>
#include <sys/resource.h>
#ifdef __linux__
#include <malloc.h>
#include <sys/prctl.h>
#endif

int timerlab_arm_parent_death(int armed) {
#ifdef __linux__
    return prctl(PR_SET_PDEATHSIG, armed ? SIGKILL : 0) == 0 ? 0 : -1;
#else
    (void)armed;
    return 0;
#endif
}

static volatile sig_atomic_t interrupt_fd = -1;

static void on_interrupt(int signal_number) {
    int saved = errno;
    unsigned char byte = (unsigned char)signal_number;
    if (interrupt_fd >= 0) (void)!write(interrupt_fd, &byte, 1);
    errno = saved;
}

static const int interrupts[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
static struct sigaction previous[4];

int timerlab_route_interrupts(int write_fd) {
    interrupt_fd = write_fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigset_t wanted;
    sigemptyset(&wanted);
    for (unsigned i = 0; i < sizeof interrupts / sizeof interrupts[0]; i++) {
        if (sigaction(interrupts[i], &action, &previous[i]) != 0) return -1;
        sigaddset(&wanted, interrupts[i]);
    }
    // A parent may have left these blocked (a test runner's spawn does); a handler that never
    // runs would make the promise to clean up on Ctrl-C a lie.
    return pthread_sigmask(SIG_UNBLOCK, &wanted, NULL) == 0 ? 0 : -1;
}

void timerlab_restore_interrupts(void) {
    for (unsigned i = 0; i < sizeof interrupts / sizeof interrupts[0]; i++) sigaction(interrupts[i], &previous[i], NULL);
    interrupt_fd = -1;
}

int timerlab_pipe(int ends[2], int nonblocking) {
#ifdef __linux__
    return pipe2(ends, O_CLOEXEC | (nonblocking ? O_NONBLOCK : 0));
#else
    // Elsewhere: pipe, then the flags one descriptor at a time (another thread's fork between
    // the two could inherit the ends: timerlab starts children from one thread only).
    if (pipe(ends) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        if (fcntl(ends[i], F_SETFD, FD_CLOEXEC) != 0) return -1;
        if (nonblocking && fcntl(ends[i], F_SETFL, fcntl(ends[i], F_GETFL) | O_NONBLOCK) != 0) return -1;
    }
    return 0;
#endif
}

static void on_quit(int signal_number) {
    // The shell user's Ctrl-\\ means "stop", not "debug me": end as 128 + SIGQUIT, with no
    // backtrace and no core file. _exit is async-signal-safe.
    _exit(128 + signal_number);
}

int timerlab_quit_quietly(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_quit;
    sigemptyset(&action.sa_mask);
    return sigaction(SIGQUIT, &action, NULL);
}

int timerlab_prepare_process_signals(void) {
    // A file-size limit (ulimit -f) then makes write(2) fail with EFBIG, an I/O error timerlab
    // reports in one line, instead of killing the process with SIGXFSZ mid-report.
    if (signal(SIGXFSZ, SIG_IGN) == SIG_ERR) return -1;
    // Likewise a reader that went away (`| head -1`) makes write(2) fail with EPIPE, which ends
    // the command quietly with 74, instead of SIGPIPE killing it (141) only when the output
    // happened to be larger than the pipe's buffer.
    if (signal(SIGPIPE, SIG_IGN) == SIG_ERR) return -1;
    // A parent may have left SIGQUIT blocked (a test runner's spawn does): unblock it before any
    // thread starts, so every thread inherits the mask and Ctrl-\\ is not left pending.
    sigset_t quit;
    sigemptyset(&quit);
    sigaddset(&quit, SIGQUIT);
    if (pthread_sigmask(SIG_UNBLOCK, &quit, NULL) != 0) return -1;
    return timerlab_quit_quietly();
}

int timerlab_default_child_signal(void) {
    // A parent may leave SIGCHLD ignored; then the kernel reaps children itself, waitpid fails
    // with ECHILD, and a reaped child's pid can be reused. check needs its children's ends.
    return signal(SIGCHLD, SIG_DFL) == SIG_ERR ? -1 : 0;
}

static int captured_argc;
static char *const *captured_argv;

/// The stack a thread gets when the address space is limited: a measured 4 times what the
/// harness's deepest thread needs (TIMERLAB_THREAD_STACK_KB overrides it, to measure).
static const size_t limited_thread_stack = 1024 * 1024;

/// Under `ulimit -v`, reserve only what is used: glibc reserves 64 MB of address space for each
/// malloc arena (up to 8 per core) and gives each new thread the stack ulimit -s names (8 MB),
/// so two dozen run threads ask for gigabytes they never touch. With no limit, nothing changes.
static void fit_limited_address_space(void) {
#ifdef __linux__
    struct rlimit limit;
    if (getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return;
    mallopt(M_ARENA_MAX, 1);
    size_t stack = limited_thread_stack;
    const char *override = getenv("TIMERLAB_THREAD_STACK_KB");
    if (override && atol(override) >= 64) stack = (size_t)atol(override) * 1024;
    pthread_attr_t attributes;
    if (pthread_attr_init(&attributes) != 0) return;
    if (pthread_attr_setstacksize(&attributes, stack) == 0) (void)pthread_setattr_default_np(&attributes);
    pthread_attr_destroy(&attributes);
#endif
}

/// glibc calls init_array functions with main's arguments (a documented glibc extension).
__attribute__((constructor)) static void timerlab_capture_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    captured_argc = argc;
    captured_argv = argv;
    fit_limited_address_space();
}

int timerlab_argc(void) { return captured_argv ? captured_argc : 0; }

char *const *timerlab_argv(void) { return captured_argv; }
