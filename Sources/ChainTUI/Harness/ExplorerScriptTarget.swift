/// Creates the explorer app as a ``ScriptTarget``: what `chaintui script` and `HeadlessSession`
/// drive.
package enum ExplorerScriptTarget {
  /// Creates the explorer at a size, showing a scene (`nil` for the first), without colours,
  /// under the headless run loop.
  ///
  /// - Throws: ``UnknownSceneError`` when no scene has that id.
  @MainActor
  package static func make(size: Size, scene: String?) throws -> any ScriptTarget {
    let app = App(size: size, colors: false)
    if let scene, !app.select(sceneID: scene) {
      throw UnknownSceneError(scene: scene, known: SceneCatalog.ids)
    }
    return HeadlessDriver(app: app)
  }
}

extension ExplorerScriptTarget {
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
