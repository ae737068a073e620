public import ChainTUI
public import Foundation

extension HeadlessSession {
  /// Presses keys by their script names, in order: `press("tab", "ctrl-x", "f2", "a")`.
  ///
  /// Every name is checked before any key is pressed, so a typo changes nothing.
  ///
  /// - Parameter names: Key names as ``ChainTUI/KeyName`` parses them.
  /// - Throws: ``ChainTUI/KeyNameError`` for the first unknown name.
  public func press(_ names: String...) throws(KeyNameError) {
    var keys: [Key] = []
    for name in names { keys.append(try KeyName.parse(name).get()) }
    press(keys)
  }

  /// Presses keys in order.
  ///
  /// - Parameter keys: The keys.
  public func press(_ keys: Key...) { press(keys) }

  /// Presses keys in order.
  ///
  /// - Parameter keys: The keys.
  public func press(_ keys: [Key]) {
    executor.startWindow()
    // NB: a loop, not `forEach`: the main-actor closure it takes checks the executor per key.
    for key in keys { target.press(key) }
  }

  /// Sends the bytes a real terminal sends for keys, decoded as the explorer decodes its
  /// terminal's input: `feed(bytes: "\u{1B}[4~".utf8)` is End as tmux sends it.
  ///
  /// A sequence the decoder does not know is dropped whole, as in a terminal. The bytes are one
  /// burst: an Esc or a sequence cut off at their end is ended as after a pause (a lone Esc is
  /// Esc), not continued by the next call.
  ///
  /// - Parameter bytes: The bytes, such as a string's `utf8` view.
  public func feed(bytes: some Sequence<UInt8>) {
    executor.startWindow()
    target.feed(bytes: Array(bytes))
  }

  /// Types text, one key per character; `\n` presses Enter, `\t` Tab.
  ///
  /// - Parameter text: The text.
  public func type(_ text: String) {
    press(ScriptExecutor.keys(typing: text))
  }

  /// Resizes the screen, as a terminal resize would.
  ///
  /// - Parameter size: The new size.
  public func resize(to size: Size) {
    executor.startWindow()
    target.resize(to: size)
  }

  /// Advances the app's virtual clock, firing the timers that fall due.
  ///
  /// - Parameter duration: How far to advance.
  public func tick(_ duration: Duration) {
    executor.startWindow()
    target.advance(by: duration)
  }

  /// Moves focus to a panel.
  ///
  /// - Parameter panel: The panel's name.
  /// - Throws: ``HeadlessSessionError`` when the scene has no focusable panel of that name.
  public func focus(_ panel: String) throws(HeadlessSessionError) {
    guard target.focus(panelNamed: panel) else {
      throw HeadlessSessionError(target.unknownPanel(panel, focusable: true))
    }
  }

  /// Runs script text against this session, continuing from its current state.
  ///
  /// A `size` line resizes the session; a `scene` line must name the session's own scene.
  ///
  /// - Parameters:
  ///   - text: The script (see the Scripts article of ChainTUI).
  ///   - file: The name messages use for the script.
  ///   - snapshotDirectory: Where `snapshot` lines find their goldens; `nil` makes them fail.
  ///   - updateSnapshots: Whether to re-record goldens instead of comparing.
  /// - Throws: ``HeadlessSessionError`` with the syntax error, or the failure and the screen.
  public func runScript(
    _ text: String, file: String = "script", snapshotDirectory: URL? = nil,
    updateSnapshots: Bool = false
  ) throws(HeadlessSessionError) {
    let script: Script
    do throws(ScriptSyntaxError) {
      script = try ScriptParser.parse(text, file: file)
    } catch {
      throw HeadlessSessionError(error.description)
    }
    if let tree = script.trees.first {
      throw HeadlessSessionError(
        "\(tree.location.fileAndLine): a session's scenes are chosen when it is created;"
          + " start it with HeadlessSession(treeFile:) instead of a 'tree' line")
    }
    if let wanted = script.scene, wanted != scene {
      throw HeadlessSessionError(
        "\(file): the script's scene is '\(wanted)' but the session's is '\(scene ?? "the first")';"
          + " a session's scene is chosen when it is created")
    }
    if let wanted = script.size, wanted != size { resize(to: wanted) }
    executor.snapshots = snapshotDirectory.map {
      SnapshotStore(directory: $0, update: updateSnapshots)
    }
    if let failure = executor.run(script.steps) {
      throw HeadlessSessionError(failure.description)
    }
  }
}
