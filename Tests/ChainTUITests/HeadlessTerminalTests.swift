import ChainTUI
import Testing

@Suite("Headless terminal")
@MainActor
struct HeadlessTerminalTests {
  @Test("it keeps the last presented grid")
  func present() {
    let terminal = HeadlessTerminal(size: Size(width: 10, height: 2))
    #expect(terminal.lastFrame == nil)
    #expect(terminal.screenText == "")
    var grid = Grid(size: terminal.size)
    grid.put("one", at: Point(x: 0, y: 0))
    terminal.present(grid)
    grid.put("two", at: Point(x: 0, y: 1))
    terminal.present(grid)
    #expect(terminal.screenText == "one\ntwo")
    #expect(terminal.presentCount == 2)
  }

  @Test("keys come out in the order they were queued, then nil without waiting")
  func keys() {
    let terminal = HeadlessTerminal(size: Size(width: 1, height: 1))
    terminal.enqueue(.tab, .character("q"))
    terminal.type("hi")
    var read: [Key] = []
    while let key = terminal.nextKey(timeout: .seconds(3600)) { read.append(key) }
    #expect(read == [.tab, .character("q"), .character("h"), .character("i")])
    #expect(terminal.pendingCount == 0)
    #expect(terminal.nextKey(timeout: .zero) == nil)
  }

  @Test("fed bytes decode as a terminal's; a cut-off sequence waits for the next feed or read")
  func feedBytes() {
    let terminal = HeadlessTerminal(size: Size(width: 1, height: 1))
    terminal.feed(bytes: "a\u{1B}[4~\u{1B}[42~\u{1B}[".utf8)
    #expect(terminal.pendingCount == 2)
    #expect(terminal.hasPendingBytes)
    terminal.feed(bytes: "1~\u{1B}".utf8)
    var read: [Key] = []
    while let key = terminal.nextKey(timeout: .zero) { read.append(key) }
    // The trailing Esc is Esc once a read finds nothing else queued.
    #expect(read == [.character("a"), .end, .home, .escape])
    #expect(!terminal.hasPendingBytes)
  }

  @Test("a resize changes the size and queues the resize event")
  func resize() {
    let terminal = HeadlessTerminal(size: Size(width: 80, height: 24))
    terminal.enqueue(.up)
    terminal.resize(to: Size(width: 40, height: 10))
    #expect(terminal.size == Size(width: 40, height: 10))
    #expect(terminal.nextKey(timeout: .zero) == .up)
    #expect(terminal.nextKey(timeout: .zero) == .resize(width: 40, height: 10))
  }
}
