import ChainKit
import Foundation

/// A screen as an SVG picture.
///
/// Each row is a line of monospaced text, a `<tspan>` per run of one style (its colour, bold,
/// dim, underline), the backgrounds as rectangles under the text, on a dark terminal's
/// background. Box-drawing characters are kept as text, so lines join as on a terminal whose
/// font has them.
///
/// Every run is placed at its column and stretched to its width (`textLength`), so columns line
/// up whatever the viewer's monospaced font measures.
package enum SVGScreenshot {
  /// The width of a cell, in pixels.
  static let cellWidth = 8.4
  /// The height of a row, in pixels.
  static let rowHeight = 17.0
  /// The font size, in pixels.
  static let fontSize = 14
  /// The terminal's own foreground and background (the `default` colour).
  static let defaultForeground = "#d0d0d0"
  static let defaultBackground = "#1e1e1e"
  /// The eight ANSI colours, as a common dark terminal theme draws them.
  static let palette: [Style.Color: String] = [
    .black: "#2e3436", .red: "#e06c75", .green: "#98c379", .yellow: "#e5c07b",
    .blue: "#61afef", .magenta: "#c678dd", .cyan: "#56b6c2", .white: "#dcdfe4",
  ]

  /// The foreground and background a style draws with, reverse applied.
  static func colors(of style: Style) -> (foreground: String, background: String?) {
    let foreground = palette[style.foreground] ?? defaultForeground
    let background = palette[style.background]
    if style.reverse { return (background ?? defaultBackground, foreground) }
    return (foreground, background)
  }

  /// The SVG text of a screen.
  package static func svg(of grid: Grid) -> String {
    let width = Double(grid.width) * cellWidth
    let height = Double(grid.height) * rowHeight
    var lines = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(number(width))\""
        + " height=\"\(number(height))\" viewBox=\"0 0 \(number(width)) \(number(height))\""
        + " font-family=\"'DejaVu Sans Mono', Menlo, Consolas, monospace\""
        + " font-size=\"\(fontSize)\">",
      "<rect width=\"100%\" height=\"100%\" fill=\"\(defaultBackground)\"/>",
    ]
    let rows = (0..<grid.height).map { runs(ofRow: $0, in: grid) }
    for (y, row) in rows.enumerated() {
      for run in row {
        guard let fill = colors(of: run.style).background else { continue }
        lines.append(
          "<rect x=\"\(number(Double(run.column) * cellWidth))\""
            + " y=\"\(number(Double(y) * rowHeight))\""
            + " width=\"\(number(Double(run.columns) * cellWidth))\""
            + " height=\"\(number(rowHeight))\" fill=\"\(fill)\"/>")
      }
    }
    for (y, row) in rows.enumerated() {
      let spans = row.filter { !$0.text.allSatisfy { $0 == " " } }
      guard !spans.isEmpty else { continue }
      // The baseline sits a little above the row's bottom, where descenders still fit.
      var line =
        "<text y=\"\(number(Double(y) * rowHeight + rowHeight - 4))\" xml:space=\"preserve\">"
      for run in spans { line += tspan(run) }
      lines.append(line + "</text>")
    }
    lines.append("</svg>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// One run of cells in one style along a row.
  struct Run {
    var column: Int
    var columns: Int
    var style: Style
    var text: String
  }

  /// The runs of a row, left to right; a wide glyph's continuation cell adds to its run's
  /// columns, not to its text.
  static func runs(ofRow y: Int, in grid: Grid) -> [Run] {
    var runs: [Run] = []
    for x in 0..<grid.width {
      guard let cell = grid.cell(at: Point(x: x, y: y)) else { continue }
      if var last = runs.last, last.style == cell.style {
        last.columns += 1
        if !cell.isContinuation { last.text.append(cell.character) }
        runs[runs.count - 1] = last
      } else {
        runs.append(
          Run(
            column: x, columns: 1, style: cell.style,
            text: cell.isContinuation ? "" : String(cell.character)))
      }
    }
    return runs
  }

  private static func tspan(_ run: Run) -> String {
    var attributes = [
      "x=\"\(number(Double(run.column) * cellWidth))\"",
      "textLength=\"\(number(Double(run.columns) * cellWidth))\"",
      "lengthAdjust=\"spacingAndGlyphs\"",
      "fill=\"\(colors(of: run.style).foreground)\"",
    ]
    if run.style.bold { attributes.append("font-weight=\"bold\"") }
    if run.style.dim { attributes.append("opacity=\"0.6\"") }
    if run.style.underline { attributes.append("text-decoration=\"underline\"") }
    return "<tspan \(attributes.joined(separator: " "))>\(escaped(run.text))</tspan>"
  }

  /// Text with XML's five special characters as entities.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      default: result.append(character)
      }
    }
    return result
  }

  /// A length with at most one decimal, without a trailing `.0`.
  static func number(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
  }

  /// Writes a screen's SVG to a file.
  ///
  /// - Throws: ``RecordingPathError`` naming the path and what is wrong with it.
  package static func write(_ grid: Grid, to path: String) throws(RecordingPathError) {
    if FileKind.of(path) == .directory {
      throw RecordingPathError("cannot save the screen to \(path): it is a directory")
    }
    let fd = SystemCalls.create(path, appending: false)
    guard fd >= 0 else {
      throw RecordingPathError(
        "cannot save the screen to \(path): \(SystemCalls.describe(SystemCalls.lastError))")
    }
    let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    do {
      try handle.write(contentsOf: Data(svg(of: grid).utf8))
    } catch {
      throw RecordingPathError("cannot save the screen to \(path): \(error.localizedDescription)")
    }
  }
}
