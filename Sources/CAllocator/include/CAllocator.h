#ifndef CALLOCATOR_H
#define CALLOCATOR_H

#include <stddef.h>

/// Bytes the C allocator has handed out and not taken back, over all arenas (mallinfo2's
/// uordblks): what `timerlab bench` measures memory with. 0 where mallinfo2 is missing (outside
/// Linux, or glibc before 2.33).
unsigned long long timerlab_heap_in_use(void);

/// The size of the heap block that starts at `pointer` (glibc's malloc_usable_size), or 0 outside
/// glibc. Glibc's Swift module exports neither function: malloc.h is not part of it.
size_t timerlab_usable_size(void *pointer);

/// Copies the word at `address` into `*word` without touching it from this thread, so that an
/// address that is not readable fails instead of faulting: 1 when it was read, 0 otherwise
/// (always 0 outside Linux, or where the kernel refuses process_vm_readv, as some sandboxes do).
/// A word read so is a snapshot: what it means is for the caller to check.
int timerlab_read_word(const void *address, unsigned long *word);

/// Copies `count` bytes at `address` into `buffer` the way `timerlab_read_word` reads a word: 1 when
/// all were read, 0 otherwise (nothing is faulted on; always 0 outside Linux).
int timerlab_read_bytes(const void *address, void *buffer, size_t count);

/// Takes one strong reference to the Swift object at `object`, whose first word was read as `isa`,
/// without ever writing to memory that is not that object's reference count at that moment: the
/// count word (inline, or in the object's side table) is read through `timerlab_read_bytes`, and
/// changed by one atomic compare-exchange that succeeds only if it still holds exactly the live,
/// non-deiniting count read; the first word is then read again. 1: taken (the caller releases it
/// with `swift_release`); 2: the object is immortal and needs none; 0: not taken (gone, deiniting,
/// or another object there), and nothing changed. 64-bit Linux only; elsewhere always 0.
int timerlab_claim_strong(const void *object, unsigned long isa);

/// 1 when `address` lies inside an image the dynamic linker loaded (dladdr finds it), else 0.
/// It reads the linker's lists only, never `address`.
int timerlab_in_loaded_image(const void *address);

/// Runs `runLoop` (a CFRunLoopRef) once in `mode` (a CFStringRef) without waiting, from the
/// calling thread even when the run loop is another thread's: its timers that fell due fire
/// here. 1 when it ran, 0 where CoreFoundation does not export CFRunLoopRunSpecific. The caller
/// makes sure no other thread runs that run loop meanwhile.
int timerlab_run_loop_pass(void *runLoop, const void *mode);

/// Makes this thread's `timerlab_read_word` and `timerlab_read_bytes` copy from the process `pid`
/// (a still copy, `timerlab_still_copy_open`), or, with 0, from this process again. Linux only.
void timerlab_read_from(int pid);

/// Turns this thread's page cache on (1) or off (0, freeing it): while on, `timerlab_read_word`
/// and `timerlab_read_bytes` (up to two pages) read each page once, whole, and serve later reads
/// of it from the copy, which is then as old as that first read. For a search that reads what it
/// may find stale; every other read is made fresh. 1 when on; 0 where it cannot be (outside Linux).
int timerlab_read_cache(int on);

/// Makes a still copy of this process: a child (a bare clone, its memory the parent's at that
/// instant) that runs nothing but a blocking read of a pipe, so its words never change while the
/// parent reads them with process_vm_readv. 1 and its pid and the pipe's write end; 0 where it
/// cannot be made (and always outside Linux). The child ends when `timerlab_still_copy_close`
/// closes that end, or when the thread that made it exits.
int timerlab_still_copy_open(int *pid, int *fd);

/// Ends a still copy: closes its pipe's write end and waits for the child to exit.
void timerlab_still_copy_close(int pid, int fd);

/// How many times an image was loaded into or unloaded from this process so far (glibc's
/// `dl_iterate_phdr` counters, `dlpi_adds` + `dlpi_subs`): while it stays the same, so do the
/// program's images and where they lie. 0 where it cannot be told (and always outside Linux).
unsigned long long timerlab_image_generation(void);

/// The Swift runtime's demangling of `mangled` (a symbol such as `$s4Main8RegistryC6sharedACvpZ`),
/// in a buffer the caller frees; NULL where it is not a Swift symbol or the runtime has no demangler.
char *timerlab_demangle(const char *mangled);

#endif
