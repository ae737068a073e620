import ChainKit

/// Domino's event chain: root -> container -> content panels, with a non-UI manager object
/// mounted into the chain under one of them.
///
/// Content panels post a typed event and a named (params) event; the container's interceptor
/// rewrites the named event's params on the way up, which the root's log and body show.
/// Requests walk up until the nearest ancestor that knows answers: the container answers
/// `pageSize` before the root can, and declines `channelID`, which the root answers.
@MainActor
final class DominoScene: Scene {
  let id = "domino"
  let title = "Event chain"
  let root = Panel("root", title: "root (RootViewController)")
  let container = Panel("container", title: "container (ContainerViewController)")
  let feed = Panel("feed", title: "feed (ContentViewController)")
  let detail = Panel("detail", title: "detail (ContentViewController)")
  let manager = Panel("statsManager", title: "statsManager (non-UI)")
  let flow = [
    "content -> container -> root: every event bubbles up the chain.",
    "The container rewrites `statistics` params (msg, arg) on the way up.",
    "Requests go up until someone answers: container knows pageSize,",
    "declines channelID; root knows both. statsManager is a plain",
    "object mounted under detail (Domino's mountAtDomino).",
    "On each load the container posts contentSeen from its listener:",
    "a nested dispatch, indented under its parent in the inspector.",
  ]
  private var loadCount = 0
  private var loadsAtContainer = 0
  private var loadsAtRoot = 0
  private var lastStatistics = "none yet"
  private var seenAtRoot = 0

  init(context: SceneContext) {
    root.axis = .vertical
    root.accent = .magenta
    container.accent = .cyan
    detail.axis = .vertical
    manager.accent = .yellow
    root.add(container)
    container.add(feed)
    container.add(detail)
    detail.add(manager)
    listen()
    bindKeys()
    showCounts()
    for content in [feed, detail] { content.body = ["l, e post events; r, g ask up"] }
    manager.body = ["a plain object, mounted under detail"]
  }

  private func listen() {
    container.node.on(.contentDidLoad) { [weak self] _, count in
      guard let self else { return }
      loadsAtContainer += 1
      showCounts()
      // A listener that posts: the nested dispatch runs at once, inside this one.
      container.node.post(.contentSeen, ["count": count, "by": "container"])
    }
    container.node.intercept(.statistics) { _, params in
      params["msg"] = "hook!!!"
      params["arg"] = 333
    }
    container.node.respond(to: .pageSize) { _, _ in 20 }
    container.node.respond(to: .channelID) { _, _ in nil }
    root.node.on(.contentDidLoad) { [weak self] _, _ in
      self?.loadsAtRoot += 1
      self?.showCounts()
    }
    root.node.on(.statistics) { [weak self] _, params in
      self?.lastStatistics = "\(params)"
      self?.showCounts()
    }
    root.node.on(.contentSeen) { [weak self] _, _ in
      self?.seenAtRoot += 1
      self?.showCounts()
    }
    root.node.respond(to: .channelID) { _, _ in "home-feed" }
    root.node.respond(to: .pageSize) { _, _ in 50 }
  }

  private func bindKeys() {
    for content in [feed, detail] {
      content.keys = [
        PanelKey(.character("l"), "load") { [weak self, unowned content] in
          guard let self else { return }
          loadCount += 1
          content.node.post(.contentDidLoad, loadCount)
        },
        PanelKey(.character("e"), "stats") { [weak self, unowned content] in
          content.node.post(.statistics, ["msg": "did load", "arg": self?.loadCount ?? 0])
        },
        PanelKey(.character("r"), "channelID?") { [unowned content] in
          let answer = content.node.request(.channelID) ?? "nobody knew"
          content.body = ["channelID = \(answer)"]
        },
        PanelKey(.character("g"), "pageSize?") { [unowned content] in
          let answer = content.node.request(.pageSize).map(String.init) ?? "nobody knew"
          content.body = ["pageSize = \(answer)"]
        },
      ]
    }
    manager.keys = [
      PanelKey(.character("s"), "stats") { [unowned manager] in
        manager.node.post(.statistics, ["msg": "from manager", "arg": 1])
      }
    ]
  }

  /// Shows what the container and the root heard; called from their listeners.
  private func showCounts() {
    container.body = ["loads heard here: \(loadsAtContainer); posts contentSeen to root on each"]
    root.body = [
      "loads \(loadsAtRoot), contentSeen \(seenAtRoot), last statistics: \(lastStatistics)"
    ]
  }
}

extension EventKey where Payload == Int {
  /// Domino's selector event `contentDidLoadWithArg:`.
  fileprivate static let contentDidLoad = EventKey("contentDidLoad")
}

extension EventKey where Payload == Params {
  /// Domino's simple event `ContentViewControllerStatisticsEvent`.
  fileprivate static let statistics = EventKey("statistics")
  /// Posted by the container from inside its `contentDidLoad` listener: a nested dispatch.
  fileprivate static let contentSeen = EventKey("contentSeen")
}

extension RequestKey where Payload == Void, Response == String {
  /// Domino's returning selector event `fetchChannelId`.
  fileprivate static let channelID = RequestKey("channelID")
}

extension RequestKey where Payload == Void, Response == Int {
  /// A request both the container and the root can answer; the nearer one wins.
  fileprivate static let pageSize = RequestKey("pageSize")
}
