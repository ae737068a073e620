// A hint to bring a cache line in ahead of its use (ChainKit's Runtime/Storage/Prefetch.swift is
// the one file that imports this module): Swift has no intrinsic for it. A prefetch never faults
// and changes nothing a program can observe, whatever the address, so a stale or null one is
// harmless; it only costs the instruction.
#ifndef CCHAINPREFETCH_H
#define CCHAINPREFETCH_H

/// Asks for the line holding `address`, for reading, into every cache level.
static inline void chainkit_prefetch(const void *address) {
  __builtin_prefetch(address, 0, 3);
}

#endif
