import ChainKit
import Foundation
import Testing

@testable import ChainTUI

@Suite("Runner and recorder")
@MainActor
struct RunnerTests {
  @Test("the runner delivers queued keys, presents a frame after each, and stops on q")
  func runsUntilQuit() throws {
    let terminal = HeadlessTerminal(size: Size(width: 80, height: 24))
    terminal.enqueue(.character("2"), .enter, .character("q"))
    let app = App(size: Size(width: 1, height: 1), colors: false)
    try AppRunner(app: app, terminal: terminal).run()
    #expect(app.isFinished)
    #expect(app.scene.id == "router")
    #expect(terminal.presentCount == 4)
    #expect(terminal.screenText.contains("opened: row 0 of inbox"))
  }

  @Test("a resize from the terminal re-lays out at the new size")
  func resizes() throws {
    let terminal = HeadlessTerminal(size: Size(width: 80, height: 24))
    terminal.resize(to: Size(width: 100, height: 30))
    terminal.enqueue(.character("q"))
    let app = App(size: Size(width: 80, height: 24), colors: false)
    try AppRunner(app: app, terminal: terminal).run()
    #expect(terminal.lastFrame?.size == Size(width: 100, height: 30))
  }

  @Test("the recorder writes a replayable script: size, scene, then one line per key or resize")
  func records() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("chaintui-record-\(UUID().uuidString).script").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let terminal = HeadlessTerminal(size: Size(width: 80, height: 24))
    terminal.enqueue(.tab, .character(" "), .mouseClick(x: 3, y: 4), .character("#"))
    terminal.enqueue(.character("\""))
    terminal.resize(to: Size(width: 90, height: 30))
    terminal.enqueue(.character("q"))
    let app = App(size: Size(width: 80, height: 24), colors: false)
    try AppRunner(app: app, terminal: terminal, recorder: SessionRecorder(path: path)).run()
    let script = try String(contentsOfFile: path, encoding: .utf8)
    // Real time passes between keys here too; a slow machine may record ticks between them.
    let lines = script.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("tick ") }
    #expect(
      lines == [
        "size 90x30", "scene domino", "press tab", "press space", "press click:3,4",
        ##"press "#""##, ##"press "\"""##, "resize 90x30", "press q",
      ])
    // It parses back: a `#` or a quote is quoted, not read as a comment or an open string.
    let parsed = try ScriptParser.parse(script, file: "recorded.chaintui")
    #expect(parsed.steps.count == script.split(separator: "\n").count - 2)
  }

  @Test("the recorder writes the time that passed before a key as a tick")
  func recordsTicks() throws {
    let pipe = Pipe()
    let recorder = SessionRecorder(handle: pipe.fileHandleForWriting)
    recorder.elapsed(.milliseconds(1500))
    try recorder.record(.character("a"))
    recorder.elapsed(.microseconds(10))
    try recorder.record(.character("b"))
    try pipe.fileHandleForWriting.close()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(text == "tick 1500ms\npress a\npress b\n")
  }
}

@Suite("Trace forwarding")
@MainActor
struct TraceForwardingTests {
  @Test("the --trace tracer receives every scene's records, the same ones the inspector lists")
  func forwardsRecords() {
    let log = TraceLog()
    let app = App(size: Size(width: 80, height: 24), colors: false, trace: log)
    app.press(.character("l"))
    #expect(log.dispatches.map(\.key) == ["contentSeen", "contentDidLoad"])
    #expect(Set(log.dispatches.map(\.id)) == Set(app.dispatches.map(\.id)))
  }

  @Test("each line of the --trace file names the scene it came from as its scope")
  func traceLinesNameTheirScene() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("chaintui-scope-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let writer = try JSONLinesTraceWriter(path: path)
    let app = App(size: Size(width: 80, height: 24), colors: false, trace: writer)
    app.press(.character("l"))
    let lines = try TraceLine.decodeJSONLines(Data(contentsOf: URL(fileURLWithPath: path)))
    // The bindings scene's set-up records, then the two dispatches of `l` in the domino scene.
    #expect(lines.map(\.scope) == ["bindings", "bindings", "domino", "domino"])
  }
}
