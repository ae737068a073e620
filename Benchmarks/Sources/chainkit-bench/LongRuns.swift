import CAllocCounter
import ChainKit

#if canImport(ChainTUI)
  import ChainTUI
#endif

/// The long ChainKit runs of issue 8: 1,000,000 depth-8 bubbles (events per second), and
/// 1,000,000 mount/unmount cycles with resident memory before and after.
@MainActor
enum LongRuns {
  /// Cycles or events per long run.
  static let count = 1_000_000

  /// Resident memory may grow by this much across a churn and still count as flat: the
  /// allocator keeps some freed pages.
  static let flatTolerance = 1 << 20

  /// Runs each long case and returns the lines to print.
  static func run() -> [String] {
    [
      bubbles(),
      churn("mount/unmount churn, one node re-mounted") { parent, child in
        remount(child, at: parent)
      },
      churn("mount/unmount churn, a new node with a listener each cycle") { parent, _ in
        let node = Node("churn.fresh")
        node.on(BenchKeys.click) { _, click in Sink.consume(click.index) }
        remount(node, at: parent)
      },
    ] + harnessKeys()
  }

  /// 10,000 key presses through the headless harness, each followed by a render, as a script's
  /// `press` and `expect screen` lines do; none without ChainTUI (CHAINKIT_WITHOUT_MACROS).
  private static func harnessKeys() -> [String] {
    #if canImport(ChainTUI)
      [harnessKeyRun()]
    #else
      []
    #endif
  }

  #if canImport(ChainTUI)
    private static func harnessKeyRun() -> String {
      let presses = 10_000
      let session = ChainTUICases.busySession(size: Size(width: 100, height: 40))
      var cells = 0
      let (nanoseconds, allocations) = timed {
        for index in 0..<presses {
          session.press(ChainTUICases.cycle[index & 1])
          cells &+= session.screen.width
        }
      }
      Sink.consume(cells)
      let perSecond = Double(presses) / nanoseconds * 1e9
      return "headless harness, 10,000 key presses (press + render at 100x40, model scene): "
        + "\(seconds(nanoseconds)) s, \(TextTable.format(perSecond, decimals: 0)) keys/s, "
        + "\(TextTable.format(Double(allocations) / Double(presses), decimals: 0)) allocs/key; "
        + "above 30,000 keys/s (issue 13): \(perSecond > 30_000 ? "yes" : "NO")"
    }
  #endif

  private static func bubbles() -> String {
    let chain = ChainFixture(depth: 8)
    for node in chain.nodes { chain.listen(BenchKeys.click, at: node) }
    let body = ChainKitCases.postLoop(chain, at: chain.leaf)
    body(10_000)
    let (nanoseconds, allocations) = timed { body(count) }
    let perSecond = Double(count) / nanoseconds * 1e9
    return "1,000,000 depth-8 bubbles: \(seconds(nanoseconds)) s, "
      + "\(TextTable.format(perSecond / 1e6, decimals: 2)) M events/s "
      + "(\(TextTable.figure(nanoseconds / Double(count))) ns/event), \(allocations) allocations"
  }

  private static func churn(
    _ title: String, cycle: @MainActor (_ parent: Node, _ child: Node) -> Void
  ) -> String {
    let parent = Node("churn.parent")
    let child = Node("churn.child")
    for _ in 0..<10_000 { cycle(parent, child) }
    let before = Machine.residentBytes()
    let (nanoseconds, allocations) = timed {
      for _ in 0..<count { cycle(parent, child) }
    }
    let after = Machine.residentBytes()
    let growth = after - before
    return "\(title), 1,000,000 cycles: \(seconds(nanoseconds)) s "
      + "(\(TextTable.figure(nanoseconds / Double(count))) ns/cycle, "
      + "\(TextTable.format(Double(allocations) / Double(count), decimals: 2)) allocs/cycle); "
      + "resident \(mebibytes(before)) -> \(mebibytes(after)) MiB; "
      + "flat (< 1 MiB growth): \(growth < flatTolerance ? "yes" : "NO")"
  }

  private static func remount(_ child: Node, at parent: Node) {
    do { try child.mount(at: parent) } catch { preconditionFailure("mount failed: \(error)") }
    child.unmount(from: parent)
  }

  /// CPU nanoseconds and heap allocations of `work`.
  private static func timed(_ work: () -> Void) -> (nanoseconds: Double, allocations: UInt64) {
    let before = chainkit_bench_alloc_count()
    chainkit_bench_set_alloc_counting(true)
    let nanoseconds = ThreadClock.measure(.thread, work)
    chainkit_bench_set_alloc_counting(false)
    return (nanoseconds, chainkit_bench_alloc_count() - before)
  }

  private static func seconds(_ nanoseconds: Double) -> String {
    TextTable.format(nanoseconds / 1e9, decimals: 2)
  }

  private static func mebibytes(_ bytes: Int) -> String {
    TextTable.format(Double(bytes) / Double(1 << 20), decimals: 1)
  }
}
