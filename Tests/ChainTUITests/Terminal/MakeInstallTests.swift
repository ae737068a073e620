import ChainKitTestSupport
import Foundation
import Testing

/// `make install` puts `chaintui` in `$(PREFIX)/bin`, says where, and says whether that folder
/// is on the PATH.
@Suite("make install")
struct MakeInstallTests {
  /// Runs `make install` with a stand-in `swift` whose bin path holds a file named `chaintui`,
  /// into a PREFIX of this run's own, with `path` as the PATH make and the script see.
  func makeInstall(path: (_ prefix: URL) -> String, config: String = "debug") throws -> (
    output: String, status: Int32, prefix: URL, installed: String?
  ) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("make-install-\(UUID().uuidString)")
    let binPath = directory.appendingPathComponent("build")
    try FileManager.default.createDirectory(at: binPath, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let fakeSwift = directory.appendingPathComponent("swift")
    try """
    #!/bin/sh
    echo "swift $*" >>"\(directory.path)/calls"
    for argument in "$@"; do
      if [ "$argument" = "--show-bin-path" ]; then echo "\(binPath.path)"; exit 0; fi
    done
    echo "[3/3] Linking chaintui"
    """.write(to: fakeSwift, atomically: true, encoding: .utf8)
    try "the chaintui binary".write(
      to: binPath.appendingPathComponent("chaintui"), atomically: true, encoding: .utf8)
    let prefix = directory.appendingPathComponent("prefix")
    let run = try runProcess([
      "PATH=\(path(prefix))", "make", "-s", "-C", MakeRunTests.root.path, "install",
      "SWIFT=/bin/sh \(fakeSwift.path)", "PREFIX=\(prefix.path)", "CONFIG=\(config)",
    ])
    let installed = try? String(
      contentsOf: prefix.appendingPathComponent("bin/chaintui"), encoding: .utf8)
    let calls =
      (try? String(contentsOf: directory.appendingPathComponent("calls"), encoding: .utf8)) ?? ""
    return (run.output + calls, run.status, prefix, installed)
  }

  static let systemPath = "/usr/local/bin:/usr/bin:/bin"

  @Test("chaintui lands in PREFIX/bin, and make says where and that it is not on the PATH")
  func installsIntoPrefixNotOnPath() throws {
    let run = try makeInstall(path: { _ in Self.systemPath })
    #expect(run.status == 0, "\(run.output)")
    #expect(run.installed == "the chaintui binary")
    let bin = run.prefix.appendingPathComponent("bin").path
    #expect(run.output.contains("installed \(bin)/chaintui"), "\(run.output)")
    #expect(run.output.contains("\(bin) is not on your PATH"), "\(run.output)")
    #expect(run.output.contains("export PATH=\"\(bin):$PATH\""), "\(run.output)")
  }

  @Test("when PREFIX/bin is on the PATH, make says so")
  func saysWhenOnPath() throws {
    let run = try makeInstall(path: { "\($0.path)/bin:\(Self.systemPath)" })
    #expect(run.status == 0, "\(run.output)")
    let bin = run.prefix.appendingPathComponent("bin").path
    #expect(run.output.contains("\(bin) is on your PATH"), "\(run.output)")
    #expect(!run.output.contains("not on your PATH"), "\(run.output)")
  }

  @Test("CONFIG=release builds and installs the release binary")
  func releaseConfiguration() throws {
    let run = try makeInstall(path: { _ in Self.systemPath }, config: "release")
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("swift build -c release --product chaintui"), "\(run.output)")
    #expect(run.output.contains("swift build -c release --show-bin-path"), "\(run.output)")
  }

  @Test("a CONFIG that is neither debug nor release is refused, naming it")
  func unknownConfiguration() throws {
    let run = try makeInstall(path: { _ in Self.systemPath }, config: "fast")
    #expect(run.status != 0)
    #expect(run.output.contains("CONFIG is debug or release, not 'fast'"), "\(run.output)")
    #expect(run.installed == nil)
  }
}
