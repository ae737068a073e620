extension EventBus {
  /// Installs `hook` on this bus: it hears every publish, dead event and producer change.
  ///
  /// - Parameter hook: The hook; held strongly until the token is cancelled.
  /// - Returns: A token that uninstalls the hook.
  package func installHook(_ hook: any TraceHook) -> Subscription {
    // Unretained, not weak, so the bus gets no side table: the bus owns the installation, whose
    // ticket ends when the bus lets it go, so the token never calls back into a freed bus.
    let bus = Unretained(self)
    let installation = HookInstallation(hook: hook) { installation in
      bus.object.tracers.removeAll { $0 === installation }
    }
    tracers.append(installation)
    return installation.ticket
  }

  func trace(_ event: TraceEvent) {
    Trace.emit(event, to: tracers.map(\.hook), in: runtime)
  }

  /// Sends the record of a change that did not pass the ``ReentryGuard`` itself.
  ///
  /// A producer registered, replaced or removed: telling the tracers passes the door, and past
  /// the limit they are not told (rule 14), so a tracer that registers a producer on every record stops.
  func traceChange(_ event: TraceEvent, name: @autoclosure () -> String) {
    guard !tracers.isEmpty, runtime.admit(name()) == nil else { return }
    trace(event)
  }

  /// Reports a delivery to the tracers: a dead event if nobody heard it.
  ///
  /// The event is described only when its record is read.
  @usableFromInline
  func report<Event>(
    _ event: Event, in slot: BusSlot<Event>?, source: TraceEvent.BusSource, outcome: Outcome
  ) {
    // NB: checked before `event` is boxed as `Any`, which allocates for a payload over three
    // words.
    guard isTraced else { return }
    report(
      event, typeName: slot?.typeName ?? String(describing: Event.self), source: source,
      outcome: outcome)
  }

  func report(_ event: Any, typeName: String, source: TraceEvent.BusSource, outcome: Outcome) {
    guard !tracers.isEmpty else { return }
    // Rule 14: a refused delivery (nobody ran, and its one error is the refusal) is traced once
    // per runaway, so a tracer that publishes on every record stops at the limit.
    if outcome.listenersRun == 0, !outcome.errors.isEmpty, !runtime.takeRefusalTrace() {
      return
    }
    trace(
      .publish(
        bus: name, type: typeName, event: TraceText(PayloadBox(event), index: 0), source: source,
        subscribersRun: outcome.listenersRun,
        errors: outcome.errors.isEmpty ? [] : outcome.errors.map { String(describing: $0) }))
  }
}
