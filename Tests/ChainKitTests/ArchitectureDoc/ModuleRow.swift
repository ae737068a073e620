/// A row of ARCHITECTURE.md's modules table: `| Target | Folder | Depends on | Imports | … |`.
struct ModuleRow {
  var name: String
  var folder: String
  var dependencies: Set<String>
  var imports: Set<String>

  static func all(in table: MarkdownTable) throws -> [ModuleRow] {
    try table.rows.map { cells in
      guard cells.count >= 4, let name = MarkdownTable.codeSpans(cells[0]).first,
        let folder = MarkdownTable.codeSpans(cells[1]).first
      else { throw DocumentError(message: "a modules row without target and folder: \(cells)") }
      return ModuleRow(
        name: name, folder: folder,
        dependencies: Set(MarkdownTable.codeSpans(cells[2])),
        imports: Set(MarkdownTable.codeSpans(cells[3])))
    }
  }

  /// What differs between the rows and the manifest's targets: a target without a row, a row
  /// without a target, another folder, other dependencies.
  static func mismatches(_ rows: [ModuleRow], _ targets: [PackageManifest.Target]) -> [String] {
    var problems: [String] = []
    let byName = Dictionary(rows.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    for target in targets {
      guard let row = byName[target.name] else {
        problems.append("\(target.name) is a target but has no row")
        continue
      }
      if row.folder.trimmingSuffix("/") != target.folder {
        problems.append("\(target.name) is in \(target.folder), the row says \(row.folder)")
      }
      if row.dependencies != target.dependencies {
        problems.append(
          "\(target.name) depends on \(target.dependencies.sorted()), the row says "
            + "\(row.dependencies.sorted())")
      }
    }
    let names = Set(targets.map(\.name))
    for row in rows where !names.contains(row.name) {
      problems.append("\(row.name) has a row but is no target of Package.swift")
    }
    return problems
  }
}

extension String {
  func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
