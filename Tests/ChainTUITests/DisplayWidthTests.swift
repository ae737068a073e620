import Testing

@testable import ChainTUI

@Suite("Display width")
struct DisplayWidthTests {
  @Test("ASCII letters, digits and punctuation take one column each")
  func ascii() {
    #expect(DisplayWidth.of("Hello, world!") == 13)
    #expect(DisplayWidth.of(Character(" ")) == 1)
  }

  @Test("ASCII control characters take no column")
  func controls() {
    #expect(DisplayWidth.of(Character("\t")) == 0)
    #expect(DisplayWidth.of(Character("\r\n")) == 0)
    #expect(DisplayWidth.of(Character("\u{7F}")) == 0)
  }

  @Test("CJK ideographs, kana, Hangul and fullwidth forms take two columns")
  func eastAsianWide() {
    #expect(DisplayWidth.of("世界") == 4)
    #expect(DisplayWidth.of("カタカナ") == 8)
    #expect(DisplayWidth.of("한국어") == 6)
    #expect(DisplayWidth.of("ＡＢ") == 4)
    #expect(DisplayWidth.of(Character("\u{3000}")) == 2)  // ideographic space
  }

  @Test("halfwidth katakana and Latin with accents take one column")
  func narrowNonASCII() {
    #expect(DisplayWidth.of("ｶﾀ") == 2)
    #expect(DisplayWidth.of("é") == 1)
    #expect(DisplayWidth.of("Ω→") == 2)
    #expect(DisplayWidth.of("─│┌") == 3)
  }

  @Test("emoji in emoji presentation take two columns, ZWJ sequences and flags included")
  func emoji() {
    #expect(DisplayWidth.of(Character("😀")) == 2)
    #expect(DisplayWidth.of(Character("👨‍👩‍👧")) == 2)
    #expect(DisplayWidth.of(Character("🇯🇵")) == 2)
    #expect(DisplayWidth.of(Character("👍🏽")) == 2)
    #expect(DisplayWidth.of(Character("❤️")) == 2)
    #expect(DisplayWidth.of(Character("1️⃣")) == 2)
  }

  @Test("text-presentation symbols stay one column")
  func textPresentation() {
    #expect(DisplayWidth.of(Character("❤")) == 1)
    #expect(DisplayWidth.of(Character("☺")) == 1)
    #expect(DisplayWidth.of(Character("😀\u{FE0E}")) == 1)
  }

  @Test("combining marks add no width to their base and take none alone")
  func combining() {
    #expect(DisplayWidth.of(Character("e\u{301}")) == 1)
    #expect(DisplayWidth.of("e\u{301}e\u{301}") == 2)
    #expect(DisplayWidth.of(Character("\u{301}")) == 0)
    #expect(DisplayWidth.of(Character("\u{200B}")) == 0)  // zero-width space
    #expect(DisplayWidth.of(Character("\u{FEFF}")) == 0)
  }
}

@Suite("Clipping to a width")
struct ClippingTests {
  @Test("text that fits is kept; cut text ends with an ellipsis within the width")
  func clip() {
    #expect(DisplayWidth.clipped("router", to: 6) == "router")
    #expect(DisplayWidth.clipped("router", to: 5) == "rout…")
    #expect(DisplayWidth.clipped("router", to: 1) == "…")
    #expect(DisplayWidth.clipped("router", to: 0) == "")
    // A wide glyph is never cut in half.
    #expect(DisplayWidth.clipped("a日本", to: 4) == "a日…")
    #expect(DisplayWidth.clipped("日本", to: 2) == "…")
  }
}
