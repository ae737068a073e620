/// The parameter bag of a named event: Domino's simple-event params, the router's `userInfo`.
///
/// Posting a named event needs no key declaration:
///
/// ```swift
/// cell.post("cellClicked", ["row": 3])
/// table.decorate("cellClicked") { params in params["section"] = 1 }
/// controller.on("cellClicked") { ctx, params in print(params["row", as: Int.self] ?? -1) }
/// ```
public struct Params: Sendable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
  /// The values, by name.
  public var values: [String: any Sendable]

  /// Creates a bag from a dictionary.
  public init(_ values: [String: any Sendable] = [:]) { self.values = values }

  /// Creates a bag from a dictionary literal.
  public init(dictionaryLiteral elements: (String, any Sendable)...) {
    var values: [String: any Sendable] = [:]
    for (key, value) in elements { values[key] = value }
    self.values = values
  }

  /// The value stored under `key`, if any.
  public subscript(key: String) -> (any Sendable)? {
    get { values[key] }
    set { values[key] = newValue }
  }

  /// The value stored under `key` if it has type `T`; `nil` when absent or of another type.
  public subscript<T>(key: String, as type: T.Type) -> T? { values[key] as? T }

  /// The names present in the bag, sorted.
  public var keys: [String] { values.keys.sorted() }

  /// The bag as `[a: 1, b: x]`, keys sorted, for logs and traces.
  public var description: String {
    if values.isEmpty { return "[:]" }
    let pairs = keys.map { key in "\(key): \(values[key].map { String(describing: $0) } ?? "nil")" }
    return "[" + pairs.joined(separator: ", ") + "]"
  }
}
