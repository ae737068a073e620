extension Node {
  /// Calls `observer` with what each event and request did at this node, phase by phase.
  ///
  /// For every dispatch whose path includes this node, the observer gets one ``NodeActivity``
  /// per phase in which the dispatch reached it (capture, target, bubble), including phases
  /// where nothing ran here; nodes after the one where propagation stopped are not reached.
  /// Activities are matched to this node by identity, not by name.
  ///
  /// The observer runs on the main actor after the dispatch returns, like a tracer (ChainKitTracing);
  /// activities of nested dispatches arrive after the dispatch that posted them, in the order
  /// they were posted. For one dispatch, the observers are called before the tracers on its
  /// path receive its record. An observer may post: the call counts as nested in the dispatch it
  /// reports (rule 14), so what it posts nests one level deeper, and an observer that posts on
  /// every activity of its own node stops at ``ReentryGuard/nestingLimit`` with
  /// ``ChainError/nestingTooDeep(key:limit:)``. While no node on a path is observed or traced,
  /// its dispatches pay nothing for this.
  ///
  /// ```swift
  /// let token = panel.observeActivity { activity in
  ///   print("\(activity.phase) \(activity.key): \(activity.listenersRun) ran")
  /// }
  /// ```
  ///
  /// The observer follows the rule of every registration (see ``Subscription``): it lives until
  /// the token is cancelled or this node is deallocated. Capture this node weakly in it.
  ///
  /// - Parameter observer: Called with each activity.
  /// - Returns: A token that removes the observer.
  @discardableResult
  public func observeActivity(
    _ observer: @escaping @MainActor (NodeActivity) -> Void
  ) -> Subscription {
    // NB: the core unretained, as for a tracer: retire() detaches every observer before the
    // core can go away.
    let unretained = Unretained(core)
    let observer = ActivityObserver(body: observer) { observer in
      let core = unretained.object
      core.observers.removeAll { $0 === observer }
      core.touch()
    }
    core.observers.append(observer)
    core.touch()
    return Subscription(observer.ticket)
  }
}
