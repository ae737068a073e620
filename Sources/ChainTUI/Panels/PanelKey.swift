/// A key (or a class of keys, such as the digits) that does something on one panel, with the
/// label the status line, the panel's border and the help show.
///
/// The action runs on the main actor when the panel has focus and the key is pressed. The
/// panel keeps the action, so an action that uses the panel or the scene's model captures them
/// weakly or unowned.
@MainActor
public struct PanelKey {
  /// The key's name as the status line shows it ("l", "enter", "0-9").
  public let displayName: String
  /// What the key does, in a word or two ("like", "post load").
  public let label: String
  /// Whether a pressed key is this one.
  let matches: @MainActor (Key) -> Bool
  /// Runs the key's effect, given the key pressed.
  let action: @MainActor (Key) -> Void
  /// The key a click on the hint presses; `nil` for a class of keys (`0-9`), of which a click
  /// cannot tell one.
  let clickedKey: Key?

  /// Creates a panel key for one key.
  ///
  /// - Parameters:
  ///   - key: The key, such as `.enter` or `.character("l")`.
  ///   - label: What it does, in a word or two.
  ///   - action: What pressing it does.
  public init(_ key: Key, _ label: String, action: @escaping @MainActor () -> Void) {
    displayName = KeyName.format(key)
    self.label = label
    matches = { $0 == key }
    self.action = { _ in action() }
    clickedKey = key
  }

  /// Creates a panel key for any of several keys, such as the digits.
  ///
  /// - Parameters:
  ///   - keys: The keys it answers to.
  ///   - displayName: How the status line names them ("0-9").
  ///   - label: What they do, in a word or two.
  ///   - action: What pressing one does, given the key pressed.
  public init(
    anyOf keys: [Key], shown displayName: String, _ label: String,
    action: @escaping @MainActor (Key) -> Void
  ) {
    self.displayName = displayName
    self.label = label
    matches = { keys.contains($0) }
    self.action = action
    clickedKey = keys.count == 1 ? keys.first : nil
  }

  /// The keys 0 to 9.
  package static let digits: [Key] = Array("0123456789").map(Key.character)
}
