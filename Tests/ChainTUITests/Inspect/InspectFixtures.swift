import ChainKit
import ChainKitTracing
import Foundation

/// Lines of a known trace: a program whose tree is window <- list <- cell, posting `ping`.
enum InspectFixtures {
  static func text(_ line: TraceLine) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: (try? encoder.encode(line)) ?? Data(), as: UTF8.self)
  }

  static func session(pid: Int) -> String {
    text(
      TraceLine(
        time: 0, scope: "",
        .session(TraceSession(program: "shop", pid: pid, capacity: 64))))
  }

  static func mount(_ node: String, at parent: String) -> String {
    text(
      TraceLine(
        time: 1, scope: "shop",
        .record(.mount(MountRecord(node: node, parent: parent, reason: .mounted)))))
  }

  static func ping(_ id: UInt64) -> String {
    let record = DispatchRecord(
      id: id, key: "ping", payload: "\(id)", origin: "cell", path: ["cell", "list", "window"],
      hops: [
        HopRecord(node: "cell", phase: .target, passed: true),
        HopRecord(node: "list", phase: .bubble, listenersRun: 1),
        HopRecord(node: "window", phase: .bubble, listenersRun: 1),
      ],
      listenersRun: 2)
    return text(TraceLine(time: 2, scope: "shop", .record(.dispatch(record))))
  }

  /// A session, the tree's mounts, then `count` pings: one line each, newline-terminated.
  static func program(pid: Int = 7, pings: Int = 3) -> String {
    var lines = [session(pid: pid), mount("list", at: "window"), mount("cell", at: "list")]
    lines += (1...max(1, pings)).map { ping(UInt64($0)) }
    return lines.joined(separator: "\n") + "\n"
  }
}
