// Runtime: what every subsystem stands on. The `ReentryGuard` counts nested operations of every
// kind, refuses runaway nesting, and defers freeing and compaction until no operation is under
// way; `KeyRegistry` numbers keys. Every unsafe construct lives in `Storage/`, in small audited
// types (`SlotList`, `RetiredStorage`, `Unretained`, `Locked` and others), each stating its
// invariant and checking it in `checkInvariants()` under `CHAINKIT_INVARIANTS`.

/// The one door every kind of dispatch enters and leaves by, and the limit on how deep they nest.
///
/// Every call of user code enters and leaves through it: events and requests (next-turn
/// listeners included), bus deliveries (producers' values and first deliveries included), data
/// deliveries (a subscription's immediate first call included), tracer callbacks, activity
/// observers (at the depth of the dispatch they report, though called after it returned),
/// property and hook notifications and binding propagation. Work that emits a record without
/// calling anyone else (a traced publish nobody hears, a traced share with nobody to call, a
/// mount's record) is admitted too, so a tracer that reacts to every record stops at the limit.
/// What they share lives in a ``ChainRuntime``, the one every node, bus, property and hook holds
/// from its creation (the main actor's, for everything the public API makes), and every
/// operation enters and leaves the door of the runtime it reads from its target:
///
/// - the nesting depth of the runtime, whatever kind of work nests in whatever other;
/// - the runaway state: once one operation is refused for nesting too deep, every further
///   nested operation is refused too, until the outermost one returns, so a listener that posts
///   twice per call cannot turn the limit into 2^64 calls;
/// - the refusals not yet reported, which every enclosing event and request collects into its
///   ``Outcome``;
/// - the settling of deferred work (compaction of lists that were walked while they changed, and
///   storage retired while something may still read it) once the outermost operation returns.
///
/// Because leaving is the only way back to depth 0 and settling always runs there, a runaway in
/// one kind of work can never leave another broken: the next top-level operation of every kind
/// starts from a clean state.
///
/// The limit is 64 by default; ``withNestingLimit(_:_:)`` changes it for a scope (on the main
/// actor's runtime, the one the public API makes everything in).
@MainActor
public enum ReentryGuard {
  /// The nesting limit when no scope sets another.
  public static let defaultNestingLimit = 64

  /// The deepest an operation started from inside another may nest before it is refused with
  /// ``ChainError/nestingTooDeep(key:limit:)``.
  public static var nestingLimit: Int { ChainRuntime.main.limit }

  /// Runs `body` with a different nesting limit, then restores the previous one.
  ///
  /// - Parameters:
  ///   - limit: The limit inside `body`; values below 1 count as 1.
  ///   - body: The code to run.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public static func withNestingLimit<Result>(
    _ limit: Int, _ body: () throws -> Result
  ) rethrows -> Result {
    let runtime = ChainRuntime.main
    let saved = runtime.limit
    runtime.limit = max(1, limit)
    defer { runtime.limit = saved }
    return try body()
  }

  /// What a refused operation reports.
  @usableFromInline
  struct Refusal {
    @usableFromInline let error: ChainError
    /// Whether this refusal started the runaway: only the first one is traced, so a tracer
    /// that reacts to the trace by posting cannot loop.
    @usableFromInline let isFirst: Bool
  }
}

/// The door's operations, on the runtime that holds its state.
extension ChainRuntime {
  /// Decides whether an operation may start now.
  ///
  /// An operation at depth 0 is always admitted.
  ///
  /// - Parameter name: What is starting (a key, a type, a property), for the error.
  /// - Returns: `nil` if it may start; otherwise the refusal, recorded once.
  @inlinable @inline(__always)
  func admit(_ name: @autoclosure () -> String) -> ReentryGuard.Refusal? {
    if depth == 0 || (!runaway && depth < limit) { return nil }
    return refuse(name())
  }

  /// Whether ``admit(_:)`` would refuse an operation now: for an operation that reports a
  /// refusal only when it had something to do (a data pass with nobody to call is no refusal).
  var wouldRefuse: Bool { !(depth == 0 || (!runaway && depth < limit)) }

  @usableFromInline
  func refuse(_ name: String) -> ReentryGuard.Refusal {
    let error = ChainError.nestingTooDeep(key: name, limit: limit)
    let isFirst = !runaway
    if isFirst {
      runaway = true
      refusalUntraced = true
      refusals.append(error)
      refusalCount = refusals.count
      hasIdleWork = true
    }
    return ReentryGuard.Refusal(error: error, isFirst: isFirst)
  }

  /// Whether the record of a refused operation is to be traced: `true` once per runaway, for
  /// the first refused operation that has a record.
  func takeRefusalTrace() -> Bool {
    defer { refusalUntraced = false }
    return refusalUntraced
  }

  /// Reports an error of nested work that has no outcome of its own (a property write loop cut
  /// short) to every enclosing event and request.
  @usableFromInline
  func report(_ error: ChainError) {
    refusals.append(error)
    refusalCount = refusals.count
    hasIdleWork = true
  }

  /// Starts an admitted operation.
  ///
  /// - Returns: The mark to pass to ``refusals(since:)`` for the refusals it caused.
  @inlinable @inline(__always)
  func enter() -> Int {
    // NB: wrapping: the limit bounds the depth far below overflow, and a checked add costs a
    // test and a branch on every operation.
    depth &+= 1
    return refusalCount
  }

  /// Calls user code that ChainKit asks for a value (a producer's current value, a binding's
  /// transform of its first member) through the door, as every call of user code.
  ///
  /// - Parameters:
  ///   - name: What is asked (a type, a binding), for the error.
  ///   - body: The call.
  /// - Returns: The value, or `nil` if the call was refused for nesting too deep (the caller
  ///   then acts as if there were no value, as a delivery past the limit delivers nothing).
  @inlinable
  func nested<Value>(_ name: @autoclosure () -> String, _ body: () -> Value?) -> Value? {
    guard admit(name()) == nil else { return nil }
    _ = enter()
    defer { leave() }
    return body()
  }

  /// Ends an operation; the outermost one settles deferred work, and in builds with
  /// `CHAINKIT_INVARIANTS` checks that the runtime is left idle and settled.
  @inlinable @inline(__always)
  func leave() {
    depth &-= 1
    if depth == 0, hasIdleWork { runIdleWork() }
    #if CHAINKIT_INVARIANTS
      if depth == 0 { checkSettled() }
    #endif
  }

  /// Runs ``checkInvariants()`` once the outermost operation has returned and its deferred work
  /// is settled; builds with `CHAINKIT_INVARIANTS` call it at the end of every top-level
  /// operation, so every test exercises the runtime's invariants.
  ///
  /// NB: skipped while deferred work is being settled (an operation that work starts returns to
  /// depth 0 with the rest still to settle; the settling operation checks once done) and while
  /// an observed outermost dispatch still has its activities to deliver (the delivery checks
  /// once done).
  @usableFromInline
  func checkSettled() {
    #if CHAINKIT_INVARIANTS
      guard depth == 0, !isSettling, !outerWillDeliverActivities else { return }
      checkInvariants()
    #endif
  }

  /// The refusals since `mark`: nested operations this one started that nested too deep.
  @usableFromInline
  func refusals(since mark: Int) -> ArraySlice<ChainError> {
    refusals[min(mark, refusals.count)...]
  }

  /// Runs `compaction` once no operation is under way (or now, if none is).
  func compactWhenIdle(_ compaction: any DeferredCompaction) {
    if depth == 0 {
      compaction.compactNow()
    } else {
      pendingCompactions.append(compaction)
      hasIdleWork = true
    }
  }

  /// Keeps a replaced path until no operation is under way (one may be walking it unretained).
  func keepUntilIdle(_ path: PathCache) {
    guard depth > 0 else { return }
    retired.paths.append(path)
    hasIdleWork = true
  }

  /// Keeps a replaced dispatch plan until no operation is under way (one may be walking it
  /// unretained).
  func keepUntilIdle(_ plan: DispatchPlan) {
    guard depth > 0 else { return }
    retired.plans.append(plan)
    hasIdleWork = true
  }

  /// Keeps a replaced recording plan until no operation is under way (a traced dispatch may be
  /// walking it unretained).
  func keepUntilIdle(_ plan: RecordingPlan) {
    guard depth > 0 else { return }
    retired.keep(plan)
    hasIdleWork = true
  }

  /// Traps with a message if the runtime is not idle and settled: what every operation must
  /// leave behind once the outermost one has returned.
  func checkInvariants() {
    #if CHAINKIT_INVARIANTS
      precondition(depth == 0, "an operation is still under way (depth \(depth))")
      precondition(
        !runaway && !refusalUntraced && refusals.isEmpty && refusalCount == 0,
        "a runaway left set")
      precondition(pendingCompactions.isEmpty && retired.isEmpty, "deferred work left unsettled")
      precondition(
        pendingActivities.isEmpty && !outerWillDeliverActivities,
        "node activity left undelivered")
      precondition(thrownErrors.isEmpty, "errors of a dispatch left on the stack")
      precondition(limit >= 1, "a nesting limit below 1")
      precondition(data.passesUnderWay == 0, "a data delivery pass left under way")
      precondition(
        data.behindCount >= 0 && data.behindCount <= data.subscriberCount,
        "more data subscribers behind than there are")
    #endif
  }

  /// Called when the outermost operation returns with work deferred.
  @usableFromInline
  func runIdleWork() {
    #if CHAINKIT_INVARIANTS
      let wasSettling = isSettling
      isSettling = true
      defer { isSettling = wasSettling }
    #endif
    // NB: every step below may run user code (a deinit, a compaction's release) that starts
    // operations again; they run at depth 0, admitted, and run their own deferred work.
    // Activity observers run at the depth of the dispatch that caused them (see
    // ``ActivityDelivery``), so what they leave behind is settled by the next round of this
    // loop, not by a call nested in theirs: a chain of observers costs no stack.
    repeat {
      hasIdleWork = false
      endRunaway()
      if !pendingCompactions.isEmpty {
        let compactions = pendingCompactions
        pendingCompactions.removeAll(keepingCapacity: true)
        for compaction in compactions { compaction.compactNow() }
      }
      if !retired.isEmpty {
        var storage = RetiredStorage()
        swap(&storage, &retired)
        storage.free()
      }
      ActivityDelivery.deliverWhenIdle(in: self)
    } while hasIdleWork && depth == 0
  }

  /// Runs `body` as an operation nested at `level` (at least one deeper than now), then
  /// returns to the current depth without settling: for work deferred until the outermost
  /// operation returned that still counts as nested in the operation that caused it.
  ///
  /// The caller settles (``runIdleWork()``) when back at depth 0.
  func runNested(atLevel level: Int, _ body: () -> Void) {
    let saved = depth
    depth = max(level, saved + 1)
    body()
    depth = saved
    // Back at depth 0 the runaway `body` started is over, as when an outermost operation
    // returns, so the next deferred delivery is not refused for it; the rest is settled later.
    if depth == 0, runaway { endRunaway() }
  }

  private func endRunaway() {
    runaway = false
    refusalUntraced = false
    refusals.removeAll(keepingCapacity: true)
    refusalCount = 0
  }
}

/// Something whose storage is compacted once no operation walks it.
@MainActor
protocol DeferredCompaction: AnyObject {
  func compactNow()
}
