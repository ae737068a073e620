import ChainKit
import ChainTUI

/// A music player built with ChainTUI's public API.
///
/// The tracks post `play` up through the
/// playlist (which decorates it with where it came from) to the player, which handles it and
/// shares what is playing down the tree; every track subscribes and marks itself. The controls
/// post `next` and `pause`, and ask the chain for the `volume`, which the player answers.
@MainActor
final class PlayerScene: Scene {
  let id = "player"
  let title = "Player"
  let root = Panel("player", title: "player (handles, shares nowPlaying)")
  let controls = Panel("controls")
  let playlist = Panel("playlist", title: "playlist (decorates play)")
  let tracks: [Panel]
  let flow = [
    "track -> playlist -> player. enter on a track posts play [track];",
    "the playlist adds source: playlist; the player handles it and",
    "shares nowPlaying down: each track shows whether it is playing.",
    "On controls: n posts next, space pauses, v asks volume (player answers).",
  ]
  private let titles = ["Blue in Green", "So What", "Freddie Freeloader"]
  private var playing: Int?
  private var paused = false

  init() {
    tracks = titles.indices.map { Panel("track\($0 + 1)") }
    root.axis = .vertical
    root.accent = .magenta
    controls.length = 5
    controls.accent = .yellow
    playlist.accent = .cyan
    root.add(controls)
    root.add(playlist)
    for track in tracks { playlist.add(track) }
    wire()
    refresh()
  }

  private func wire() {
    playlist.node.decorate("play") { params in params["source"] = "playlist" }
    root.node.on("play") { [weak self] _, params in
      self?.play(params["track", as: Int.self])
    }
    root.node.on("next") { [weak self] _, _ in
      guard let self else { return }
      play(((playing ?? -1) + 1) % titles.count)
    }
    root.node.on("pause") { [weak self] ctx, _ in
      guard let self, playing != nil else { return ctx.preventDefault() }
      paused.toggle()
      refresh()
    }
    root.node.respond(to: .volume) { _, _ in 7 }
    for (index, track) in tracks.enumerated() {
      // A panel keeps its keys and its node keeps its subscribers: they hold the panel unowned.
      track.keys = [
        PanelKey(.enter, "play") { [unowned track] in track.node.post("play", ["track": index]) }
      ]
      track.node.subscribe(.nowPlaying) { [weak self, unowned track] title in
        guard let self else { return }
        let isMine = title == titles[index]
        track.body = [
          StyledLine(titles[index]),
          StyledLine(isMine ? "▶ playing" : "", style: Style(foreground: .green, bold: true)),
        ]
      }
    }
    controls.keys = [
      PanelKey(.character("n"), "next") { [unowned controls] in controls.node.post("next") },
      PanelKey(.character(" "), "pause") { [unowned controls] in
        let outcome = controls.node.post("pause")
        if outcome.isPrevented { controls.note("nothing to pause") }
      },
      PanelKey(.character("v"), "volume?") { [unowned controls] in
        let volume = controls.node.request(.volume).map(String.init) ?? "nobody knew"
        controls.body = ["volume = \(volume)"]
      },
    ]
  }

  private func play(_ index: Int?) {
    guard let index, titles.indices.contains(index) else { return }
    playing = index
    paused = false
    root.node.share(titles[index], for: .nowPlaying)
    refresh()
  }

  private func refresh() {
    let state = playing.map { "\(paused ? "paused" : "playing"): \(titles[$0])" }
    root.body = [StyledLine(state ?? "nothing playing", style: Style(bold: true))]
    if controls.body.isEmpty { controls.body = ["n next, space pause, v volume?"] }
    for (index, track) in tracks.enumerated() where track.body.isEmpty {
      track.body = [StyledLine(titles[index])]
    }
  }
}

extension DataKey where Value == String {
  /// The title of the track playing, shared by the player.
  fileprivate static let nowPlaying = DataKey("nowPlaying")
}

extension RequestKey where Payload == Void, Response == Int {
  /// The player's volume, asked by the controls.
  fileprivate static let volume = RequestKey("volume")
}
