import ChainKitTestSupport
import Testing

/// The streams' spellings as a Swift 6 user meets them, held to the compiler: the old top-level
/// buffering policy name still compiles with a warning that names the new one, and a stream's
/// iterator cannot be sent to another task.
@Suite("Stream spellings, checked by the compiler")
struct StreamSpellingTests {
  @Test("StreamBufferingPolicy still compiles, with a warning naming ChainStream.BufferingPolicy")
  func oldPolicyNameWarns() throws {
    let source = """
      import ChainKit

      @MainActor func latest(node: Node, key: EventKey<Int>) -> ChainStream<Int> {
        let policy: StreamBufferingPolicy<Int> = .bufferingNewest(1)
        return node.events(for: key, bufferingPolicy: policy)
      }

      """
    let result = try SnippetCompiler.compile(
      source, stage: .typecheck, asLibrary: true, importing: "ChainKit")
    #expect(result.status == 0, "\(result.output)")
    #expect(
      result.output.contains("renamed to 'ChainStream.BufferingPolicy'"), "\(result.output)")
  }

  @Test("a stream's iterator is not Sendable: sending it to another task does not compile")
  func iteratorIsNotSendable() throws {
    let source = """
      import ChainKit

      func requireSendable<T: Sendable>(_ value: T) {}

      func send(_ stream: ChainStream<Int>) {
        requireSendable(stream)
        requireSendable(stream.makeAsyncIterator())
      }

      """
    let result = try SnippetCompiler.compile(
      source, stage: .typecheck, asLibrary: true, importing: "ChainKit")
    #expect(result.status != 0)
    #expect(
      result.output.contains("conformance of 'ChainStream<Element>.Iterator' to 'Sendable'"),
      "\(result.output)")
  }
}
