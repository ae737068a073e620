/// Search: `/` finds a text in the log on screen (the zoomed panel's, else the focused one's),
/// highlights every match and steps through them; the status line counts them.
extension App {
  /// The key that steps to the next (newer) match.
  nonisolated static let nextMatchKey = Key.character(".")
  /// The key that steps to the previous (older) match.
  nonisolated static let previousMatchKey = Key.character(",")

  /// The search open, with the panel it searches, its matches in the panel's log, oldest
  /// first, and the index of the current one (`nil` when there is none).
  var searchState: (panel: Panel, search: LogSearch, matches: [LogSearch.Match], current: Int?)? {
    guard case .search(let name, let query, _, let match) = modes.mode(.search),
      let panel = scene.panel(named: name)
    else { return nil }
    let search = LogSearch(query: query)
    let matches = search.matches(in: panel.log.lines)
    return (panel, search, matches, matches.isEmpty ? nil : min(max(0, match), matches.count - 1))
  }

  /// `/`: starts a search in the log on screen, or, with one open, edits its query again.
  func openSearch() {
    if case .search(let name, let query, _, let match) = modes.mode(.search) {
      modes.apply(.open(.search(panel: name, query: query, typing: true, match: match)))
      return
    }
    guard let panel = logPanel else {
      flash = "/: no log to search"
      return
    }
    modes.apply(.open(.search(panel: panel.name, query: "", typing: true, match: 0)))
  }

  /// Keys typed into the query: each change searches anew and makes the newest match current
  /// (the log follows its newest lines); enter keeps the query, or ends the search when nothing
  /// was typed; esc ends it.
  func editSearch(_ key: Key) {
    guard case .search(let name, var query, _, let match) = modes.top else { return }
    switch key {
    case .enter:
      modes.apply(
        query.isEmpty
          ? .close(.search)
          : .open(.search(panel: name, query: query, typing: false, match: match)))
      return
    case .escape:
      modes.apply(.escape)
      return
    case .backspace, .delete: _ = query.popLast()
    case .character(let character): query.append(character)
    default:
      flash = "\(KeyName.format(key)): not in the search (enter done, esc end)"
      return
    }
    let lines = scene.panel(named: name)?.log.lines ?? []
    let count = LogSearch(query: query).matches(in: lines).count
    modes.apply(.open(.search(panel: name, query: query, typing: true, match: max(0, count - 1))))
    revealCurrentMatch()
  }

  /// The search's keys once its query is kept: the next and previous match, wrapping around,
  /// and `/` to edit the query; `false` when the key is not one of them or no search is on top.
  func searchKey(_ key: Key) -> Bool {
    guard case .search(let name, let query, typing: false, _) = modes.top else { return false }
    switch key {
    case Self.nextMatchKey, Self.previousMatchKey:
      guard let state = searchState, let current = state.current else {
        flash = "\(KeyName.format(key)): no match of \(query)"
        return true
      }
      let count = state.matches.count
      let step = key == Self.nextMatchKey ? 1 : -1
      let next = ((current + step) % count + count) % count
      modes.apply(.open(.search(panel: name, query: query, typing: false, match: next)))
      revealCurrentMatch()
      // Wrapping round is said beside the count, so the count stays in view.
      if step > 0 ? next < current : next > current, let text = searchText {
        flash = text + (step > 0 ? ", round to the oldest" : ", round to the newest")
      }
    case .character("/"): openSearch()
    default: return false
    }
    return true
  }

  /// Scrolls the searched log so that the current match is in view.
  private func revealCurrentMatch() {
    guard let state = searchState, let current = state.current else { return }
    state.panel.log.reveal(line: state.matches[current].line)
  }

  /// What the search says in the status line: the query being typed and how many matches it
  /// has (`/tgt_  (3 matches)`), then which match is current (`match 2 of 3: tgt`).
  var searchText: String? {
    guard let state = searchState, case .search(_, let query, let typing, _) = modes.top else {
      return nil
    }
    let count = state.matches.count
    if typing {
      let plural = count == 1 ? "" : "es"
      let found = query.isEmpty ? "" : count == 0 ? "  (no match)" : "  (\(count) match\(plural))"
      return "/\(query)_\(found)"
    }
    guard let current = state.current else { return "no match of \(query)" }
    return "match \(current + 1) of \(count): \(query)"
  }
}
