import ChainEvents
import Testing

/// The object that reforms `ContentEvents`' arguments (Domino's `reformDominoParams:`).
@MainActor
private final class Reformer {
  private(set) var seen: [String] = []
  func note(_ event: ContentEvents.Event) { seen.append("\(event)") }
}

/// `intercept(_:target:_:)` with a protocol's event type: every event of the protocol, bound to
/// an object that is held weakly and handed to the interceptor.
@Suite("@ChainEvents interceptors bound to a target")
@MainActor
struct TargetInterceptTests {
  @Test("a protocol interceptor bound to a target is handed it and rewrites the event")
  func targetInterceptorRewrites() throws {
    let log = Log()
    let container = Node("container")
    let content = Node("content")
    try content.mount(at: container)
    let subscriber = Container(log: log)
    container.subscribe(ContentEvents.Event.self, target: subscriber)
    let reformer = Reformer()
    let token = container.intercept(ContentEvents.Event.self, target: reformer) { me, _, event in
      me.note(event)
      if case .contentDidLoad = event {
        event = .contentDidLoad(arg1: "hook", arg2: 333)
      }
    }

    content.trigger(ContentEvents.Event.self).contentDidLoad(arg1: "x", arg2: 1)

    #expect(log.entries == ["container heard hook 333"])
    #expect(reformer.seen == [#"contentDidLoad(arg1: "x", arg2: 1)"#])
    token.cancel()
    #expect(container.registrationCount == 2, "the subscriber's listener and responder remain")
  }

  @Test("a protocol interceptor bound to a target goes when the target deallocates")
  func targetInterceptorGoesWithItsTarget() throws {
    let log = Log()
    let container = Node("container")
    let content = Node("content")
    try content.mount(at: container)
    let subscriber = Container(log: log)
    container.subscribe(ContentEvents.Event.self, target: subscriber)
    var reformer: Reformer? = Reformer()
    weak let released = reformer
    let token = container.intercept(ContentEvents.Event.self, target: reformer ?? Reformer()) {
      _, _, event in
      event = .contentDidLoad(arg1: "hook", arg2: 333)
    }
    reformer = nil
    #expect(released == nil, "the interceptor kept its target alive")

    content.trigger(ContentEvents.Event.self).contentDidLoad(arg1: "x", arg2: 1)

    #expect(log.entries == ["container heard x 1"])
    #expect(!token.isActive)
    #expect(container.registrationCount == 2, "the subscriber's listener and responder remain")
  }
}
