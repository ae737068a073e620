import ChainEvents

// The Swift blocks of ChainEvents.docc/ProtocolEvents.md, verbatim: this file compiling is the
// article's code compiling, and ProtocolEventsArticleTests checks that each block is here.

@ChainEvents
@MainActor
protocol ContentViewControllerEvents {
  func contentDidLoad(arg1: String, arg2: Int)
  func contentDidLoadWithArg(_ arg: Int)
  func fetchChannelID() -> String?
}

@MainActor
final class ContentViewController {
  let node = Node("ContentViewController")

  func viewDidLoad() {
    node.trigger(ContentViewControllerEvents.Event.self).contentDidLoadWithArg(12)
  }
}

@MainActor
final class ContainerViewController {
  let node = Node("ContainerViewController")

  func viewDidLoad() {
    node.subscribe(ContentViewControllerEvents.Event.self, target: self)
  }
}

extension ContainerViewController: ContentViewControllerEvents.Partial {
  func contentDidLoadWithArg(_ arg: Int) {
    print("ContainerViewController - contentDidLoad \(arg)")
  }
}

@MainActor
final class BadgeController {
  let node = Node("BadgeController")
  var unread = 0

  func viewDidLoad() {
    node.subscribe(ContentViewControllerEvents.Event.self, target: self, delivery: .nextTurn)
  }
}

extension BadgeController: ContentViewControllerEvents.Partial {
  func contentDidLoadWithArg(_ arg: Int) {
    unread += arg
  }
}

@MainActor
func listen(at root: Node) {
  root.on(ContentViewControllerEvents.Keys.contentDidLoadWithArg) { ctx, arg in
    print("root heard \(arg) from \(ctx.targetName)")
  }
}

@MainActor
func reform(at container: Node) {
  container.intercept(ContentViewControllerEvents.Event.self) { ctx, event in
    if case .contentDidLoad = event {
      event = .contentDidLoad(arg1: "hook!!!", arg2: 333)
    }
  }
}
