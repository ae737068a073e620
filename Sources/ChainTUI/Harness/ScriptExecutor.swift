import ChainKit
package import ChainKitTracing
package import Foundation

/// Runs script steps one by one against a live ``ScriptTarget``.
///
/// It never sleeps: keys go straight to the target, time moves only through `advance(by:)`.
/// The runner uses it for whole scripts; the test API uses it for single calls, so both share
/// one meaning for every step.
@MainActor
package final class ScriptExecutor {
  /// The app under test.
  package let target: any ScriptTarget
  /// Where `snapshot` lines compare, or `nil` when snapshots are not available.
  package var snapshots: SnapshotStore?
  /// The folder `cast` and `svg` paths are relative to: the script's, or else the working
  /// directory.
  package var folder: URL?
  /// The highest dispatch id seen before the latest action; `expect event` looks past it.
  private var windowFloor: UInt64?

  /// Creates an executor for a target.
  package init(target: any ScriptTarget, snapshots: SnapshotStore?) {
    self.target = target
    self.snapshots = snapshots
  }

  /// Runs steps in order and stops at the first that fails.
  ///
  /// - Returns: The failure, or `nil` when every step passed.
  package func run(_ steps: [ScriptStep]) -> ScriptFailure? {
    for step in steps {
      do throws(ScriptFailure) {
        try perform(step)
      } catch {
        return error
      }
    }
    return nil
  }

  /// Runs one step.
  package func perform(_ step: ScriptStep) throws(ScriptFailure) {
    if step.action.isAction {
      guard !target.isFinished else {
        throw ScriptFailure(
          location: step.location, statement: step.source,
          reason: "the app quit before this line (q or Ctrl-C), so no input reaches it any more",
          screen: target.render())
      }
      startWindow()
    }
    let problem: String?
    switch step.action {
    case .press(let keys):
      keys.forEach(target.press)
      problem = nil
    case .type(let text):
      Self.keys(typing: text).forEach(target.press)
      problem = nil
    case .bytes(let bytes):
      target.feed(bytes: bytes)
      problem = nil
    case .resize(let size):
      target.resize(to: size)
      problem = nil
    case .tick(let duration):
      target.advance(by: duration)
      problem = nil
    case .focus(let panel):
      problem =
        target.focus(panelNamed: panel) ? nil : target.unknownPanel(panel, focusable: true)
    case .expect(let expectation):
      problem = check(expectation)
    case .snapshot(let name):
      problem =
        snapshots?.check(name, screen: target.render())
        ?? (snapshots == nil ? "snapshots need a folder; none was given" : nil)
    case .cast(let path):
      do throws(RecordingPathError) {
        try target.startCast(path: resolved(path))
        problem = nil
      } catch {
        problem = error.description
      }
    case .svg(let path):
      do throws(RecordingPathError) {
        try SVGScreenshot.write(target.screenshot(), to: resolved(path))
        problem = nil
      } catch {
        problem = error.description
      }
    }
    if let problem {
      throw ScriptFailure(
        location: step.location, statement: step.source, reason: problem,
        screen: target.render())
    }
  }

  /// A path of a `cast` or `svg` line, relative to ``folder``.
  private func resolved(_ path: String) -> String {
    guard !path.hasPrefix("/") else { return path }
    let base = folder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    return base.appendingPathComponent(path).standardizedFileURL.path
  }

  /// Begins a new window of dispatches for `expect event`, at the start of an action.
  package func startWindow() {
    windowFloor = target.highestDispatchID ?? windowFloor ?? 0
  }

  /// The dispatches recorded since the latest action began, oldest first.
  package var windowDispatches: [DispatchRecord] {
    guard let windowFloor else { return target.dispatches }
    return target.dispatches.filter { $0.id > windowFloor }
  }

  /// The keys that typing a text presses: one per character, with newline, tab, escape and
  /// delete as their keys.
  package static func keys(typing text: String) -> [Key] {
    text.map { character in
      switch character {
      case "\n", "\r\n", "\r": .enter
      case "\t": .tab
      case "\u{1B}": .escape
      case "\u{7F}", "\u{08}": .backspace
      default: .character(character)
      }
    }
  }
}
