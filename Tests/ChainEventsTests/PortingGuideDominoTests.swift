import ChainEvents
import Foundation
import Testing

// The Domino rows of ChainKit.docc/PortingGuide.md, in its two Swift blocks, line for line
// (DocExampleCoverageTests holds them to the guide). `ContentViewControllerEvents` is the
// protocol of ProtocolEventsArticle.swift.

@MainActor
final class StatisticsManager {
  let node = Node("StatisticsManager")
  private(set) var heard: [Int] = []

  func subscribeToAll() {
    node.subscribe(ContentViewControllerEvents.Event.self, target: self)
  }

  func subscribeToOne() {
    node.on(ContentViewControllerEvents.Keys.contentDidLoadWithArg, target: self) { me, ctx, arg in
      me.contentDidLoadWithArg(arg)
    }
  }
}

// Domino's @optional methods: conform to Partial (whose defaults decline), in an extension, where
// Swift warns about a method whose name is near one of the protocol's but not quite it.
extension StatisticsManager: ContentViewControllerEvents.Partial {
  func contentDidLoadWithArg(_ arg: Int) { heard.append(arg) }
}

@MainActor
@Suite("The Porting Guide's Domino rows, run as written")
struct PortingGuideDominoTests {
  @Test("the named event, the trigger, the generated key, the interceptor and the request")
  func rows() throws {
    var printed: [String] = []
    func print(_ line: String) { printed.append(line) }
    let containerNode = Node("ContainerViewController")
    let managerNode = Node("ManagerViewController")
    let node = Node("ContentViewController")
    try managerNode.mount(at: containerNode)
    try node.mount(at: managerNode)

    containerNode.on("Statistics") { ctx, params in print(params["msg", as: String.self] ?? "") }
    node.post("Statistics", ["msg": "did load"])  // prints "did load"

    containerNode.on(ContentViewControllerEvents.Keys.contentDidLoadWithArg) { ctx, arg in
      print("heard \(arg)")
    }
    node.trigger(ContentViewControllerEvents.Event.self).contentDidLoadWithArg(12)  // "heard 12"
    node.post(ContentViewControllerEvents.Keys.contentDidLoadWithArg, 12)  // the same: "heard 12"

    managerNode.intercept(ContentViewControllerEvents.Keys.contentDidLoadWithArg) { ctx, arg in
      arg = 333
    }
    node.post(ContentViewControllerEvents.Keys.contentDidLoadWithArg, 12)  // "heard 333"

    containerNode.respond(to: ContentViewControllerEvents.Keys.fetchChannelID) { ctx, _ in "42" }
    let id = node.trigger(ContentViewControllerEvents.Event.self).fetchChannelID()  // "42"
    let sameID = node.request(ContentViewControllerEvents.Keys.fetchChannelID)  // "42"

    containerNode.intercept(ContentViewControllerEvents.Event.self) { ctx, event in
      print("saw \(event)")
    }
    // prints "saw contentDidLoad(arg1: \"a\", arg2: 1)"
    node.trigger(ContentViewControllerEvents.Event.self).contentDidLoad(arg1: "a", arg2: 1)

    #expect(
      printed == [
        "did load", "heard 12", "heard 12", "heard 333", #"saw contentDidLoad(arg1: "a", arg2: 1)"#,
      ])
    #expect(id == "42")
    #expect(sameID == "42")
  }

  @Test("the key the guide names is the key the trigger posts; a hand-written one is not")
  func generatedKeyIsTheTriggersKey() {
    let node = Node("ContentViewController")
    var heard: [String] = []
    node.on(ContentViewControllerEvents.Keys.contentDidLoadWithArg) { _, arg in
      heard.append("generated \(arg)")
    }
    let handWritten = EventKey<Int>("contentDidLoadWithArg:")
    node.on(handWritten) { _, arg in heard.append("hand-written \(arg)") }
    node.trigger(ContentViewControllerEvents.Event.self).contentDidLoadWithArg(12)
    #expect(heard == ["generated 12"])
    #expect(
      ContentViewControllerEvents.Keys.contentDidLoadWithArg.name
        == "ContentViewControllerEvents.contentDidLoadWithArg(_:)")
  }

  @Test("an implementing object hears the trigger through subscribe and through one key")
  func subscriber() throws {
    let content = Node("ContentViewController")
    let all = StatisticsManager()
    let one = StatisticsManager()
    all.subscribeToAll()
    one.subscribeToOne()
    try content.mount(at: all.node)
    content.trigger(ContentViewControllerEvents.Event.self).contentDidLoadWithArg(7)
    content.unmountFromAll()
    try content.mount(at: one.node)
    content.trigger(ContentViewControllerEvents.Event.self).contentDidLoadWithArg(8)
    #expect(all.heard == [7])
    #expect(one.heard == [8])
  }

  /// The guide's text, from the package root.
  static func guide() throws -> String {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return try String(
      contentsOf: root.appendingPathComponent("Sources/ChainKit/ChainKit.docc/PortingGuide.md"),
      encoding: .utf8)
  }

  /// Collapses every run of whitespace, line ends included, to one space.
  static func collapsed(_ text: some StringProtocol) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// The Domino table names keys, triggers and listeners in spellings the guide's blocks run, so
  /// a spelling copied from a row compiles and reaches its listener, as the blocks do here.
  @Test("every call in the Domino table's ChainKit column is one the guide's blocks run")
  func tableSpellingsAreInTheBlocks() throws {
    let text = try Self.guide()
    let parts = text.components(separatedBy: "```swift\n")
    let code = Self.collapsed(
      parts.dropFirst().map { $0.components(separatedBy: "\n```").first ?? "" }
        .joined(separator: "\n"))
    // The counter-example the guide warns of is run here, by generatedKeyIsTheTriggersKey.
    let tests = Self.collapsed(
      try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8))
    let table = try #require(
      text.components(separatedBy: "### Domino\n").dropFirst().first?
        .components(separatedBy: "\n\n| Domino trigger mode").first)
    let placeholder = try Regex(#"\bkey\b|\bP\."#)
    var checked = 0
    for row in table.split(separator: "\n") where row.hasPrefix("|") {
      let columns = row.split(separator: "|")
      guard columns.count >= 2 else { continue }
      // DocC links (double backquotes) are checked by DocC; the spans are the single ones.
      let chainKit = columns[1].replacing(try Regex("``[^`]*``"), with: "")
      let spans = chainKit.split(separator: "`", omittingEmptySubsequences: false)
      for (index, span) in spans.enumerated() where index % 2 == 1 && span.contains("(") {
        // A key's name as traces show it, and a schematic call, are not code to run.
        if span.hasSuffix(":)") || span.contains(placeholder) { continue }
        // A closure body written `…` is the reader's: the part before it is checked.
        var spelling = Self.collapsed(span.components(separatedBy: "…")[0])
        // The receiver `node` stands for whichever node the block uses.
        if spelling.hasPrefix("node.") { spelling.removeFirst("node".count) }
        checked += 1
        #expect(
          code.contains(spelling) || tests.contains(spelling),
          "PortingGuide.md: `\(span)` is in none of its blocks")
      }
    }
    #expect(checked >= 12, "only \(checked) spellings found")
  }
}
