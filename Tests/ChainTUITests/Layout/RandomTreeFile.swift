import ChainKitTestSupport

@testable import ChainTUI

/// Random tree files: a few panels deep and wide, with long and short titles, bodies, keys that
/// post events and listeners above them that log, so logs grow as keys are pressed.
///
/// The text goes through the real parser, so every tree is one a user could write.
struct RandomTreeFile {
  /// The file's text.
  let text: String
  /// The keys its panels bind.
  let keys: [Key]

  static let words = [
    "inbox", "settings window", "a rather long panel title that will not fit", "x",
    "photo (subscriber)", "détail", "list", "sidebar", "form", "status", "chart of the week",
  ]

  init(using generator: inout SplitMix64) {
    var lines = ["scene rnd \"Random\""]
    var count = 0
    let limit = Int.random(in: 2...18, using: &generator)
    let maxDepth = Int.random(in: 1...5, using: &generator)
    func panel(depth: Int) {
      let name = "p\(count)"
      count += 1
      let indent = String(repeating: "  ", count: depth)
      var header = "\(indent)panel \(name)"
      if Bool.random(using: &generator) {
        header += " \"\(Self.words.randomElement(using: &generator) ?? "t")\""
      }
      header += Bool.random(using: &generator) ? " axis=vertical" : " axis=horizontal"
      switch Int.random(in: 0..<6, using: &generator) {
      case 0: header += " weight=\(Int.random(in: 1...3, using: &generator))"
      case 1: header += " length=\(Int.random(in: 3...12, using: &generator))"
      default: break
      }
      lines.append(header)
      for _ in 0..<Int.random(in: 0...2, using: &generator) {
        lines.append("\(indent)  text \"\(Self.words.randomElement(using: &generator) ?? "t")\"")
      }
      lines.append("\(indent)  on ping \(Bool.random(using: &generator) ? "log" : "handle")")
      lines.append("\(indent)  on pong log")
      let children =
        depth < maxDepth && count < limit ? Int.random(in: 0...4, using: &generator) : 0
      if children == 0 || Int.random(in: 0..<3, using: &generator) == 0 {
        lines.append("\(indent)  key l \"ping\" post ping from=\(name)")
        lines.append("\(indent)  key e \"pong\" post pong from=\(name)")
      }
      for _ in 0..<children where count < limit { panel(depth: depth + 1) }
    }
    panel(depth: 0)
    text = lines.joined(separator: "\n") + "\n"
    keys = [.character("l"), .character("e")]
  }
}
