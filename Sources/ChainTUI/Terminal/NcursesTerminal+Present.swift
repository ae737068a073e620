internal import CNcurses

extension NcursesTerminal {
  /// Copies a frame to the screen: only cells that changed since the last frame, then one
  /// `doupdate`, so ncurses sends the terminal the smallest difference and nothing flickers.
  ///
  /// A grid larger than the screen is clipped; after a size change everything is redrawn.
  package func present(_ grid: Grid) {
    let screen = size
    let redrawAll = previous?.size != grid.size
    if redrawAll { werase(window) }
    let columns = min(grid.width, screen.width)
    for y in 0..<min(grid.height, screen.height) {
      for x in 0..<columns {
        let index = y * grid.width + x
        let cell = grid.cells[index]
        if cell.isContinuation { continue }
        if !redrawAll, let previous, previous.cells[index] == cell { continue }
        // A wide glyph cut by the screen's right edge would wrap; show a blank instead.
        let fits = cell.columns < 2 || x + 1 < columns
        draw(fits ? cell : Cell(" ", style: cell.style), x: x, y: y)
      }
    }
    wnoutrefresh(window)
    doupdate()
    previous = grid
  }

  /// Writes one cell.
  ///
  /// NB: the bottom-right cell returns ERR because the cursor cannot move past it, though the
  /// character is drawn; that result is ignored on purpose.
  private func draw(_ cell: Cell, x: Int, y: Int) {
    if drawsASCII, cell.code >= 0x80 {
      drawASCII(cell, x: x, y: y)
      return
    }
    // A cchar_t holds one spacing character and a few combining ones (CCHARW_MAX is 5).
    var text = cell.character.unicodeScalars.prefix(5).map { wchar_t(bitPattern: $0.value) }
    text.append(0)
    var character = cchar_t()
    if setcchar(&character, text, attributes(for: cell.style), colorPair(for: cell.style), nil)
      != OK
    {
      _ = setcchar(&character, [wchar_t(63), 0], attributes(for: cell.style), 0, nil)  // "?"
    }
    _ = mvwadd_wch(window, Int32(y), Int32(x), &character)
  }

  /// Writes a cell that is not ASCII on a terminal without UTF-8: a line-drawing character or
  /// an ASCII look-alike, and a blank in the second column of a wide glyph.
  private func drawASCII(_ cell: Cell, x: Int, y: Int) {
    let style = attributes(for: cell.style) | ck_color_pair(Int32(colorPair(for: cell.style)))
    let character: chtype
    switch ASCIIGlyphs.glyph(for: cell.character) {
    case .ascii(let byte): character = chtype(byte)
    case .lineDrawing(let code): character = ck_acs(CChar(bitPattern: code))
    }
    _ = mvwaddch(window, Int32(y), Int32(x), character | chtype(style))
    if cell.columns == 2 {
      _ = mvwaddch(window, Int32(y), Int32(x + 1), chtype(32) | chtype(style))
    }
  }

  /// The ncurses attributes for a style; these show in monochrome too.
  private func attributes(for style: Style) -> attr_t {
    var result = ck_a_normal()
    if style.bold { result |= ck_a_bold() }
    if style.dim { result |= ck_a_dim() }
    if style.reverse { result |= ck_a_reverse() }
    if style.underline { result |= ck_a_underline() }
    return result
  }

  /// The colour pair for a style's colours, allocated on first use; pair 0 (the terminal's
  /// default) without colour support or once the terminal's pairs run out.
  private func colorPair(for style: Style) -> Int16 {
    guard usesColor, style.foreground != .default || style.background != .default else {
      return 0
    }
    let key = style.foreground.rawValue * 16 + style.background.rawValue
    if let pair = colorPairs[key] { return pair }
    let next = colorPairs.count + 1
    guard next < Int(ck_color_pairs()), let pair = Int16(exactly: next) else { return 0 }
    init_pair(
      pair, colorNumber(style.foreground, isForeground: true),
      colorNumber(style.background, isForeground: false))
    colorPairs[key] = pair
    return pair
  }

  /// The curses colour number; `.default` is -1 where the terminal supports default colours.
  private func colorNumber(_ color: Style.Color, isForeground: Bool) -> Int16 {
    if color == .default {
      if hasDefaultColors { return -1 }
      return Int16(isForeground ? COLOR_WHITE : COLOR_BLACK)
    }
    // The palette after `.default` is in ANSI order, which is curses' COLOR_BLACK...COLOR_WHITE.
    return Int16(color.rawValue - 1)
  }
}
