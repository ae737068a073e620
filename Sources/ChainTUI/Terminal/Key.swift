/// One input event from the terminal or a script: a key press, a mouse click or a resize.
///
/// Keys are values so that a recorded session, a script and a live terminal feed the app the same
/// way; ``KeyName`` turns them into script names and back.
public enum Key: Sendable, Hashable {
  /// A printable character, including space.
  case character(Character)
  /// The Enter (Return) key.
  case enter
  /// The Tab key.
  case tab
  /// Shift-Tab (back-tab).
  case shiftTab
  /// The Escape key.
  case escape
  /// The Backspace key.
  case backspace
  /// The Delete (forward delete) key.
  case delete
  /// The up arrow.
  case up
  /// The down arrow.
  case down
  /// The left arrow.
  case left
  /// The right arrow.
  case right
  /// The Home key.
  case home
  /// The End key.
  case end
  /// The Page Up key.
  case pageUp
  /// The Page Down key.
  case pageDown
  /// A function key, F1 to F12.
  case f(Int)
  /// A control chord with a lowercase letter, such as Ctrl-C as `ctrl("c")`.
  case ctrl(Character)
  /// A key that has no case of its own, by its script name: Insert (`insert`), F13 and up
  /// (`f13`), a modified key (`ctrl-up`, `shift-f5`, `alt-a`) or a keypad key in application mode
  /// (`kp-5`).
  ///
  /// The explorer's own keys never act on it, and a tree file cannot bind it, since terminals
  /// disagree on whether and how they send such keys; it reaches the app so that pressing it can
  /// say that it does nothing.
  case unbound(String)
  /// A primary-button mouse click at a cell.
  case mouseClick(x: Int, y: Int)
  /// The mouse wheel turned over a cell: `up` towards older lines, as a page up does.
  case mouseWheel(up: Bool, x: Int, y: Int)
  /// The terminal changed size; the app re-lays out from scratch at the new size.
  case resize(width: Int, height: Int)
}
