import ChainEventsRuntime
import ChainKit

/// Domino's event chain: root -> container -> content panels, with a non-UI manager object
/// mounted into the chain under one of them.
///
/// The events are the methods of `ContentEvents` (DominoEvents.swift): content panels post
/// through its trigger, the root subscribes as a target implementing every method (Domino's
/// RootViewController), and the container listens to, intercepts and answers single methods by
/// their generated keys. The container's interceptor rewrites the statistics params on the way
/// up, which the root's log and body show. Requests walk up until the nearest ancestor that
/// knows answers: the container answers `pageSize` before the root can, and declines
/// `channelID`, which the root answers.
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
    // The container handles single methods by their keys: subscribing it as a target would
    // also register the defaults of the methods it leaves alone (an empty statistics listener).
    container.node.on(ContentEvents.Keys.contentDidLoad) { [weak self] _, count in
      guard let self else { return }
      loadsAtContainer += 1
      showCounts()
      // A listener that posts: the nested dispatch runs at once, inside this one.
      container.node.trigger(ContainerEvents.Event.self)
        .contentSeen(["count": count, "by": "container"])
    }
    container.node.intercept(ContentEvents.Keys.statistics) { _, params in
      params["msg"] = "hook!!!"
      params["arg"] = 333
    }
    container.node.respond(to: ContentEvents.Keys.pageSize) { _, _ in 20 }
    container.node.respond(to: ContentEvents.Keys.channelID) { _, _ in nil }
    // The root implements every method: one subscription per protocol, held weakly.
    root.node.subscribe(ContentEvents.Event.self, target: self)
    root.node.subscribe(ContainerEvents.Event.self, target: self)
  }

  private func bindKeys() {
    for content in [feed, detail] {
      content.keys = [
        PanelKey(.character("l"), "load") { [weak self, unowned content] in
          guard let self else { return }
          loadCount += 1
          content.node.trigger(ContentEvents.Event.self).contentDidLoad(loadCount)
        },
        PanelKey(.character("e"), "stats") { [weak self, unowned content] in
          content.node.trigger(ContentEvents.Event.self)
            .statistics(["msg": "did load", "arg": self?.loadCount ?? 0])
        },
        PanelKey(.character("r"), "channelID?") { [unowned content] in
          let answer = content.node.trigger(ContentEvents.Event.self).channelID() ?? "nobody knew"
          content.body = ["channelID = \(answer)"]
        },
        PanelKey(.character("g"), "pageSize?") { [unowned content] in
          let answer =
            content.node.trigger(ContentEvents.Event.self).pageSize().map(String.init)
            ?? "nobody knew"
          content.body = ["pageSize = \(answer)"]
        },
      ]
    }
    manager.keys = [
      PanelKey(.character("s"), "stats") { [unowned manager] in
        manager.node.trigger(ContentEvents.Event.self).statistics(["msg": "from manager", "arg": 1])
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

/// The root's side (Domino's RootViewController): it hears every event and answers both
/// requests.
extension DominoScene: ContentEvents, ContainerEvents {
  func contentDidLoad(_ count: Int) {
    loadsAtRoot += 1
    showCounts()
  }

  func statistics(_ params: Params) {
    lastStatistics = "\(params)"
    showCounts()
  }

  func channelID() -> String? { "home-feed" }

  func pageSize() -> Int? { 50 }

  func contentSeen(_ params: Params) {
    seenAtRoot += 1
    showCounts()
  }
}
