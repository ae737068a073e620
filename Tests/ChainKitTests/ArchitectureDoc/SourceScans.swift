import Foundation

/// The Swift sources under a folder, as lines of code: comment lines and the insides of
/// multi-line string literals left out, and a trailing `//` comment cut.
enum SourceLines {
  static func files(under root: URL, _ folder: String) throws -> [(path: String, code: [String])] {
    let base = root.appending(path: folder)
    guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
    var files: [(String, [String])] = []
    for case let relative as String in walker where relative.hasSuffix(".swift") {
      let text = try String(contentsOf: base.appending(path: relative), encoding: .utf8)
      let path = folder.trimmingSuffix("/") + "/" + relative
      files.append((path, code(of: text)))
    }
    return files.sorted { $0.0 < $1.0 }
  }

  static func code(of text: String) -> [String] {
    var lines: [String] = []
    var inString = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let quotes = line.components(separatedBy: "\"\"\"").count - 1
      defer { if quotes % 2 == 1 { inString.toggle() } }
      if inString { continue }
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("//") { continue }
      lines.append(stripped(String(line)))
    }
    return lines
  }

  /// The line without its string literals' contents and without a trailing comment.
  static func stripped(_ line: String) -> String {
    var result = ""
    var inLiteral = false
    var previous: Character = " "
    for character in line {
      if character == "\"" && previous != "\\" {
        inLiteral.toggle()
        result.append(character)
      } else if !inLiteral {
        if character == "/" && previous == "/" {
          result.removeLast()
          break
        }
        result.append(character)
      }
      previous = character
    }
    return result
  }
}

/// The modules a target's sources import.
enum ImportScan {
  static var pattern: Regex<(Substring, Substring)> {
    #/^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(\w+)/#
  }

  static func imports(under root: URL, _ folder: String) throws -> Set<String> {
    var modules: Set<String> = []
    for file in try SourceLines.files(under: root, folder) {
      for line in file.code {
        if line.contains("import"), let match = line.firstMatch(of: pattern) {
          modules.insert(String(match.1))
        }
      }
    }
    return modules
  }

  static func mismatches(_ row: ModuleRow, imports: Set<String>) -> [String] {
    var problems: [String] = []
    let unlisted = imports.subtracting(row.imports)
    let phantom = row.imports.subtracting(imports)
    if !unlisted.isEmpty {
      problems.append("\(row.name) imports \(unlisted.sorted()), not in its row")
    }
    if !phantom.isEmpty {
      problems.append("\(row.name)'s row lists \(phantom.sorted()), which no source imports")
    }
    return problems
  }
}

/// The unsafe constructs of each source file, by the names ARCHITECTURE.md's table uses.
enum UnsafeScan {
  /// Each construct's name in the table, and what it matches in code.
  ///
  /// Order matters: a match is removed before the next construct is looked for, and `other`
  /// is what is left.
  static var constructs: [(name: String, pattern: Regex<Substring>)] {
    [
      ("@unchecked Sendable", #/@unchecked\s+Sendable/#),
      ("unowned(unsafe)", #/unowned\(unsafe\)/#),
      ("@exclusivity(unchecked)", #/@exclusivity\(unchecked\)/#),
      ("nonisolated(unsafe)", #/nonisolated\(unsafe\)/#),
      ("Unmanaged", #/\bUnmanaged\b|\b_withUnsafeGuaranteedRef\b/#),
      ("UnsafeContinuation", #/\bUnsafeContinuation\b|\bwithUnsafeContinuation\b/#),
      ("Unsafe*Pointer", #/\bUnsafe\w*Pointer\b|\bwithUnsafe\w*|\bunsafeUninitializedCapacity\b/#),
      ("unsafeDowncast", #/\bunsafeDowncast\b/#),
    ]
  }

  /// Anything else that says unsafe or unchecked: named as written, so a new kind of unsafe
  /// code shows up as a mismatch until the table (and this list) name it.
  static var other: Regex<Substring> { #/\w*[Uu]nsafe\w*|@unchecked\b|\(unchecked\)/# }

  /// The construct names found in `code`, in the order of `constructs`, then any others.
  static func constructs(in code: String) -> [String] {
    var rest = code
    var found: [String] = []
    // NB: simple word boundaries: by Unicode's default rules `Unmanaged.passUnretained` is one
    // word, so `\bUnmanaged\b` would not match it.
    for construct in constructs {
      let pattern = construct.pattern.wordBoundaryKind(.simple)
      guard rest.contains(pattern) else { continue }
      found.append(construct.name)
      rest.replace(pattern, with: "")
    }
    let others = rest.matches(of: other.wordBoundaryKind(.simple)).map { String($0.output) }
    return found + Set(others).sorted()
  }

  /// Each file under `folders` that uses an unsafe construct, with the constructs it uses.
  static func files(under root: URL, in folders: [String]) throws -> [String: Set<String>] {
    var result: [String: Set<String>] = [:]
    for folder in folders {
      for file in try SourceLines.files(under: root, folder) {
        let found = constructs(in: file.code.joined(separator: "\n"))
        if !found.isEmpty { result[file.path] = Set(found) }
      }
    }
    return result
  }

  /// The table's rows: `| \`File\` | \`construct\`, … | invariant |`.
  static func rows(of table: MarkdownTable) -> [String: Set<String>] {
    var rows: [String: Set<String>] = [:]
    for cells in table.rows where cells.count >= 2 {
      guard let file = MarkdownTable.codeSpans(cells[0]).first else { continue }
      rows[file] = Set(MarkdownTable.codeSpans(cells[1]))
    }
    return rows
  }

  static func mismatches(_ rows: [String: Set<String>], _ found: [String: Set<String>])
    -> [String]
  {
    var problems: [String] = []
    for (file, constructs) in found.sorted(by: { $0.key < $1.key }) {
      guard let listed = rows[file] else {
        problems.append("\(file) uses \(constructs.sorted()) but has no row")
        continue
      }
      if listed != constructs {
        problems.append("\(file) uses \(constructs.sorted()), its row says \(listed.sorted())")
      }
    }
    for file in rows.keys.sorted() where found[file] == nil {
      problems.append("\(file) has a row but no unsafe construct")
    }
    return problems
  }
}
