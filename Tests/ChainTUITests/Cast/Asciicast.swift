import Foundation
import Testing

@testable import ChainTUI

/// An asciicast v2 file read back: its header and its events, checked as asciinema reads them.
struct Asciicast {
  /// The header's fields.
  var header: [String: Any]
  /// Each event: its time in seconds, its type ("o" output, "r" resize) and its data.
  var events: [(time: Double, type: String, data: String)]

  /// Parses a cast: a JSON object on the first line, then one three-element JSON array a line.
  init(_ text: String) throws {
    let lines = text.split(separator: "\n").map(String.init)
    let first = try #require(lines.first, "the cast is empty")
    header = try #require(
      try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any],
      "the first line is not a JSON object: \(first)")
    events = try lines.dropFirst().map { line in
      let array = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any],
        "an event is not a JSON array: \(line)")
      try #require(array.count == 3, "an event has \(array.count) elements: \(line)")
      let time = try #require((array[0] as? NSNumber)?.doubleValue, "no time in \(line)")
      let type = try #require(array[1] as? String, "no type in \(line)")
      let data = try #require(array[2] as? String, "no data in \(line)")
      return (time, type, data)
    }
  }

  /// Plays the events into a screen of the header's size, as a terminal would draw them.
  func replay() throws -> Grid {
    let width = try #require(header["width"] as? Int)
    let height = try #require(header["height"] as? Int)
    var screen = VTScreen(size: Size(width: width, height: height))
    for event in events {
      switch event.type {
      case "o": try screen.write(event.data)
      case "r":
        let parts = event.data.split(separator: "x").compactMap { Int($0) }
        try #require(parts.count == 2, "a resize event's data is \(event.data)")
        screen.resize(to: Size(width: parts[0], height: parts[1]))
      default: Issue.record("an event of type \(event.type)")
      }
    }
    return screen.grid
  }
}

/// A small VT screen for the sequences a cast's frames use.
///
/// It draws printable text at the cursor (a wide glyph takes two columns), and knows CUP
/// (`ESC [ row ; col H`), ED 2 (`ESC [ 2 J`), SGR with the eight ANSI colours, bold, dim,
/// underline and reverse, and the cursor's visibility (ignored).
/// Any other sequence fails the test, so a frame that relies on one cannot pass unnoticed.
struct VTScreen {
  private(set) var grid: Grid
  private var cursor = Point(x: 0, y: 0)
  private var style = Style.plain

  init(size: Size) {
    grid = Grid(size: size)
  }

  /// A new size: the screen keeps nothing, as the next frame repaints it whole.
  mutating func resize(to size: Size) {
    grid = Grid(size: size)
    cursor = Point(x: 0, y: 0)
  }

  mutating func write(_ text: String) throws {
    var characters = text[...]
    while let character = characters.first {
      characters = characters.dropFirst()
      guard character == "\u{1B}" else {
        let next = grid.put(String(character), at: cursor, style: style)
        cursor.x = next
        continue
      }
      try #require(characters.first == "[", "an escape that is not CSI")
      characters = characters.dropFirst()
      let body = characters.prefix { !$0.isLetter }
      characters = characters.dropFirst(body.count)
      let final = try #require(characters.first, "a CSI sequence cut off")
      characters = characters.dropFirst()
      try apply(final, String(body))
    }
  }

  private mutating func apply(_ final: Character, _ parameters: String) throws {
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false)
      .map { Int($0) ?? 0 }
    switch (final, parameters) {
    case ("l", "?25"), ("h", "?25"): break
    case ("J", "2"): grid = Grid(size: grid.size)
    case ("H", _):
      cursor = Point(x: max(1, numbers.count > 1 ? numbers[1] : 1) - 1, y: max(1, numbers[0]) - 1)
    case ("m", _):
      for code in numbers {
        switch code {
        case 0: style = .plain
        case 1: style.bold = true
        case 2: style.dim = true
        case 4: style.underline = true
        case 7: style.reverse = true
        case 30...37: style.foreground = Style.Color(rawValue: code - 29) ?? .default
        case 39: style.foreground = .default
        case 40...47: style.background = Style.Color(rawValue: code - 39) ?? .default
        case 49: style.background = .default
        default: Issue.record("SGR \(code) is not one a cast uses")
        }
      }
    default: Issue.record("ESC [ \(parameters)\(final) is not a sequence a cast uses")
    }
  }
}

extension Grid {
  /// The first cell where `other` differs from this grid, said in words; `nil` when they are
  /// equal, so a failed replay names one cell instead of printing two screens of cells.
  func firstDifference(from other: Grid) -> String? {
    guard size == other.size else { return "sizes \(size) and \(other.size)" }
    for y in 0..<height {
      for x in 0..<width {
        let point = Point(x: x, y: y)
        guard let mine = cell(at: point), let theirs = other.cell(at: point), mine != theirs
        else { continue }
        return "row \(y), column \(x): \(mine) against \(theirs); the row: \(row(y))"
      }
    }
    return nil
  }
}
