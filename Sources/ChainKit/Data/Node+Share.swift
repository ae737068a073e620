// Data: values shared down the tree (DCFrame's design). A node shares a value under a `DataKey`;
// each subscriber below hears the nearest share above it, at once and after every change, and
// re-resolves when a mount, unmount or release changes which share is nearest. `NodeData` holds a
// node's shares (`SharedSlot`) and subscribers (`DataSubscriber`).

extension Node {
  /// Shares `value` under `key` at this node, for this node and its descendants to read.
  ///
  /// Subscribers in this node's subtree are called in preorder (children in mount order), each
  /// once; a subtree whose root shares its own value for `key` shadows this one and is left
  /// alone. Every share notifies, even when the value equals the previous one: sharing is an
  /// explicit act (DCFrame's `shareData`), and subscribers that want to can compare.
  ///
  /// - Parameters:
  ///   - value: The value; it replaces any value or computed value shared here under `key`.
  ///   - key: The key to share it under.
  public func share<Value>(_ value: Value, for key: DataKey<Value>) {
    // NB: a constant replacing a constant is written into the existing slot (its version tells
    // subscribers it changed), so that sharing again allocates nothing.
    if let existing = core.data?.slot(for: key.id),
      uncheckedCast(existing, to: SharedSlotBox<Value>.self).replaceConstant(with: value)
    {
      store(existing, key: key.name, action: .shared)
      return
    }
    store(SharedSlotBox(keyID: key.id, constant: value), key: key.name, action: .shared)
  }

  /// Shares a computed value under `key`: `computed` is evaluated on each read.
  ///
  /// Each read (``value(for:)``, and each delivery to a subscriber) calls `computed` again;
  /// registering it notifies the subtree as ``share(_:for:)`` does.
  ///
  /// - Parameters:
  ///   - key: The key to share it under.
  ///   - computed: Produces the current value; called on the main actor on each read.
  public func share<Value>(
    for key: DataKey<Value>, computed: @escaping @MainActor () -> Value
  ) {
    store(SharedSlotBox(keyID: key.id, compute: computed), key: key.name, action: .computed)
  }

  /// Removes the value shared here under `key`; subscribers that read it are called with the
  /// newly resolved value (an ancestor's, or `nil` if none is left).
  ///
  /// - Parameter key: The key whose value to remove; nothing happens if none is shared here.
  public func removeShared<Value>(_ key: DataKey<Value>) {
    guard let data = core.data, data.removeSlot(for: key.id) else { return }
    core.runtime.data.changeVersion &+= 1
    notifySubtree(keyID: key.id, key: key.name, value: { "nil" }, action: .removed)
  }

  /// The value nearest to this node for `key`: its own, else the first ancestor's on its path.
  ///
  /// - Parameter key: The key to look up.
  /// - Returns: The value, or `nil` if no node on the path shares one.
  public func value<Value>(for key: DataKey<Value>) -> Value? {
    guard let slot = DataResolver.nearest(from: core, keyID: key.id) else { return nil }
    return uncheckedCast(slot, to: SharedSlotBox<Value>.self).read()
  }

  /// Subscribes to the value nearest to this node for `key`.
  ///
  /// `body` is called at once with the current value if there is one, then whenever the
  /// resolved value changes: a share or removal at this node or an ancestor, or a mount, unmount
  /// or deallocation that changes which node provides it. When the value goes away, `body`
  /// receives `nil`. Re-parenting under a node that provides the *same* share does not call it.
  ///
  /// - Parameters:
  ///   - key: The key to follow.
  ///   - body: Called with the resolved value, or `nil` when none is left.
  /// - Returns: A token that cancels the subscription; dropping it does not (the subscription
  ///   ends with this node).
  @inlinable @discardableResult
  public func subscribe<Value>(
    _ key: DataKey<Value>, _ body: @escaping @MainActor (Value?) -> Void
  ) -> Subscription {
    // NB: inlinable, so that the subscriber's delivery is made here, specialised for `Value`.
    add(DataSubscriberBox.make(keyID: key.id, core: core, body: body), name: key.name)
  }

  /// Subscribes on behalf of `owner`, held weakly and handed to `body`, to the value nearest to
  /// this node for `key` (DCFrame's `subscribeData` in a model); the subscription ends when
  /// `owner` deallocates.
  ///
  /// Called as ``subscribe(_:_:)`` is: at once with the current value if there is one, then
  /// whenever the resolved value changes. The subscriber receives the owner, so it need not
  /// capture it: a model that owns this node and captured itself strongly would keep itself
  /// alive for as long as the node, which it owns.
  ///
  /// ```swift
  /// @MainActor final class PhotoModel {
  ///   static let caption = DataKey<String>("photo.caption")
  ///   let node = Node("PhotoModel")
  ///   private(set) var text = ""
  ///   init() {
  ///     node.subscribe(Self.caption, owner: self) { model, caption in
  ///       model.text = caption ?? ""
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key to follow.
  ///   - owner: The object the subscription belongs to; held weakly.
  ///   - body: Called with the owner and the resolved value, or `nil` when none is left.
  /// - Returns: A token that cancels the subscription; dropping it does not.
  @discardableResult
  public func subscribe<Value, Owner: AnyObject>(
    _ key: DataKey<Value>, owner: Owner, _ body: @escaping @MainActor (Owner, Value?) -> Void
  ) -> Subscription {
    add(DataSubscriberBox.make(keyID: key.id, core: core, owner: owner, body: body), name: key.name)
  }

  /// Adds a subscriber made by ``subscribe(_:_:)`` and delivers the nearest shared value.
  @usableFromInline
  func add(_ subscriber: DataSubscriber, name: String) -> Subscription {
    let keyID = subscriber.keyID
    sharedData.append(subscriber)
    core.runtime.data.subscriberCount += 1
    if let slot = DataResolver.nearest(from: core, keyID: keyID) {
      subscriber.deliverFirst(from: slot, name: name)
    }
    return subscriber.ticket
  }

  private var sharedData: NodeData {
    if let data = core.data { return data }
    let data = NodeData(runtime: core.runtime)
    core.data = data
    return data
  }

  private func store(_ slot: SharedSlot, key: String, action: TraceEvent.ShareAction) {
    sharedData.store(slot)
    let runtime = core.runtime
    runtime.data.changeVersion &+= 1
    slot.version = runtime.data.changeVersion
    // NB: the value is described only when a tracer will read it; describing is not free (a
    // large model's description grows with it) and must cost nothing with tracing off.
    notifySubtree(keyID: slot.keyID, key: key, value: slot.describeValue, action: action)
  }

  private func notifySubtree(
    keyID: Int, key: String, value: () -> String, action: TraceEvent.ShareAction
  ) {
    // Rule 14: the tracers on the path are notified too, so with tracers a share passes the
    // door even with no subscriber to call: past the limit it is refused (the value is stored,
    // the subscribers are left behind) and traced once per runaway, so a tracer that shares on
    // every record stops.
    let runtime = core.runtime
    if runtime.wouldRefuse, runtime.installedTracers > 0,
      refuseTraced(keyID: keyID, key: key, value: value, action: action)
    {
      return
    }
    let called =
      runtime.data.subscriberCount > 0
      ? core.notifyDataSubscribers(forKey: keyID, name: key) : 0
    guard runtime.installedTracers > 0 else { return }
    let tracers = core.hooksOnPath
    guard !tracers.isEmpty else { return }
    Trace.emit(
      .share(
        node: name, key: key, value: value(), action: action, subscribersNotified: called),
      to: tracers, in: runtime)
  }

  /// Refuses a share past the nesting limit that has tracers on its path.
  ///
  /// Its subscribers are left behind and its record is traced once per runaway. Returns
  /// `false` if no tracer is on the path (then it is a refusal only if it would call a
  /// subscriber, as any data pass).
  ///
  /// NB: out of line, so the untraced share does not carry it.
  @inline(never)
  private func refuseTraced(
    keyID: Int, key: String, value: () -> String, action: TraceEvent.ShareAction
  ) -> Bool {
    guard !core.hooksOnPath.isEmpty else { return false }
    let runtime = core.runtime
    _ = runtime.admit(key)
    if runtime.data.subscriberCount > 0 {
      _ = core.notifyDataSubscribers(forKey: keyID, name: key)
    }
    guard runtime.takeRefusalTrace() else { return true }
    Trace.emit(
      .share(node: name, key: key, value: value(), action: action, subscribersNotified: 0),
      to: core.hooksOnPath, in: runtime)
    return true
  }
}
