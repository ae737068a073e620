import ChainKitTestSupport
import Testing

@testable import ChainKit

@MainActor
@Suite("Binding: lifetimes", .leakChecked)
struct BindingLeakTests {
  @Test("after unbinding, properties, owners and observers deallocate")
  func unbindingLeavesNothingAlive() {
    weak var weakOwner: TestA?
    weak var weakOther: Property<String>?
    weak var weakCanary: Canary?
    do {
      let owner = TestA()
      let other = Property("", name: "other")
      let canary = Canary()
      let token = bind([BindingMember(owner.name), BindingMember(other)])
      let observing = other.observe { [canary] _, _ in _ = canary }
      owner.name.value = "x"
      token.cancel()
      observing.cancel()
      #expect(owner.name.observerCount == 0)
      #expect(other.observerCount == 0)
      weakOwner = owner
      weakOther = other
      weakCanary = canary
    }
    #expect(weakOwner == nil)
    #expect(weakOther == nil)
    #expect(weakCanary == nil)
  }

  @Test("a binding whose token is dropped ends when its properties deallocate")
  func droppedTokenBindingEndsWithProperties() {
    weak var weakA: Property<Int>?
    weak var weakHook: Hook<Int, Void>?
    var token: Subscription?
    do {
      let a = Property(0)
      let hook = Hook<Int, Void> { _ in }
      token = bind([BindingMember(a), BindingMember(hook)])
      weakA = a
      weakHook = hook
    }
    #expect(weakA == nil)
    #expect(weakHook == nil)
    #expect(token?.isActive == false)
  }

  @Test("a binding holds neither its properties nor their owners")
  func bindingHoldsNoMember() {
    weak var weakOwner: TestB?
    let other = Property("")
    do {
      let owner = TestB()
      bind([owner.bName, other])
      weakOwner = owner
    }
    #expect(weakOwner == nil)
    other.value = "still fine"
    #expect(other.observerCount == 0)
  }

  @Test("a kept observer token does not keep the observer's captures alive after its property")
  func keptTokenHoldsNoCaptures() {
    weak var weakCanary: Canary?
    var token: Subscription?
    do {
      let property = Property(0)
      let canary = Canary()
      token = property.observe { [canary] _, _ in _ = canary }
      weakCanary = canary
    }
    #expect(weakCanary == nil)
    #expect(token?.isActive == false)
  }
}
