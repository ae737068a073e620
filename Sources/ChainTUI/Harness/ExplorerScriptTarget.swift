import ChainKit
package import ChainKitTracing

/// Creates the explorer app as a ``ScriptTarget``: what `chaintui script` and `HeadlessSession`
/// drive.
package enum ExplorerScriptTarget {
  /// Creates the explorer at a size, without colours, under the headless run loop: the
  /// built-in scenes, then `scenes` (a script's trees), showing `scene`, or else the first of
  /// `scenes`, or else the first built-in one.
  ///
  /// - Parameters:
  ///   - size: The screen size.
  ///   - scene: The scene to show first, by id.
  ///   - scenes: Scenes after the built-in ones (a script's trees).
  ///   - trace: A tracer that also receives every record of every scene, as
  ///     `chaintui run --trace` gives one (`chaintui script --trace`).
  /// - Returns: The headless driver of the app.
  /// - Throws: ``UnknownSceneError`` when no scene has that id, ``ExplorerError`` when two
  ///   scenes share an id.
  @MainActor
  package static func make(
    size: Size, scene: String?, scenes: [any Scene], trace: (any Tracer)?
  ) throws -> any ScriptTarget {
    let ids = SceneCatalog.ids + scenes.map(\.id)
    try Explorer.check(ids: ids, start: nil)
    if let scene, !ids.contains(scene) { throw UnknownSceneError(scene: scene, known: ids) }
    let app = App(size: size, colors: false, trace: trace, scenes: scenes)
    if let start = scene ?? scenes.first?.id { app.select(sceneID: start) }
    return HeadlessDriver(app: app)
  }
}

extension ExplorerScriptTarget {
  /// Creates the explorer at a size, without colours, under the headless run loop, untraced:
  /// what a ``ScriptTargetFactory`` is by default.
  ///
  /// - Throws: As ``make(size:scene:scenes:trace:)``.
  @MainActor
  package static func make(size: Size, scene: String?, scenes: [any Scene] = []) throws
    -> any ScriptTarget
  {
    try make(size: size, scene: scene, scenes: scenes, trace: nil)
  }

  /// Creates the explorer at a size on the given scenes, showing the first, without colours,
  /// under the headless run loop.
  ///
  /// - Throws: ``ExplorerError`` when there is no scene or two share an id.
  @MainActor
  package static func make(size: Size, scenes: [any Scene], includesBuiltInScenes: Bool)
    throws(ExplorerError) -> any ScriptTarget
  {
    let builtIns = includesBuiltInScenes ? SceneCatalog.ids : []
    try Explorer.check(ids: builtIns + scenes.map(\.id), start: nil)
    let app = App(
      size: size, colors: false, builtInScenes: includesBuiltInScenes, scenes: scenes)
    if let first = scenes.first { app.select(sceneID: first.id) }
    return HeadlessDriver(app: app)
  }
}

/// A scene id that the explorer does not have, with the ones it does.
package struct UnknownSceneError: Error, Sendable, CustomStringConvertible {
  /// The id asked for.
  package var scene: String
  /// The ids the explorer has.
  package var known: [String]

  package var description: String {
    "unknown scene '\(scene)'; expected one of: \(known.joined(separator: ", "))"
  }
}
