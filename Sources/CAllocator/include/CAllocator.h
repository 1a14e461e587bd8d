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

/// Runs `runLoop` (a CFRunLoopRef) once in `mode` (a CFStringRef) without waiting, from the
/// calling thread even when the run loop is another thread's: its timers that fell due fire
/// here. 1 when it ran, 0 where CoreFoundation does not export CFRunLoopRunSpecific. The caller
/// makes sure no other thread runs that run loop meanwhile.
int timerlab_run_loop_pass(void *runLoop, const void *mode);

#endif
