import ChainTUI
import ChainTUITesting
import Testing

@Test("liking a post updates the photo")
@MainActor func like() throws {
  let session = try HeadlessSession(size: Size(width: 100, height: 40), scene: "model")
  try session.focus("actions1")
  try session.press("l")
  #expect(session.screenText.contains("♥ liked · 12"))
  #expect(session.log(of: "photo1")?.last == "data photo: liked, 12 likes")
  try session.runScript("expect event key=like path=actions1>post1>feedList outcome=ok")
}

// The Scripts article's test, line for line (DocExampleCoverageTests holds it to the article).
