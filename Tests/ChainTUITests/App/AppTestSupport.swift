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

  /// Writes a scene's 80x24 screen to docs/screens when CHAINTUI_RECORD_SCREENS is set.
  static func recordScreen(_ text: String, scene: String, filePath: String = #filePath) {
    guard ProcessInfo.processInfo.environment["CHAINTUI_RECORD_SCREENS"] != nil else { return }
    let root = URL(fileURLWithPath: filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let directory = root.appendingPathComponent("docs/screens")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try? Data((text + "\n").utf8).write(to: directory.appendingPathComponent("\(scene).txt"))
  }
}
