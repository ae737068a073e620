import Foundation
import Testing

@testable import ChainTUI

/// Golden screens keep style runs beside the text, so losing a highlight fails a comparison.
@Suite("Golden screens with style")
struct GridSnapshotTests {
  func sample(highlight: Style) -> Grid {
    var grid = Grid(width: 12, height: 3)
    grid.put("root", at: Point(x: 0, y: 0), style: Style(foreground: .cyan))
    grid.put("tgt ping", at: Point(x: 2, y: 1), style: highlight)
    return grid
  }

  @Test("styled runs follow the text, by row and column, in a readable form")
  func runsAreListed() {
    let grid = sample(highlight: Style(foreground: .green, bold: true))
    #expect(
      grid.snapshotText == """
        root
          tgt ping


        -- styles --
        0: 0-3 fg:cyan
        1: 2-9 bold fg:green

        """)
  }

  @Test("a plain screen is its text alone")
  func plainScreenIsText() {
    var grid = Grid(width: 5, height: 2)
    grid.put("ab", at: Point(x: 0, y: 0), style: .plain)
    #expect(grid.snapshotText == "ab\n\n")
  }

  @Test("a golden comparison fails when only a highlight is lost")
  func lostHighlightFails() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("chaintui-style-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = SnapshotStore(directory: directory, update: true)
    _ = recording.check("screen", screen: sample(highlight: Style(reverse: true)))
    let comparing = SnapshotStore(directory: directory, update: false)
    #expect(comparing.check("screen", screen: sample(highlight: Style(reverse: true))) == nil)
    let failure = comparing.check("screen", screen: sample(highlight: .plain))
    #expect(failure?.contains("differs") == true)
  }
}
