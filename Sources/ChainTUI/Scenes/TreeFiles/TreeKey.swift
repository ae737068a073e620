/// `key KEY "label" ACTION`: what pressing a key on the panel does.
package struct TreeKey: Sendable {
  /// The key.
  package var key: Key
  /// Its label in the border, the status line and the help.
  package var label: String
  /// What it does.
  package var action: TreeKeyAction
  /// Where it was written.
  package var location: SourceLocation
}

/// What a key does.
package enum TreeKeyAction: Sendable {
  /// `post EVENT k=v...`: posts a named event with params from the panel's node.
  case post(String, [TreeParam])
  /// `request NAME k=v...`: asks the path for an answer and shows it.
  case request(String, [TreeParam])
  /// `publish CHANNEL "value"`: publishes on a bus channel.
  case publish(String, TreeText)
  /// `set FIELD "value"`: sets one of the panel's fields.
  case set(String, TreeText)
}
