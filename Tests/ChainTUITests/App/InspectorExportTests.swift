import ChainKit
import ChainKitTracing
import Foundation
import Testing

@testable import ChainTUI

/// Issue 33, item 3: `E` in the inspector saves the session's records as Chrome Trace Event
/// JSON, the same file `chaintui export --format chrome` makes of the session's trace.
@Suite("Exporting the session's trace from the inspector")
@MainActor
struct InspectorExportTests {
  /// Feeds `bytes` to the app as a terminal sends them.
  private func type(_ bytes: String, into app: App) {
    var decoder = KeyDecoder()
    for key in decoder.decode(Array(bytes.utf8)) { app.press(key) }
  }

  /// A folder of its own for one test.
  private func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("chaintui-export-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The session's lines as a `--trace` file holds them: one JSON object a line.
  private func jsonLines(_ lines: [TraceLine]) throws -> Data {
    var data = Data()
    for line in lines {
      data.append(try JSONEncoder().encode(line))
      data.append(0x0A)
    }
    return data
  }

  @Test("E saves chaintui-trace-1.json with the session's dispatches, as the CLI exports them")
  func exportsTheSession() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = AppTest.app(scene: "router")
    app.screenshotFolder = folder.path
    type("\r", into: app)
    type("i", into: app)
    type("E", into: app)
    let path = folder.appendingPathComponent("chaintui-trace-1.json").path
    #expect(app.flash?.contains(path) == true, "status: \(app.flash ?? "none")")
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let events = try #require(object["traceEvents"] as? [[String: Any]])
    let names = events.compactMap { $0["name"] as? String }
    // The posted event is a slice ("X") named after its key, on the router scene's process.
    let slices = events.filter { ($0["ph"] as? String) == "X" }
    #expect(slices.contains { ($0["name"] as? String)?.contains("cellTapped") == true }, "\(names)")
    #expect(names.contains("process_name"))
    let processes = events.filter { ($0["name"] as? String) == "process_name" }
      .compactMap { ($0["args"] as? [String: Any])?["name"] as? String }
    #expect(processes.contains { $0.contains("router") }, "\(processes)")
    // The same records through the command line's converter make the same file.
    let viaCLI = try ChromeTraceExporter().export(jsonLines: jsonLines(app.sessionTraceLines()))
    #expect(data == viaCLI)
    // A second export takes the next free name.
    type("E", into: app)
    #expect(
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("chaintui-trace-2.json").path))
  }

  @Test("E in an app a test drives says there is no folder to save in, and writes nothing")
  func noFolderSaysSo() {
    let app = AppTest.app(scene: "router")
    type("\r", into: app)
    type("i", into: app)
    type("E", into: app)
    #expect(app.flash?.hasPrefix("E: no folder to save the trace in") == true)
  }

  @Test("E in a folder that cannot be written says why in the status line")
  func unwritableFolderSaysWhy() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = AppTest.app(scene: "router")
    app.screenshotFolder = folder.appendingPathComponent("missing").path
    type("\r", into: app)
    type("i", into: app)
    type("E", into: app)
    #expect(app.flash?.hasPrefix("E: ") == true)
    #expect(app.flash?.contains("missing/chaintui-trace-1.json") == true, "\(app.flash ?? "")")
  }
}
