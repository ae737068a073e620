import ChainKitTestSupport
import Testing

@testable import ChainKit

@MainActor
@Suite("Binding: Property", .leakChecked)
struct BindingPropertyTests {
  @Test("rule 34: observers get the old and the new value after each set")
  func observersGetOldAndNewAfterEachSet() {
    let name = Property("", name: "name")
    var log: [String] = []
    name.observe { [unowned name] old, new in log.append("\(old)->\(new):\(name.value)") }
    name.value = "json"
    name.value = "GCD"
    #expect(log == ["->json:json", "json->GCD:GCD"])
  }

  @Test("rule 34: setSilently writes without notifying anyone (FishBind's deadFish)")
  func setSilentlyNotifiesNoOne() {
    let name = Property("a")
    let other = Property("a")
    bind([name, other])
    var log: [String] = []
    name.observe { old, new in log.append("\(old)->\(new)") }
    name.setSilently("b")
    #expect(name.value == "b")
    #expect(other.value == "a")
    #expect(log.isEmpty)
  }

  @Test("an observer cancelled during a notification is not called by it")
  func observerCancelledDuringNotificationIsNotCalled() {
    let count = Property(0)
    var log: [String] = []
    var second: Subscription?
    count.observe { _, new in
      log.append("first:\(new)")
      second?.cancel()
    }
    second = count.observe { _, new in log.append("second:\(new)") }
    count.value = 1
    count.value = 2
    #expect(log == ["first:1", "first:2"])
    #expect(count.observerCount == 1)
  }

  @Test("an observer added during a notification is first called by the next change")
  func observerAddedDuringNotificationRunsFromNextChange() {
    let count = Property(0)
    var log: [String] = []
    var added = false
    count.observe { [unowned count] _, new in
      log.append("first:\(new)")
      guard !added else { return }
      added = true
      count.observe { _, new in log.append("added:\(new)") }
    }
    count.value = 1
    count.value = 2
    #expect(log == ["first:1", "first:2", "added:2"])
  }

  @Test("an observer with an owner ends when the owner deallocates")
  func observerEndsWithItsOwner() throws {
    let count = Property(0)
    var owner: Canary? = Canary()
    var log: [Int] = []
    let token = count.observe(owner: try #require(owner)) { _, _, new in log.append(new) }
    count.value = 1
    owner = nil
    count.value = 2
    #expect(log == [1])
    #expect(!token.isActive)
    #expect(count.observerCount == 0)
  }

  @Test("rule 34: setting an equal value notifies nobody")
  func equalSetNotifiesNobody() {
    let count = Property(3)
    var log: [String] = []
    count.observe { old, new in log.append("\(old)->\(new)") }
    count.value = 3
    count.value = 4
    #expect(log == ["3->4"])
  }

  @Test("rule 34: a property of a value that cannot be compared notifies every write")
  func incomparableValuesNotifyEveryWrite() {
    struct Opaque { var id: Int }
    let item = Property(Opaque(id: 1))
    var calls = 0
    item.observe { _, _ in calls += 1 }
    item.value = Opaque(id: 1)
    #expect(calls == 1)
  }
}

/// An object whose lifetime tests watch with a weak reference.
final class Canary {}
