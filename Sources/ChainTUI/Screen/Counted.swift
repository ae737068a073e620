/// A count with its noun in the right number: "1 record", "2 records", "1 dispatch".
///
/// - Parameters:
///   - count: How many.
///   - singular: The noun for one.
///   - plural: The noun for any other count; the singular with "s" (or "es" after s, sh, ch,
///     x) if not given.
/// - Returns: The count and the noun.
func counted(_ count: Int, _ singular: String, plural: String? = nil) -> String {
  if count == 1 { return "1 \(singular)" }
  let ending = ["s", "sh", "ch", "x"].contains { singular.hasSuffix($0) } ? "es" : "s"
  return "\(count) \(plural ?? singular + ending)"
}
