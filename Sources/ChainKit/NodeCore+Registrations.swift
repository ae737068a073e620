extension NodeCore {
  func add(listener: Registration) {
    listener.core = self
    listeners.append(listener)
    keyMask |= keyBit(listener.keyID)
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

  func scheduleCompaction() {
    guard !queuedForCompaction else { return }
    queuedForCompaction = true
    DispatchState.needCompaction.append(self)
  }

  /// Drops removed registrations and those whose target is gone, and recomputes the key mask.
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
    for registration in listeners { mask |= keyBit(registration.keyID) }
    for registration in interceptors { mask |= keyBit(registration.keyID) }
    for registration in responders { mask |= keyBit(registration.keyID) }
    keyMask = mask
  }

  /// The number of registrations here that can still run.
  var liveRegistrationCount: Int {
    listeners.count { $0.isActive } + interceptors.count { $0.isActive }
      + responders.count { $0.isActive }
  }
}
