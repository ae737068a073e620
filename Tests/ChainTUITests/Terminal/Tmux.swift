import ChainTUI
import Foundation

/// A private tmux server for one test: its own socket and config, so it never touches the
/// user's sessions; ``stop()`` kills the session and the server.
struct Tmux {
  /// Whether tmux is on the PATH.
  static var isInstalled: Bool { Tmux.which("tmux") != nil }

  let socket = "chaintui-test-\(UUID().uuidString.prefix(8))"
  let session = "S\(UUID().uuidString.prefix(8))"
  let config: URL

  init() throws {
    config = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).conf")
    // No status line, so the pane is the whole window; no delay after Escape.
    try Data("set -g status off\nset -sg escape-time 0\n".utf8).write(to: config)
  }

  /// Starts the session running a shell command at a size.
  func start(_ command: String, width: Int, height: Int) throws {
    _ = try run([
      "-f", config.path, "new-session", "-d", "-s", session, "-x", "\(width)", "-y",
      "\(height)", command,
    ])
  }

  /// Runs a tmux command on this server and returns its standard output.
  @discardableResult
  func run(_ arguments: [String]) throws -> String {
    try Tmux.execute(["tmux", "-L", socket] + arguments)
  }

  /// Sends keys by tmux's names (`Tab`, `BTab`, `Enter`) or, with `literal`, as text.
  func send(_ keys: [String], literal: Bool = false) throws {
    try run(["send-keys", "-t", session] + (literal ? ["-l"] : []) + keys)
  }

  /// The pane's text, rows with trailing blanks trimmed and trailing empty rows dropped.
  func capture() throws -> String {
    Tmux.normalized(try run(["capture-pane", "-p", "-t", session]))
  }

  /// Resizes the window, as a user resizing the terminal would.
  func resize(width: Int, height: Int) throws {
    try run(["resize-window", "-t", session, "-x", "\(width)", "-y", "\(height)"])
  }

  /// Kills the session and this private server; safe to call twice.
  func stop() {
    _ = try? run(["kill-session", "-t", session])
    _ = try? run(["kill-server"])
    try? FileManager.default.removeItem(at: config)
  }

  /// Rows with trailing blanks trimmed, trailing empty rows dropped: how both sides compare.
  static func normalized(_ text: String) -> String {
    var rows = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.reversed().drop(while: { $0 == " " }).reversed())
    }
    while rows.last == "" { rows.removeLast() }
    return rows.joined(separator: "\n")
  }

  /// Runs a program from the PATH and returns its output; throws on a non-zero exit.
  static func execute(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw TmuxError(
        message: "\(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
    }
    return String(decoding: data, as: UTF8.self)
  }

  static func which(_ program: String) -> String? {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    return paths.map { "\($0)/\(program)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// The tmux name of a key, for send-keys; `nil` for keys tmux cannot send (clicks, resizes).
  static func name(of key: Key) -> String? {
    switch key {
    case .character(let character): String(character)
    case .enter: "Enter"
    case .tab: "Tab"
    case .shiftTab: "BTab"
    case .escape: "Escape"
    case .backspace: "BSpace"
    case .delete: "DC"
    case .up: "Up"
    case .down: "Down"
    case .left: "Left"
    case .right: "Right"
    case .home: "Home"
    case .end: "End"
    case .pageUp: "PPage"
    case .pageDown: "NPage"
    case .f(let number): "F\(number)"
    case .ctrl(let letter): "C-\(letter)"
    case .mouseClick, .resize: nil
    }
  }
}

struct TmuxError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

/// Polls a condition until it holds or a deadline passes; never a fixed sleep as a guess.
func poll(timeout: Duration = .seconds(10), _ condition: () throws -> Bool) rethrows -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now + timeout
  while clock.now < deadline {
    if try condition() { return true }
    Thread.sleep(forTimeInterval: 0.02)
  }
  return try condition()
}
