import Foundation
import Testing

@testable import ChainTUI

/// Issue 33, item 4: a session recorded as asciicast v2, from a script's `cast` line and from
/// the explorer's `--cast` (the terminal wrapper it puts between the run loop and ncurses).
///
/// The replay plays the cast's output events through ``VTScreen``, a small VT interpreter of the
/// sequences the frames use, and compares the screen it ends on with the headless terminal's
/// last frame, cell by cell: characters, colours and attributes.
@Suite("Asciicast recordings")
@MainActor
struct CastTests {
  /// A fresh folder for one test's files.
  static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("chaintui-cast-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Runs script text against the explorer headlessly with `folder` as the script's folder;
  /// returns the driver, for its last frame, and the failure if any.
  static func run(_ text: String, in folder: URL) throws -> (HeadlessDriver, ScriptFailure?) {
    let script = try ScriptParser.parse(text, file: "cast.chaintui")
    let target = try ExplorerScriptTarget.make(
      size: script.size ?? Script.defaultSize, scene: script.scene)
    let driver = try #require(target as? HeadlessDriver)
    let executor = ScriptExecutor(target: driver, snapshots: nil)
    executor.folder = folder
    return (driver, executor.run(script.steps))
  }

  static let session = """
    size 80x24
    scene domino
    cast session.cast
    press l
    tick 1500ms
    press tab e
    resize 90x26
    press i
    tick 2s
    press r
    expect screen contains "Event chain"
    """

  @Test("a script's cast is asciicast v2: header, non-decreasing times, output and resize events")
  func scriptCastParses() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (_, failure) = try Self.run(Self.session, in: folder)
    #expect(failure == nil, "\(failure.map { "\($0)" } ?? "")")
    let cast = try Asciicast(
      String(contentsOf: folder.appendingPathComponent("session.cast"), encoding: .utf8))
    #expect(cast.header["version"] as? Int == 2)
    #expect(cast.header["width"] as? Int == 80)
    #expect(cast.header["height"] as? Int == 24)
    // A script's cast leaves the wall clock out, so it is the same on every run.
    #expect(cast.header["timestamp"] == nil)
    let times = cast.events.map(\.time)
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "times go back: \(times)")
    #expect(times.first == 0)
    // 1.5 s and 2 s of the script's clock: the last frame comes 3.5 s after the first.
    #expect(times.last == 3.5)
    #expect(Set(cast.events.map(\.type)) == ["o", "r"])
    #expect(cast.events.filter { $0.type == "r" }.map(\.data) == ["90x26"])
  }

  @Test("a script's cast replays to the screen the script ended on")
  func scriptCastReplays() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (driver, failure) = try Self.run(Self.session, in: folder)
    #expect(failure == nil)
    let cast = try Asciicast(
      String(contentsOf: folder.appendingPathComponent("session.cast"), encoding: .utf8))
    let replayed = try cast.replay()
    let final = try #require(driver.terminal.lastFrame)
    let difference = replayed.firstDifference(from: final)
    #expect(difference == nil, "the replay differs at \(difference ?? "")")
  }

  @Test("the same script writes the same cast twice")
  func scriptCastIsDeterministic() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("session.cast")
    _ = try Self.run(Self.session, in: folder)
    let first = try Data(contentsOf: file)
    _ = try Self.run(Self.session, in: folder)
    #expect(try Data(contentsOf: file) == first)
  }

  @Test("the explorer's cast, in colour, replays to the last frame it presented")
  func explorerCastReplays() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("explorer.cast").path
    let clock = ManualLoopClock()
    let cast = try AsciicastWriter(path: path, clock: clock, timestamp: 1_700_000_000)
    let terminal = HeadlessTerminal(size: Size(width: 100, height: 30))
    let app = App(size: terminal.size, colors: true)
    app.showsTimings = false
    let runner = AppRunner(
      app: app, terminal: CastingTerminal(terminal, recordingTo: cast), clock: clock)
    try runner.start()
    // The bytes a terminal sends: keys, then a resize the runner hands on.
    for bytes in ["l", "\t", "e", "i", "\u{1B}[B", "2", "\t", "l"] {
      terminal.feed(bytes: Array(bytes.utf8))
      clock.advance(by: .milliseconds(120))
      try runner.step()
    }
    terminal.resize(to: Size(width: 84, height: 25))
    try runner.step()
    let recorded = try Asciicast(String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8))
    #expect(recorded.header["timestamp"] as? Int == 1_700_000_000)
    #expect(recorded.events.contains { $0.data.contains(";35m") }, "no magenta drawn")
    let final = try #require(terminal.lastFrame)
    let difference = try recorded.replay().firstDifference(from: final)
    #expect(difference == nil, "the replay differs at \(difference ?? "")")
    #expect(cast.failure == nil)
  }

  @Test("a cast to a path that cannot be written fails its script line, saying why")
  func unwritableScriptCast() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (_, failure) = try Self.run(
      "cast no-such-folder/x.cast\nexpect screen contains \"Event chain\"", in: folder)
    let found = try #require(failure)
    #expect(found.location.line == 1)
    #expect(found.reason.contains("cannot record the cast to"))
    #expect(found.reason.contains("No such file or directory"))
    let (_, again) = try Self.run("cast .\nexpect screen contains \"x\"", in: folder)
    #expect(again?.reason.contains("it is a directory") == true)
  }

  @Test("the explorer refuses a cast path it cannot write before it touches the terminal")
  func unwritableExplorerCast() async throws {
    let options = Explorer.Options(
      includesBuiltInScenes: true, castFile: "/no-such-folder-\(UUID().uuidString)/x.cast")
    await #expect {
      try await Explorer.run([], options: options)
    } throws: { error in
      "\(error)".contains("cannot record the cast to")
        && "\(error)".contains("No such file or directory")
    }
  }
}
