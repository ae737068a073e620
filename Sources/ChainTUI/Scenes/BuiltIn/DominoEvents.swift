import ChainKit

/// Domino's ContentViewController events, as the methods of a protocol.
///
/// Declared as Domino declares SelectorEvents. `@ChainEvents` generates a key per method (named as the inspector shows
/// it, `ContentEvents.contentDidLoad(_:)`), the trigger the content panels post through, and the
/// subscription the root uses. Its expansion is checked in (DominoEvents+Expansion.swift), so
/// that the explorer builds without swift-syntax; ChainEventsMacrosTests adds `@ChainEvents` to
/// each protocol here and holds that file equal to what the macro writes.
@MainActor
protocol ContentEvents {
  /// Domino's selector event `contentDidLoadWithArg:`: the load's number.
  func contentDidLoad(_ count: Int)
  /// Domino's simple event `ContentViewControllerStatisticsEvent`: named params, which the
  /// container's interceptor rewrites on the way up.
  func statistics(_ params: Params)
  /// Domino's returning selector event `fetchChannelId`; `nil` declines.
  func channelID() -> String?
  /// A request both the container and the root can answer; the nearer one wins.
  func pageSize() -> Int?
}

/// The container's own event, posted from inside its `contentDidLoad` listener: a nested
/// dispatch.
@MainActor
protocol ContainerEvents {
  /// The container saw a load: `count` and `by` in the params.
  func contentSeen(_ params: Params)
}
