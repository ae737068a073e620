import CAllocCounter

/// Measures groups of cases: warm-up, a batch size calibrated to the target time, then an odd
/// number of batches, round-robin across the group, of which the median is kept.
@MainActor
struct Harness {
  /// Batches per case; odd, so that the median is one batch.
  let batches: Int

  /// Wanted duration of one batch.
  let targetNanoseconds: Double

  /// Measures the cases of one group, interleaving their batches.
  func measure(_ cases: [BenchCase]) -> [Measurement] {
    let bodies = cases.map { $0.make() }
    let clocks = cases.map(\.clock)
    let sizes = bodies.indices.map { calibrate(bodies[$0], clocks[$0]) }
    var samples = Array(repeating: [Double](), count: cases.count)
    for _ in 0..<batches {
      for index in bodies.indices {
        let elapsed = Self.time(bodies[index], sizes[index], clocks[index])
        samples[index].append(elapsed / Double(sizes[index]))
      }
    }
    return cases.indices.map { index in
      let sorted = samples[index].sorted()
      return Measurement(
        benchCase: cases[index],
        batchSize: sizes[index],
        nanoseconds: sorted[sorted.count / 2],
        fastest: sorted[0],
        allocations: Self.allocations(bodies[index], sizes[index])
      )
    }
  }

  /// Grows the batch until one takes the target time; the growing runs are the warm-up.
  private func calibrate(_ body: CaseBody, _ clock: ThreadClock.Kind) -> Int {
    body(1)
    var size = 1
    while true {
      let elapsed = Self.time(body, size, clock)
      if elapsed >= targetNanoseconds {
        break
      }
      let estimate = Double(size) * targetNanoseconds / max(elapsed, 1)
      size = Int(min(estimate * 1.1, Double(size) * 100).rounded(.up))
    }
    // One more batch at the final size, discarded: caches and branch predictors settle.
    _ = Self.time(body, size, clock)
    return size
  }

  /// CPU nanoseconds of one batch (see ``ThreadClock`` for why not the wall clock).
  static func time(_ body: CaseBody, _ iterations: Int, _ clock: ThreadClock.Kind) -> Double {
    ThreadClock.measure(clock) { body(iterations) }
  }

  /// Heap allocation calls per operation over one batch.
  static func allocations(_ body: CaseBody, _ iterations: Int) -> Double {
    let before = chainkit_bench_alloc_count()
    chainkit_bench_set_alloc_counting(true)
    body(iterations)
    chainkit_bench_set_alloc_counting(false)
    return Double(chainkit_bench_alloc_count() - before) / Double(iterations)
  }
}
