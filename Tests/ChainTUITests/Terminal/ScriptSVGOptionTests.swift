import Foundation
import Testing

@testable import ChainTUI

/// Issue 33, item 4: `chaintui script FILE --svg PICTURE` saves the screen the script ended on
/// as an SVG picture in colour, passed or failed.
@Suite("chaintui script --svg")
@MainActor
struct ScriptSVGOptionTests {
  let command = ScriptCommandTests()

  /// A script that likes a post on the model tree and checks it, written into `folder`.
  func likeScript(in folder: URL, expecting text: String) throws -> String {
    let path = folder.appendingPathComponent("like.chaintui").path
    try "size 100x30\nscene model\nfocus actions1\npress l\nexpect screen contains \"\(text)\"\n"
      .write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test("after the script ends, --svg holds its final screen in colour, box drawing kept")
  func savesTheFinalScreen() throws {
    try #require(ChainTUIBinary.exists, "chaintui is not built at \(ChainTUIBinary.url.path)")
    let folder = try command.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = try likeScript(in: folder, expecting: "♥ liked")
    let picture = folder.appendingPathComponent("final.svg").path

    let (status, output) = try command.chaintui(["script", script, "--svg", picture])
    #expect(status == 0, "\(output)")
    let reader = try SVGScreenshotTests.read(String(contentsOfFile: picture, encoding: .utf8))
    #expect(reader.rows.count == 30)
    #expect(reader.rows.contains { $0.contains("♥ liked") }, "\(reader.rows)")
    #expect(reader.rows.contains { $0.contains("┌─ feed (post list)") }, "\(reader.rows)")
    #expect(reader.fills.contains(SVGScreenshot.palette[.magenta] ?? ""), "no colour kept")
  }

  @Test("a script that fails still leaves its last screen in the picture, and exits non-zero")
  func savesTheScreenOfAFailure() throws {
    try #require(ChainTUIBinary.exists, "chaintui is not built at \(ChainTUIBinary.url.path)")
    let folder = try command.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = try likeScript(in: folder, expecting: "no such text")
    let picture = folder.appendingPathComponent("failed.svg").path

    let (status, output) = try command.chaintui(["script", script, "--svg", picture])
    #expect(status != 0)
    #expect(output.contains("FAIL \(script)"))
    let reader = try SVGScreenshotTests.read(String(contentsOfFile: picture, encoding: .utf8))
    #expect(reader.rows.contains { $0.contains("♥ liked") }, "\(reader.rows)")
  }

  @Test("--svg takes one script, and a path it cannot write says why and fails")
  func refusesWhatItCannotDo() throws {
    try #require(ChainTUIBinary.exists, "chaintui is not built at \(ChainTUIBinary.url.path)")
    let folder = try command.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = try likeScript(in: folder, expecting: "♥ liked")
    let picture = folder.appendingPathComponent("two.svg").path

    let two = try command.chaintui(["script", script, script, "--svg", picture])
    #expect(two.status != 0)
    #expect(two.output.contains("--svg saves one script's final screen: give one script file."))
    #expect(!FileManager.default.fileExists(atPath: picture))

    let missing = folder.appendingPathComponent("no/such/shot.svg").path
    let bad = try command.chaintui(["script", script, "--svg", missing])
    #expect(bad.status != 0)
    #expect(bad.output.contains("PASS \(script)"))
    #expect(bad.output.contains("chaintui: cannot save the screen to \(missing):"), "\(bad.output)")
  }
}
