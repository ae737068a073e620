import ChainKitTestSupport
import Testing

@testable import ChainKit

@MainActor
@Suite("Binding: Hook", .leakChecked)
struct BindingHookTests {
  @Test("rule 36: calling a hook runs the function, then notifies observers with args and result")
  func hookRunsThenNotifies() {
    var log: [String] = []
    let double = Hook<Int, Int>(name: "double") { x in
      log.append("run \(x)")
      return x * 2
    }
    double.observe { args, result in log.append("saw \(args) -> \(result)") }
    let result = double(21)
    #expect(result == 42)
    #expect(log == ["run 21", "saw 21 -> 42"])
  }

  @Test("FishBind block: a two-argument block's calls are observed with args and result")
  func blockCallsAreObservedWithArgsAndResult() {
    let testBlock = Hook<(Double, Double), Double>(name: "testBlock") { i, j in i + j }
    var log: [String] = []
    testBlock.observe { args, result in log.append("\(args.0) + \(args.1) = \(result)") }
    let value = testBlock(3.1, 4.1)
    #expect(value == 3.1 + 4.1)
    #expect(log == ["3.1 + 4.1 = 7.199999999999999"])
  }

  @Test("FishBind one-way method binding: observers run after each hooked call, in order 1-4")
  func viewAppearanceCallsAreObservedInOrder() {
    let controller = AppearingController()
    controller.viewDidAppear.observe { [unowned controller] _, _ in controller.log.append("4") }
    controller.viewWillAppear.observe { [unowned controller] _, _ in controller.log.append("2") }
    controller.viewWillAppear(true)
    controller.viewDidAppear(true)
    #expect(controller.log == ["1", "2", "3", "4"])
  }

  @Test("callSilently runs the function without notifying observers")
  func callSilentlyNotifiesNoOne() {
    var log: [String] = []
    let hook = Hook<String, Void> { log.append("run \($0)") }
    hook.observe { args, _ in log.append("saw \(args)") }
    hook.callSilently("x")
    #expect(log == ["run x"])
  }

  @Test("a hook posts an event with its result on each call")
  func hookPostsItsResult() {
    let node = Node("calculator")
    let sum = Hook<(Int, Int), Int>(name: "sum") { a, b in a + b }
    var heard: [Int] = []
    node.on(EventKey<Int>("summed")) { _, value in heard.append(value) }
    sum.post(on: node, EventKey<Int>("summed"))
    sum(2, 3)
    sum(4, 5)
    #expect(heard == [5, 9])
  }

  @Test("a hook's event bridge ends when its node deallocates")
  func hookBridgeEndsWithNode() {
    var node: Node? = Node("short-lived")
    let ping = Hook<Void, Void> {}
    if let node { ping.post(on: node, EventKey<Void>("pinged")) }
    #expect(ping.observerCount == 1)
    node = nil
    ping()
    #expect(ping.observerCount == 0)
  }
}

/// A view-controller-like object whose appearance methods are hooks, as in FishBind's README.
@MainActor
final class AppearingController {
  var log: [String] = []
  lazy var viewWillAppear = Hook<Bool, Void>(name: "viewWillAppear") { [unowned self] _ in
    log.append("1")
  }
  lazy var viewDidAppear = Hook<Bool, Void>(name: "viewDidAppear") { [unowned self] _ in
    log.append("3")
  }
}
