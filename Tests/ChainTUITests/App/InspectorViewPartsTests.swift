import Testing

@testable import ChainTUI

/// The inspector's filter line, list and details are the parts ``Layout/split(_:_:_:)`` gives
/// the box's inside, at every height, small ones included.
@MainActor
@Suite("Inspector parts")
struct InspectorViewPartsTests {
  @Test("the parts are the split's at every height")
  func partsAreTheSplits() {
    for height in 0...40 {
      let inner = Rect(x: 3, y: 5, width: 30, height: height)
      let detailRows = height >= 12 ? min(height / 2, 9) : 0
      let split = Layout.split(
        inner, .vertical, [.fixed(1), Layout.Share(), .fixed(detailRows)])
      let parts = InspectorView.parts(of: inner)
      #expect([parts.filter, parts.list, parts.details] == split, "height \(height)")
    }
  }
}
