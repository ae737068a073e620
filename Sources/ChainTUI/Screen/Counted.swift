/// A count with its noun in the right number: "1 record", "2 records", "1 dispatch".
///
/// - Parameters:
///   - count: How many.
///   - singular: The noun for one.
///   - plural: The noun for any other count; the singular with "s" (or "es" after s, sh, ch,
///     x) if not given.
/// - Returns: The count and the noun.
func counted(_ count: Int, _ singular: String, plural: String? = nil) -> String {
  if count == 1 { return concatenated("1 ", singular) }
  if let plural { return concatenated(String(count), " ", plural) }
  let sibilant =
    singular.hasSuffix("s") || singular.hasSuffix("sh") || singular.hasSuffix("ch")
    || singular.hasSuffix("x")
  return concatenated(String(count), " ", singular, sibilant ? "es" : "s")
}

/// The parts one after another, made in one allocation.
///
/// NB: interpolation and `+=` grow the buffer as the parts arrive, a reallocation and copy
/// each time, which costs more than the text itself for the short lines made on every key.
///
/// NB: inlined where it is called: the call and the count of the parts cost less there. The
/// array of parts is still made on the heap (the string's initializer keeps it from the stack).
///
/// - Parameter parts: The text, in order.
/// - Returns: The parts joined without a separator.
@inline(__always)
func concatenated(_ parts: String...) -> String {
  var count = 0
  for part in parts { count += part.utf8.count }
  return String(unsafeUninitializedCapacity: count) { buffer in
    var written = 0
    for part in parts { written = copyUTF8(of: part, into: buffer, at: written) }
    return written
  }
}

/// Names joined by a separator, each between two marks and all between an opening and a
/// closing (none by default), made in one allocation (see ``concatenated(_:)``): `["bo: wow",
/// "cy: hi"]` from the two names, `"` around each, `, ` between them and `[` `]` around all.
///
/// - Parameters:
///   - names: The names, in order.
///   - separator: What goes between two names.
///   - mark: What goes right before and right after each name.
///   - opening: What goes first.
///   - closing: What goes last.
/// - Returns: The joined text.
func joined(
  _ names: [String], separator: String, marking mark: String = "", opening: String = "",
  closing: String = ""
) -> String {
  var count = separator.utf8.count * max(0, names.count - 1) + opening.utf8.count
  count += closing.utf8.count + 2 * mark.utf8.count * names.count
  for name in names { count += name.utf8.count }
  return String(unsafeUninitializedCapacity: count) { buffer in
    var written = copyUTF8(of: opening, into: buffer, at: 0)
    let marked = !mark.isEmpty
    for index in names.indices {
      if index > names.startIndex { written = copyUTF8(of: separator, into: buffer, at: written) }
      if marked { written = copyUTF8(of: mark, into: buffer, at: written) }
      written = copyUTF8(of: names[index], into: buffer, at: written)
      if marked { written = copyUTF8(of: mark, into: buffer, at: written) }
    }
    return copyUTF8(of: closing, into: buffer, at: written)
  }
}

/// Copies a string's UTF-8 into a buffer from an offset, which has room for it.
///
/// - Returns: The offset after the copy.
private func copyUTF8(
  of text: String, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int
) -> Int {
  let copied = text.utf8.withContiguousStorageIfAvailable { bytes in
    // The pointer copy is unchecked: this check keeps it inside the buffer.
    precondition(offset >= 0 && offset + bytes.count <= buffer.count, "no room for the text")
    guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return 0 }
    (target + offset).update(from: source, count: bytes.count)
    return bytes.count
  }
  if let copied { return offset + copied }
  var end = offset
  for byte in text.utf8 {
    buffer[end] = byte
    end += 1
  }
  return end
}
