internal import CNcurses

extension NcursesTerminal {
  /// What ncurses holds for one screen cell, read back with `mvwin_wch`; `nil` outside the screen.
  ///
  /// Tests use this to check that ``present(_:)`` put the grid on the screen cell for cell.
  package func screenCharacter(at point: Point) -> Character? {
    var cell = cchar_t()
    guard mvwin_wch(window, Int32(point.y), Int32(point.x), &cell) == OK else { return nil }
    var text = [wchar_t](repeating: 0, count: 8)
    var attributes: attr_t = 0
    var pair: Int16 = 0
    guard getcchar(&cell, &text, &attributes, &pair, nil) == OK else { return nil }
    var scalars = String.UnicodeScalarView()
    for value in text.prefix(while: { $0 != 0 }) {
      if let scalar = Unicode.Scalar(UInt32(bitPattern: value)) { scalars.append(scalar) }
    }
    return String(scalars).first
  }

  /// One screen row as text, trimmed like ``Grid/row(_:)`` so the two can be compared.
  package func screenRow(_ y: Int) -> String {
    var line = ""
    var x = 0
    while x < size.width, let character = screenCharacter(at: Point(x: x, y: y)) {
      line.append(character)
      x += max(1, DisplayWidth.of(character))
    }
    while line.last == " " { line.removeLast() }
    return line
  }

  /// Changes ncurses' idea of the screen size, as a terminal resize would (for tests).
  package func resizeScreen(to size: Size) {
    _ = resizeterm(Int32(size.height), Int32(size.width))
  }

  /// The terminfo string for a capability, such as "kcuu1" for the up arrow (for tests that feed
  /// the bytes a real terminal would send).
  package static func capability(_ name: String) -> String? {
    guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
    return String(cString: value)
  }
}
