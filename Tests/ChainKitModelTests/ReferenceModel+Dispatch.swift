/// Rules 8-14 and 17: posting an event, as the DOM dispatches one.
extension ReferenceModel {
  /// What one dispatch has gathered so far: the context's flags and the outcome's counts.
  struct Flags {
    var stopped = false
    var immediate = false
    var prevented = false
    /// How many times a stop was asked for (to tell which pass asked).
    var stops = 0
    var listenersRun = 0
    var errors: [String] = []

    mutating func absorb(_ reaction: Reaction, call: Call, key: String) {
      if reaction.stop || reaction.stopImmediate {
        stopped = true
        stops += 1
      }
      if reaction.stopImmediate { immediate = true }
      if reaction.prevent { prevented = true }
      if reaction.threw {
        errors.append("\(call.node)/\(call.phase ?? "")/\(key)/r\(call.registration)")
      }
    }
  }

  func post(_ id: Int, _ key: EventName, _ payload: Int) -> OutcomeSummary {
    holding([id]) { dispatch(key, payload, at: $0[0]) }
  }

  func dispatch(_ key: EventName, _ payload: Int, at target: ModelNode) -> OutcomeSummary {
    guard mayNest else {
      hitLimit(key.rawValue)
      return OutcomeSummary(
        prevented: false, stopped: false, listenersRun: 0, errors: ["nesting(\(key))"])
    }
    let (path, reachedFrom) = path(of: target)
    depth += 1
    let mark = nestingErrors.count
    var flags = Flags()
    // Capture: from the root end of the path down to the target's parent; payload as posted.
    for node in path.dropFirst().reversed() {
      if flags.stopped { break }
      let listeners = node.live { $0.isListener(key, capture: true) }
      run(listeners, at: node, phase: "capture", target: target, key: key, payload, &flags)
    }
    // Target, then bubble; each node starts from the payload its branch began with (rule 17).
    var after: [ObjectIdentifier: Int] = [:]
    if !flags.stopped {
      after[ObjectIdentifier(target)] = visitTarget(target, key: key, payload, &flags)
    }
    if key.bubbles {
      for node in path.dropFirst() {
        if flags.stopped { break }
        let branch = reachedFrom[ObjectIdentifier(node)].flatMap { after[ObjectIdentifier($0)] }
        after[ObjectIdentifier(node)] = visitBubbling(
          node, target: target, key: key, branch ?? payload, &flags)
      }
    }
    flags.errors += nestingErrors[mark...]
    leaveLevel()
    return OutcomeSummary(
      prevented: flags.prevented, stopped: flags.stopped, listenersRun: flags.listenersRun,
      errors: flags.errors)
  }

  /// The target: interceptors, the capture pass, then the other listeners' pass (rule 10, 12).
  private func visitTarget(
    _ target: ModelNode, key: EventName, _ incoming: Int, _ flags: inout Flags
  ) -> Int {
    let captureListeners = target.live { $0.isListener(key, capture: true) }
    let interceptors = target.live { $0.kind == .interceptor(.event(key)) }
    let arrived = registrationStamp
    var payload = incoming
    intercept(
      interceptors, at: target, phase: "target", target: target, key: key.rawValue, &payload, &flags
    )
    let intercepted = registrationStamp
    guard !flags.immediate else { return payload }
    let stopsBefore = flags.stops
    run(captureListeners, at: target, phase: "target", target: target, key: key, payload, &flags)
    guard !flags.immediate, flags.stops == stopsBefore else { return payload }
    // Added before arrival, or during the capture pass; not by the interceptors.
    let listeners = target.live { $0.isListener(key, capture: false) }.filter {
      $0.stamp <= arrived || $0.stamp > intercepted
    }
    run(listeners, at: target, phase: "target", target: target, key: key, payload, &flags)
    return payload
  }

  /// An ancestor on the way up: interceptors, then bubble listeners, both snapshotted on arrival.
  private func visitBubbling(
    _ node: ModelNode, target: ModelNode, key: EventName, _ incoming: Int, _ flags: inout Flags
  ) -> Int {
    let listeners = node.live { $0.isListener(key, capture: false) }
    let interceptors = node.live { $0.kind == .interceptor(.event(key)) }
    var payload = incoming
    intercept(
      interceptors, at: node, phase: "bubble", target: target, key: key.rawValue, &payload, &flags)
    if !flags.immediate {
      run(listeners, at: node, phase: "bubble", target: target, key: key, payload, &flags)
    }
    return payload
  }

  /// Runs interceptors in order; each may rewrite the payload.
  func intercept(
    _ interceptors: [ModelRegistration], at node: ModelNode, phase: String, target: ModelNode,
    key: String, _ payload: inout Int, _ flags: inout Flags
  ) {
    for interceptor in interceptors where !interceptor.isRemoved {
      let call = Call(
        kind: .interceptor, registration: interceptor.id, node: node.name, phase: phase,
        target: target.name, value: payload)
      let reaction = host?.react(call, script: interceptor.script) ?? Reaction()
      payload &+= reaction.rewrite
      flags.absorb(reaction, call: call, key: key)
      if flags.immediate { return }
    }
  }

  /// Runs a snapshot of listeners in order (rules 10-13).
  private func run(
    _ listeners: [ModelRegistration], at node: ModelNode, phase: String, target: ModelNode,
    key: EventName, _ payload: Int, _ flags: inout Flags
  ) {
    for listener in listeners where !listener.isRemoved {
      if listener.isOnce { listener.isRemoved = true }
      flags.listenersRun += 1
      let call = Call(
        kind: listener.isCapture ? .capture : .listener,
        registration: listener.id, node: node.name, phase: phase, target: target.name,
        value: payload)
      let reaction = host?.react(call, script: listener.script) ?? Reaction()
      flags.absorb(reaction, call: call, key: key.rawValue)
      if flags.immediate { return }
    }
  }
}
