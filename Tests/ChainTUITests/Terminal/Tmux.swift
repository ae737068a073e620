import ChainTUI
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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

  /// Where tmux keeps this server's socket: `tmux-<uid>/<name>` in `$TMUX_TMPDIR`, else `/tmp`.
  var socketPath: String {
    let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"].flatMap {
      $0.isEmpty ? nil : $0
    }
    return "\(directory ?? "/tmp")/tmux-\(getuid())/\(socket)"
  }

  /// Kills the session and this private server, and removes its socket; safe to call twice.
  ///
  /// NB: a tmux server that exits leaves its socket file behind, so without the removal every
  /// run of the suite would leave hundreds in the user's tmux directory.
  func stop() {
    _ = try? run(["kill-session", "-t", session])
    _ = try? run(["kill-server"])
    try? FileManager.default.removeItem(atPath: socketPath)
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

  /// Runs a program from the PATH and returns its output; throws on a non-zero exit or when it
  /// does not finish within ``poll(attempts:_:)``'s tries.
  ///
  /// NB: this spawns and waits for the child by pid, with output in a file. `new-session` forks
  /// the tmux server, which inherits the client's descriptors; Foundation's `Process` (and any
  /// pipe) would then wait for the server to close them, which it never does.
  static func execute(_ arguments: [String]) throws -> String {
    let description = arguments.joined(separator: " ")
    guard let program = arguments.first.flatMap(which) else {
      throw TmuxError(message: "\(arguments.first ?? "") is not on the PATH")
    }
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("chaintui-tmux-\(UUID().uuidString).out")
    defer { try? FileManager.default.removeItem(at: output) }
    let pid = try spawn([program] + arguments.dropFirst(), output: output.path)
    var status: Int32 = 0
    let finished = poll { waitpid(pid, &status, WNOHANG) == pid }
    guard finished else {
      kill(pid, SIGKILL)
      _ = waitpid(pid, &status, 0)
      throw TmuxError(message: "\(description) did not finish")
    }
    // Exited normally (low 7 bits 0) with status 0 (the next byte).
    guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
      throw TmuxError(message: "\(description) failed with wait status \(status)")
    }
    return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
  }

  /// Starts a program with stdin from /dev/null and stdout into a file; returns its pid.
  private static func spawn(_ arguments: [String], output: String) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
    var argv = arguments.map { strdup($0) } + [nil]
    var envp = environment.map { strdup($0) } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    // NB: the test process may block or ignore signals (SIGWINCH among them), and a spawned
    // child inherits that; tmux and the app under it must see resizes, so start clean.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    var allSignals = sigset_t()
    sigemptyset(&noSignals)
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let result = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, &envp)
    guard result == 0 else {
      throw TmuxError(message: "cannot start \(arguments[0]): error \(result)")
    }
    return pid
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
    case .mouseClick, .mouseWheel, .resize, .unbound: nil
    }
  }
}

struct TmuxError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

/// Polls a condition until it holds, at most `attempts` times with a short sleep between tries;
/// never a fixed sleep as a guess.
///
/// The bound is a count, not a deadline: a busy machine makes each try later, not fewer, so a
/// slow CI run waits longer instead of failing. The default, 15,000 tries, is at least five
/// minutes: a debug build of the explorer starting under tmux beside another heavy build takes
/// seconds, and every caller waits for something that comes, so a generous count costs nothing.
func poll(attempts: Int = 15_000, _ condition: () throws -> Bool) rethrows -> Bool {
  for _ in 0..<attempts {
    if try condition() { return true }
    Thread.sleep(forTimeInterval: 0.02)
  }
  return try condition()
}
