import ChainTUI
import Testing

@Suite("Rect and layout")
struct LayoutTests {
  @Test("weights share the space and the parts tile the rectangle")
  func weights() {
    let parts = Layout.split(
      Rect(x: 2, y: 1, width: 10, height: 4), .horizontal,
      [
        .init(weight: 1), .init(weight: 2),
      ])
    #expect(
      parts == [Rect(x: 2, y: 1, width: 4, height: 4), Rect(x: 6, y: 1, width: 6, height: 4)])
  }

  @Test("minimums are granted before weights")
  func minimums() {
    let parts = Layout.split(
      Rect(x: 0, y: 0, width: 5, height: 20), .vertical,
      [
        .fixed(1), .init(weight: 1, minimum: 3), .fixed(1),
      ])
    #expect(parts.map(\.height) == [1, 18, 1])
    #expect(parts.map(\.y) == [0, 1, 19])
  }

  @Test("when minimums do not fit, earlier parts win and later ones are empty")
  func tooSmall() {
    let lengths = Layout.split(
      Rect(x: 0, y: 0, width: 4, height: 1), .horizontal,
      [
        .init(minimum: 3), .init(minimum: 3), .init(minimum: 3),
      ]
    ).map(\.width)
    #expect(lengths == [3, 1, 0])
  }

  @Test("rounding remainders go to the earliest weighted parts")
  func remainders() {
    let widths = Layout.split(
      Rect(x: 0, y: 0, width: 10, height: 1), .horizontal,
      [
        .init(), .init(), .init(),
      ]
    ).map(\.width)
    #expect(widths == [4, 3, 3])
  }

  @Test("zero and negative sizes give one empty part per share")
  func degenerate() {
    for width in [-5, 0, 1] {
      let parts = Layout.split(
        Rect(x: 0, y: 0, width: width, height: 1), .horizontal,
        [
          .init(weight: 3, minimum: 2), .init(weight: -1, minimum: -4),
        ])
      #expect(parts.count == 2)
      #expect(parts.map(\.width).reduce(0, +) == max(0, width))
    }
    #expect(Layout.split(Rect(x: 0, y: 0, width: 9, height: 9), .vertical, []).isEmpty)
  }

  @Test("with no weights the leftover goes to the last part")
  func noWeights() {
    let widths = Layout.split(
      Rect(x: 0, y: 0, width: 10, height: 1), .horizontal,
      [
        .fixed(2), .fixed(3),
      ]
    ).map(\.width)
    #expect(widths == [2, 8])
  }

  @Test("inset never yields a negative size, and intersection of disjoint rects is empty")
  func insetAndIntersection() {
    let rect = Rect(x: 0, y: 0, width: 3, height: 1)
    #expect(rect.inset(by: 1).isEmpty)
    #expect(rect.inset(by: 5).width == 0)
    #expect(Rect(x: 0, y: 0, width: -3, height: 2).width == 0)
    #expect(
      Rect(x: 0, y: 0, width: 10, height: 5).inset(top: 1, left: 2)
        == Rect(x: 2, y: 1, width: 8, height: 4))
    #expect(rect.intersection(Rect(x: 5, y: 5, width: 2, height: 2)).isEmpty)
    #expect(
      Rect(x: 0, y: 0, width: 4, height: 4).intersection(Rect(x: 2, y: 1, width: 9, height: 2))
        == Rect(x: 2, y: 1, width: 2, height: 2))
  }
}
