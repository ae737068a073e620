import Foundation
import OpenCombine

/// What users would pick instead of ChainKit: Foundation's NotificationCenter and OpenCombine.
@MainActor
enum LibraryPeerCases {
  /// Every case of this file.
  static func all() -> [BenchCase] {
    [
      notificationCenter(group: "bubble1", observers: 1),
      notificationCenter(group: "fanout10", observers: 10),
      passthrough(group: "bubble1", sinks: 1),
      passthrough(group: "fanout10", sinks: 10),
      currentValueSubscribe(),
    ]
  }

  /// Calls delivered to observers, so that no observer body is dead.
  nonisolated(unsafe) private static var delivered = 0

  private static func notificationCenter(group: String, observers: Int)
    -> BenchCase
  {
    BenchCase(
      id: "\(group).notification", label: "NotificationCenter post, \(observers) observer(s)",
      deliveries: observers, callgrindIterations: 2_000
    ) {
      let center = NotificationCenter()
      let name = Notification.Name("chainkit.bench")
      let tokens = (0..<observers).map { step in
        center.addObserver(forName: name, object: nil, queue: nil) { _ in
          LibraryPeerCases.delivered &+= step | 1
        }
      }
      return { iterations in
        for _ in 0..<iterations {
          center.post(name: name, object: nil)
        }
        Sink.consume(delivered)
        Sink.consume(tokens.count)
      }
    }
  }

  private static func passthrough(group: String, sinks: Int) -> BenchCase {
    BenchCase(
      id: "\(group).combine", label: "OpenCombine PassthroughSubject.send, \(sinks) sink(s)",
      deliveries: sinks, callgrindIterations: 2_000
    ) {
      let subject = PassthroughSubject<Int, Never>()
      let cancellables = (0..<sinks).map { step in
        subject.sink { value in LibraryPeerCases.delivered &+= value ^ step }
      }
      return { iterations in
        for index in 0..<iterations {
          subject.send(index)
        }
        Sink.consume(delivered)
        Sink.consume(cancellables.count)
      }
    }
  }

  private static func currentValueSubscribe() -> BenchCase {
    BenchCase(
      id: "subscribe.combine", label: "OpenCombine CurrentValueSubject sink + cancel",
      callgrindIterations: 2_000
    ) {
      let subject = CurrentValueSubject<Int, Never>(Sink.opaque(42))
      return { iterations in
        for _ in 0..<iterations {
          let cancellable = subject.sink { value in LibraryPeerCases.delivered &+= value }
          cancellable.cancel()
        }
        Sink.consume(delivered)
      }
    }
  }
}
