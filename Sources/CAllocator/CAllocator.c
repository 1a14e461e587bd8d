#if defined(__linux__)
// process_vm_readv and dladdr are GNU extensions.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stddef.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>
#endif
#include <dlfcn.h>
#include <string.h>

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

#if defined(__linux__)
// A read-through cache of whole pages, this thread's while a search runs (`timerlab_read_cache`):
// a page read once serves every later word of it, so a search makes one read (one hold of the
// kernel's lock on the address space) a page, not one a word. Direct-mapped, by page number.
#define TIMERLAB_CACHE_PAGES 256
#define TIMERLAB_PAGE 4096UL
struct timerlab_page {
    unsigned long base;
    int valid;
    unsigned char bytes[TIMERLAB_PAGE];
};
static __thread struct timerlab_page *read_cache = 0;

static void read_cache_clear(void) {
    if (read_cache == 0) return;
    for (int index = 0; index < TIMERLAB_CACHE_PAGES; index++) read_cache[index].valid = 0;
}
#endif

void timerlab_read_from(int pid) {
#if defined(__linux__)
    read_source = (pid_t)pid;
    // Another process's pages are not this one's.
    read_cache_clear();
#else
    (void)pid;
#endif
}

int timerlab_read_cache(int on) {
#if defined(__linux__)
    if (!on) {
        free(read_cache);
        read_cache = 0;
        return 1;
    }
    if (read_cache == 0) read_cache = calloc(TIMERLAB_CACHE_PAGES, sizeof *read_cache);
    return read_cache != 0;
#else
    (void)on;
    return 0;
#endif
}

#if defined(__linux__)
// Copies `count` bytes at `address` from this thread's cache, reading each page it lacks whole:
// a page is mapped whole or not at all, so a page's read fails exactly where a word's would.
static int read_cached(const void *address, void *buffer, size_t count) {
    unsigned long at = (unsigned long)address;
    unsigned char *out = buffer;
    while (count > 0) {
        unsigned long base = at & ~(TIMERLAB_PAGE - 1);
        struct timerlab_page *page = &read_cache[(base / TIMERLAB_PAGE) % TIMERLAB_CACHE_PAGES];
        if (page->valid == 0 || page->base != base) {
            struct iovec local = {page->bytes, TIMERLAB_PAGE};
            struct iovec remote = {(void *)base, TIMERLAB_PAGE};
            // A page that cannot be read is remembered so too (-1): a word that points nowhere
            // (an integer in a global) costs one read a page, not one each time it is met.
            page->valid = process_vm_readv(read_target(), &local, 1, &remote, 1, 0) == (ssize_t)TIMERLAB_PAGE ? 1 : -1;
            page->base = base;
        }
        if (page->valid < 0) return 0;
        size_t offset = at - base;
        size_t chunk = TIMERLAB_PAGE - offset < count ? TIMERLAB_PAGE - offset : count;
        memcpy(out, page->bytes + offset, chunk);
        out += chunk;
        at += chunk;
        count -= chunk;
    }
    return 1;
}
#endif

int timerlab_read_word(const void *address, unsigned long *word) {
#if defined(__linux__)
    if (read_cache != 0) return read_cached(address, word, sizeof *word);
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
    // A large read (an image's data, a megabyte at a time) is made as it is, once.
    if (read_cache != 0 && count > 0 && count <= 2 * TIMERLAB_PAGE) return read_cached(address, buffer, count);
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



#if defined(__linux__)
// Every entry carries the same counters: the first one is enough.
static int timerlab_generation_of(struct dl_phdr_info *info, size_t size, void *data) {
    if (size >= offsetof(struct dl_phdr_info, dlpi_subs) + sizeof(info->dlpi_subs)) {
        *(unsigned long long *)data = (unsigned long long)info->dlpi_adds + (unsigned long long)info->dlpi_subs;
    }
    return 1;
}
#endif

unsigned long long timerlab_image_generation(void) {
#if defined(__linux__)
    unsigned long long generation = 0;
    dl_iterate_phdr(timerlab_generation_of, &generation);
    return generation;
#else
    return 0;
#endif
}
