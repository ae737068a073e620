import ChainKitTestSupport
import Observation
import Testing

@testable import ChainKit

/// A model as an app would write it with Observation.
@Observable
@MainActor
private final class Profile {
  var name = ""
}

/// Counts the calls of an Observation `onChange`, which runs on the writer's thread.
@MainActor
private final class Changes {
  var count = 0
}

/// Yields the main actor until `done` holds or the tries run out; never waits on a clock.
@MainActor
private func yield(until done: () -> Bool) async -> Bool {
  for _ in 0..<10_000 where !done() { await Task.yield() }
  return done()
}

@MainActor
@Suite("Observation interop", .leakChecked)
struct ObservationInteropTests {
  @Test("a property read through its adapter inside withObservationTracking reports a write")
  func trackingSeesAPropertyWrite() {
    let name = Property("", name: "userName")
    let changes = Changes()
    withObservationTracking {
      _ = name.observable.value
    } onChange: {
      MainActor.assumeIsolated { changes.count += 1 }
    }
    name.value = ""  // equal: the property changes nothing, Observation hears nothing
    #expect(changes.count == 0)
    name.value = "json"
    #expect(changes.count == 1)
    #expect(name.observable.value == "json")
  }

  @Test("every caller gets the property's one adapter, and writing it writes the property")
  func theAdapterIsThePropertys() {
    let count = Property(1)
    var heard: [Int] = []
    count.observe { _, new in heard.append(new) }
    #expect(count.observable === count.observable)
    count.observable.value = 2
    #expect(count.value == 2)
    #expect(heard == [2])
  }

  @Test("an @Observable model and a Property kept in sync both ways stop at equal values")
  func modelAndPropertyStayInSyncWithoutALoop() async {
    let profile = Profile()
    let name = Property("", name: "name")
    var propertyWrites: [String] = []
    name.observe { _, new in propertyWrites.append(new) }
    // Model to property, and property (through its adapter) to model: each side writes the
    // other, and the write that comes back is equal, so it stops there.
    let toProperty = Task { @MainActor in
      for await value in Observations({ profile.name }) { name.value = value }
    }
    let toModel = Task { @MainActor in
      for await value in Observations({ name.observable.value }) { profile.name = value }
    }

    profile.name = "ada"
    #expect(await yield { name.value == "ada" }, "the model's change never reached the property")
    name.value = "grace"
    #expect(
      await yield { profile.name == "grace" }, "the property's change never reached the model")
    // A loop would keep writing; give it room to show itself, then count.
    for _ in 0..<200 { await Task.yield() }
    #expect(propertyWrites == ["ada", "grace"])
    #expect(profile.name == "grace")

    toProperty.cancel()
    toModel.cancel()
    await toProperty.value
    await toModel.value
  }
}
