import ChainTUI
import ChainTUITesting
import Testing

@testable import chaintui_example

/// The example executable's scene, driven headlessly through the public API, as a user's own
/// tests would drive theirs.
@Suite("Example: the player scene")
@MainActor
struct PlayerSceneTests {
  @Test("enter on a track bubbles play through the playlist, which decorates it, to the player")
  func play() throws {
    let session = try HeadlessSession(size: Size(width: 100, height: 30), scenes: [PlayerScene()])
    try session.focus("track2")
    try session.press("enter")
    try session.runScript(
      """
      expect event key=play origin=track2 path=track2>playlist>player outcome=ok
      expect log of playlist contains "bub play from track2: decorated [source: playlist, track: 1]"
      expect log of player contains "bub play from track2: handled"
      expect screen contains "playing: So What"
      """)
    #expect(session.screenText.contains("▶ playing"))
  }

  @Test("the controls ask the chain for the volume and the player answers")
  func volume() throws {
    let session = try HeadlessSession(size: Size(width: 100, height: 30), scenes: [PlayerScene()])
    try session.focus("controls")
    try session.press("v")
    try session.runScript(
      """
      expect event kind=request key=volume answered=player
      expect screen contains "volume = 7"
      """)
  }

  @Test("pause with nothing playing is prevented, and the controls say so")
  func pausePrevented() throws {
    let session = try HeadlessSession(scenes: [PlayerScene()])
    try session.focus("controls")
    try session.press("space")
    try session.runScript("expect event key=pause outcome=prevented")
    #expect(session.log(of: "controls")?.last == "nothing to pause")
  }

  @Test("the scene and its panels are freed with the session: nothing keeps them in a cycle")
  func noLeaks() throws {
    weak var scene: PlayerScene?
    weak var track: Panel?
    do {
      let player = PlayerScene()
      scene = player
      track = player.tracks.first
      let session = try HeadlessSession(scenes: [player])
      try session.focus("track1")
      try session.press("enter", "tab", "n")
    }
    // NB: Booleans, so that a failure does not ask Swift Testing to reflect a leaked panel.
    let sceneFreed = scene == nil
    let trackFreed = track == nil
    #expect(sceneFreed, "the player scene outlived its session")
    #expect(trackFreed, "track1 outlived its scene: something holds it in a cycle")
  }
}
