import ChainTUI
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Real ncurses without a terminal: the screen writes to /dev/null and keys come from a pipe.
@Suite("ncurses terminal without a tty", .serialized)
@MainActor
struct NcursesTerminalTests {
  /// An ncurses screen on a pipe; `send` writes bytes as if typed.
  @MainActor
  final class Fixture {
    let terminal: NcursesTerminal
    let keys: (read: Int32, write: Int32)
    let output: Int32
    /// What the app reads first: ncurses reports the initial resize like any other.
    let firstKey: Key?

    init(size: Size) throws {
      var ends: [Int32] = [0, 0]
      try #require(pipe(&ends) == 0)
      keys = (ends[0], ends[1])
      output = open("/dev/null", O_WRONLY)
      try #require(output >= 0)
      terminal = try NcursesTerminal(
        terminalType: "xterm-256color", input: keys.read, output: output, colors: true)
      terminal.resizeScreen(to: size)
      firstKey = try terminal.nextKey(timeout: .milliseconds(50))
    }

    func send(_ bytes: String) {
      _ = bytes.withCString { write(keys.write, $0, strlen($0)) }
    }

    func closeInput() {
      close(keys.write)
    }

    /// Keys until a read times out.
    func drain() throws -> [Key] {
      var read: [Key] = []
      while let key = try terminal.nextKey(timeout: .milliseconds(50)) { read.append(key) }
      return read
    }
  }

  @Test("an unknown terminal type is a thrown error naming it")
  func unknownType() {
    #expect(throws: TerminalError.unknownTerminalType("nonsense")) {
      _ = try NcursesTerminal(
        terminalType: "nonsense", input: STDIN_FILENO, output: STDOUT_FILENO, colors: false)
    }
  }

  @Test("a presented grid is on the ncurses screen cell for cell, wide glyphs included")
  func present() throws {
    let fixture = try Fixture(size: Size(width: 20, height: 4))
    defer { fixture.terminal.restore() }
    var grid = Grid(width: 20, height: 4)
    grid.drawBox(grid.bounds, title: "Log", style: Style(foreground: .cyan, reverse: true))
    grid.put("世界 e\u{301}!", at: Point(x: 1, y: 1), style: Style(bold: true))
    grid.put("😀x", at: Point(x: 1, y: 2))
    fixture.terminal.present(grid)
    for y in 0..<grid.height {
      #expect(fixture.terminal.screenRow(y) == grid.row(y))
    }
    #expect(fixture.terminal.screenCharacter(at: Point(x: 19, y: 3)) == "┘")
  }

  @Test("a second frame updates only what changed and clears what went away")
  func update() throws {
    let fixture = try Fixture(size: Size(width: 10, height: 2))
    defer { fixture.terminal.restore() }
    var grid = Grid(width: 10, height: 2)
    grid.put("abcdef", at: Point(x: 0, y: 0))
    fixture.terminal.present(grid)
    grid = Grid(width: 10, height: 2)
    grid.put("世", at: Point(x: 2, y: 0))
    fixture.terminal.present(grid)
    #expect(fixture.terminal.screenRow(0) == "  世")
  }

  @Test("a resize reaches the app as Key.resize, and the next frame is drawn at the new size")
  func resize() throws {
    let fixture = try Fixture(size: Size(width: 20, height: 4))
    defer { fixture.terminal.restore() }
    #expect(fixture.firstKey == .resize(width: 20, height: 4))
    var grid = Grid(size: fixture.terminal.size)
    grid.drawBox(grid.bounds, title: "Wide")
    fixture.terminal.present(grid)
    fixture.terminal.resizeScreen(to: Size(width: 8, height: 3))
    #expect(
      try fixture.terminal.nextKey(timeout: .milliseconds(50)) == .resize(width: 8, height: 3))
    grid = Grid(size: fixture.terminal.size)
    grid.drawBox(grid.bounds, title: "N")
    fixture.terminal.present(grid)
    #expect((0..<3).map(fixture.terminal.screenRow) == ["┌─ N ──┐", "│      │", "└──────┘"])
  }

  @Test("bytes from the terminal decode to keys")
  func keys() throws {
    let fixture = try Fixture(size: Size(width: 10, height: 2))
    defer { fixture.terminal.restore() }
    let up = try #require(NcursesTerminal.capability("kcuu1"))
    let f5 = try #require(NcursesTerminal.capability("kf5"))
    fixture.send("q\t\r\u{7F}\u{03}é" + up + f5)
    let keys = try fixture.drain()
    #expect(
      keys == [
        .character("q"), .tab, .enter, .backspace, .ctrl("c"), .character("é"), .up, .f(5),
      ])
  }

  @Test("sequences the terminfo entry does not list still decode, and unknown ones are dropped")
  func sequencesBeyondTerminfo() throws {
    // tmux sends these to a program whose TERM is xterm-256color, whose entry says `ESC O F`
    // for End and `ESC O H` for Home.
    let fixture = try Fixture(size: Size(width: 10, height: 2))
    defer { fixture.terminal.restore() }
    fixture.send("\u{1B}[4~\u{1B}[1~\u{1B}[2~\u{1B}[42~\u{1B}[18~\u{1B}[200~\u{1B}[1;5A\u{1B}OF")
    fixture.send("\u{1B}[<0;3;2M\u{1B}a世")
    #expect(
      try fixture.drain() == [
        .end, .home, .unbound("insert"), .f(7), .unbound("ctrl-up"), .end,
        .mouseClick(x: 2, y: 1), .unbound("alt-a"), .character("世"),
      ])
  }

  @Test("a lone Esc is Esc after a short wait, not the start of a sequence")
  func loneEscape() throws {
    let fixture = try Fixture(size: Size(width: 10, height: 2))
    defer { fixture.terminal.restore() }
    fixture.send("\u{1B}")
    #expect(try fixture.drain() == [.escape])
    fixture.send("4")
    #expect(try fixture.drain() == [.character("4")])
  }

  @Test("closed input ends reading with an error instead of spinning")
  func closedInput() throws {
    let fixture = try Fixture(size: Size(width: 10, height: 2))
    defer { fixture.terminal.restore() }
    fixture.closeInput()
    #expect(throws: TerminalError.inputClosed) {
      for _ in 0..<100 { _ = try fixture.terminal.nextKey(timeout: .milliseconds(10)) }
    }
  }
}
