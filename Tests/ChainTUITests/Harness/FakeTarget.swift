@testable import ChainKit
@testable import ChainKitTracing
@testable import ChainTUI

/// A tiny stand-in for the explorer: two panels, a counter, a clock, and one dispatch per key.
///
/// Keys: `+` counts up, `s` posts an event that is stopped, Tab toggles focus, `q` quits.
/// The screen shows the title, the focused panel, the counter and the elapsed virtual time.
@MainActor
final class FakeTarget: ScriptTarget {
  private(set) var size: Size
  let scene: String
  private(set) var count = 0
  private(set) var elapsed = Duration.zero
  private(set) var focused = "Left"
  private(set) var logs: [String: [String]] = ["Left": [], "Right": []]
  private(set) var dispatches: [DispatchRecord] = []
  private(set) var isFinished = false
  private var nextID: UInt64 = 1

  init(size: Size, scene: String? = nil) {
    self.size = size
    self.scene = scene ?? "main"
  }

  func press(_ key: Key) {
    switch key {
    case .character("+"): count += 1
    case .tab: focused = focused == "Left" ? "Right" : "Left"
    case .character("q"): isFinished = true
    case .resize(let width, let height): size = Size(width: width, height: height)
    default: break
    }
    let name = KeyName.format(key)
    logs[focused, default: []].append("key \(name)")
    dispatches.append(record(key: name, stopped: key == .character("s")))
  }

  func resize(to size: Size) { self.size = size }

  func advance(by duration: Duration) { elapsed += duration }

  func render() -> Grid {
    var grid = Grid(size: size)
    grid.put("Fake \(scene)", at: Point(x: 0, y: 0))
    grid.put("focus: \(focused)", at: Point(x: 0, y: 1))
    grid.put("count: \(count)", at: Point(x: 0, y: 2))
    grid.put("time: \(elapsed.components.seconds)s", at: Point(x: 0, y: 3))
    return grid
  }

  func focus(panelNamed name: String) -> Bool {
    guard logs[name] != nil else { return false }
    focused = name
    return true
  }

  func log(ofPanel name: String) -> [String]? { logs[name] }

  /// No explanations: the fake has no inspector.
  func why(ofPanel name: String, dispatch: EventPattern?) -> [String]? { nil }

  private func record(key: String, stopped: Bool) -> DispatchRecord {
    defer { nextID += 1 }
    return DispatchRecord(
      id: nextID, parent: nil, kind: .event, key: key, payload: "", origin: focused,
      path: [focused, "Root"], hops: [], listenersRun: 1, stopped: stopped, prevented: false,
      answeredBy: nil, errors: [], elapsedNanoseconds: 0)
  }

  /// A factory for the runner: an unknown scene throws, as the explorer's does.
  static let factory: ScriptTargetFactory = { size, scene, _ in
    guard scene == nil || scene == "main" || scene == "other" else {
      throw UnknownSceneError(scene: scene ?? "", known: ["main", "other"])
    }
    return FakeTarget(size: size, scene: scene)
  }
}
