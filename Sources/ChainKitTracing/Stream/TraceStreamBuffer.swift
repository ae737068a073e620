import ChainKit
import Dispatch

/// The bounded hand-off between the main actor, which puts lines in, and a stream's writer
/// thread, which takes them out: putting never waits on the writer, it drops and counts.
final class TraceStreamBuffer: Sendable {
  struct State {
    var lines: [TraceLine] = []
    /// Dropped since the writer last reported drops.
    var unreported = 0
    var totals = TraceStream.Statistics()
    /// Records among the lines written (the others are session and dropped lines).
    var recordsWritten = 0
    /// Records accepted, then dropped because they could not be written.
    var droppedAfterTaking = 0
    var closed = false
  }

  let capacity: Int
  // NB: `Locked` (a pthread mutex), not `Synchronization.Mutex`: the thread sanitizer does not
  // see Mutex's futex on Linux and reports every hand-off as a race, and Mutex convoys when
  // several threads contend (see Locked).
  private let state = Locked(State())
  /// Signalled when the buffer goes from empty to not empty, and on close.
  private let wake = DispatchSemaphore(value: 0)

  init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  /// Adds `line` unless the buffer is full or closed; returns whether it was added.
  ///
  /// Never waits for the writer (the lock is held by either side only to move an array).
  @discardableResult
  func put(_ line: TraceLine) -> Bool {
    let (added, signal) = state.withLock { state -> (Bool, Bool) in
      guard !state.closed, state.lines.count < capacity else {
        state.unreported += 1
        state.totals.dropped += 1
        return (false, false)
      }
      state.lines.append(line)
      state.totals.accepted += 1
      return (true, state.lines.count == 1)
    }
    if signal { wake.signal() }
    return added
  }

  /// Waits for lines (writer thread only), then takes them all with the count of drops not
  /// yet reported; `closed` once ``close()`` was called and nothing is left.
  func take() -> (lines: [TraceLine], unreported: Int, closed: Bool) {
    while true {
      let taken = state.withLock { state -> (lines: [TraceLine], unreported: Int, closed: Bool)? in
        if state.lines.isEmpty, !state.closed { return nil }
        let lines = state.lines
        state.lines = []
        state.lines.reserveCapacity(min(capacity, 256))
        let unreported = state.unreported
        state.unreported = 0
        return (lines, unreported, state.closed)
      }
      if let taken { return taken }
      wake.wait()
    }
  }

  /// Lines taken but not written (the reader was gone): dropped, reported when one comes back.
  func dropped(_ count: Int) {
    guard count > 0 else { return }
    state.withLock {
      $0.unreported += count
      $0.totals.dropped += count
      $0.droppedAfterTaking += count
    }
  }

  /// Drops taken to report that could not be written: still to report.
  func requeueUnreported(_ count: Int) {
    guard count > 0 else { return }
    state.withLock { $0.unreported += count }
  }

  /// Lines written, and drops reported in the stream.
  func wrote(_ count: Int, records: Int, reportedDrops: Int) {
    state.withLock {
      $0.totals.written += count
      $0.recordsWritten += records
      $0.totals.dropsReported += reportedDrops
    }
  }

  /// A connection (or a file opened).
  func connected() {
    state.withLock { $0.totals.connections += 1 }
  }

  var statistics: TraceStream.Statistics { state.withLock { $0.totals } }

  /// Whether every accepted record was written or dropped (none waits, none is being written).
  var isDrained: Bool {
    state.withLock { state in
      state.lines.isEmpty
        && state.recordsWritten + state.droppedAfterTaking >= state.totals.accepted
    }
  }

  /// Accepts no more lines and lets the writer finish what it has.
  func close() {
    state.withLock { $0.closed = true }
    wake.signal()
  }

  /// Traps if the counts disagree (checked by the tests).
  func checkInvariants() {
    state.withLock { state in
      precondition(state.lines.count <= capacity, "more lines than the capacity")
      precondition(
        state.recordsWritten + state.lines.count <= state.totals.accepted,
        "more records written than accepted")
      precondition(
        state.totals.dropsReported <= state.totals.dropped, "more drops reported than made")
    }
  }
}
