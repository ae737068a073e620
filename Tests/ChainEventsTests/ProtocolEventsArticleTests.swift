import ChainEvents
import Foundation
import Testing

/// The "Protocol Events" article's Swift blocks compile (they are ProtocolEventsArticle.swift)
/// and do what it says.
@Suite("the Protocol Events article")
@MainActor
struct ProtocolEventsArticleTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test("every Swift block of the article is in ProtocolEventsArticle.swift, verbatim")
  func blocksAreCompiled() throws {
    let article = try String(
      contentsOf: Self.root.appending(
        path: "Sources/ChainEvents/ChainEvents.docc/ProtocolEvents.md"),
      encoding: .utf8)
    let compiled = try String(
      contentsOf: Self.root.appending(path: "Tests/ChainEventsTests/ProtocolEventsArticle.swift"),
      encoding: .utf8)
    let blocks = article.components(separatedBy: "```swift\n").dropFirst().map {
      $0.components(separatedBy: "\n```").first ?? ""
    }
    #expect(blocks.count == 6)
    for block in blocks {
      #expect(compiled.contains(block + "\n"), "not compiled:\n\(block)")
    }
  }

  @Test("the article's container hears the content, the interceptor rewrites, the root listens")
  func articleRuns() throws {
    let content = ContentViewController()
    let container = ContainerViewController()
    try content.node.mount(at: container.node)
    container.viewDidLoad()
    var heard: [String] = []
    container.node.on(ContentViewControllerEvents.Keys.contentDidLoad) { _, payload in
      heard.append("\(payload.arg1) \(payload.arg2)")
    }
    reform(at: container.node)

    content.viewDidLoad()
    let outcome = content.node.trigger(ContentViewControllerEvents.Event.self)
      .contentDidLoad(arg1: "x", arg2: 1)
    let channel = content.node.trigger(ContentViewControllerEvents.Event.self).fetchChannelID()

    #expect(heard == ["hook!!! 333"])
    // The container's default contentDidLoad(arg1:arg2:) ran too: it declines by doing nothing.
    #expect(outcome.listenersRun == 2)
    #expect(channel == nil)
  }
}
