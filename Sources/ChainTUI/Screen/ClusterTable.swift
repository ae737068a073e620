import Synchronization

/// The characters of more than one scalar ("e\u{301}", "1️⃣", flags) that cells have held, so
/// a ``Cell`` can name any character with one integer.
///
/// Such characters are rare on screen, and each distinct one is stored once for the life of the
/// process; the common one-scalar character never comes here.
enum ClusterTable {
  /// Codes at or above this name an entry of the table; below it they are scalar values.
  static let offset: UInt32 = 0x11_0000

  private struct Storage {
    var characters: [Character] = []
    /// Keyed by scalar values: `Character` keys would merge canonically equivalent clusters.
    var codes: [[UInt32]: UInt32] = [:]
  }

  private static let storage = Mutex(Storage())

  /// The code of a character: its scalar's value, or its entry in the table.
  static func code(for character: Character) -> UInt32 {
    let scalars = character.unicodeScalars
    if let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex {
      return first.value
    }
    return code(forCluster: character)
  }

  /// The code of a character of several scalars, adding it to the table the first time.
  static func code(forCluster character: Character) -> UInt32 {
    storage.withLock { storage in
      // NB: looked up by exact scalars, so a cell gives back what was written; `Cell ==`
      // still compares characters canonically.
      let key = character.unicodeScalars.map(\.value)
      if let code = storage.codes[key] { return code }
      let code = offset + UInt32(storage.characters.count)
      storage.characters.append(character)
      storage.codes[key] = code
      return code
    }
  }

  /// The character a code names.
  static func character(for code: UInt32) -> Character {
    if code < offset, let scalar = Unicode.Scalar(code) { return Character(scalar) }
    return storage.withLock { storage in
      let index = Int(code &- offset)
      return storage.characters.indices.contains(index) ? storage.characters[index] : " "
    }
  }
}
