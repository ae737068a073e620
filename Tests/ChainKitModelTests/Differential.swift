/// Runs one program against ChainKit and against the ``ReferenceModel`` and compares the logs.
@MainActor
enum Differential {
  /// Both logs of one program.
  struct Run {
    var chainKit: [String]
    var model: [String]

    /// The index of the first line where the logs differ, or `nil` if they are equal.
    var firstDifference: Int? {
      if chainKit == model { return nil }
      return zip(chainKit, model).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(chainKit.count, model.count)
    }
  }

  static func run(_ program: Program, model reference: ReferenceModel = ReferenceModel()) -> Run {
    let chainKit = Driver(world: ChainKitWorld()).run(program)
    let model = Driver(world: reference).run(program)
    return Run(chainKit: chainKit, model: model)
  }

  static func diverges(_ program: Program) -> Bool {
    run(program).firstDifference != nil
  }

  /// The seed, the program and both logs side by side around the first difference.
  static func report(seed: UInt64, program: Program, original: Int, full: Bool) -> String {
    let run = run(program)
    var lines = [
      "seed \(seed): ChainKit and the model diverge.",
      "shrunk program (\(program.steps.count) of \(original) steps; replay with "
        + "`make fuzz SEED=\(seed)`):",
      program.description,
    ]
    guard let first = run.firstDifference else {
      lines.append("(the shrunk program no longer diverges)")
      return lines.joined(separator: "\n")
    }
    let range =
      full ? 0..<max(run.chainKit.count, run.model.count) : max(0, first - 12)..<(first + 4)
    for (name, log) in [("ChainKit", run.chainKit), ("model", run.model)] {
      lines.append("--- \(name) log\(full ? "" : ", lines \(range.lowerBound)...") ---")
      for index in range where index < log.count {
        lines.append("\(index == first ? ">" : " ") \(log[index])")
      }
    }
    return lines.joined(separator: "\n")
  }
}
