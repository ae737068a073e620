import ChainKit
public import ChainKitTracing
public import ChainTUI
public import Foundation

/// The explorer running without a terminal, driven by hand from a test: keys in, screen out.
///
/// A session is deterministic: nothing happens between calls, and the app's clock moves only
/// when you call ``tick(_:)``. Every call turns the explorer's own run loop, over a headless
/// terminal, as a key from a real terminal would, so what the screen shows here is what a
/// terminal of the same size shows (the inspector's wall-clock timings read `·`).
///
/// ```swift
/// let session = try HeadlessSession(size: Size(width: 100, height: 40), scene: "model")
/// try session.focus("actions1")
/// try session.press("l")
/// #expect(session.screenText.contains("♥ liked"))
/// ```
@MainActor
public final class HeadlessSession {
  let executor: ScriptExecutor
  /// The scene the session was created in, `nil` for the app's first scene.
  public let scene: String?

  /// Starts the explorer at a size, showing a scene.
  ///
  /// - Parameters:
  ///   - size: The screen size; 80x24 by default.
  ///   - scene: A scene id such as `"domino"`, or `nil` for the first scene.
  /// - Throws: ``HeadlessSessionError`` when there is no scene with that id.
  public convenience init(size: Size = Size(width: 80, height: 24), scene: String? = nil)
    throws(HeadlessSessionError)
  {
    let target: any ScriptTarget
    do {
      target = try ExplorerScriptTarget.make(size: size, scene: scene)
    } catch {
      throw HeadlessSessionError("cannot start the explorer: \(error)")
    }
    self.init(target: target, scene: scene)
  }

  /// Starts the explorer at a size on your own scenes, showing the first.
  ///
  /// ```swift
  /// let session = try HeadlessSession(scenes: [InboxScene()])
  /// try session.press("enter")
  /// #expect(session.log(of: "inbox")?.last == "bub opened from row1: handled")
  /// ```
  ///
  /// - Parameters:
  ///   - size: The screen size; 80x24 by default.
  ///   - scenes: The scenes, in tab order; the session adopts them (see ``ChainTUI/Scene``).
  ///   - includesBuiltInScenes: Whether the six built-in scenes come before yours.
  /// - Throws: ``HeadlessSessionError`` when there is no scene or two share an id.
  public convenience init(
    size: Size = Size(width: 80, height: 24), scenes: [any Scene],
    includesBuiltInScenes: Bool = false
  ) throws(HeadlessSessionError) {
    let target: any ScriptTarget
    do {
      target = try ExplorerScriptTarget.make(
        size: size, scenes: scenes, includesBuiltInScenes: includesBuiltInScenes)
    } catch {
      throw HeadlessSessionError("cannot start the explorer: \(error)")
    }
    self.init(target: target, scene: scenes.first?.id)
  }

  /// Starts the explorer at a size on a tree file, opened as `chaintui --tree FILE` opens it:
  /// as a scene after the built-in ones, on screen.
  ///
  /// With `chatTree` the URL of the Tree Files article's `chat.tree`:
  ///
  /// ```swift
  /// let session = try HeadlessSession(treeFile: chatTree)
  /// try session.focus("composer")
  /// try session.press("enter")
  /// try session.runScript("expect event key=send outcome=ok")
  /// ```
  ///
  /// - Parameters:
  ///   - size: The screen size; 80x24 by default.
  ///   - treeFile: The tree file (see the Tree Files article of ChainTUI).
  /// - Throws: ``HeadlessSessionError`` listing every problem of the file, each as
  ///   `file:line:column: error: ...`.
  public convenience init(size: Size = Size(width: 80, height: 24), treeFile: URL)
    throws(HeadlessSessionError)
  {
    let scene: TreeScene
    switch TreeFileLoader.scene(contentsOf: treeFile) {
    case .success(let loaded): scene = loaded
    case .failure(let errors): throw HeadlessSessionError(errors.description)
    }
    let target: any ScriptTarget
    do {
      target = try ExplorerScriptTarget.make(size: size, scene: scene.id, scenes: [scene])
    } catch {
      throw HeadlessSessionError("cannot start the explorer: \(error)")
    }
    self.init(target: target, scene: scene.id)
  }

  /// Wraps any script target, such as a test double of the app.
  package init(target: any ScriptTarget, scene: String? = nil) {
    self.executor = ScriptExecutor(target: target, snapshots: nil)
    self.scene = scene
  }

  var target: any ScriptTarget { executor.target }

  /// The screen size the app lays out for.
  public var size: Size { target.size }

  /// The current screen, rendered now.
  public var screen: Grid { target.render() }

  /// The current screen as text: rows with trailing blanks trimmed, joined by newlines.
  public var screenText: String { screen.text }

  /// One row of the current screen, from 0 at the top, trailing blanks trimmed.
  ///
  /// - Parameter number: The row; outside the screen gives an empty string.
  /// - Returns: The row's text.
  public func row(_ number: Int) -> String { screen.row(number) }

  /// The lines of a panel's log pane, oldest first.
  ///
  /// - Parameter panel: The panel's name.
  /// - Returns: The lines, or `nil` when there is no such panel.
  public func log(of panel: String) -> [String]? { target.log(ofPanel: panel) }

  /// The dispatch records the app's tracer has seen, oldest first.
  public var dispatches: [DispatchRecord] { target.dispatches }

  /// The dispatches recorded since the latest press, type, resize or tick began.
  public var latestDispatches: [DispatchRecord] { executor.windowDispatches }

  /// Whether the app asked to quit (`q`, Ctrl-C).
  public var isFinished: Bool { target.isFinished }
}
