import Testing

@testable import ChainTUI

@Suite("Counted nouns")
struct CountedTests {
  @Test("one takes the singular; any other count the plural, dispatch as dispatches")
  func numbers() {
    #expect(counted(1, "dispatch") == "1 dispatch")
    #expect(counted(2, "dispatch") == "2 dispatches")
    #expect(counted(0, "record") == "0 records")
    #expect(counted(1, "record") == "1 record")
  }
}
