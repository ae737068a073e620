import ChainKit
import ChainKitTestSupport
import Testing

// PortingFromDCFrameAndTolo's model tree, as the article writes it: a parent model keeps its
// child models, reaches a child model from the node an event came from, and removes all its
// children (DCFrame's removeAllSubmodels()).

@MainActor final class CommentModel {
  static let tapped = EventKey<Void>("comment.tapped")
  let node = Node("CommentModel")
  let author: String
  init(author: String) {
    self.author = author
    node.owner = self
  }
}

@MainActor final class CommentListModel {
  let node = Node("CommentListModel")
  // The tree keeps no node alive, so the list keeps its child models (DCFrame's container did).
  private(set) var comments: [CommentModel] = []
  private(set) var tapped: [String] = []

  init() {
    node.on(CommentModel.tapped, target: self) { list, ctx, _ in
      // From the node the event came from to the model that owns it.
      guard let comment = ctx.target?.owner(as: CommentModel.self) else { return }
      list.tapped.append(comment.author)
    }
  }

  func load(_ authors: [String]) throws {
    node.unmountChildren()  // DCFrame's removeAllSubmodels()
    comments = authors.map { CommentModel(author: $0) }
    for comment in comments { try comment.node.mount(at: node) }
  }
}

@Suite("DCFrame's model tree: child models kept, owners reached, children removed", .leakChecked)
@MainActor
struct DCFrameModelTreeTests {
  @Test("the article's example: a tap reaches its model, a reload replaces the children")
  func articleExample() throws {
    let list = CommentListModel()
    try list.load(["ann", "bob"])
    list.comments[1].node.post(CommentModel.tapped)  // list.tapped == ["bob"]
    try list.load(["cy"])  // list.node.children.count == 1

    let parent = Node("parent")
    try CommentModel(author: "dee").node.mount(at: parent)
    // parent.children == []: nothing kept the model, so its node went with it
    #expect(list.tapped == ["bob"])
    #expect(list.node.children.count == 1)
    #expect(list.node.children.first?.owner(as: CommentModel.self)?.author == "cy")
    #expect(parent.children.isEmpty)
  }

  @Test("Node.owner(as:): a handler given the node reaches the model behind it")
  func ownerFromTheEventsTarget() throws {
    let printed = PrintedLines()
    func print(_ items: Any...) { printed.append(items) }
    let list = Node("list")
    let model = CommentModel(author: "ann")
    try model.node.mount(at: list)
    list.on(CommentModel.tapped) { ctx, _ in
      guard let model = ctx.target?.owner(as: CommentModel.self) else { return }
      print("tapped \(model.author)'s comment")
    }
    model.node.post(CommentModel.tapped)
    #expect(printed.lines == ["tapped ann's comment"])
  }

  @Test("a node's owner is weak, typed, and nil once the owner is gone or of another type")
  func ownerIsWeakAndTyped() {
    let node = Node("cell")
    #expect(node.owner == nil)
    var model: CommentModel? = CommentModel(author: "ann")
    node.owner = model
    #expect(node.owner(as: CommentModel.self)?.author == "ann")
    #expect(node.owner(as: CommentListModel.self) == nil)
    model = nil
    #expect(node.owner == nil)
    #expect(node.owner(as: CommentModel.self) == nil)
  }

  @Test("unmountChildren unmounts every child from this node only; a child keeps other parents")
  func unmountChildrenKeepsOtherParents() throws {
    let list = Node("list")
    let other = Node("other")
    let first = Node("first")
    let second = Node("second")
    try first.mount(at: list)
    try second.mount(at: list)
    try second.mount(at: other)
    list.unmountChildren()
    #expect(list.children.isEmpty)
    #expect(first.parents.isEmpty)
    #expect(second.parents.map(\.name) == ["other"])
    #expect(other.children.map(\.name) == ["second"])
  }
}
