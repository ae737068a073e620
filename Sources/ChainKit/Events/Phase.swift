/// Where an event is on its path when a listener runs, as in the W3C DOM.
public enum Phase: String, Sendable, Codable, CaseIterable {
  /// On the way down, from the root end of the path towards the target.
  case capture
  /// At the node the event was posted to.
  case target
  /// On the way back up, from the target's parents to the root end of the path.
  case bubble
}
