import Foundation
import Testing

@testable import ChainKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The package's one door to the operating system per module, and the platform rules behind
/// it that are plain Swift, so Linux tests what the Darwin branch relies on.
@Suite("Portability: system calls go through the shims")
struct PortabilityTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  /// The files allowed to import the C library and name its module.
  static let shims: Set<String> = [
    "Sources/ChainKit/Runtime/Storage/SystemCalls.swift",
    "Sources/ChainTUI/Terminal/TerminalSystemCalls.swift",
  ]
  static let libraries = ["Glibc", "Musl", "Darwin"]

  /// Every Swift source of the package, by path from the root, with its lines.
  static func sources() throws -> [(path: String, lines: [Substring])] {
    let sources = root.appendingPathComponent("Sources")
    let walker = try #require(FileManager.default.enumerator(atPath: sources.path))
    var files: [(String, [Substring])] = []
    for case let relative as String in walker where relative.hasSuffix(".swift") {
      let text = try String(
        contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      files.append(("Sources/" + relative, lines))
    }
    return files.sorted { $0.0 < $1.0 }
  }

  @Test("no source outside the shims imports the C library or calls it by module name")
  func onlyTheShimsTouchTheCLibrary() throws {
    var offenders: [String] = []
    let files = try Self.sources()
    #expect(files.count > 100, "the scan found too few sources: \(files.count)")
    for file in files where !Self.shims.contains(file.path) {
      for (number, line) in file.lines.enumerated() {
        let code = line.trimmingCharacters(in: .whitespaces)
        guard !code.hasPrefix("//") else { continue }
        for library in Self.libraries
        where code.contains("import \(library)") || code.contains("\(library).") {
          offenders.append("\(file.path):\(number + 1): \(code)")
        }
      }
    }
    #expect(offenders == [], "system calls belong in \(Self.shims.sorted())")
  }

  @Test("each shim imports each C library only under its own canImport")
  func theShimsGuardTheirImports() throws {
    let files = try Self.sources().filter { Self.shims.contains($0.path) }
    #expect(files.count == Self.shims.count, "a shim file is missing")
    for file in files {
      var condition = ""
      for (number, line) in file.lines.enumerated() {
        let code = line.trimmingCharacters(in: .whitespaces)
        if code.hasPrefix("#if ") || code.hasPrefix("#elseif ") {
          condition = code
        } else if code == "#endif" || code == "#else" {
          condition = code
        }
        for library in Self.libraries where code == "import \(library)" {
          #expect(
            condition.hasSuffix("canImport(\(library))"),
            "\(file.path):\(number + 1): import \(library) under '\(condition)'")
        }
      }
    }
  }

  @Test("a socket path packs with its NUL, and too long, empty or NUL-holding paths are refused")
  func socketPathsPack() throws {
    let path = try UnixSocketPath("/tmp/chain.sock", capacity: 104)
    #expect(path.bytes == Array("/tmp/chain.sock".utf8) + [0])
    // Darwin's sun_path holds 104 bytes, Linux's 108: 103 characters fit both, 104 only Linux.
    let fitsBoth = String(repeating: "a", count: 103)
    let fitsLinux = String(repeating: "a", count: 104)
    #expect(throws: Never.self) { try UnixSocketPath(fitsBoth, capacity: 104) }
    #expect(throws: UnixSocketPath.Problem.tooLong(bytes: 104, capacity: 104)) {
      try UnixSocketPath(fitsLinux, capacity: 104)
    }
    #expect(throws: Never.self) { try UnixSocketPath(fitsLinux, capacity: 108) }
    #expect(throws: UnixSocketPath.Problem.empty) { try UnixSocketPath("", capacity: 108) }
    #expect(throws: UnixSocketPath.Problem.containsNUL) {
      try UnixSocketPath("/tmp/a\u{0}b", capacity: 108)
    }
    #expect(
      UnixSocketPath.Problem.tooLong(bytes: 104, capacity: 104).description
        == "the socket path is too long (104 bytes; at most 103 fit)")
  }

  @Test("the shim's sun_path capacity is this platform's")
  func socketPathCapacityIsThePlatforms() {
    #expect(SystemCalls.socketPathCapacity == MemoryLayout.size(ofValue: sockaddr_un().sun_path))
    #if os(Linux)
      #expect(SystemCalls.socketPathCapacity == 108)
    #elseif canImport(Darwin)
      #expect(SystemCalls.socketPathCapacity == 104)
    #endif
  }

  @Test("SIGPIPE: Linux flags each send, Darwin sets a socket option and flags nothing")
  func brokenPipeGuards() {
    let linux = BrokenPipeGuard.sendFlag(0x4000)
    #expect(linux.sendFlags == 0x4000)
    #expect(!linux.setsSocketOption)
    let darwin = BrokenPipeGuard.socketOption
    #expect(darwin.sendFlags == 0)
    #expect(darwin.setsSocketOption)
    #if canImport(Darwin)
      #expect(SystemCalls.brokenPipeGuard == .socketOption)
    #else
      #expect(SystemCalls.brokenPipeGuard == .sendFlag(Int32(MSG_NOSIGNAL)))
    #endif
  }

  @Test("file kinds come from the POSIX type bits, 32-bit (Linux) or 16-bit (Darwin) modes alike")
  func fileKindsFromModes() {
    #expect(FileKind(mode: 0o100_644) == .regular)
    #expect(FileKind(mode: 0o040_755) == .directory)
    #expect(FileKind(mode: 0o140_755) == .socket)
    #expect(FileKind(mode: 0o010_644) == .fifo)
    #expect(FileKind(mode: 0o120_777) == .other)  // a symbolic link (stat follows them)
    #expect(FileKind(mode: UInt32(UInt16(0o140_755))) == .socket)
    // The shim's numbers are the C library's.
    #expect(FileKind(mode: UInt32(S_IFREG)) == .regular)
    #expect(FileKind(mode: UInt32(S_IFDIR)) == .directory)
    #expect(FileKind(mode: UInt32(S_IFSOCK)) == .socket)
    #expect(FileKind(mode: UInt32(S_IFIFO)) == .fifo)
  }

  @Test("the shim's socket calls listen, connect, send and receive on this platform")
  func socketRoundTripThroughTheShim() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("ck-shim-\(UUID().uuidString.prefix(8)).sock").path
    defer { SystemCalls.unlink(path) }
    let address = try UnixSocketPath(path, capacity: SystemCalls.socketPathCapacity)
    let listener = SystemCalls.unixStreamSocket()
    try #require(listener >= 0)
    defer { SystemCalls.close(listener) }
    try #require(SystemCalls.bindAndListen(listener, to: address, backlog: 1))
    #expect(FileKind.of(path) == .socket)
    let client = SystemCalls.unixStreamSocket()
    defer { SystemCalls.close(client) }
    try #require(SystemCalls.connect(client, to: address))
    let server = SystemCalls.accept(listener)
    try #require(server >= 0)
    defer { SystemCalls.close(server) }
    let sent = Array("hello\n".utf8).withUnsafeBytes { SystemCalls.send(client, from: $0) }
    #expect(sent == 6)
    var received = [UInt8](repeating: 0, count: 16)
    let count = received.withUnsafeMutableBytes { SystemCalls.receive(server, into: $0) }
    #expect(count == 6)
    #expect(Array(received.prefix(max(0, count))) == Array("hello\n".utf8))
  }
}
