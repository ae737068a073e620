extension NodeCore: DeferredCompaction {
  func add(listener: Registration) {
    listener.core = self
    listeners.append(listener)
    keyMask |= keyBit(listener.keyID)
    if listener.capture, captureKeyMask & keyBit(listener.keyID) == 0 {
      captureKeyMask |= keyBit(listener.keyID)
      // Cached paths hold the union of their nodes' capture masks: recompute them.
      Topology.version &+= 1
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
    scheduleCompaction()
  }

  /// Compacts the lists now, or once no operation walks them.
  @usableFromInline
  func scheduleCompaction() {
    guard !queuedForCompaction else { return }
    queuedForCompaction = true
    ReentryGuard.compactWhenIdle(self)
  }

  /// Drops removed registrations and those whose target is gone, and recomputes the key masks.
  ///
  /// NB: only when no dispatch runs (dispatches under way read these lists unretained). A
  /// capture mask only ever loses bits here, so cached paths' unions stay supersets and valid.
  func compactNow() {
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
    let dropped =
      listeners.takeAll { !live($0) } + interceptors.takeAll { !live($0) }
      + responders.takeAll { !live($0) }
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
    // Released once the lists are consistent and no longer being mutated: a release may run
    // deinit code that registers on this node again.
    for entry in dropped { entry.release() }
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
