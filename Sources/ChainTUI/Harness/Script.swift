/// A parsed script: the screen it starts at, the scene it starts in, and its steps in order.
///
/// Produced by ``ScriptParser``; run by ``ScriptRunner`` or step by step by a
/// ``ScriptExecutor``. Every step keeps its location and source text for failure messages.
package struct Script: Sendable, Equatable {
  /// The file the script came from, as given to the parser (used in locations).
  package var file: String
  /// The size from a `size WxH` line, or `nil` for the runner's default.
  package var size: Size?
  /// The scene from a `scene NAME` line, or `nil` for the app's first scene (the first tree's
  /// when the script loads trees).
  package var scene: String?
  /// The tree files from `tree FILE` lines, relative to the script's folder, in order.
  package var trees: [ScriptTree] = []
  /// The actions and expectations, in the order they run.
  package var steps: [ScriptStep]

  /// The size a runner starts the app at when the script does not say.
  package static let defaultSize = Size(width: 80, height: 24)
}

/// A `tree FILE` line: a tree file the app opens as a scene beside the built-in ones.
package struct ScriptTree: Sendable, Equatable {
  /// The path as written, relative to the script's folder unless absolute.
  package var path: String
  /// Where the line is, for messages about the file.
  package var location: SourceLocation
  /// The line as written.
  package var source: String
}

/// One line of a script that does something: an action, an expectation or a snapshot.
package struct ScriptStep: Sendable, Equatable {
  /// Where the line is, for messages.
  package var location: SourceLocation
  /// The line as written, without surrounding blanks or a trailing comment.
  package var source: String
  /// What the line does.
  package var action: ScriptAction
}

/// What a script line does.
package enum ScriptAction: Sendable, Equatable {
  /// Press keys in order (`press tab enter`).
  case press([Key])
  /// Type text, one key per character (`type "hello\n"`).
  case type(String)
  /// Send the bytes a real terminal sends, through its key decoder (`bytes "\e[4~"`).
  case bytes([UInt8])
  /// Resize the screen (`resize 60x20`).
  case resize(Size)
  /// Advance the virtual clock (`tick 1s`).
  case tick(Duration)
  /// Move focus to a named panel (`focus Photo`).
  case focus(String)
  /// Check something; the script fails here if it does not hold.
  case expect(ScriptExpectation)
  /// Compare the screen with a golden text file (`snapshot after-like`).
  case snapshot(String)
  /// Record every frame from here to the script's end as an asciicast v2 file
  /// (`cast session.cast`), the path relative to the script's folder.
  case cast(String)
  /// Save the screen as an SVG picture, in colour (`svg screen.svg`), the path relative to the
  /// script's folder.
  case svg(String)

  /// Whether the line checks something, so that the script can fail.
  var isCheck: Bool {
    switch self {
    case .expect, .snapshot: true
    case .press, .type, .bytes, .resize, .tick, .focus, .cast, .svg: false
    }
  }

  /// Whether the line changes the app, which starts a new window for `expect event`.
  var isAction: Bool {
    switch self {
    case .press, .type, .bytes, .resize, .tick: true
    case .focus, .expect, .snapshot, .cast, .svg: false
    }
  }
}

/// A check against the screen, a panel's log or the dispatch records.
package enum ScriptExpectation: Sendable, Equatable {
  /// Some row of the screen contains the text.
  case screenContains(String)
  /// No row of the screen contains the text.
  case screenDoesNotContain(String)
  /// Row N (from 0 at the top, trailing blanks trimmed) is exactly the text.
  case row(Int, is: String)
  /// Some line of the panel's log contains the text.
  case logContains(panel: String, text: String)
  /// No line of the panel's log contains the text: where a stop cut the flow.
  case logDoesNotContain(panel: String, text: String)
  /// Some line of the inspector's "why" for the panel (its listeners, for the newest kept
  /// dispatch the pattern matches, or else the selected or newest one) contains the text.
  case whyContains(panel: String, dispatch: EventPattern?, text: String)
  /// Some dispatch since the last action matches the pattern.
  case event(EventPattern)
}
