import ChainKit

/// One post of the model tree: its panel subtree (header, photo, actions, comments) and the
/// model the post panel shares down to them.
@MainActor
final class PostModel {
  let panel: Panel
  let header: Panel
  let photo: Panel
  let actions: Panel
  let comments: Panel
  private var state: PhotoState
  private var commentList: Comments

  init(number: Int, author: String, photo caption: String, comments initial: [String]) {
    panel = Panel("post\(number)", title: "post \(number) by @\(author)")
    header = Panel("header\(number)", title: "header")
    photo = Panel("photo\(number)", title: "photo")
    actions = Panel("actions\(number)", title: "actions")
    comments = Panel("comments\(number)", title: "comments")
    state = PhotoState(caption: caption, likes: 10 + number, liked: false, shares: 0)
    commentList = Comments(lines: initial)
    panel.axis = .vertical
    panel.accent = .cyan
    panel.logRows = 1
    header.length = 3
    photo.length = 5
    actions.length = 3
    actions.accent = .green
    photo.accent = .yellow
    comments.showsLog = false
    for child in [header, photo, actions, comments] { panel.add(child) }
    header.body = [StyledLine("@\(author) · \(number)h ago", style: Style(bold: true))]
    handleButtons()
    subscribeLeaves()
    bindKeys()
    publish()
  }

  /// The post's listeners: the buttons' events change the model, which is then shared again.
  private func handleButtons() {
    panel.node.on(.like) { [weak self] _, _ in
      guard let self else { return }
      state.liked.toggle()
      state.likes += state.liked ? 1 : -1
      publish()
    }
    panel.node.on(.comment) { [weak self] _, _ in
      guard let self else { return }
      commentList.lines.append("you: nice #\(commentList.lines.count + 1)")
      publish()
    }
    panel.node.on(.share) { [weak self] _, _ in
      guard let self else { return }
      state.shares += 1
      publish()
    }
  }

  /// The leaves read the shared data: they never hear the buttons' events.
  private func subscribeLeaves() {
    photo.node.subscribe(.photo) { [weak photo] state in
      guard let photo, let state else { return }
      let mark = state.liked ? "♥ liked" : "♡ like"
      photo.note(concatenated("data photo: ", state.description))
      photo.body = [
        StyledLine(concatenated("[ ", state.caption, " ]")),
        StyledLine(
          concatenated(mark, " · ", String(state.likes), "  shared ", String(state.shares)),
          style: state.liked ? Style(foreground: .red, bold: true) : Style(dim: true)),
      ]
    }
    comments.node.subscribe(.comments) { [weak comments] list in
      guard let comments, let list else { return }
      comments.body = list.lines.suffix(2).map { StyledLine($0) }
    }
  }

  private func bindKeys() {
    actions.body = ["l like  c comment  s share"]
    actions.keys = [
      PanelKey(.character("l"), "like") { [unowned actions] in actions.node.post(.like, [:]) },
      PanelKey(.character("c"), "comment") { [unowned actions] in
        actions.node.post(.comment, [:])
      },
      PanelKey(.character("s"), "share") { [unowned actions] in actions.node.post(.share, [:]) },
    ]
  }

  /// Shares the model with the subtree; subscribers below re-render at once.
  private func publish() {
    panel.node.share(state, for: .photo)
    panel.node.share(commentList, for: .comments)
  }
}
