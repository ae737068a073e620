/// The body of a case: performs the operation `iterations` times and consumes the result.
typealias CaseBody = @MainActor (_ iterations: Int) -> Void

/// One measured operation: ChainKit, the floor or a peer.
///
/// Cases with the same `group` are measured together, their batches interleaved, so that a burst
/// of noise from the other core hits every case of a comparison alike.
struct BenchCase {
  /// A stable name, used by `--filter` and by the callgrind script: `group.variant`.
  let id: String

  /// Cases measured interleaved; the part of `id` before the dot.
  var group: String { String(id.prefix { $0 != "." }) }

  /// What one operation is, for the table.
  let label: String

  /// Listener calls per operation, for per-delivered-call figures.
  var deliveries = 1

  /// ns/op measured on this machine kind in shared/notes/performance.md, if listed there.
  var referenceNanoseconds: Double? { NotesReference.figures[id]?.nanoseconds }

  /// Instructions per operation in shared/notes/performance.md, if listed there.
  var referenceInstructions: Int? { NotesReference.figures[id]?.instructions }

  /// Iterations for one callgrind run; smaller for expensive operations.
  var callgrindIterations = 10_000

  /// The clock that times a batch: the calling thread's CPU time, unless the operation's work
  /// runs on other threads too.
  var clock: ThreadClock.Kind = .thread

  /// Builds the fixture and returns the body that runs the operation.
  let make: @MainActor () -> CaseBody
}

/// A measured case.
struct Measurement {
  /// The case measured.
  let benchCase: BenchCase

  /// Operations per batch, calibrated to the target batch time.
  let batchSize: Int

  /// Median ns per operation over the batches.
  let nanoseconds: Double

  /// Fastest batch, ns per operation.
  let fastest: Double

  /// Heap allocation calls per operation, counted over one extra batch after warm-up.
  let allocations: Double

  /// ns per listener call.
  var nanosecondsPerDelivery: Double { nanoseconds / Double(benchCase.deliveries) }
}
