/// A key and the modifiers held with it, as terminals report them, turned into one ``Key``.
///
/// It is the one place that decides which modified keys have a case of their own (Shift-Tab,
/// Ctrl and a letter) and how every other one is named as ``Key/unbound(_:)``: the modifiers
/// in a fixed order (`ctrl-alt-shift-meta-`) before the base key's name. ``KeyDecoder`` builds
/// chords from bytes and ``KeyName`` from names, so a decoded key's name parses back to it.
struct KeyChord: Hashable, Sendable {
  /// The modifier keys, with xterm's bit values.
  struct Modifiers: OptionSet, Hashable, Sendable {
    let rawValue: Int
    static let shift = Modifiers(rawValue: 1)
    static let alt = Modifiers(rawValue: 2)
    static let ctrl = Modifiers(rawValue: 4)
    static let meta = Modifiers(rawValue: 8)

    init(rawValue: Int) {
      self.rawValue = rawValue
    }

    /// From the modifier parameter of a CSI sequence (`ESC [ 1 ; 5 A`): one more than the bits.
    init(parameter: Int) {
      rawValue = max(0, parameter - 1) & 15
    }

    /// The name prefixes, in the order names spell them.
    static let prefixes: [(prefix: String, modifier: Modifiers)] = [
      ("ctrl-", .ctrl), ("alt-", .alt), ("shift-", .shift), ("meta-", .meta),
    ]
  }

  /// The key under the modifiers.
  enum Base: Hashable, Sendable {
    /// A key with a case of its own, unmodified: `.up`, `.f(3)`, `.character("a")`.
    case key(Key)
    /// A key without one, by name: `insert`, `begin`, `f13`, `kp-5`.
    case named(String)
  }

  let modifiers: Modifiers
  let base: Base

  /// A chord; Shift-Tab and Ctrl-letter bases are split into their modifier and key, so that
  /// every chord has one spelling.
  init(_ modifiers: Modifiers = [], _ base: Base) {
    switch base {
    case .key(.shiftTab):
      self.modifiers = modifiers.union(.shift)
      self.base = .key(.tab)
    case .key(.ctrl(let letter)):
      self.modifiers = modifiers.union(.ctrl)
      self.base = .key(.character(letter))
    default:
      self.modifiers = modifiers
      self.base = base
    }
  }

  /// A chord on a key with a case of its own.
  init(_ modifiers: Modifiers = [], _ key: Key) {
    self.init(modifiers, .key(key))
  }

  /// The key the app gets: its own case when it has one, otherwise ``Key/unbound(_:)``.
  var key: Key {
    switch (modifiers, base) {
    case ([], .key(let key)): return key
    case ([], .named(let name)): return .unbound(name)
    case (.shift, .key(.tab)): return .shiftTab
    case (.ctrl, .key(.character(let letter))) where KeyName.controlLetters.contains(letter):
      return .ctrl(letter)
    default:
      let prefix = Modifiers.prefixes.filter { modifiers.contains($0.modifier) }.map(\.prefix)
      return .unbound(prefix.joined() + baseName)
    }
  }

  private var baseName: String {
    switch base {
    case .key(let key): KeyName.format(key)
    case .named(let name): name
    }
  }

  /// Names of keys without a case of their own, besides `f13` and up.
  static let unboundNames: Set<String> = Set(
    ["insert", "begin", "kp-enter", "kp-plus", "kp-minus", "kp-star", "kp-slash", "kp-dot"]
      + ["kp-comma", "kp-equal"] + (0...9).map { "kp-\($0)" })

  /// The highest function key number a terminal reports (xterm goes to F63).
  static let highestFunctionKey = 63

  /// Parses a name, or fails when it is none of the accepted forms.
  ///
  /// Accepted: `[ctrl-][alt-][shift-][meta-]KEY`, the modifiers in any order and case, where
  /// KEY is a key name, a single character (kept as typed), `insert`, `begin`, `f1` to `f63`
  /// or `kp-...`.
  ///
  /// - Parameter name: The name.
  init?(name: some StringProtocol) {
    var rest = Substring(name)
    var modifiers: Modifiers = []
    var stripped = true
    while stripped {
      stripped = false
      for (prefix, modifier) in Modifiers.prefixes
      where rest.count > prefix.count && rest.lowercased().hasPrefix(prefix) {
        modifiers.insert(modifier)
        rest = rest.dropFirst(prefix.count)
        stripped = true
      }
    }
    if rest.count == 1, let character = rest.first {
      self.init(modifiers, .character(character))
      return
    }
    let lower = rest.lowercased()
    if let entry = KeyName.named.first(where: { $0.name == lower }) {
      self.init(modifiers, entry.key)
    } else if let key = KeyName.aliases[lower] {
      self.init(modifiers, key)
    } else if Self.unboundNames.contains(lower) {
      self.init(modifiers, .named(lower))
    } else if lower.hasPrefix("f"), lower.count <= 3,
      lower.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }),
      let number = Int(lower.dropFirst()), (1...Self.highestFunctionKey).contains(number)
    {
      self.init(modifiers, Self.function(number))
    } else {
      return nil
    }
  }

  /// Function key `number`: F1-F12 have a case, higher ones a name.
  static func function(_ number: Int) -> Base {
    number <= 12 ? .key(.f(number)) : .named("f\(number)")
  }
}
