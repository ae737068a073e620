/// Rule 19: requests walk the path like the upward walk of an event.
extension ReferenceModel {
  func request(_ id: Int, _ payload: Int) -> Int? {
    holding([id]) { walk(payload, at: $0[0], all: false).first }
  }

  func requestAll(_ id: Int, _ payload: Int) -> [Int] {
    holding([id]) { walk(payload, at: $0[0], all: true) }
  }

  /// Walks a request's path (rule 19).
  ///
  /// Offers the request to each node of the path in order: interceptors, then responders, both
  /// snapshotted on arrival. The first response ends the walk unless `all`.
  func walk(_ payload: Int, at target: ModelNode, all: Bool) -> [Int] {
    guard mayNest else {
      hitLimit("q")
      return []
    }
    let (path, reachedFrom) = path(of: target)
    depth += 1
    defer { leaveLevel() }
    var flags = Flags()
    var after: [ObjectIdentifier: Int] = [:]
    var responses: [Int] = []
    for node in path {
      if flags.stopped { break }
      let branch = reachedFrom[ObjectIdentifier(node)].flatMap { after[ObjectIdentifier($0)] }
      let phase = node === target ? "target" : "bubble"
      let interceptors = node.live { $0.kind == .interceptor(.request) }
      let responders = node.live { $0.kind == .responder }
      var payload = branch ?? payload
      intercept(
        interceptors, at: node, phase: phase, target: target, key: "q", &payload, &flags)
      after[ObjectIdentifier(node)] = payload
      if flags.immediate { break }
      for responder in responders where !responder.isRemoved {
        flags.listenersRun += 1
        let call = Call(
          kind: .responder, registration: responder.id, node: node.name, phase: phase,
          target: target.name, value: payload)
        let reaction = host?.react(call, script: responder.script) ?? Reaction()
        flags.absorb(reaction, call: call, key: "q")
        if !reaction.threw, let response = reaction.response {
          responses.append(response)
          if !all { return responses }
        }
        if flags.immediate { break }
      }
    }
    return responses
  }
}
