extension NodeCore {
  func add(listener: Registration) {
    listener.core = self
    listeners.append(listener)
    keyMask |= keyBit(listener.keyID)
    if listener.capture, captureKeyMask & keyBit(listener.keyID) == 0 {
      captureKeyMask |= keyBit(listener.keyID)
      // Cached paths hold the union of their nodes' capture masks: recompute them.
      DispatchState.topologyVersion &+= 1
    }
  }

  func add(interceptor: Registration) {
    interceptor.core = self
    interceptors.append(interceptor)
    keyMask |= keyBit(interceptor.keyID)
  }

  func add(responder: Registration) {
    responder.core = self
    responders.append(responder)
    keyMask |= keyBit(responder.keyID)
  }

  /// Removes a cancelled registration: at once when no dispatch runs; otherwise it stays as a
  /// tombstone (already marked removed, so it never runs) until the outermost dispatch returns,
  /// because dispatches under way index into these lists.
  func remove(_ registration: Registration) {
    registration.markRemoved()
    if DispatchState.depth == 0 {
      compact()
    } else {
      scheduleCompaction()
    }
  }

  @usableFromInline
  func scheduleCompaction() {
    guard !queuedForCompaction else { return }
    queuedForCompaction = true
    DispatchState.needCompaction.append(self)
    DispatchState.needsSettle = true
  }

  /// Drops removed registrations and those whose target is gone, and recomputes the key masks.
  ///
  /// NB: only when no dispatch runs (dispatches under way read these lists unretained). A
  /// capture mask only ever loses bits here, so cached paths' unions stay supersets and valid.
  func compact() {
    queuedForCompaction = false
    // NB: a registration dropped here is marked removed first, so that its ticket (which does
    // not own it) never reaches it again.
    func live(_ registration: Registration) -> Bool {
      if registration.isRemoved { return false }
      if registration.isTargetBound, registration.target == nil {
        registration.markRemoved()
        return false
      }
      return true
    }
    listeners.removeAll { !live($0) }
    interceptors.removeAll { !live($0) }
    responders.removeAll { !live($0) }
    var mask: UInt64 = 0
    var captureMask: UInt64 = 0
    listeners.each { registration in
      mask |= keyBit(registration.keyID)
      if registration.capture { captureMask |= keyBit(registration.keyID) }
    }
    interceptors.each { mask |= keyBit($0.keyID) }
    responders.each { mask |= keyBit($0.keyID) }
    keyMask = mask
    captureKeyMask = captureMask
  }

  /// The number of registrations here that can still run.
  var liveRegistrationCount: Int {
    listeners.count { $0.isActive } + interceptors.count { $0.isActive }
      + responders.count { $0.isActive }
  }

  /// Records an error a listener, interceptor or responder threw at this node.
  @usableFromInline
  func record(_ error: any Error, in ctx: inout EventContext) {
    ctx.errors.append(ListenerError(node: name, key: ctx.key, phase: ctx.phase, underlying: error))
  }
}
