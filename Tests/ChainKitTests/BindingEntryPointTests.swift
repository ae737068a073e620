import ChainKitTestSupport
import Testing

@testable import ChainKit

/// Rule 35's bindings are reachable from the types they bind, and behave as the free functions.
@Suite("Binding: from the bound types", .leakChecked)
@MainActor
struct BindingEntryPointTests {
  @Test("a.bind(to: b) is one-way: b follows a, a ignores b")
  func oneWayFromTheSource() {
    let a = Property(1)
    let b = Property(0)
    let token = a.bind(to: b)
    #expect(b.value == 1)
    a.value = 2
    b.value = 9
    #expect(a.value == 2)
    #expect(b.value == 9)
    token.cancel()
    a.value = 3
    #expect(b.value == 9)
  }

  @Test("a.bind(to: label) { … } derives the target through the transform")
  func oneWayTransformFromTheSource() {
    let count = Property(0)
    let label = Property("")
    count.bind(to: label) { "\($0) items" }
    count.value = 3
    #expect(label.value == "3 items")
  }

  @Test("Property.bind([a, b, c]) binds both ways")
  func nWayFromTheType() {
    let members = ["a", "b", "c"].map { Property(0, name: $0) }
    Property.bind(members)
    members[1].value = 4
    #expect(members.map(\.value) == [4, 4, 4])
  }

  @Test("BindingMember.bind([…]) binds members with their transforms")
  func membersFromTheType() {
    let a = Property(0)
    let b = Property(0)
    BindingMember.bind([
      BindingMember(a), BindingMember(b, toMember: { $0 * 10 }, fromMember: { $0 / 10 }),
    ])
    a.value = 2
    #expect(b.value == 20)
    b.value = 50
    #expect(a.value == 5)
  }
}
