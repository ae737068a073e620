import ChainKitTestSupport

@testable import ChainTUI

/// A terminal a person seems to use at random.
///
/// Time passes between polls (up to the poll's
/// timeout, to the microsecond, on an injected clock), and keys arrive at random moments:
/// arrows mostly, also Tab, scene switches, clicks, the inspector, scene keys and resizes.
/// After `keys` keys it sends `q`.
///
/// It keeps the text of the frame presented after each key, to compare with a replay.
@MainActor
final class RandomTerminal: TerminalBackend {
  private(set) var size: Size
  private let clock: ManualLoopClock
  private var generator: SplitMix64
  private var keysLeft: Int
  private var pendingResize: Key?
  private var keyThisPoll = false
  /// The screen after each key, in order.
  private(set) var framesAfterKeys: [String] = []

  /// Keys a person would press while exploring; arrows are over-represented on purpose.
  static let keys: [Key] =
    [.up, .down, .left, .right, .up, .down, .left, .right, .tab, .shiftTab, .enter]
    + "123456ilegrsmucxadzt".map(Key.character) + [.character(" "), .escape, .pageUp, .home]

  init(size: Size, clock: ManualLoopClock, seed: UInt64, keys: Int) {
    self.size = size
    self.clock = clock
    self.generator = SplitMix64(seed: seed)
    self.keysLeft = keys
  }

  func present(_ grid: Grid) {
    if keyThisPoll { framesAfterKeys.append(grid.text) }
  }

  func nextKey(timeout: Duration) -> Key? {
    clock.advance(by: .microseconds(Int.random(in: 0...50_000, using: &generator)))
    keyThisPoll = false
    if let resize = pendingResize {
      pendingResize = nil
      keyThisPoll = true
      return resize
    }
    // Most polls time out with nothing: a person is slower than 50 ms.
    guard Int.random(in: 0..<10, using: &generator) < 3 else { return nil }
    keyThisPoll = true
    guard keysLeft > 0 else { return .character("q") }
    keysLeft -= 1
    switch Int.random(in: 0..<100, using: &generator) {
    case 0..<6:
      // As a terminal does: the size changes first, the resize event follows.
      size = Size(
        width: Int.random(in: 50...140, using: &generator),
        height: Int.random(in: 16...45, using: &generator))
      pendingResize = .resize(width: size.width, height: size.height)
      keyThisPoll = false
      return nil
    case 6..<12:
      return .mouseClick(
        x: Int.random(in: 0..<size.width, using: &generator),
        y: Int.random(in: 0..<size.height, using: &generator))
    case 12..<16:
      return .mouseWheel(
        up: Bool.random(using: &generator), x: Int.random(in: 0..<size.width, using: &generator),
        y: Int.random(in: 0..<size.height, using: &generator))
    default:
      return Self.keys.randomElement(using: &generator) ?? .tab
    }
  }
}
