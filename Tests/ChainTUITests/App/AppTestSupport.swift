import Foundation
import Testing

@testable import ChainTUI

/// Helpers for driving the app headlessly in tests.
@MainActor
enum AppTest {
  /// A monochrome app at 80x24 showing a scene.
  static func app(scene: String, size: Size = Size(width: 80, height: 24)) -> App {
    let app = App(size: size, colors: false)
    let found = app.select(sceneID: scene)
    precondition(found, "no scene \(scene)")
    return app
  }

  /// The screen's text after a render.
  static func screen(_ app: App) -> String { app.render().text }

  /// The docs/screens folder in the source tree, located from this file.
  static let docsScreens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/screens")

  /// Compares a scene's 80x24 screen with its picture in docs/screens, through the goldens'
  /// one door (``SnapshotStore``): re-recorded with `CHAINTUI_UPDATE_SNAPSHOTS=1`, and a
  /// recording fails the test until a run without it checks the picture.
  static func expectDocsScreen(
    _ text: String, scene: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let store = SnapshotStore(
      directory: docsScreens, update: SnapshotStore.updateRequestedByEnvironment)
    if let failure = store.check(scene, text: text + "\n") {
      Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
  }
}
