import ChainKit
import ChainTUI

@MainActor
final class InboxScene: Scene {
  let id = "inbox"
  let title = "Inbox"
  let root = Panel("inbox", title: "inbox (counts opens)")
  let rows = [Panel("row1"), Panel("row2")]
  let flow = ["enter on a row posts opened; the inbox counts them."]
  private var opened = 0

  init() {
    root.axis = .vertical
    for (index, row) in rows.enumerated() {
      root.add(row)
      row.body = ["message \(index + 1)"]
      // The panel keeps its keys, so a key's action holds the panel unowned.
      row.keys = [
        PanelKey(.enter, "open") { [unowned row] in row.node.post("opened", ["row": index]) }
      ]
    }
    root.node.on("opened") { [weak self] _, _ in
      guard let self else { return }
      opened += 1
      root.body = ["opened \(opened)"]
    }
  }
}

// The Your Own Scenes article's scene, line for line (DocExampleCoverageTests holds it to the
// article); YourOwnScenesArticleExample.swift and HeadlessSessionDocTests drive it.
