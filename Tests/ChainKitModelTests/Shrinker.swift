/// Shrinks a diverging program by delta debugging: removes steps, then script effects, while the
/// divergence remains, until nothing more can go or the attempt budget is spent.
@MainActor
struct Shrinker {
  /// At most this many candidate programs are run.
  var attemptsLeft = 3_000
  let stillFails: (Program) -> Bool

  mutating func shrink(_ program: Program) -> Program {
    var current = program
    var changed = true
    while changed, attemptsLeft > 0 {
      changed = false
      if let smaller = removeSteps(from: current) {
        current = smaller
        changed = true
      }
      if let simpler = simplifyScripts(in: current) {
        current = simpler
        changed = true
      }
    }
    return current
  }

  private mutating func attempt(_ candidate: Program) -> Bool {
    guard attemptsLeft > 0 else { return false }
    attemptsLeft -= 1
    return stillFails(candidate)
  }

  /// Removes chunks of steps, halving the chunk size down to one step.
  private mutating func removeSteps(from program: Program) -> Program? {
    var current = program
    var chunk = max(1, current.steps.count / 2)
    var progressed = false
    while chunk >= 1 {
      var start = 0
      while start < current.steps.count {
        var candidate = current
        candidate.steps.removeSubrange(start..<min(start + chunk, current.steps.count))
        if attempt(candidate) {
          current = candidate
          progressed = true
        } else {
          start += chunk
        }
      }
      if chunk == 1 { break }
      chunk /= 2
    }
    return progressed ? current : nil
  }

  /// Removes single effects from scripts, nested ones included.
  private mutating func simplifyScripts(in program: Program) -> Program? {
    var current = program
    var progressed = false
    var index = 0
    while index < current.steps.count {
      for candidate in Self.variants(of: current.steps[index]) {
        var program = current
        program.steps[index] = candidate
        if attempt(program) {
          current = program
          progressed = true
          break
        }
      }
      index += 1
    }
    return progressed ? current : nil
  }

  /// The operation with one effect removed from one of its scripts, in every way.
  static func variants(of op: Op) -> [Op] {
    switch op {
    case .listen(let node, let key, let capture, let once, let script):
      variants(of: script).map { .listen(node, key, capture: capture, once: once, $0) }
        + (once ? [.listen(node, key, capture: capture, once: false, script)] : [])
    case .intercept(let node, let key, let script):
      variants(of: script).map { .intercept(node, key, $0) }
    case .respond(let node, let script): variants(of: script).map { .respond(node, $0) }
    case .subscribe(let node, let key, let script):
      variants(of: script).map { .subscribe(node, key, $0) }
    default: []
    }
  }

  static func variants(of script: Script) -> [Script] {
    var out: [Script] = []
    for index in script.indices {
      var removed = script
      removed.remove(at: index)
      out.append(removed)
    }
    for (index, effect) in script.enumerated() {
      guard case .op(let op) = effect else { continue }
      for inner in variants(of: op) {
        var changed = script
        changed[index] = .op(inner)
        out.append(changed)
      }
    }
    return out
  }
}
