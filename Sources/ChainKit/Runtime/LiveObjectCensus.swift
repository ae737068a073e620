#if CHAINKIT_INVARIANTS
  /// Counts the ChainKit objects created inside a scope that are still alive, so that a test can
  /// check it leaves none behind: cores, registrations, bus subscribers, data subscribers and
  /// observers.
  ///
  /// Compiled only with `CHAINKIT_INVARIANTS` (debug builds).
  ///
  /// An object joins the scope that is current (a task-local value) when it is created and
  /// leaves it in its deinit, whatever thread that runs on; tests running in parallel each have
  /// their own scope, so their counts never mix.
  package final class LiveObjectCensus: Sendable {
    /// The kinds of objects counted.
    enum Kind: Int, CaseIterable, Sendable {
      case core, registration, busSubscriber, dataSubscriber, observer
    }

    /// The scope objects created now join.
    @TaskLocal package static var current: LiveObjectCensus?

    private let counts = Locked([Int](repeating: 0, count: Kind.allCases.count))
    private let records = Locked(0)

    init() {}

    /// The live objects of each kind that joined this scope, by kind; kinds with none left out.
    var live: [Kind: Int] {
      counts.withLock { counts in
        var live: [Kind: Int] = [:]
        for kind in Kind.allCases where counts[kind.rawValue] != 0 {
          live[kind] = counts[kind.rawValue]
        }
        return live
      }
    }

    /// How many dispatch records were built in this scope: a dispatch that only activity
    /// observers hear builds none.
    var recordsBuilt: Int { records.withLock { $0 } }

    package func noteRecordBuilt() { records.withLock { $0 += 1 } }

    func enter(_ kind: Kind) { counts.withLock { $0[kind.rawValue] += 1 } }
    func leave(_ kind: Kind) { counts.withLock { $0[kind.rawValue] -= 1 } }
  }

  /// A counted object's membership in the census: joins on creation, leaves when destroyed
  /// with the object that stores it.
  struct CensusToken: ~Copyable, Sendable {
    let scope: LiveObjectCensus?
    let kind: LiveObjectCensus.Kind

    init(_ kind: LiveObjectCensus.Kind) {
      self.kind = kind
      scope = LiveObjectCensus.current
      scope?.enter(kind)
    }

    deinit { scope?.leave(kind) }
  }
#endif
