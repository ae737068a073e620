import ChainTUITesting
import Foundation
import Testing

/// A message's enter opens it in the window of the chat tree at `chatTree`.
@MainActor func checkOpenMessage(chatTree: URL) throws {
  let session = try HeadlessSession(treeFile: chatTree)
  try session.focus("msg1")
  try session.press("enter")
  #expect(session.log(of: "window")?.last == "bub open from msg1: handled")
}

// The Tree Files article's check, line for line (DocExampleCoverageTests holds it to the
// article); HeadlessSessionDocTests calls it with the article's chat.tree.
