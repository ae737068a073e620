/// What happened to a posted event, returned to its poster.
public struct Outcome: Sendable, CustomStringConvertible {
  /// Whether a listener called ``EventContext/preventDefault()``.
  public internal(set) var isPrevented = false
  /// Whether a listener stopped propagation (plain or immediate).
  public internal(set) var isStopped = false
  /// How many listeners ran, over every node and phase.
  public internal(set) var listenersRun = 0
  /// Errors thrown by listeners, and ChainKit's own errors (such as ``ChainError/nestingTooDeep(key:limit:)``).
  public var errors: [any Error] { thrown ?? [] }
  /// The errors; `nil` while there is none, so that an outcome without errors neither retains
  /// nor releases an array.
  @usableFromInline var thrown: [any Error]?
  /// Whether anything was thrown: read without making or retaining ``errors``' array.
  package var hasErrors: Bool { thrown.map { !$0.isEmpty } ?? false }

  /// An outcome with nothing happened yet.
  init() { thrown = nil }

  @usableFromInline
  init(isPrevented: Bool, isStopped: Bool, listenersRun: Int, errors: [any Error]) {
    self.isPrevented = isPrevented
    self.isStopped = isStopped
    self.listenersRun = listenersRun
    self.thrown = errors
  }

  /// Adds an error.
  mutating func record(_ error: any Error) {
    if thrown == nil { thrown = [] }
    thrown?.append(error)
  }

  /// An outcome whose errors are `thrown` (`nil`: none).
  @usableFromInline
  init(isPrevented: Bool, isStopped: Bool, listenersRun: Int, thrown: [any Error]?) {
    self.isPrevented = isPrevented
    self.isStopped = isStopped
    self.listenersRun = listenersRun
    self.thrown = thrown
  }

  /// Whether the event was dispatched and nothing threw.
  public var succeeded: Bool { errors.isEmpty }

  /// A one-line summary for logs.
  public var description: String {
    var parts = ["ran \(listenersRun)"]
    if isStopped { parts.append("stopped") }
    if isPrevented { parts.append("prevented") }
    if !errors.isEmpty { parts.append("\(errors.count) error(s)") }
    return parts.joined(separator: ", ")
  }
}
