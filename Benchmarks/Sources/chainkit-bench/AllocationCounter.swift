import CAllocCounter

/// Checks at start-up that the malloc wrappers in CAllocCounter really see this process's
/// allocations; a counter that silently counts nothing would print a false "0 allocs/op".
@MainActor
enum AllocationCounter {
  /// A class whose instances are heap-allocated by the Swift runtime.
  private final class Probe {
    let value: Int
    init(_ value: Int) { self.value = value }
  }

  /// Allocates a known number of objects with counting on and returns what the counter saw.
  ///
  /// Traps if it saw fewer than were made.
  static func verify() -> String {
    let objects = 100
    let before = chainkit_bench_alloc_count()
    chainkit_bench_set_alloc_counting(true)
    for index in 0..<objects {
      Sink.consume(makeProbe(index))
    }
    chainkit_bench_set_alloc_counting(false)
    let seen = chainkit_bench_alloc_count() - before
    precondition(
      seen >= objects,
      "allocation counter saw \(seen) allocations for \(objects) objects: malloc is not wrapped"
    )
    return "allocation counter verified: \(objects) objects -> \(seen) malloc calls"
  }

  @inline(never)
  private static func makeProbe(_ value: Int) -> Probe {
    Probe(Sink.opaque(value))
  }
}
