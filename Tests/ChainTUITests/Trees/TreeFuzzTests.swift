import ChainKitTestSupport
import Foundation
import Testing

@testable import ChainTUI

/// Bad tree files never crash: random bytes, cut-off files and shuffled words each give located
/// errors, and whatever loads builds a scene that draws and takes keys.
@Suite("Tree file robustness")
@MainActor
struct TreeFuzzTests {
  static let sample =
    (try? String(
      contentsOf: TreeTestSupport.examples.appendingPathComponent("settings.tree"), encoding: .utf8))
    ?? ""

  /// Loads bytes and returns whether they loaded.
  ///
  /// Checks that every error points inside them, and that a tree that loads runs.
  @discardableResult
  func checkClean(_ bytes: [UInt8]) -> Bool {
    switch TreeFileLoader.parse(bytes: bytes, file: "f.tree", defaultID: "f") {
    case .failure(let errors):
      let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
      for error in errors.errors {
        #expect((1...max(1, lines.count)).contains(error.location.line), "\(error)")
        #expect(error.location.column >= 1, "\(error)")
        #expect(!error.message.isEmpty)
      }
      return false
    case .success(let tree):
      guard let scene = try? TreeScene(tree, file: URL(fileURLWithPath: "/nonexistent/f.tree")),
        let driver = try? ExplorerScriptTarget.make(
          size: Size(width: 80, height: 24), scene: scene.id, scenes: [scene]) as? HeadlessDriver
      else { return true }
      for key: Key in [.tab, .enter, .character("s"), .character("e"), .down, .tab, .enter] {
        driver.press(key)
      }
      driver.advance(by: .seconds(2))
      _ = driver.render()
      return true
    }
  }

  @Test("the sample tree loads, so the mutations below start from a good file")
  func sampleLoads() {
    #expect(checkClean(Array(Self.sample.utf8)))
  }

  @Test("every cut of a good file, even inside a character, loads or points at its errors")
  func truncations() {
    let bytes = Array(Self.sample.utf8)
    for length in stride(from: 0, through: bytes.count, by: 7) {
      checkClean(Array(bytes.prefix(length)))
    }
  }

  @Test("random bytes give located errors, never a crash")
  func randomBytes() {
    var generator = SplitMix64(seed: 21)
    for _ in 0..<1000 {
      let count = Int.random(in: 0...200, using: &generator)
      checkClean((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }
  }

  @Test("a good file with lines dropped and lines added loads or gives located errors")
  func mutatedLines() {
    var generator = SplitMix64(seed: 5)
    let lines = Self.sample.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    let extras = [
      "mount form under form", "mount window under preview", "  panel", "bind a.b",
      "        on x post x", "        key x \"x\" post x", "  on select decline", "panel again",
      "      panel general", "bind form.email form.email",
    ]
    var loaded = 0
    for _ in 0..<300 {
      var picked = lines.filter { _ in Int.random(in: 0..<10, using: &generator) > 0 }
      if Bool.random(using: &generator), let extra = extras.randomElement(using: &generator) {
        picked.insert(extra, at: Int.random(in: 0...picked.count, using: &generator))
      }
      if checkClean(Array(picked.joined(separator: "\n").utf8)) { loaded += 1 }
    }
    #expect(loaded > 0, "no mutation loaded, so the run checks of loaded trees never ran")
  }

  @Test("a listener that posts the event it hears stops at the nesting limit, without a crash")
  func selfPostingLoop() throws {
    let report = try TreeTestSupport.run(
      tree: "panel a\n  on loop post loop\n  key enter \"go\" post loop",
      script: "press enter\nexpect event key=loop outcome=error")
    #expect(report.passed, "\(report.details)")
  }
}
