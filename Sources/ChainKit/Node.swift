/// A node in a ChainKit tree. (Placeholder while the core lands.)
@MainActor
public final class Node {
  /// The node's human-readable name.
  public let name: String

  /// Creates a node.
  public init(_ name: String) { self.name = name }
}
