package import Foundation

/// A scene made from a file, such as a tree file: a recording names the file in a `tree` line
/// so that its replay loads the same scene.
@MainActor
package protocol FileBackedScene: Scene {
  /// The file the scene was made from.
  var file: URL { get }
}

extension App {
  /// The files the app's file-backed scenes were made from, in tab order.
  package var sceneFiles: [URL] {
    scenes.compactMap { ($0 as? any FileBackedScene)?.file }
  }
}
