import ChainKit
import ChainKitTestSupport
import Testing

/// PortingFromFishBind's and Bindings' examples, as they are written: a binding's first write,
/// and a method bound to its object as a hook.
@MainActor
@Suite("FishBind ported: the articles' examples", .leakChecked)
struct FishBindPortingTests {
  @Test("bind writes the first member's value to the others at once, and their observers hear it")
  func bindWritesTheFirstValueAtOnce() {
    let printed = PrintedLines()
    func print(_ items: Any...) { printed.append(items) }
    let name = Property("json", name: "name")
    let bName = Property("", name: "bName")
    bName.observe { old, new in print("bName: '\(old)' -> '\(new)'") }
    bind([name, bName])  // prints "bName: '' -> 'json'" before bind returns
    #expect(printed.lines == ["bName: '' -> 'json'"])
    #expect(bName.value == "json")
  }

  @Test("a method bound to its object as a hook is a binding member, and the object can go")
  func methodHookAsBindingMember() {
    let objA = TestA()
    weak var released: TestD?
    do {
      let objD = TestD()
      released = objD
      bind([
        BindingMember(objA.name),
        BindingMember(objD.setDKName, toMember: { "DK_\($0)" }, fromMember: { $0 }),
      ])
      objA.name.value = "json"
      #expect(objD.dkName == "DK_json")
    }
    #expect(released == nil, "the hook kept its object alive")
  }
}
