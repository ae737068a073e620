import ChainKitTestSupport
import ChainTUI
import Testing

@Suite("KeyDecoder")
struct KeyDecoderTests {
  /// Decodes bytes as one burst followed by a pause.
  static func keys(_ bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.decode(bytes) + decoder.flush()
  }

  @Test(
    "each terminal's sequence decodes to its key, or is dropped whole, and the next key survives",
    arguments: TerminalKeySequences.all)
  func decodes(sequence: TerminalKeySequence) {
    let expected = sequence.expected.map { [$0] } ?? []
    #expect(Self.keys(sequence.bytes) == expected)
    // A key right behind it in the same read: no byte of the sequence leaks, none is eaten.
    #expect(Self.keys(sequence.bytes + Array("x".utf8)) == expected + [.character("x")])
    #expect(
      Self.keys(sequence.bytes + sequence.bytes) == expected + expected,
      "twice in one read")
  }

  @Test(
    "a sequence split across reads at any byte decodes as if read at once",
    arguments: TerminalKeySequences.all)
  func splitAcrossReads(sequence: TerminalKeySequence) {
    let expected = sequence.expected.map { [$0] } ?? []
    for cut in 1..<max(1, sequence.bytes.count) {
      var decoder = KeyDecoder()
      let first = decoder.decode(sequence.bytes[..<cut])
      #expect(first.isEmpty || first == expected, "cut after \(cut) bytes")
      let rest = decoder.decode(sequence.bytes[cut...]) + decoder.flush()
      #expect(first + rest == expected, "cut after \(cut) bytes")
    }
    var decoder = KeyDecoder()
    var oneByOne: [Key] = []
    for byte in sequence.bytes { oneByOne += decoder.decode(CollectionOfOne(byte)) }
    #expect(oneByOne + decoder.flush() == expected, "one byte per read")
  }

  @Test(
    "every name the decoder gives a key without a case parses back to that key",
    arguments: TerminalKeySequences.all.compactMap(\.expected))
  func namesRoundTrip(key: Key) {
    #expect(KeyName.parse(KeyName.format(key)) == .success(key))
  }

  @Test("a lone Esc waits for the next byte, and is Esc when none comes")
  func loneEscape() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}".utf8)).isEmpty)
    #expect(decoder.pending == .escape)
    #expect(decoder.flush() == [.escape])
    #expect(decoder.pending == .nothing)
    // Esc, a pause, then 4: two keys, as the person pressed them.
    #expect(decoder.decode(Array("4".utf8)) == [.character("4")])
  }

  @Test("inside a sequence the decoder waits for the rest; cut off, it drops it")
  func cutOff() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[1;5".utf8)).isEmpty)
    #expect(decoder.pending == .sequence)
    #expect(decoder.flush().isEmpty)
    #expect(decoder.decode(Array("é".utf8).prefix(1)).isEmpty)
    #expect(decoder.pending == .sequence)
    #expect(decoder.flush().isEmpty)
  }

  @Test("Esc and [ or O with nothing after are Alt-[ and Alt-O; two Escs are two Escs")
  func escapePairs() {
    #expect(Self.keys(Array("\u{1B}[".utf8)) == [.unbound("alt-[")])
    #expect(Self.keys(Array("\u{1B}O".utf8)) == [.unbound("alt-O")])
    #expect(Self.keys(Array("\u{1B}\u{1B}".utf8)) == [.escape, .escape])
    #expect(Self.keys(Array("\u{1B}\u{1B}\u{1B}".utf8)) == [.escape, .escape, .escape])
    #expect(Self.keys(Array("\u{1B}\u{1B}x".utf8)) == [.escape, .unbound("alt-x")])
  }

  @Test("a control byte or Esc inside a sequence ends it, and counts as itself")
  func interrupted() {
    #expect(Self.keys(Array("\u{1B}[1\r".utf8)) == [.enter])
    #expect(Self.keys(Array("\u{1B}[1;5\u{1B}[A".utf8)) == [.up])
    #expect(Self.keys(Array("\u{1B}O\u{1B}OB".utf8)) == [.down])
    #expect(Self.keys([0xC3, 0x61]) == [.character("a")])
    #expect(Self.keys([0x1B, 0x5B, 0x5B, 0x1B, 0x5B, 0x42]) == [.down])
  }

  @Test("random bytes never trap, and after a pause the next key decodes as if nothing came before")
  func randomBytes() {
    // Bytes that start, continue and break sequences, with text and UTF-8 in between.
    let alphabet =
      Array("\u{1B}\u{1B}[[O;;0123456789~^$@<MmABCDHFPZu?> aé\r\u{7F}".utf8)
      + [0x80, 0xC3, 0xE4, 0xF0, 0xFF, 0x00, 0x18]
    var random = SplitMix64(seed: 35)
    for round in 0..<2_000 {
      let count = Int.random(in: 0...24, using: &random)
      let bytes = (0..<count).map { _ in
        alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
      }
      var decoder = KeyDecoder()
      _ = decoder.decode(bytes) + decoder.flush()
      #expect(decoder.pending == .nothing, "round \(round)")
      #expect(decoder.decode(Array("\u{1B}[4~".utf8)) == [.end], "round \(round): \(bytes)")
    }
  }

  @Test("a long burst of mixed keys decodes in order")
  func burst() {
    let bytes = Array("q\u{1B}[4~\u{1B}[42~é\u{1B}OP\u{1B}[1;5A\u{1B}[200~x\u{1B}".utf8)
    #expect(
      Self.keys(bytes) == [
        .character("q"), .end, .character("é"), .f(1), .unbound("ctrl-up"), .character("x"),
        .escape,
      ])
  }
}
