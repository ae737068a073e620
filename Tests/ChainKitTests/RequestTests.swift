import ChainKitTestSupport
import Testing

@testable import ChainKit
@testable import ChainKitTracing

@Suite("Requests (rules 19-20)", .leakChecked)
@MainActor
struct RequestTests {
  @Test("rule 19: the first response wins and ends the walk; nil declines")
  func firstResponseWinsNilDeclines() throws {
    let nodes = try chain("root", "container", "content")
    let log = Log()
    nodes[2].respond(to: Keys.lookup) { _, name in
      log.add("content declines \(name)")
      return nil
    }
    nodes[1].respond(to: Keys.lookup) { _, name in
      log.add("container answers \(name)")
      return name.count
    }
    nodes[0].respond(to: Keys.lookup) { _, _ in
      log.add("root asked")
      return -1
    }
    #expect(nodes[2].request(Keys.lookup, "four") == 4)
    #expect(log.entries == ["content declines four", "container answers four"])
  }

  @Test("rule 19: a target-bound responder answers for its target; binding it again replaces it")
  func targetBoundResponderReplaces() throws {
    let node = Node("node")
    let target = Target("t")
    let first = node.respond(to: Keys.lookup, target: target) { target, _, name in
      "\(target.name) first \(name)".count
    }
    let second = node.respond(to: Keys.lookup, target: target) { _, _, _ in 2 }
    #expect(node.request(Keys.lookup, "x") == 2)
    #expect(node.requestAll(Keys.lookup, "x") == [2])
    #expect(!first.isActive)
    #expect(second.isActive)
    second.cancel()
  }

  @Test("rule 19: with no responder the answer is nil")
  func noResponderGivesNil() throws {
    let nodes = try chain("root", "leaf")
    #expect(nodes[1].request(Keys.channelID) == nil)
    nodes[0].respond(to: Keys.channelID) { _, _ in nil }
    #expect(nodes[1].request(Keys.channelID) == nil)
  }

  @Test("rule 19: requestAll collects every response on the path, in order")
  func requestAllCollectsInPathOrder() throws {
    let nodes = try chain("root", "middle", "leaf")
    nodes[0].respond(to: Keys.lookup) { _, _ in 0 }
    nodes[1].respond(to: Keys.lookup) { _, _ in nil }
    nodes[1].respond(to: Keys.lookup) { _, _ in 1 }
    nodes[2].respond(to: Keys.lookup) { _, _ in 2 }
    #expect(nodes[2].requestAll(Keys.lookup, "x") == [2, 1, 0])
  }

  @Test("rule 20: requests run synchronously on the caller")
  func requestsRunSynchronously() throws {
    let nodes = try chain("root", "leaf")
    var answeredBeforeReturn = false
    nodes[0].respond(to: Keys.channelID) { _, _ in
      answeredBeforeReturn = true
      return "channel-7"
    }
    let answer = nodes[1].request(Keys.channelID)
    #expect(answeredBeforeReturn)
    #expect(answer == "channel-7")
  }

  @Test("rule 19: the trace names the node that answered")
  func traceNamesTheAnsweringNode() throws {
    let nodes = try chain("root", "leaf")
    nodes[0].respond(to: Keys.channelID) { _, _ in "c" }
    let trace = TraceLog()
    nodes[0].install(trace)
    _ = nodes[1].request(Keys.channelID)
    #expect(trace.dispatches.first?.kind == .request)
    #expect(trace.dispatches.first?.answeredBy == "root")
  }
}
