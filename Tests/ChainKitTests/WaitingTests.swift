import ChainKitTestSupport
import Foundation
import Testing

/// The tests' wait for another thread outlasts a loaded machine.
///
/// On a loaded machine the work a test waits for (a detached task, a background lane, a writer
/// thread) can start late by a wall clock, while the main actor's turns each take microseconds:
/// a wait bounded by turns that only yield runs out first, and the test fails though the code is
/// right. So `turnsUntil`'s turns, once the yielding ones are used up, each give the processor
/// away for a moment, and its default count of turns lasts minutes.
@Suite("waiting for another thread")
struct WaitingTests {
  @Test("turnsUntil's turns past the yielding ones outlast a thread that starts late")
  @MainActor
  func turnsUntilOutlastsALateThread() async {
    let work = LateWork()
    // Two seconds late: four times the yielding turns, if they only yielded, pass sooner, so
    // this fails unless the turns past the yielding ones wait too.
    let late = Thread {
      Thread.sleep(forTimeInterval: 2)
      Task { @MainActor in work.done = true }
    }
    late.start()
    #expect(
      await turnsUntil(turns: 40_000) { work.done },
      "40,000 turns ran out before the late thread's work")
  }
}

/// What the late thread did, read on the main actor.
@MainActor
private final class LateWork {
  var done = false
}
