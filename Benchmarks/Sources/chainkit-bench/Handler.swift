/// A closure wrapped in a struct, as a listener is stored in a fast dispatch table.
///
/// NB: a bare closure kept in a generic container is called through a reabstraction thunk; the
/// struct wrapper avoids it (see shared/notes/performance.md).
struct Handler {
  /// The listener body: takes the running value and returns the next one.
  let call: (Int) -> Int

  /// Makes `count` distinct capturing closures behind a barrier, so that the optimiser cannot
  /// inline or specialise the calls made through them.
  @inline(never)
  static func make(_ count: Int) -> [Handler] {
    var handlers: [Handler] = []
    handlers.reserveCapacity(count)
    for index in 0..<count {
      let step = Sink.opaque(index | 1)
      handlers.append(Handler { value in value &+ step })
    }
    return handlers
  }

  /// Makes one handler behind the barrier.
  @inline(never)
  static func makeOne(_ seed: Int) -> Handler {
    let step = Sink.opaque(seed | 1)
    return Handler { value in value &+ step }
  }
}
