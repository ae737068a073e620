import Testing

@testable import ChainTUI

@Suite("Clock and log")
@MainActor
struct ModelPartsTests {
  @Test("the virtual clock fires a timer once per interval passed, and only when advanced")
  func clockFires() {
    let clock = VirtualClock()
    var ticks: [Duration] = []
    clock.every(.seconds(1)) { ticks.append(clock.now) }
    clock.advance(by: .milliseconds(999))
    #expect(ticks == [])
    clock.advance(by: .milliseconds(2_001))
    #expect(ticks == [.seconds(1), .seconds(2), .seconds(3)])
  }

  @Test("a panel log keeps only its newest lines")
  func logIsBounded() {
    var log = PanelLog(capacity: 3)
    for index in 1...5 { log.append("line \(index)") }
    #expect(log.lines == ["line 3", "line 4", "line 5"])
    #expect(Array(log.visible(height: 2)) == ["line 4", "line 5"])
  }

  @Test("a panel log past its capacity reads its lines and times from the oldest kept one")
  func logReadsFromOldestKept() {
    var log = PanelLog(capacity: 3)
    for index in 1...7 { log.append("line \(index)", at: .seconds(index)) }
    #expect(log.lines.count == 3)
    #expect(log.lines[0] == "line 5")
    #expect(log.lines[2] == "line 7")
    #expect(log.times[0] == .seconds(5))
    #expect(log.lines.first == "line 5")
    #expect(log.lines.firstIndex(of: "line 6") == 1)
    #expect(log.dropped == 4)
    #expect(Array(log.lines[1..<3]) == ["line 6", "line 7"])
  }

  @Test("a scrolled log stays on the same lines as new ones arrive")
  func scrolledLogStays() {
    var log = PanelLog()
    for index in 1...5 { log.append("line \(index)") }
    log.scroll(by: 2)
    log.append("line 6")
    #expect(Array(log.visible(height: 1)) == ["line 3"])
  }
}
