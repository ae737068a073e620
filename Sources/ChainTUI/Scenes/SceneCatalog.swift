/// The explorer's scenes in tab order, by the id `--scene` takes.
package enum SceneCatalog {
  /// The id of every scene, in tab order.
  package static let ids = ["domino", "router", "model", "bus", "bindings", "playground"]

  /// Builds the scene with this id.
  ///
  /// - Parameters:
  ///   - id: One of ``ids``.
  ///   - context: The clock and tracer the scene may use.
  /// - Returns: The scene, ready to draw.
  @MainActor
  static func build(_ id: String, context: SceneContext) -> any Scene {
    switch id {
    case "domino": DominoScene(context: context)
    case "router": RouterScene(context: context)
    case "model": ModelTreeScene(context: context)
    case "bus": BusScene(context: context)
    case "bindings": BindingsScene(context: context)
    case "playground": PlaygroundScene(context: context)
    default: preconditionFailure("no scene with id \(id)")
    }
  }
}
