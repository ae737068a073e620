import ChainKitTestSupport
import Testing

@testable import ChainKit

/// DCFrame's post list: the interactive cell sends an event up, the common parent (`PostItem`)
/// shares data down, and the photo cell, a sibling, redraws from it.
@MainActor
@Suite("Data shared down: DCFrame's post list", .leakChecked)
struct DataSharingDCFrameTests {
  struct Photo: Equatable {
    var text: String
    var color: String
  }

  enum Touch: String {
    case like = "Like"
    case comment = "Comment"
    case share = "Share"
  }

  static let touched = EventKey<Touch>("interactive.touched")
  static let photoData = DataKey<Photo>("photo.data")

  /// The photo cell's model: it redraws from the shared data.
  @MainActor
  final class PhotoModel {
    let node = Node("photo")
    var rendered: [String] = []

    init() {
      node.subscribe(DataSharingDCFrameTests.photoData) { [weak self] photo in
        guard let photo else { return }
        self?.rendered.append("\(photo.text)/\(photo.color)")
      }
    }
  }

  /// The common parent: it turns touches into shared data for its subtree.
  @MainActor
  final class PostItem {
    let node: Node
    let user = Node("user"), interactive = Node("interactive"), comments = Node("comments")
    let photo = PhotoModel()

    init(_ name: String) throws {
      node = Node(name)
      for child in [user, photo.node, interactive, comments] { try child.mount(at: node) }
      node.on(DataSharingDCFrameTests.touched, target: self) { item, _, touch in
        let color =
          switch touch {
          case .like: "red"
          case .comment: "yellow"
          case .share: "blue"
          }
        item.node.share(
          Photo(text: touch.rawValue, color: color), for: DataSharingDCFrameTests.photoData)
      }
    }
  }

  @Test(
    "like, comment and share in the interactive cell change the sibling photo's text and colour")
  func postListScenario() throws {
    let list = Node("postList")
    let first = try PostItem("userA")
    let second = try PostItem("userB")
    try first.node.mount(at: list)
    try second.node.mount(at: list)
    first.interactive.post(Self.touched, .like)
    first.interactive.post(Self.touched, .comment)
    second.interactive.post(Self.touched, .share)
    #expect(first.photo.rendered == ["Like/red", "Comment/yellow"])
    #expect(second.photo.rendered == ["Share/blue"])
    #expect(first.photo.node.value(for: Self.photoData) == Photo(text: "Comment", color: "yellow"))
    #expect(first.comments.value(for: Self.photoData)?.color == "yellow")
  }
}
