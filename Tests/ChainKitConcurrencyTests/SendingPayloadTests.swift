import ChainKit
import ChainKitTestSupport
import Testing

/// A page of rows: a class that is not `Sendable`, made by a task and handed over whole.
private final class Page {
  var rows: [String]
  init(rows: [String]) { self.rows = rows }
}

/// What the example awaits before it builds its page.
private func fetchRows() async throws -> [String] { ["a", "b"] }

extension EventKey where Payload == Page {
  fileprivate static let pageLoaded = EventKey("pageLoaded")
}

/// `RemoteNode.post` and `EventBus.enqueue` take a `sending` payload: a value that is not
/// `Sendable` crosses to the main actor when the poster hands it over and keeps no access to it.
///
/// The snippets are compiled by the toolchain that built this test run, through SIL, where the
/// compiler checks `sending`; the control (the same post, the page not touched afterwards) must
/// compile, so that a broken setup fails here instead of passing.
@Suite("sending payloads from other threads")
@MainActor
struct SendingPayloadTests {
  @Test("a remote post hands a non-Sendable payload made in a detached task to the main actor")
  func remotePostSendsNonSendablePayload() async {
    let node = Node("list")
    var received: [String] = []
    let token = node.on(.pageLoaded) { _, page in received = page.rows }
    let remote = node.remote
    // RemoteNode.post's example, as its doc shows it.
    Task.detached {
      let page = Page(rows: try await fetchRows())  // a class that is not Sendable
      remote.post(.pageLoaded, page)  // page is the main actor's from here
    }
    let delivered = await turnsUntil { received == ["a", "b"] }
    #expect(delivered, "the page never reached the listener; it heard \(received)")
    token.cancel()
  }

  @Test("a bus enqueue hands a non-Sendable event made in a detached task to the main actor")
  func busEnqueueSendsNonSendableEvent() async {
    let bus = EventBus(name: "pages")
    var received: [String] = []
    let token = bus.subscribe(Page.self) { page in received = page.rows }
    Task.detached {
      bus.enqueue(Page(rows: ["c"]))
    }
    let delivered = await turnsUntil { received == ["c"] }
    #expect(delivered, "the page never reached the subscriber; it heard \(received)")
    token.cancel()
  }

  /// A detached task that makes a page, posts it, then runs `after`.
  static func snippet(_ post: String, after: String = "") -> String {
    """
    import ChainKit

    final class Page {
      var rows: [String] = []
    }

    func load(_ remote: RemoteNode, _ bus: EventBus) {
      Task.detached {
        let page = Page()
        \(post)
        \(after)
      }
    }

    """
  }

  static func compile(_ source: String) throws -> ProcessResult {
    try SnippetCompiler.compile(source, stage: .sil, asLibrary: true, importing: "ChainKit")
  }

  @Test("a page handed over and not touched again compiles, posted or enqueued")
  func handedOverPayloadCompiles() throws {
    for post in ["remote.post(EventKey<Page>(\"pageLoaded\"), page)", "bus.enqueue(page)"] {
      let result = try Self.compile(Self.snippet(post))
      #expect(result.status == 0, "does not compile:\n\(result.output)")
      #expect(!result.output.contains("warning:"), "warns:\n\(result.output)")
    }
  }

  @Test("a page used after it was posted or enqueued is a compile error at the post")
  func payloadUsedAfterPostingIsRefused() throws {
    for post in ["remote.post(EventKey<Page>(\"pageLoaded\"), page)", "bus.enqueue(page)"] {
      let result = try Self.compile(Self.snippet(post, after: "page.rows.append(\"late\")"))
      #expect(result.status != 0, "compiled, with the page used after \(post):\n\(result.output)")
      let error = "error: sending 'page' risks causing data races"
      #expect(
        result.output.contains(error), "expected \"\(error)\"; the compiler said:\n\(result.output)"
      )
    }
  }
}
