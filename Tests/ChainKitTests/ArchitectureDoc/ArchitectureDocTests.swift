import ChainKitTestSupport
import Foundation
import Testing

/// ARCHITECTURE.md stays true: its modules table is Package.swift's targets with their
/// dependencies and the modules their sources import, its unsafe table is exactly the files that
/// use an unsafe construct, and every path it names exists.
///
/// The checks read the document's tables, so moving code means editing a table, not this test.
@Suite("ARCHITECTURE.md")
struct ArchitectureDocTests {
  static let root = PackageLayout.root

  static func document() throws -> String {
    try String(contentsOf: root.appending(path: "ARCHITECTURE.md"), encoding: .utf8)
  }

  /// The paths in backticks: `Sources/…`, `Tests/…`, or a path inside a target (`Events/…`).
  static func namedPaths(in text: String) -> [String] {
    text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
      .filter { $0.contains("/") && !$0.contains(" ") && !$0.hasPrefix("../") }
  }

  static func exists(_ path: String) -> Bool {
    let bases = ["", "Sources/ChainKit/", "Sources/ChainTUI/"]
    return bases.contains { base in
      FileManager.default.fileExists(atPath: root.appending(path: base + path).path)
    }
  }

  @Test("every folder and file ARCHITECTURE.md names exists")
  func namedPathsExist() throws {
    let paths = Self.namedPaths(in: try Self.document())
    #expect(paths.count > 30)
    let missing = paths.filter { !Self.exists($0) }
    #expect(missing.isEmpty, "ARCHITECTURE.md names paths that do not exist: \(missing)")
  }

  @Test("ARCHITECTURE.md points at nothing outside the repository")
  func nothingOutside() throws {
    let outside = try Self.document().split(separator: "\n").enumerated()
      .filter { $0.element.contains("../") || $0.element.contains("/work/") }
      .map { "ARCHITECTURE.md:\($0.offset + 1): \($0.element)" }
    #expect(outside == [], "\(outside.joined(separator: "\n"))")
  }

  @Test("the path check refuses a path that does not exist")
  func pathCheckFailsOnAMismatch() {
    let paths = Self.namedPaths(in: "see `Tree/NoSuchFile.swift` and `Tree/Topology.swift`")
    #expect(paths.filter { !Self.exists($0) } == ["Tree/NoSuchFile.swift"])
  }

  @Test("every ChainKit folder is in ARCHITECTURE.md")
  func everyFolderIsNamed() throws {
    let text = try Self.document()
    let folders = try FileManager.default.contentsOfDirectory(
      atPath: Self.root.appending(path: "Sources/ChainKit").path
    ).filter { !$0.hasSuffix(".swift") && !$0.hasSuffix(".docc") }
    #expect(folders.count >= 10)
    let unnamed = folders.filter { !text.contains("Sources/ChainKit/\($0)/") }
    #expect(unnamed.isEmpty, "folders missing from ARCHITECTURE.md: \(unnamed)")
  }

  // MARK: The modules table

  @Test("the modules table lists every target of Package.swift, no other, with its dependencies")
  func modulesTableIsThePackage() throws {
    let rows = try ModuleRow.all(in: MarkdownTable.after("## Modules", in: Self.document()))
    let targets = try PackageManifest.targets(in: Self.root.appending(path: "Package.swift"))
    #expect(targets.count >= 18, "the manifest scan found \(targets.map(\.name))")
    let mismatches = ModuleRow.mismatches(rows, targets)
    #expect(mismatches.isEmpty, "ARCHITECTURE.md's modules table: \(mismatches)")
  }

  @Test("each target's row names exactly the modules its sources import")
  func importsAreTheSources() throws {
    let rows = try ModuleRow.all(in: MarkdownTable.after("## Modules", in: Self.document()))
    let mismatches = try rows.flatMap { row in
      ImportScan.mismatches(row, imports: try ImportScan.imports(under: Self.root, row.folder))
    }
    #expect(mismatches.isEmpty, "ARCHITECTURE.md's imports: \(mismatches)")
  }

  @Test("the module checks refuse a missing target, a phantom, a wrong dependency or import")
  func moduleChecksFailOnAMismatch() throws {
    let rows = try ModuleRow.all(in: MarkdownTable.after("## Modules", in: Self.document()))
    let targets = try PackageManifest.targets(in: Self.root.appending(path: "Package.swift"))
    #expect(!ModuleRow.mismatches(Array(rows.dropFirst()), targets).isEmpty)
    var phantom = try #require(rows.first)
    phantom.name = "ChainKitPhantom"
    #expect(!ModuleRow.mismatches(rows + [phantom], targets).isEmpty)
    var edited = rows
    edited[0].dependencies.insert("Foundation")
    #expect(!ModuleRow.mismatches(edited, targets).isEmpty)
    let chainKit = try #require(rows.first { $0.name == "ChainKit" })
    let imports = try ImportScan.imports(under: Self.root, chainKit.folder)
    var fewer = chainKit
    fewer.imports.remove("Synchronization")
    var more = chainKit
    more.imports.insert("ChainTUI")
    #expect(ImportScan.mismatches(chainKit, imports: imports).isEmpty)
    #expect(!ImportScan.mismatches(fewer, imports: imports).isEmpty)
    #expect(!ImportScan.mismatches(more, imports: imports).isEmpty)
  }

  // MARK: The unsafe table

  @Test("the unsafe table is exactly the files with unsafe constructs, each with its constructs")
  func unsafeTableIsTheSources() throws {
    let table = try MarkdownTable.after(
      "## Unsafe code and its invariants", in: Self.document())
    let found = try UnsafeScan.files(under: Self.root, in: ["Sources"])
    #expect(found.count >= 10, "the scan found \(found.keys.sorted())")
    let mismatches = UnsafeScan.mismatches(UnsafeScan.rows(of: table), found)
    #expect(mismatches.isEmpty, "ARCHITECTURE.md's unsafe table: \(mismatches)")
  }

  @Test("the unsafe check refuses a file left out, a file without unsafe code, a wrong construct")
  func unsafeCheckFailsOnAMismatch() throws {
    let table = try MarkdownTable.after(
      "## Unsafe code and its invariants", in: Self.document())
    let rows = UnsafeScan.rows(of: table)
    let found = try UnsafeScan.files(under: Self.root, in: ["Sources"])
    #expect(UnsafeScan.mismatches(rows, found).isEmpty)
    // The old table's mistake: a row for ChildList, which has no unsafe code.
    var phantom = rows
    phantom["Sources/ChainKit/Tree/ChildList.swift"] = ["unowned(unsafe)"]
    #expect(!UnsafeScan.mismatches(phantom, found).isEmpty)
    // The old table's other mistake: NodeCore left out.
    var missing = rows
    missing["Sources/ChainKit/Tree/NodeCore.swift"] = nil
    #expect(!UnsafeScan.mismatches(missing, found).isEmpty)
    var wrong = rows
    wrong["Sources/ChainKit/Tree/NodeCore.swift"]?.remove("@exclusivity(unchecked)")
    #expect(!UnsafeScan.mismatches(wrong, found).isEmpty)
  }

  // MARK: The wrappers' call sites

  @Test("the call-site table is exactly the files that call an unsafe wrapper outside Storage")
  func wrapperTableIsTheSources() throws {
    let table = try MarkdownTable.after(
      "## Call sites of the unsafe wrappers", in: Self.document())
    let found = try WrapperScan.files(under: Self.root, in: "Sources/ChainKit")
    #expect(found.count >= 10, "the scan found \(found.keys.sorted())")
    let mismatches = UnsafeScan.mismatches(UnsafeScan.rows(of: table), found)
    #expect(mismatches.isEmpty, "ARCHITECTURE.md's call-site table: \(mismatches)")
  }

  @Test("the call-site check refuses a caller left out, a wrong wrapper, a comment's mention")
  func wrapperCheckFailsOnAMismatch() throws {
    let table = try MarkdownTable.after(
      "## Call sites of the unsafe wrappers", in: Self.document())
    let rows = UnsafeScan.rows(of: table)
    let found = try WrapperScan.files(under: Self.root, in: "Sources/ChainKit")
    #expect(UnsafeScan.mismatches(rows, found).isEmpty)
    var missing = rows
    missing["Sources/ChainKit/Events/EventContext.swift"] = nil
    #expect(!UnsafeScan.mismatches(missing, found).isEmpty)
    var wrong = rows
    wrong["Sources/ChainKit/Events/EventContext.swift"] = ["uncheckedCast"]
    #expect(!UnsafeScan.mismatches(wrong, found).isEmpty)
    let code = SourceLines.code(
      of: """
        // withUnretained in a comment is not a call
        let cast = uncheckedCast(box, to: Box.self)  // Unretained here neither
        """
    ).joined(separator: "\n")
    #expect(WrapperScan.wrappers(in: code) == ["uncheckedCast"])
  }

  @Test("the unsafe scan sees each construct in code, not in comments or strings")
  func unsafeScanReadsCode() {
    let code = """
      // an Unmanaged reference in a comment
      let text = "unowned(unsafe) in a string"
      final class Box: @unchecked Sendable {
        unowned(unsafe) var owner: AnyObject?
        @exclusivity(unchecked) var count = 0
        nonisolated(unsafe) var flag = false
        func f(_ p: UnsafeMutableRawPointer) { _ = unsafeDowncast(self, to: Box.self) }
      }
      """
    #expect(
      UnsafeScan.constructs(in: SourceLines.code(of: code).joined(separator: "\n")) == [
        "@unchecked Sendable", "unowned(unsafe)", "@exclusivity(unchecked)",
        "nonisolated(unsafe)", "Unsafe*Pointer", "unsafeDowncast",
      ])
  }
}
