import Testing

/// Comments say why; figures live in BENCHMARKS.md.
///
/// A comment that justifies code by a measured figure (instructions, time, a percentage, a
/// factor, allocations) goes stale with the next build, and one that retells how the code used to
/// be belongs in a commit message. A scan of the comments of ChainKit and ChainKitTracing fails,
/// naming file and line, on either; the reason is said in words, and the figure is kept in
/// BENCHMARKS.md. Naming the benchmark case that shows a cost is allowed, never required.
@Suite("Comments say why; figures live in BENCHMARKS.md")
struct CommentRuleTests {
  /// The folders scanned, from the package root.
  static let folders = ["Sources/ChainKit/", "Sources/ChainKitTracing/"]

  /// Files allowed to cite a figure while their comments are rewritten (none now).
  ///
  /// The scan fails when a listed file cites none, so the list only shrinks.
  static let pending: Set<String> = []

  /// What a comment must not cite, each with the words the failure uses.
  ///
  /// A figure has digits (`16 Ir`, `11-80 s`, `3%`, `1.08x`, `2 allocations`) or is a factor in
  /// words (`several times as many`); history is a narrative marker (`used to`, `previously`,
  /// `issue 13`, `was 1.08x`, `paid`). Plain past tense is not history: "the node the event was
  /// posted to" states what happens.
  static func rules() -> [(what: String, pattern: Regex<Substring>)] {
    [
      ("an instruction count", /\d[\d,.\-]*\s?[kM]?\s?Ir\b/),
      ("an instruction count", /(?i)\d[\d,.\-]*\s?[kM]?\s+instructions\b/),
      ("a cost factor", /(?i)\btimes (?:as many|as much|more|fewer|less|faster|slower|cheaper)\b/),
      ("a cost factor", /(?i)\b(?:twice|half) as (?:many|much|fast|slow|costly)\b/),
      ("a cost factor", /(?i)\d[\d,.\-]*\s?[x×]\s?(?:faster|slower|cheaper|more|fewer|less|as)\b/),
      ("a cost factor", /\b\d+(?:\.\d+)?x\b/),
      ("a time", /(?i)\d[\d,.\-]*\s?(?:ns|µs|us|ms)\b/),
      ("a time", /\d[\d,.\-]*\s(?:s|sec|seconds?)\b/),
      ("a percentage", /\d[\d,.\-]*\s?%/),
      ("an allocation count", /(?i)\d[\d,.\-]*\s?(?:allocs?|allocations?|mallocs?)\b/),
      ("history", /(?i)\bused to\b/),
      ("history", /(?i)\b(?:previously|formerly|originally)\b/),
      ("history", /(?i)\bthe old (?:code|version|implementation|design|approach)\b/),
      ("history", /(?i)\b(?:issue|commit|PR) #?\d/),
      ("history", /(?i)\b(?:was|were) (?:about |only |then )?\d/),
      ("history", /(?i)\bpaid\b/),
      ("history", /(?i)\b(?:reverted|was tried|were tried)\b/),
    ]
  }

  /// The comment on a line: the whole line if it is one, else what follows a trailing `// `
  /// (code here puts no `// ` inside a string); `nil` if there is none.
  static func comment(of line: Substring) -> Substring? {
    let trimmed = line.drop { $0 == " " }
    if trimmed.hasPrefix("//") { return trimmed }
    if let start = line.firstRange(of: "// ") { return line[start.lowerBound...] }
    return nil
  }

  /// What `comment` cites that it must not, and the text that cites it; `nil` if nothing.
  static func citation(
    in comment: Substring, rules: [(what: String, pattern: Regex<Substring>)] = rules()
  ) -> (what: String, text: Substring)? {
    for rule in rules {
      if let match = comment.firstMatch(of: rule.pattern) { return (rule.what, match.output) }
    }
    return nil
  }

  /// Every violation in `files`, as `path:line: what`, and every pending file with nothing left.
  static func violations(
    in files: [(path: String, text: String)], pending: Set<String>
  ) -> [String] {
    var found: [String] = []
    var pendingHit: Set<String> = []
    let patterns = rules()
    for file in files {
      let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
      for (index, line) in lines.enumerated() {
        guard let comment = comment(of: line), let citation = citation(in: comment, rules: patterns)
        else {
          continue
        }
        if pending.contains(file.path) {
          pendingHit.insert(file.path)
        } else {
          found.append(
            "\(file.path):\(index + 1): cites \(citation.what) (\"\(citation.text)\"): "
              + "say why in words, keep the figure in BENCHMARKS.md")
        }
      }
    }
    for path in pending.subtracting(pendingHit) {
      found.append(
        "\(path): pending, but cites no figure or history now; take it off the list")
    }
    return found.sorted()
  }

  @Test("no comment in ChainKit or ChainKitTracing cites a figure or retells history")
  func commentsSayWhy() throws {
    let files = try Self.folders.flatMap { try UnsafeAllowlistTests.sources(under: $0) }
    #expect(files.count > 100, "the scan found too few sources: \(files.count)")
    let found = Self.violations(in: files, pending: Self.pending)
    #expect(found == [], "\(found.joined(separator: "\n"))")
  }

  @Test("the scan names the file and line of a figure, and a pending file with none left")
  func scanFindsAViolation() {
    let files: [(path: String, text: String)] = [
      (
        "Sources/ChainKit/Tree/Bad.swift",
        """
        /// The node the event was posted to, with the old and the new value.
        // NB: unchecked: the check would run at every node of every share (`share1000.chainkit`;
        // see BENCHMARKS.md).
        let percent = "50%"  // a string, not a comment
        // NB: unchecked, as the check cost about 40 Ir a node each.
        let ratio = 1  // 1.08x the cached post
        /// NB: `Mutex` 11-80 s, this lock 0.07-0.1 s.
        """
      ),
      ("Sources/ChainKit/Tree/StillPending.swift", "// about 150 Ir a node"),
      ("Sources/ChainKit/Tree/DonePending.swift", "// the check would run at every node"),
    ]
    let pending: Set = [
      "Sources/ChainKit/Tree/StillPending.swift", "Sources/ChainKit/Tree/DonePending.swift",
    ]
    let advice = "say why in words, keep the figure in BENCHMARKS.md"
    #expect(
      Self.violations(in: files, pending: pending) == [
        "Sources/ChainKit/Tree/Bad.swift:5: cites an instruction count (\"40 Ir\"): \(advice)",
        "Sources/ChainKit/Tree/Bad.swift:6: cites a cost factor (\"1.08x\"): \(advice)",
        "Sources/ChainKit/Tree/Bad.swift:7: cites a time (\"11-80 s\"): \(advice)",
        "Sources/ChainKit/Tree/DonePending.swift: pending, but cites no figure or history now; "
          + "take it off the list",
      ])
  }

  @Test(
    "each rule catches its figure or history, and plain words pass",
    arguments: [
      ("/// NB: `Mutex` 11-80 s, this lock 0.07-0.1 s.", "a time"),
      ("// 77 us per key, 0.6 ms a poll", "a time"),
      ("// 1,039 instructions per share", "an instruction count"),
      ("// several times as many instructions", "a cost factor"),
      ("// a post 3% dearer", "a percentage"),
      ("// 2 allocations a dispatch", "an allocation count"),
      ("// 2.5x faster than the weak chain", "a cost factor"),
      ("// NB: this used to be a closure.", "history"),
      ("// each mount paid it three times", "history"),
      ("// the publish was 201 before the runtime object", "history"),
      ("// the fix of issue 26", "history"),
      ("/// The node the event was posted to, with the old and the new value.", nil),
      (
        "// NB: called two or three times per mount (`bubble64.mountOnly`; see BENCHMARKS.md).", nil
      ),
      ("// a 200x60 frame; the mask 0x1F; 8 threads; 100,000 Ints", nil),
      ("// the key used for lookups was made with these types", nil),
    ] as [(String, String?)])
  func eachRule(comment: String, what: String?) {
    #expect(Self.citation(in: comment[...])?.what == what, "\(comment)")
  }
}
