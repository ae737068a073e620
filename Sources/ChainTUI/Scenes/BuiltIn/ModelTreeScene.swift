import ChainKit

/// DCFrame's post list: each post panel owns its model and shares it down; the leaves render what
/// they read.
///
/// The actions leaf's buttons post events up to the post, which updates its model and shares the
/// new photo state, and the photo leaf (a sibling, not a listener) changes text and colour through
/// that shared data.
@MainActor
final class ModelTreeScene: Scene {
  let id = "model"
  let title = "Model tree"
  let root = Panel("feedList", title: "feed (post list)")
  let flow = [
    "Events go up, data comes down. actions posts like / comment /",
    "share to its post; the post updates its model and shares it.",
    "photo and comments subscribe to the post's shared data, so the",
    "like button changes the photo leaf without knowing it exists.",
    "share goes on up to the feed, which counts shares.",
  ]
  private var posts: [PostModel] = []
  private var shares = 0

  init(context: SceneContext) {
    root.accent = .magenta
    root.logRows = 1
    let samples = [
      ("ann", "sunset over the bay", ["bo: wow", "cy: where is this?"]),
      ("bo", "first light on the ridge", ["ann: early start!"]),
    ]
    for (index, sample) in samples.enumerated() {
      let post = PostModel(
        number: index + 1, author: sample.0, photo: sample.1, comments: sample.2)
      root.add(post.panel)
      posts.append(post)
    }
    root.node.on(.share) { [weak self] _, _ in
      guard let self else { return }
      shares += 1
      root.body = ["shares seen by the feed: \(shares)"]
    }
    root.body = ["shares seen by the feed: 0"]
  }
}

extension EventKey where Payload == Params {
  /// The like button: toggles the post's like.
  static let like = EventKey("like")
  /// The comment button: adds a comment.
  static let comment = EventKey("comment")
  /// The share button: counted by the post and by the feed above it.
  static let share = EventKey("share")
}

/// What the photo leaf shows, shared by its post.
struct PhotoState: Sendable, Equatable, CustomStringConvertible {
  var caption: String
  var likes: Int
  var liked: Bool
  var shares: Int

  var description: String {
    concatenated(liked ? "liked" : "not liked", ", ", String(likes), " likes")
  }
}

extension DataKey where Value == PhotoState {
  /// The photo's state, shared by each post.
  static let photo = DataKey("photo")
}

/// A post's comments, oldest first, shared by each post.
///
/// Described as the array of its lines is (`["bo: wow", "cy: where is this?"]`), which is what
/// the inspector shows for each share. NB: not `[String]` itself: a tracer has every shared
/// value described, and the standard library describes an array's elements through dynamic
/// casts and escaping, several times the cost of the rest of a share.
struct Comments: Sendable, Equatable, CustomStringConvertible {
  var lines: [String]

  var description: String {
    var allPlain = true
    for line in lines where !Self.isPlain(line) {
      allPlain = false
      break
    }
    // NB: most comments are plain: they are quoted and joined straight into one string, without
    // an array of quoted lines and a joined copy of it.
    if allPlain {
      return joined(lines, separator: ", ", marking: "\"", opening: "[", closing: "]")
    }
    var quoted: [String] = []
    quoted.reserveCapacity(lines.count)
    for line in lines {
      quoted.append(Self.isPlain(line) ? concatenated("\"", line, "\"") : line.debugDescription)
    }
    return joined(quoted, separator: ", ", opening: "[", closing: "]")
  }

  /// Whether a line is written as it is between quotes: printable ASCII other than a quote or
  /// a backslash; anything else is escaped as the standard library escapes it.
  private static func isPlain(_ line: String) -> Bool {
    for byte in line.utf8 where !(0x20..<0x7F).contains(byte) || byte == 0x22 || byte == 0x5C {
      return false
    }
    return true
  }
}

extension DataKey where Value == Comments {
  /// The post's comments, shared by each post.
  static let comments = DataKey("comments")
}
