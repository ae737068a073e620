import ChainKit
import ChainKitTestSupport
import Testing

// One lifetime option on every registration: `owner:` (or `target:` for an event's listeners
// and interceptors), held weakly, handed to the closure first, ending the registration when the
// object deallocates. Each registration that had none is tested here in the spelling a user
// writes, with the class shapes the documentation shows.

// Property.observe(owner:_:)'s example, as the doc writes it.
@MainActor final class Badge {
  let count = Property(0, name: "Badge.count")
  private(set) var text = ""
  init() {
    count.observe(owner: self) { badge, _, new in badge.text = "\(new) new" }
  }
}

// Hook.init(name:owner:_:)'s example, as the doc writes it.
@MainActor final class Player {
  private(set) var volume = 0
  lazy var setVolume = Hook(name: "Player.setVolume", owner: self) { player, level in
    player.applyVolume(level)
  }

  private func applyVolume(_ level: Int) { volume = level }
}

// Node.subscribe(_:owner:_:)'s example, as the doc writes it.
@MainActor final class PhotoModel {
  static let caption = DataKey<String>("photo.caption")
  let node = Node("PhotoModel")
  private(set) var text = ""
  init() {
    node.subscribe(Self.caption, owner: self) { model, caption in
      model.text = caption ?? ""
    }
  }
}

/// An object a registration belongs to, with a name to tell instances apart.
@MainActor final class Holder {
  let name: String
  init(_ name: String) { self.name = name }
}

@Suite("Lifetime options: owner or target on every registration", .leakChecked)
@MainActor
struct LifetimeOptionTests {
  @Test("a property observer with an owner is handed the owner, and its object deallocates")
  func propertyObserverIsHandedItsOwner() {
    var badge: Badge? = Badge()
    weak let released = badge
    badge?.count.value = 3
    #expect(badge?.text == "3 new")
    badge = nil
    #expect(released == nil, "the observer kept its owner alive")
  }

  @Test("a property observer with an owner ends when the owner deallocates")
  func propertyObserverEndsWithItsOwner() {
    let count = Property(0)
    var holder: Holder? = Holder("badge")
    var log: [String] = []
    let token = count.observe(owner: holder ?? Holder("unused")) { holder, old, new in
      log.append("\(holder.name) \(old)->\(new)")
    }
    count.value = 1
    holder = nil
    count.value = 2
    #expect(log == ["badge 0->1"])
    #expect(!token.isActive)
    #expect(count.observerCount == 0)
  }

  @Test("a hook observer with an owner is handed the owner and ends with it")
  func hookObserverIsHandedItsOwner() {
    let add = Hook<(Int, Int), Int>(name: "add") { i, j in i + j }
    var holder: Holder? = Holder("sum")
    var log: [String] = []
    let token = add.observe(owner: holder ?? Holder("unused")) { holder, args, sum in
      log.append("\(holder.name) \(args.0)+\(args.1)=\(sum)")
    }
    add(1, 2)
    holder = nil
    add(3, 4)
    #expect(log == ["sum 1+2=3"])
    #expect(!token.isActive)
    #expect(add.observerCount == 0)
  }

  @Test("a method as a hook: the hook bound to its owner calls it and keeps nobody alive")
  func methodAsHookKeepsNobodyAlive() {
    var player: Player? = Player()
    weak let released = player
    var heard: [Int] = []
    player?.setVolume.observe { level, _ in heard.append(level) }
    player?.setVolume(7)
    #expect(player?.volume == 7)
    #expect(heard == [7])
    #expect(player?.setVolume.owner === player)
    player = nil
    #expect(released == nil, "the hook kept its owner alive")
  }

  @Test("a hook whose owner deallocated leaves its bindings, as a property with an owner does")
  func hookLeavesBindingsWithItsOwner() {
    let level = Property(0, name: "level")
    var player: Player? = Player()
    var hook = player?.setVolume
    let binding = bind([BindingMember(level), BindingMember(hook ?? Hook { _ in })])
    level.value = 4
    #expect(player?.volume == 4)
    player = nil
    level.value = 5
    #expect(!binding.isActive, "a binding left with one live member unbinds itself")
    hook = nil
  }

  @Test("calling a hook after its owner deallocated traps with a message naming the hook")
  func hookCalledAfterItsOwnerTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        var player: Player? = Player()
        let hook = player?.setVolume
        player = nil
        hook?.call(1)
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("'Player.setVolume' was called after its owner deallocated"))
  }

  @Test("a data subscription with an owner is handed the owner and keeps nobody alive")
  func dataSubscriberIsHandedItsOwner() throws {
    let list = Node("list")
    var model: PhotoModel? = PhotoModel()
    weak let released = model
    try model?.node.mount(at: list)
    list.share("sunset", for: PhotoModel.caption)
    #expect(model?.text == "sunset")
    list.share("dawn", for: PhotoModel.caption)
    #expect(model?.text == "dawn")
    model = nil
    #expect(released == nil, "the subscription kept its owner alive")
  }

  @Test("a data subscription with an owner ends when the owner deallocates")
  func dataSubscriberEndsWithItsOwner() {
    let node = Node("photo")
    node.share("sunset", for: PhotoModel.caption)
    var holder: Holder? = Holder("cell")
    var log: [String] = []
    let token = node.subscribe(PhotoModel.caption, owner: holder ?? Holder("unused")) {
      holder, caption in
      log.append("\(holder.name) \(caption ?? "nil")")
    }
    holder = nil
    node.share("dawn", for: PhotoModel.caption)
    node.share("noon", for: PhotoModel.caption)
    #expect(log == ["cell sunset"])
    #expect(!token.isActive)
  }

  @Test("a handler table entry with a target is handed the target and ends with it")
  func handlerTableEntryEndsWithItsTarget() throws {
    let controller = Node("controller")
    let cell = Node("cell")
    try cell.mount(at: controller)
    var holder: Holder? = Holder("list")
    var log: [String] = []
    let table = controller.handlers { table in
      table.on("cellClicked", target: holder ?? Holder("unused")) { holder, _, params in
        log.append("\(holder.name) row \(params["row", as: Int.self] ?? -1)")
      }
    }
    cell.post("cellClicked", ["row": 2])
    holder = nil
    let outcome = cell.post("cellClicked", ["row": 3])
    #expect(log == ["list row 2"])
    #expect(outcome.listenersRun == 0)
    #expect(!table.isActive)
    #expect(controller.registrationCount == 0)
  }

  @Test("a named listener with a target is handed the target and ends with it")
  func namedListenerEndsWithItsTarget() {
    let node = Node("node")
    var holder: Holder? = Holder("vc")
    var log: [String] = []
    let token = node.on("Statistics", target: holder ?? Holder("unused")) { holder, _, params in
      log.append("\(holder.name) \(params["msg", as: String.self] ?? "")")
    }
    node.post("Statistics", ["msg": "did load"])
    holder = nil
    node.post("Statistics", ["msg": "again"])
    #expect(log == ["vc did load"])
    #expect(!token.isActive)
  }

  @Test("a once listener with a target runs once, handed the target, or never if it went first")
  func onceListenerWithTarget() {
    let node = Node("node")
    let kept = Holder("kept")
    var gone: Holder? = Holder("gone")
    var log: [String] = []
    let first = node.once(Keys.ping, target: kept) { holder, _, value in
      log.append("\(holder.name) \(value)")
    }
    let second = node.once(Keys.ping, target: gone ?? Holder("unused")) { holder, _, value in
      log.append("\(holder.name) \(value)")
    }
    gone = nil
    node.post(Keys.ping, 1)
    node.post(Keys.ping, 2)
    #expect(log == ["kept 1"])
    #expect(!first.isActive)
    #expect(!second.isActive)
    #expect(node.registrationCount == 0)
  }

  @Test("a decorator with a target adds its keys until the target deallocates")
  func decoratorEndsWithItsTarget() throws {
    let root = Node("root")
    let table = Node("table")
    let cell = Node("cell")
    try table.mount(at: root)
    try cell.mount(at: table)
    var holder: Holder? = Holder("section 1")
    var seen: [String] = []
    table.decorate("cellClicked", target: holder ?? Holder("unused")) { holder, params in
      params["section"] = holder.name
    }
    root.on("cellClicked") { _, params in
      seen.append(params["section", as: String.self] ?? "none")
    }
    cell.post("cellClicked", ["row": 1])
    holder = nil
    cell.post("cellClicked", ["row": 2])
    #expect(seen == ["section 1", "none"])
    #expect(table.registrationCount == 0)
  }

  @Test("an interceptor with a target rewrites the payload until the target deallocates")
  func interceptorEndsWithItsTarget() throws {
    let manager = Node("manager")
    let content = Node("content")
    try content.mount(at: manager)
    var holder: Holder? = Holder("reformer")
    var heard: [Int] = []
    let token = manager.intercept(Keys.ping, target: holder ?? Holder("unused")) {
      holder, _, value in
      value = holder.name.count * 100 + value
    }
    manager.on(Keys.ping) { _, value in heard.append(value) }
    content.post(Keys.ping, 1)
    holder = nil
    #expect(!token.isActive)
    content.post(Keys.ping, 2)
    #expect(heard == [801, 2])
    #expect(manager.registrationCount == 1)
  }

  @Test("a request interceptor with a target rewrites the payload until the target deallocates")
  func requestInterceptorEndsWithItsTarget() throws {
    let root = Node("root")
    let leaf = Node("leaf")
    try leaf.mount(at: root)
    var holder: Holder? = Holder("upper")
    root.intercept(Keys.lookup, target: holder ?? Holder("unused")) { _, _, name in
      name = name.uppercased()
    }
    root.respond(to: Keys.lookup) { _, name in name == "ANN" ? 1 : 2 }
    #expect(leaf.request(Keys.lookup, "ann") == 1)
    holder = nil
    #expect(leaf.request(Keys.lookup, "ann") == 2)
  }
}

@Suite("Lifetime options, checked by the compiler")
struct LifetimeOptionSpellingTests {
  @Test("an observer bound to an owner it is not handed warns, naming the spelling that hands it")
  func unhandedOwnerWarns() throws {
    let source = """
      import ChainKit

      @MainActor final class Badge {
        let count = Property(0)
        let add = Hook<Int, Int> { $0 + 1 }
        var text = ""
        func watch() {
          count.observe(owner: self) { [weak self] _, new in self?.text = "\\(new)" }
          add.observe(owner: self) { [weak self] _, sum in self?.text = "\\(sum)" }
          count.observe(owner: self) { badge, _, new in badge.text = "\\(new)" }
          add.observe(owner: self) { badge, _, sum in badge.text = "\\(sum)" }
          count.observe { _, new in print(new) }
        }
      }

      """
    let result = try SnippetCompiler.compile(
      source, stage: .typecheck, asLibrary: true, importing: "ChainKit")
    #expect(result.status == 0, "\(result.output)")
    let warnings = result.output.components(separatedBy: "\n").filter {
      $0.contains(": warning:") && $0.contains("take the owner as the observer's first parameter")
    }
    #expect(warnings.count == 2, "\(result.output)")
    #expect(warnings.allSatisfy { $0.contains(":8:") || $0.contains(":9:") }, "\(result.output)")
  }
}
