/// Calling data subscribers, with the snapshot, nesting and staleness rules.
extension NodeCore {
  /// Calls the subscribers for `keyID` in this node's subtree whose value changed; returns how
  /// many were called.
  ///
  /// NB: the deliveries come from this node's kept layout (``DataShareLayout``), so sharing
  /// again walks an array, not the tree, and allocates nothing.
  func notifyDataSubscribers(forKey keyID: Int, name: String) -> Int {
    if let data {
      return Self.deliver(data.deliveries(forKey: keyID, from: self), name: name, in: runtime)
    }
    var deliveries = ContiguousArray<DataDelivery>()
    collectDataDeliveries(forKey: keyID, into: &deliveries)
    return Self.deliver(deliveries, name: name, in: runtime)
  }

  /// Calls each subscriber whose resolved slot differs from the one it last heard from, in
  /// order; returns how many were called.
  ///
  /// The list is a snapshot: a subscriber cancelled meanwhile is skipped, one added meanwhile is
  /// not in it (it got the current value when it subscribed). If a subscriber changes the tree
  /// or shares again, later entries may be stale, so they are resolved afresh before delivery;
  /// a subscriber a nested pass already brought up to date is not called twice.
  ///
  /// NB: `deliveries` must have been collected with no user code run since (a kept layout that
  /// is current counts): it names no removed subscriber, and each removal bumps the layout
  /// version before anything else (``DataSubscriber/didEnd()``), so while that version is the
  /// pass's own no entry can have been cancelled, and the subscriber's removed flag, on another
  /// cache line than what a delivery reads, is not read.
  static func deliver(
    _ deliveries: ContiguousArray<DataDelivery>, name: String, in runtime: ChainRuntime
  ) -> Int {
    guard !deliveries.isEmpty else { return 0 }
    // A subscriber that shares in response to itself would otherwise recurse without end.
    if runtime.wouldRefuse { return refuse(deliveries, name: name, in: runtime) }
    _ = runtime.admit(name)
    let topology = runtime.lastStamp
    let changes = runtime.data.changeVersion
    let layout = runtime.data.layoutVersion
    _ = runtime.enter()
    runtime.data.passesUnderWay += 1
    defer {
      runtime.data.passesUnderWay -= 1
      runtime.leave()
    }
    var called = 0
    let count = deliveries.count
    for index in 0..<count {
      // NB: asks the cache for what later deliveries read while this one runs: on a large tree
      // each subscriber and its body's context would otherwise miss in turn, one waiting for
      // the other. The subscriber's fields are asked for a few entries ahead, the context (its
      // address is in the entry) further, so both have arrived when the call comes; every entry
      // stays alive for the pass (releases wait until no operation is under way), and a
      // prefetch only hints, so asking early is safe.
      let ahead = index &+ Self.subscriberLookahead
      if ahead < count {
        withUnretained(deliveries[ahead].subscriber) { $0.prefetchDeliveryFields() }
      }
      let far = index &+ Self.contextLookahead
      if far < count { deliveries[far].context.prefetch() }
      let (entry, collected, _) = deliveries[index]
      let ran = withUnretained(entry) { subscriber -> Bool in
        if layout != runtime.data.layoutVersion {
          guard !subscriber.isRemoved else { return false }
        }
        guard topology == runtime.lastStamp, changes == runtime.data.changeVersion else {
          guard !subscriber.isRemoved, subscriber.core.isAlive else { return false }
          return subscriber.deliverIfChanged(
            DataResolver.nearest(from: subscriber.core, keyID: subscriber.keyID))
        }
        // No release since the entries were collected (a release takes a stamp), and each was
        // collected from a live node: its node is alive, and reading it would cost a cache miss
        // per subscriber on a large tree. No share either, so the slot's node still holds it:
        // it is lent unretained, which saves reference counting per subscriber.
        guard let collected else { return subscriber.deliverIfChanged(nil) }
        return withUnretained(collected) { subscriber.deliverIfChanged($0) }
      }
      if ran { called += 1 }
    }
    return called
  }

  /// How many entries ahead ``deliver(_:name:in:)`` prefetches a subscriber's fields.
  static let subscriberLookahead = 8

  /// How many entries ahead ``deliver(_:name:in:)`` prefetches a subscriber's body context.
  static let contextLookahead = 16

  /// A pass the nesting limit refuses; returns 0, as nobody was called.
  ///
  /// It is a refusal only if it would have called someone, and those it would have called are
  /// left behind, to hear their value at the next pass or re-resolution that covers them.
  private static func refuse(
    _ deliveries: ContiguousArray<DataDelivery>, name: String, in runtime: ChainRuntime
  ) -> Int {
    var wouldCall = false
    for (entry, collected, _) in deliveries {
      withUnretained(entry) { subscriber in
        guard !subscriber.isRemoved, subscriber.core.isAlive,
          !subscriber.hasHeard(collected?.object)
        else { return }
        subscriber.isBehind = true
        wouldCall = true
      }
    }
    if wouldCall { _ = runtime.admit(name) }
    return 0
  }
}

extension DataSubscriber {
  /// Calls the subscriber with `slot` unless it has heard it already; returns whether it did.
  @inline(__always)
  func deliverIfChanged(_ slot: SharedSlot?) -> Bool {
    guard !hasHeard(slot) else { return false }
    deliver(from: slot)
    return true
  }

  /// The first call of a new subscription, with the value it resolves to now: through the
  /// ``ReentryGuard`` like every other delivery, so a subscriber that subscribes again nests.
  func deliverFirst(from slot: SharedSlot, name: String) {
    let runtime = core.runtime
    guard runtime.admit(name) == nil else {
      isBehind = true
      return
    }
    _ = runtime.enter()
    deliver(from: slot)
    runtime.leave()
  }
}
