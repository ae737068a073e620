/// A repeating timer on the explorer's clock, from ``SceneContext/every(_:_:)``.
@MainActor
public struct SceneTimer {
  private weak var clock: VirtualClock?
  private let id: Int

  init(clock: VirtualClock, id: Int) {
    self.clock = clock
    self.id = id
  }

  /// Stops the timer; its action never runs again.
  ///
  /// Cancelling twice does nothing.
  public func cancel() {
    clock?.cancel(id)
  }
}
