import Foundation
import Testing

/// `chaintui --help` is written unwrapped, so ArgumentParser's own wrapping is the only one:
/// piped (80 columns) it has no line cut in two by a second wrap (issue 24, item 7).
@Suite("Help text")
struct HelpTextTests {
  /// The help of a command, piped, with the terminal width ArgumentParser reads.
  func help(_ arguments: [String], columns: Int) throws -> String {
    let process = Process()
    process.executableURL = ChainTUIBinary.url
    process.arguments = arguments + ["--help"]
    process.environment = ["COLUMNS": String(columns), "LANG": "C.UTF-8"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  @Test(
    "each command's help fits 80 columns without a word left alone on a line",
    arguments: [[], ["run"], ["script"], ["check"], ["inspect"]])
  func fitsEightyColumns(_ command: [String]) throws {
    try #require(ChainTUIBinary.exists, "chaintui is not built at \(ChainTUIBinary.url.path)")
    let text = try help(command, columns: 80)
    #expect(text.contains("USAGE:"))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    // ArgumentParser does not wrap the usage line.
    for line in lines where !line.hasPrefix("USAGE:") {
      #expect(line.count <= 80, "too wide: \(line)")
    }
    // One word alone, then more of the paragraph: the tail of a line wrapped twice ("checks",
    // then "tree files. ..."). A paragraph's own last word is followed by a blank line.
    for (line, next) in zip(lines, lines.dropFirst()) {
      let isOrphan = line.split(separator: " ").count == 1 && !line.hasSuffix(":")
      #expect(
        !(isOrphan && !next.isEmpty && !next.hasPrefix(" ")),
        "a word alone on a line, the paragraph going on: '\(line)'\n\(text)")
    }
  }

  @Test("at a wide terminal a paragraph is one line: the source does not wrap it")
  func paragraphsAreOneLine() throws {
    try #require(ChainTUIBinary.exists, "chaintui is not built at \(ChainTUIBinary.url.path)")
    let text = try help([], columns: 300)
    #expect(
      text.contains(
        "`chaintui script FILE...` runs scripts headlessly; `chaintui check FILE...` checks tree"
          + " files. `chaintui inspect FILE [--follow]`"))
  }
}
