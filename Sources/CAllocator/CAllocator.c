#if defined(__linux__)
// process_vm_readv and dladdr are GNU extensions.
#define _GNU_SOURCE
#include <sys/uio.h>
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

int timerlab_read_bytes(const void *address, void *buffer, size_t count) {
#if defined(__linux__)
    struct iovec local = {buffer, count};
    struct iovec remote = {(void *)address, count};
    return count > 0 && process_vm_readv(getpid(), &local, 1, &remote, 1, 0) == (ssize_t)count;
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
