import ChainTUITesting
import Testing

@Test("opening a row reaches the inbox")
@MainActor func open() throws {
  let session = try HeadlessSession(scenes: [InboxScene()])
  try session.focus("row2")
  try session.press("enter")
  try session.runScript(
    """
    expect event key=opened origin=row2 path=row2>inbox outcome=ok
    expect log of inbox contains "bub opened from row2: handled"
    expect screen contains "opened 1"
    """)
}

// The Your Own Scenes article's test, line for line (DocExampleCoverageTests holds it to the
// article).
