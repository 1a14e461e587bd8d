#if defined(__linux__)
// process_vm_readv is a GNU extension.
#define _GNU_SOURCE
#include <sys/uio.h>
#include <unistd.h>
#endif

#include "CAllocator.h"

// stdlib.h brings glibc's features.h, which defines __GLIBC__ for the tests below.
#include <stdlib.h>

#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>
#endif

unsigned long long timerlab_heap_in_use(void) {
#if defined(__linux__) && defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    struct mallinfo2 info = mallinfo2();
    return (unsigned long long)info.uordblks;
#else
    return 0;
#endif
}

size_t timerlab_usable_size(void *pointer) {
#if defined(__linux__) && defined(__GLIBC__)
    return malloc_usable_size(pointer);
#else
    (void)pointer;
    return 0;
#endif
}

int timerlab_read_word(const void *address, unsigned long *word) {
#if defined(__linux__)
    struct iovec local = {word, sizeof *word};
    struct iovec remote = {(void *)address, sizeof *word};
    return process_vm_readv(getpid(), &local, 1, &remote, 1, 0) == (ssize_t)sizeof *word;
#else
    (void)address;
    (void)word;
    return 0;
#endif
}

// CoreFoundation's own entry point for running a given run loop (CFRunLoopRunInMode runs only the
// calling thread's); exported by swift-corelibs-foundation and by Apple's CoreFoundation, not
// declared in their public headers. Weak, so a platform without it gets 0, not a link error.
extern int CFRunLoopRunSpecific(void *runLoop, const void *mode, double seconds, unsigned char returnAfterSourceHandled)
    __attribute__((weak));

int timerlab_run_loop_pass(void *runLoop, const void *mode) {
    if (CFRunLoopRunSpecific == 0) {
        return 0;
    }
    CFRunLoopRunSpecific(runLoop, mode, 0, 0);
    return 1;
}
