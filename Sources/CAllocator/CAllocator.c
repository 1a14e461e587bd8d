#if defined(__linux__)
// process_vm_readv and dladdr are GNU extensions.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>
#endif
#include <dlfcn.h>

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

#if defined(__linux__)
// The process this thread's reads copy from: 0 for this one, else a still copy's pid.
static __thread pid_t read_source = 0;

static pid_t read_target(void) { return read_source != 0 ? read_source : getpid(); }
#endif

void timerlab_read_from(int pid) {
#if defined(__linux__)
    read_source = (pid_t)pid;
#else
    (void)pid;
#endif
}

int timerlab_read_word(const void *address, unsigned long *word) {
#if defined(__linux__)
    struct iovec local = {word, sizeof *word};
    struct iovec remote = {(void *)address, sizeof *word};
    return process_vm_readv(read_target(), &local, 1, &remote, 1, 0) == (ssize_t)sizeof *word;
#else
    (void)address;
    (void)word;
    return 0;
#endif
}

int timerlab_read_bytes(const void *address, void *buffer, size_t count) {
#if defined(__linux__)
    struct iovec local = {buffer, count};
    struct iovec remote = {(void *)address, count};
    return count > 0 && process_vm_readv(read_target(), &local, 1, &remote, 1, 0) == (ssize_t)count;
#else
    (void)address;
    (void)buffer;
    (void)count;
    return 0;
#endif
}

#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))
// The 64-bit runtime's strong reference count word (swiftlang/swift's include/swift/Runtime/RefCount.h).
static const unsigned long kDeiniting = 1UL << 32;
static const unsigned long kStrongOne = 1UL << 33;
static const unsigned long kStrongMask = 0x3FFFFFFFUL << 33;
static const unsigned long kImmortalMask = 0xFFFFFFFFUL;
#endif

#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))
// Adds one strong reference to the count word at `target` if it still holds exactly `bits`, the
// live count read a moment before. The object may have been freed in between, by its owner's
// own thread: then the word no longer holds a live count (the runtime marks it deiniting before
// the deinit runs; the allocator's own words replace it once freed), so the compare fails and
// nothing is written. The block stays mapped meanwhile (glibc never unmaps a chunk the size of a
// holder on its own). The address sanitizer flags any access to freed memory, a failing compare
// included, so this one access is left out of its instrumentation, and only this one.
__attribute__((no_sanitize("address")))
static int compare_and_add(unsigned long *target, unsigned long bits) {
    unsigned long expected = bits;
    return __atomic_compare_exchange_n(target, &expected, bits + kStrongOne, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}
#endif

int timerlab_claim_strong(const void *object, unsigned long isa) {
#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))
    unsigned long words[2];
    if (!timerlab_read_bytes(object, words, sizeof words) || words[0] != isa) {
        return 0;
    }
    unsigned long bits = words[1];
    unsigned long *target = (unsigned long *)((char *)object + 8);
    if ((bits >> 62) == 3) {
        // The count lives in a side table (the object is or was weakly referenced): its entry
        // names the object first, then keeps the same word, 16-byte aligned (with the weak count).
        unsigned long side = (bits & ((1UL << 62) - 1)) << 3;
        unsigned long entry[3];
        if (!timerlab_read_bytes((const void *)side, entry, sizeof entry) || entry[0] != (unsigned long)object) {
            return 0;
        }
        bits = entry[2];
        target = (unsigned long *)(side + 16);
    } else if (bits >> 63) {
        return 2;
    }
    if ((bits & kImmortalMask) == kImmortalMask) {
        return 2;
    }
    if ((bits & kDeiniting) != 0 || (bits & kStrongMask) == kStrongMask) {
        return 0;
    }
    if (!compare_and_add(target, bits)) {
        return 0;
    }
    unsigned long now = 0;
    if (!timerlab_read_bytes(object, &now, sizeof now) || now != isa) {
        // Another object took the place: give back exactly what was added.
        __atomic_fetch_sub(target, kStrongOne, __ATOMIC_SEQ_CST);
        return 0;
    }
    return 1;
#else
    (void)object;
    (void)isa;
    return 0;
#endif
}

int timerlab_in_loaded_image(const void *address) {
    Dl_info info;
    return dladdr(address, &info) != 0 && info.dli_fbase != 0;
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

#if defined(__linux__)
// The child of a still copy: it runs only system calls, made directly (no lock, no allocation,
// no handler of glibc's or a sanitizer's: another thread of the parent may have held any of them
// at the fork). It gives up every descriptor but its pipe's read end, so no reader elsewhere
// waits on a write end it inherited; then it blocks until the parent closes the write end, or
// dies with it.
static void still_copy_child(int read_end, pid_t parent) {
    syscall(SYS_prctl, PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
    if (syscall(SYS_getppid) != parent) syscall(SYS_exit_group, 0);
    if (read_end > 0 && syscall(SYS_close_range, 0, read_end - 1, 0) != 0) {
        for (int fd = 0; fd < read_end; fd++) syscall(SYS_close, fd);
    }
    if (syscall(SYS_close_range, read_end + 1, ~0U, 0) != 0) {
        for (int fd = read_end + 1; fd < 4096; fd++) syscall(SYS_close, fd);
    }
    char byte;
    while (syscall(SYS_read, read_end, &byte, 1) < 0 && errno == EINTR) {
    }
    syscall(SYS_exit_group, 0);
}
#endif

int timerlab_still_copy_open(int *pid, int *fd) {
#if defined(__linux__)
    int ends[2];
    if (pipe2(ends, O_CLOEXEC) != 0) return 0;
    pid_t parent = getpid();
    // A bare clone, not fork(): fork runs the atfork handlers of glibc and of any sanitizer,
    // which take locks in the parent; the child needs none of them.
    long child = syscall(SYS_clone, (unsigned long)SIGCHLD, 0, 0, 0, 0);
    if (child == 0) still_copy_child(ends[0], parent);
    close(ends[0]);
    if (child < 0) {
        close(ends[1]);
        return 0;
    }
    *pid = (int)child;
    *fd = ends[1];
    return 1;
#else
    (void)pid;
    (void)fd;
    return 0;
#endif
}

void timerlab_still_copy_close(int pid, int fd) {
#if defined(__linux__)
    close(fd);
    int status;
    while (waitpid((pid_t)pid, &status, 0) < 0 && errno == EINTR) {
    }
#else
    (void)pid;
    (void)fd;
#endif
}

// The Swift runtime's C entry point for demangling (swiftlang/swift's include/swift/Demangling/
// Demangle.h: "swift_demangle", exported for tools such as debuggers and profilers); weak, so a
// runtime without it gives NULL here rather than a link error.
extern char *swift_demangle(const char *mangled, size_t length, char *buffer, size_t *size, unsigned flags) __attribute__((weak));

char *timerlab_demangle(const char *mangled) {
    if (swift_demangle == 0 || mangled == 0) return 0;
    size_t length = 0;
    while (mangled[length] != 0) length++;
    return swift_demangle(mangled, length, 0, 0, 0);
}


