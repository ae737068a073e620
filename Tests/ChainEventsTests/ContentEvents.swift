// The README's protocol, as a user package writes it: one import, one attribute.
import ChainEvents

@ChainEvents
protocol ContentEvents {
  func contentDidLoad(arg1: String, arg2: Int)
  func fetchChannelID() -> String
}

/// Domino's second event of the README, with one argument, and an optional request.
@ChainEvents
@MainActor
protocol ContainerEvents {
  func contentDidLoadWithArg(_ arg: Int)
  func channelName(for id: String) -> String?
  func refresh()
  func channelLogo(for id: String) async -> String
}

/// Collects what subscribers saw, in order.
@MainActor
final class Log {
  private(set) var entries: [String] = []
  func add(_ entry: String) { entries.append(entry) }
}

/// Domino's ContainerViewController: implements the protocol's methods.
@MainActor
final class Container: @MainActor ContentEvents {
  let log: Log
  init(log: Log) { self.log = log }
  func contentDidLoad(arg1: String, arg2: Int) { log.add("container heard \(arg1) \(arg2)") }
  func fetchChannelID() -> String { "channel-42" }
}

/// Implements the async method, which has no default, and one of the three others; those keep
/// the defaults of `ContainerEvents.Partial`, conformed to in an extension as the article shows.
@MainActor
final class PartialSubscriber {
  let log: Log
  init(log: Log) { self.log = log }
}

extension PartialSubscriber: ContainerEvents.Partial {
  func contentDidLoadWithArg(_ arg: Int) { log.add("partial heard \(arg)") }
  func channelLogo(for id: String) async -> String {
    await Task.yield()
    return "logo of \(id)"
  }
}

/// Events whose arguments are closures, written out as the article asks.
@ChainEvents
@MainActor
protocol WorkEvents {
  func run(_ body: @Sendable () -> Int)
  func runBoth(first: @Sendable () -> Int, then: @escaping @Sendable () -> Int)
}

/// Runs the closures it is sent, and logs what they return.
@MainActor
final class Worker {
  let log: Log
  init(log: Log) { self.log = log }
}

extension Worker: WorkEvents {
  func run(_ body: @Sendable () -> Int) { log.add("ran \(body())") }
  func runBoth(first: @Sendable () -> Int, then: @escaping @Sendable () -> Int) {
    log.add("ran \(first()) then \(then())")
  }
}
