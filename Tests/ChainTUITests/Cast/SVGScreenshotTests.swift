import Foundation
import Testing

@testable import ChainTUI

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Issue 33, item 4: the screen as an SVG picture, from Ctrl-X in the explorer and a script's
/// `svg` line; the README's picture is one, re-made from its script by this suite.
@Suite("SVG screenshots")
@MainActor
struct SVGScreenshotTests {
  /// What an SVG's `<text>` rows hold: each row's text laid out at its runs' columns, and every
  /// colour it fills with.
  final class Reader: NSObject, XMLParserDelegate {
    var rows: [String] = []
    var fills: Set<String> = []
    private var column: Int?
    private var inText = false

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      if let fill = attributes["fill"] { fills.insert(fill) }
      if name == "text" {
        let y = Double(attributes["y"] ?? "") ?? 0
        let row = Int(y / SVGScreenshot.rowHeight)
        while rows.count <= row { rows.append("") }
        inText = true
      }
      if name == "tspan" {
        column = Int(((Double(attributes["x"] ?? "") ?? 0) / SVGScreenshot.cellWidth).rounded())
      }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      guard inText, let start = column, !rows.isEmpty else { return }
      var row = Array(rows[rows.count - 1])
      while row.count < start { row.append(" ") }
      row.replaceSubrange(start..<min(row.count, start + string.count), with: Array(string))
      rows[rows.count - 1] = String(row)
      column = start + string.count
    }

    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      if name == "text" { inText = false }
      if name == "tspan" { column = nil }
    }
  }

  /// Parses an SVG as XML; fails the test if it is not well formed.
  static func read(_ svg: String) throws -> Reader {
    let parser = XMLParser(data: Data(svg.utf8))
    let reader = Reader()
    parser.delegate = reader
    let parsed = parser.parse()
    try #require(parsed, "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
    return reader
  }

  @Test("the SVG is well-formed XML holding every row's text, box drawing included")
  func svgHoldsTheScreen() throws {
    let app = App(size: Size(width: 100, height: 30), colors: true)
    app.showsTimings = false
    app.press(.character("l"))
    let grid = app.render()
    let reader = try Self.read(SVGScreenshot.svg(of: grid))
    let rows = (0..<grid.height).map { grid.row($0) }
    var read = reader.rows
    while read.count < rows.count { read.append("") }
    // The SVG's rows with the continuation cells of wide glyphs: Grid.row skips them too.
    #expect(
      read.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        == rows.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) })
    #expect(rows.joined().contains("┌") || rows.joined().contains("╭"), "no box drawn")
  }

  @Test("the SVG keeps the screen's colours: foregrounds, backgrounds, reverse")
  func svgKeepsColours() throws {
    var grid = Grid(width: 20, height: 2)
    grid.put("red", at: Point(x: 0, y: 0), style: Style(foreground: .red))
    grid.put("on blue", at: Point(x: 4, y: 0), style: Style(background: .blue))
    grid.put("focus", at: Point(x: 0, y: 1), style: Style(foreground: .cyan, reverse: true))
    grid.put("<&>", at: Point(x: 6, y: 1), style: Style(bold: true))
    let svg = SVGScreenshot.svg(of: grid)
    let reader = try Self.read(svg)
    #expect(reader.fills.contains(SVGScreenshot.palette[.red] ?? ""))
    #expect(reader.fills.contains(SVGScreenshot.palette[.blue] ?? ""))
    // Reverse: the cyan becomes the background, the terminal's background the text.
    #expect(svg.contains("fill=\"\(SVGScreenshot.palette[.cyan] ?? "")\"/>"))
    #expect(reader.rows == ["red on blue", "focus <&>"])
    #expect(svg.contains("font-weight=\"bold\""))
  }

  @Test("Ctrl-X saves the screen as the first free chaintui-N.svg and says so")
  func ctrlXSaves() throws {
    let folder = try CastTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = App(size: Size(width: 80, height: 24), colors: true)
    app.screenshotFolder = folder.path
    app.press(.ctrl("x"))
    #expect(app.flash == "Ctrl-X: saved the screen as \(folder.path)/chaintui-1.svg")
    app.press(.ctrl("x"))
    let second = folder.appendingPathComponent("chaintui-2.svg")
    let svg = try String(contentsOf: second, encoding: .utf8)
    #expect(try Self.read(svg).rows.joined().contains("Event chain"))
    // The status line says where it went; the picture itself was taken before.
    #expect(app.render().text.contains("saved the screen"))
  }

  @Test("Ctrl-X without a folder (a test's or a script's app) saves nothing and says so")
  func ctrlXWithoutFolder() {
    let app = App(size: Size(width: 80, height: 24), colors: false)
    app.press(.ctrl("x"))
    #expect(app.flash?.hasPrefix("Ctrl-X: no folder to save the screen in") == true)
  }

  @Test("Ctrl-X into a folder that cannot be written says why, and the explorer goes on")
  func ctrlXUnwritable() throws {
    let app = App(size: Size(width: 80, height: 24), colors: false)
    app.screenshotFolder = "/no-such-folder-\(UUID().uuidString)"
    app.press(.ctrl("x"))
    #expect(app.flash?.contains("cannot save the screen to") == true)
    #expect(app.flash?.contains("No such file or directory") == true)
    app.press(.character("l"))
    #expect(!app.isFinished)
  }

  @Test("a script's svg line saves the screen in colour; a bad path fails the line")
  func scriptSVG() throws {
    let folder = try CastTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (_, failure) = try CastTests.run(
      "press l\nsvg shot.svg\nexpect screen contains \"Event chain\"", in: folder)
    #expect(failure == nil)
    let svg = try String(
      contentsOf: folder.appendingPathComponent("shot.svg"), encoding: .utf8)
    let reader = try Self.read(svg)
    #expect(reader.fills.contains(SVGScreenshot.palette[.magenta] ?? ""), "no colour kept")
    let (_, bad) = try CastTests.run(
      "press l\nsvg missing/shot.svg\nexpect screen contains \"x\"", in: folder)
    #expect(bad?.location.line == 2)
    #expect(bad?.reason.contains("cannot save the screen to") == true)
  }

  /// docs/images, located from this file.
  static let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/images")

  @Test("docs/images/explorer.svg is what docs/images/explorer.chaintui saves")
  func readmePictureIsCurrent() throws {
    let folder = try CastTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = Self.images.appendingPathComponent("explorer.chaintui")
    let runner = ScriptRunner(makeTarget: { size, scene, scenes in
      try ExplorerScriptTarget.make(size: size, scene: scene, scenes: scenes)
    })
    let report = runner.run(
      bytes: Array(try Data(contentsOf: script)), file: script.path, snapshots: nil,
      folder: folder)
    #expect(report.passed, "\(report.details)")
    let made = try String(
      contentsOf: folder.appendingPathComponent("explorer.svg"), encoding: .utf8)
    let picture = Self.images.appendingPathComponent("explorer.svg")
    if SnapshotStore.updateRequestedByEnvironment {
      guard (try? String(contentsOf: picture, encoding: .utf8)) != made else { return }
      try made.write(to: picture, atomically: true, encoding: .utf8)
      Issue.record("re-recorded \(picture.path); look at it, then run again without the variable")
      return
    }
    let checkedIn = try String(contentsOf: picture, encoding: .utf8)
    #expect(
      checkedIn == made,
      "docs/images/explorer.svg is stale: re-make it with CHAINTUI_UPDATE_SNAPSHOTS=1")
  }
}
