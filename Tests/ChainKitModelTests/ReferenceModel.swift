/// A small, plainly written reference implementation of ChainKit's propagation and data-sharing
/// rules, as the semantics page (shared/design/chainkit-semantics.md) now states them.
///
/// No caching, no optimisation: a path is a depth-first walk computed on each post, a snapshot
/// is a filtered copy of an array, a resolved value is a walk up the path. Rule numbers refer to
/// the semantics page.
///
/// Choices where the page is silent or ambiguous (the DOM's behaviour where it has one):
/// - Interceptors belong to the upward walk (rule 17 "this node and the nodes above it"): they
///   run at the target and at each node the event bubbles through, once, before that node's
///   listeners; capture listeners see the payload as posted. A key that does not bubble is
///   intercepted at the target only.
/// - At the target (rule 10), the capture pass's listeners and the interceptors are snapshotted
///   on arrival. The other listeners are snapshotted when their pass begins, as in the DOM, so a
///   listener added during the capture pass runs; but one added while the target's interceptors
///   ran does not ("a listener an interceptor adds runs from the next event").
/// - An interceptor's `stopPropagation()` at the target lets both of the target's passes run
///   (rule 12: "it lets that node's listeners run"); a stop by a capture listener at the target
///   ends the event before the other pass. `stopImmediatePropagation()` from an interceptor skips
///   the node's remaining interceptors and all its listeners.
/// - Requests (rule 19) follow rule 17 too: each branch of the path starts from the payload as
///   it was where the branch began. A responder that throws gives no response.
/// - Rule 14: one depth counter for posts, requests and data delivery passes (a subscriber's
///   first call on `subscribe` included). A nested post, request or delivery at depth 64, or
///   after the limit was hit while an outermost operation is still under way, does not run; the
///   refused post's outcome has the error `nesting(key)`, and so, once, has the outcome of every
///   post under way when the limit was first hit (ChainKit's documented "runaway" policy).
/// - Data (rules 26-29): a subscriber is called when the share it resolves to changed (another
///   node, another share, or none), never twice for the same share. A share or a removal visits
///   the node's subtree in preorder, children in mount order, each node once, skipping subtrees
///   whose root shares the key itself; a mount, an unmount or a released parent re-resolves every
///   subscriber in the subtree of the node that gained or lost a parent, in preorder. Within a
///   node, subscribers run in subscription order. A delivery pass is a snapshot: a subscriber
///   added meanwhile is not in it, a cancelled one is skipped, each is resolved when its turn
///   comes. At the limit, a pass that would call someone calls no one.
/// - Tokens: a registration's token exists once the registering call returns, so a data
///   subscriber cannot cancel itself during its first, immediate call (ChainKit's API gives the
///   token only then).
/// - A released node leaves the tree when the program has released it and no operation the
///   program called on it is still under way (Swift keeps the receiver of a call alive); nodes on
///   the path of a dispatch under way stay on it (rule 8), but their registrations never run again.
@MainActor
final class ReferenceModel: World {
  /// Rule 14: the deepest nesting of posts, requests and delivery passes (default 64).
  var nestingLimit = 64

  weak var host: Driver?
  /// The nodes the program holds, by id.
  var owned: [Int: ModelNode] = [:]
  /// Registrations whose token has been handed out, by id.
  var tokens: [Int: ModelRegistration] = [:]
  /// Posts, requests and delivery passes under way.
  var depth = 0
  /// Set when a nested operation hit the limit, until the outermost one returns.
  var runaway = false
  /// Errors of the limit hit since the outermost operation began.
  var nestingErrors: [String] = []
  var registrationStamp = 0
  var shareStamp = 0

  func exists(_ node: Int) -> Bool { owned[node] != nil }

  func create(_ node: Int, name: String) { owned[node] = ModelNode(name: name) }

  /// Runs `body` while the program's call holds these nodes.
  func holding<T>(_ ids: [Int], _ body: ([ModelNode]) -> T) -> T {
    let nodes = ids.compactMap { owned[$0] }
    for node in nodes { node.holds += 1 }
    let result = body(nodes)
    for node in nodes.reversed() {
      node.holds -= 1
      if node.holds == 0, !node.isOwned, node.isAlive { leave(node) }
    }
    return result
  }

  func release(_ id: Int) {
    guard let node = owned.removeValue(forKey: id) else { return }
    node.isOwned = false
    if node.holds == 0 { leave(node) }
  }

  func releaseAll() {
    for id in owned.keys.sorted() { release(id) }
  }

  /// Rule 2: the node leaves the tree at once; what it shared goes, its registrations never run
  /// again, and its former children's subtrees re-resolve.
  func leave(_ node: ModelNode) {
    node.isAlive = false
    let orphans = node.children
    for parent in node.parents { parent.children.removeAll { $0 === node } }
    for child in node.children { child.parents.removeAll { $0 === node } }
    node.parents = []
    node.children = []
    for registration in node.registrations { registration.isRemoved = true }
    node.shares = [:]
    for orphan in orphans { deliver(subscribers(below: orphan)) }
  }

  func mount(_ child: Int, at parent: Int) -> String? {
    holding([child, parent]) { nodes in
      let (child, parent) = (nodes[0], nodes[nodes.count - 1])
      if child.parents.contains(where: { $0 === parent }) { return nil }
      if isAncestorOrSelf(child, of: parent) { return "cycle(\(child.name), \(parent.name))" }
      child.parents.append(parent)
      parent.children.append(child)
      deliver(subscribers(below: child))
      return nil
    }
  }

  func unmount(_ child: Int, from parent: Int) {
    holding([child, parent]) { nodes in
      unlink(nodes[0], from: nodes[nodes.count - 1])
    }
  }

  func unmountAll(_ id: Int) {
    holding([id]) { nodes in
      for parent in nodes[0].parents { unlink(nodes[0], from: parent) }
    }
  }

  private func unlink(_ child: ModelNode, from parent: ModelNode) {
    guard child.parents.contains(where: { $0 === parent }) else { return }
    child.parents.removeAll { $0 === parent }
    parent.children.removeAll { $0 === child }
    deliver(subscribers(below: child))
  }

  /// Whether `node` is `other` or one of its ancestors.
  func isAncestorOrSelf(_ node: ModelNode, of other: ModelNode) -> Bool {
    node === other || other.parents.contains { isAncestorOrSelf(node, of: $0) }
  }

  /// Rule 8: the node, then its parents depth-first in mount order, each node once; with, for
  /// each node after the first, the node the walk reached it from (where its branch began).
  func path(of start: ModelNode) -> (nodes: [ModelNode], from: [ObjectIdentifier: ModelNode]) {
    var nodes: [ModelNode] = []
    var from: [ObjectIdentifier: ModelNode] = [:]
    func walk(_ node: ModelNode, reachedFrom previous: ModelNode?) {
      guard !nodes.contains(where: { $0 === node }) else { return }
      nodes.append(node)
      from[ObjectIdentifier(node)] = previous
      for parent in node.parents { walk(parent, reachedFrom: node) }
    }
    walk(start, reachedFrom: nil)
    return (nodes, from)
  }

  func path(_ id: Int) -> [String] {
    holding([id]) { path(of: $0[0]).nodes.map(\.name) }
  }

  func registrationCount(_ id: Int) -> Int {
    holding([id]) { nodes in
      nodes[0].registrations.count {
        if case .subscriber = $0.kind { return false }
        return !$0.isRemoved
      }
    }
  }

  func activeTokenCount() -> Int {
    tokens.values.count { !$0.isRemoved && $0.node?.isAlive == true }
  }

  func cancel(_ id: Int) { tokens[id]?.isRemoved = true }

  /// Adds a registration; its token is handed out when `afterwards` (the registering call's
  /// own work) returns.
  func register(
    _ kind: ModelRegistration.Kind, at id: Int, registration: Int, script: Script,
    afterwards: (ModelRegistration) -> Void = { _ in }
  ) {
    holding([id]) { nodes in
      registrationStamp += 1
      let made = ModelRegistration(
        id: registration, kind: kind, script: script, stamp: registrationStamp, node: nodes[0])
      nodes[0].registrations.append(made)
      afterwards(made)
      tokens[registration] = made
    }
  }

  func listen(_ node: Int, _ key: EventName, capture: Bool, once: Bool, id: Int, script: Script) {
    register(
      .listener(key, capture: capture, once: once), at: node, registration: id, script: script)
  }

  func intercept(_ node: Int, _ key: Intercepted, id: Int, script: Script) {
    register(.interceptor(key), at: node, registration: id, script: script)
  }

  func respond(_ node: Int, id: Int, script: Script) {
    register(.responder, at: node, registration: id, script: script)
  }

  /// Rule 14: counts a hit of the nesting limit; reported once per outermost operation.
  func hitLimit(_ key: String) {
    guard !runaway else { return }
    runaway = true
    nestingErrors.append("nesting(\(key))")
  }

  /// Whether a nested operation may run now (rule 14).
  var mayNest: Bool { !runaway && depth < nestingLimit }

  /// Ends one level of nesting; the outermost operation's end clears the runaway state.
  func leaveLevel() {
    depth -= 1
    if depth == 0 {
      runaway = false
      nestingErrors = []
    }
  }

  func afterEachStep(topLevel: Bool) {}

  /// Nothing outlives an outermost operation here.
  func laterNestedPostsWork() -> Bool { true }
}
