/// What a share from one node reaches for one key: its subscribers in delivery order (preorder,
/// children in mount order, shadowed subtrees left out), each with the slot it resolves to.
///
/// A node keeps one per key it shares, so that sharing again reads one contiguous array instead
/// of walking the tree: on a large tree the walk's reads of nodes, their data and their
/// children's storage miss the cache at every node, while the array is read in order.
///
/// It is exact, not a guess: it is used only while nothing it was built from has changed. What
/// it depends on is the graph (a mount, an unmount or a release takes a new
/// ``ChainRuntime/lastStamp``) and which data subscriptions and slots exist (a subscription,
/// a cancellation, a slot added, replaced or removed, or a node's data retired bumps
/// ``DataState/layoutVersion``). Writing a constant into an existing slot changes neither: the
/// entries still name the same subscribers and slots, and the slot's version tells each
/// subscriber its value changed.
@MainActor
struct DataShareLayout {
  /// The key whose share this lays out.
  let keyID: Int
  /// ``ChainRuntime/lastStamp`` when the deliveries were collected.
  var topology: UInt64
  /// ``DataState/layoutVersion`` when the deliveries were collected.
  var layout: UInt64
  /// The subscribers and the slots they resolve to.
  ///
  /// NB: unretained, as ``NodeCore/DataDelivery`` says; they are read only while the two
  /// versions above are current, so every subscriber and slot they name is still held by its
  /// node.
  var deliveries: ContiguousArray<NodeCore.DataDelivery>

  /// Whether the deliveries still describe the tree, its subscriptions and its slots.
  @inline(__always)
  func isCurrent(in runtime: ChainRuntime) -> Bool {
    topology == runtime.lastStamp && layout == runtime.data.layoutVersion
  }
}
