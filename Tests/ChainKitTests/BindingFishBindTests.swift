import ChainKitTestSupport
import Testing

@testable import ChainKit

/// FishBind's README, scenario by scenario.
@MainActor
@Suite("Binding: FishBind's README", .leakChecked)
struct BindingFishBindTests {
  @Test("FishBind two-way: three objects bound by property and by method follow any one of them")
  func threeObjectsBoundByPropertyAndMethod() {
    let objA = TestA()
    let objB = TestB()
    let objD = TestD()
    bind([
      BindingMember(objA.name),
      BindingMember(objB.bName),
      BindingMember(objD.setDKName, toMember: { "DK_\($0)" }, fromMember: { $0 }),
    ])

    objA.name.value = "json"
    #expect([objA.name.value, objB.bName.value, objD.dkName] == ["json", "json", "DK_json"])
    objB.bName.value = "GCD"
    #expect([objA.name.value, objB.bName.value, objD.dkName] == ["GCD", "GCD", "DK_GCD"])
    objD.setDKName("apple")
    #expect([objA.name.value, objB.bName.value, objD.dkName] == ["apple", "apple", "apple"])
  }

  @Test("FishBind two-way: calling the bound method updates the others once, without a loop")
  func boundMethodCallUpdatesOthersOnce() {
    let objA = TestA()
    let objD = TestD()
    bind([
      BindingMember(objA.name),
      BindingMember(objD.setDKName, toMember: { "DK_\($0)" }, fromMember: { $0 }),
    ])
    var calls: [String] = []
    objD.setDKName.observe { args, _ in calls.append(args) }
    var writes: [String] = []
    objA.name.observe { _, new in writes.append(new) }
    objD.setDKName("apple")
    objA.name.value = "pear"
    #expect(calls == ["apple", "DK_pear"])
    #expect(writes == ["apple", "pear"])
  }

  @Test("FishBind x100: b is 100 times a and c, set through a method hook on B")
  func hundredTimesThroughAMethod() {
    let a = Property(0, name: "A.a")
    let c = Property(0, name: "C.c")
    let objB = HundredB()
    bind([
      BindingMember(a),
      BindingMember(c),
      BindingMember(objB.setB, toMember: { $0 * 100 }, fromMember: { $0 / 100 }),
    ])
    a.value = 2
    #expect([a.value, c.value, objB.b] == [2, 2, 200])
    objB.setB(700)
    #expect([a.value, c.value, objB.b] == [7, 7, 700])
    c.value = 1
    #expect([a.value, c.value, objB.b] == [1, 1, 100])
  }
}

/// FishBind's TestA: a `name` property.
@MainActor
final class TestA {
  lazy var name = Property("", name: "A.name", owner: self)
}

/// FishBind's TestB: a `bName` property.
@MainActor
final class TestB {
  lazy var bName = Property("", name: "B.bName", owner: self)
}

// FishBind's TestD: a `setDK_Name:` method, hooked (Bindings' *A method as a hook*).
@MainActor final class TestD {
  private(set) var dkName = ""
  lazy var setDKName = Hook(name: "TestD.setDKName", owner: self) { objD, name in
    objD.updateDKName(name)
  }

  private func updateDKName(_ name: String) { dkName = name }
}

/// The x100 scenario's B: a `setB:` method, hooked.
@MainActor
final class HundredB {
  private(set) var b = 0
  lazy var setB = Hook(name: "B.setB", owner: self) { objB, value in objB.b = value }
}
