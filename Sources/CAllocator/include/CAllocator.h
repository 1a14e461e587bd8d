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

#endif
