/// Why ``Node/mount(at:)`` refused: the mount would put a node under itself.
///
/// It is the only way a mount can fail, so `mount(at:)` throws this type and nothing else
/// (typed throws for a closed set): `catch let error as MountCycleError` is exhaustive, and a
/// `do` around a mount needs no other case.
///
/// ```swift
/// do {
///   try window.mount(at: cell)
/// } catch {
///   print("refused: \(error)")  // error is a MountCycleError
/// }
/// ```
public struct MountCycleError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The node that was to be mounted.
  public let child: String
  /// The node it was to be mounted under: the child itself, or one of its descendants.
  public let parent: String

  /// Creates the error for mounting `child` under `parent`.
  ///
  /// - Parameters:
  ///   - child: The name of the node that was to be mounted.
  ///   - parent: The name of the node it was to be mounted under.
  public init(child: String, parent: String) {
    self.child = child
    self.parent = parent
  }

  /// A sentence naming both nodes and why the mount was refused.
  public var description: String {
    if child == parent { return "cannot mount '\(child)' under itself" }
    return "cannot mount '\(child)' under '\(parent)': '\(parent)' is already below '\(child)', "
      + "so the tree would have a cycle"
  }
}
