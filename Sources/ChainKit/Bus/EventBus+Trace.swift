extension EventBus {
  /// Installs `tracer` on this bus: it sees every publish, dead event and producer change.
  ///
  /// - Parameter tracer: The tracer; held strongly until the token is cancelled.
  /// - Returns: A token that uninstalls the tracer.
  @discardableResult
  public func install(_ tracer: any Tracer) -> Subscription {
    // NB: unowned(unsafe), so the bus gets no side table: the bus owns the installation, whose
    // ticket ends when the bus lets it go, so the token never calls back into a freed bus.
    let installation = TracerInstallation(tracer: tracer) { [unowned(unsafe) self] installation in
      self.tracers.removeAll { $0 === installation }
    }
    tracers.append(installation)
    return installation.ticket
  }

  func trace(_ record: TraceRecord) {
    Trace.emit(record, to: tracers.map(\.tracer))
  }

  /// Reports a delivery to the tracers: a dead event if nobody heard it.
  ///
  /// The event is described only when its record is read.
  @usableFromInline
  func report<Event>(
    _ event: Event, in slot: BusSlot<Event>?, source: BusRecord.Source, outcome: Outcome
  ) {
    // NB: checked before `event` is boxed as `Any`, which allocates for a payload over three
    // words.
    guard isTraced else { return }
    report(
      event, typeName: slot?.typeName ?? String(describing: Event.self), source: source,
      outcome: outcome)
  }

  func report(_ event: Any, typeName: String, source: BusRecord.Source, outcome: Outcome) {
    guard !tracers.isEmpty else { return }
    let record = BusRecord(
      bus: name, type: typeName, eventText: TraceText(PayloadBox(event), index: 0),
      source: source, subscribersRun: outcome.listenersRun,
      errors: outcome.errors.isEmpty ? [] : outcome.errors.map { String(describing: $0) })
    if source == .publish, outcome.listenersRun == 0, outcome.errors.isEmpty {
      trace(.deadEvent(record))
    } else {
      trace(.publish(record))
    }
  }
}
