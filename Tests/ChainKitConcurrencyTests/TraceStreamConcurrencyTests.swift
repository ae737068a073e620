import Foundation
import Synchronization
import Testing

@testable import ChainKit
@testable import ChainKitTracing

extension EventKey where Payload == Int {
  fileprivate static let streamed = EventKey("streamed")
}

/// The trace stream's hand-off between the main actor and its writer thread, under the thread
/// sanitizer (`make test-tsan`).
@MainActor
@Suite("Trace stream across threads")
struct TraceStreamConcurrencyTests {
  @Test(
    "posts from four threads are traced through a stream with a small buffer: written or counted")
  func remotePostsThroughAStream() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("chainkit-stream-tsan-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let root = Node("root")
    var heard = 0
    root.on(.streamed) { _, _ in heard += 1 }
    let stream = try TraceStream(to: .file(path), capacity: 64)
    root.install(stream)
    let remote = root.remote
    let finished = Atomic<Int>(0)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      for thread in 0..<4 {
        Thread {
          for value in 0..<2_000 { remote.post(.streamed, thread * 10_000 + value) }
          if finished.add(1, ordering: .acquiringAndReleasing).newValue == 4 { done.resume() }
        }.start()
      }
    }
    await RemoteNode.settle()
    #expect(heard == 8_000)
    #expect(await stream.settle())
    let statistics = stream.statistics
    #expect(statistics.accepted + statistics.dropped >= 8_000)
    stream.checkInvariants()
    let lines = try TraceLine.decodeJSONLines(Data(contentsOf: URL(fileURLWithPath: path)))
    let records = lines.compactMap(\.record).count
    let reported = lines.reduce(0) { total, line in
      if case .dropped(let count) = line.body { total + count } else { total }
    }
    // Every record is either in the file or counted as dropped; drops are reported once the
    // writer can write again, so only the last ones may be unreported.
    #expect(records + statistics.dropped == 8_000)
    #expect(reported <= statistics.dropped)
  }

  @Test("a record's hops, made when first read, read alike from four threads at once")
  func hopsReadOnFourThreads() async throws {
    let root = Node("root")
    let leaf = Node("leaf")
    try leaf.mount(at: root)
    let log = TraceLog()
    root.install(log)
    root.on(.streamed) { _, _ in }
    root.intercept(.streamed) { _, value in value += 1 }
    leaf.post(.streamed, 1)
    let record = try #require(log.dispatches.first)
    record.describePayloads()
    // NB: a POSIX mutex (``Locked``): the thread sanitizer does not see `Mutex`'s ordering.
    let read = Locked<[[HopRecord]]>([])
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      for _ in 0..<4 {
        Thread {
          let hops = record.hops
          let count = read.withLock { read in
            read.append(hops)
            return read.count
          }
          if count == 4 { done.resume() }
        }.start()
      }
    }
    let hops = read.withLock { $0 }
    #expect(hops.count == 4)
    for other in hops { #expect(other == record.hops) }
    #expect(record.hops.contains { $0.interceptedFrom == "1" && $0.interceptedTo == "2" })
  }
}
