import ChainKit  // NB: not @testable: records must be constructible with the public API.
import ChainKitTestSupport
import ChainKitTracing
import Foundation
import Testing

/// The trace schema page (ChainKitTracing.docc/TraceSchema.md) is what the encoder writes.
@MainActor
@Suite("Trace schema", .leakChecked)
struct TraceSchemaTests {
  static let page = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/ChainKitTracing/ChainKitTracing.docc/TraceSchema.md")

  /// The page's ```json blocks, one line each.
  func documentedLines() throws -> [String] {
    let text = try String(contentsOf: Self.page, encoding: .utf8)
    return text.components(separatedBy: "```json\n").dropFirst().map {
      String($0.prefix { $0 != "\n" })
    }
  }

  func encoded(_ line: TraceLine) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(line), as: UTF8.self)
  }

  @Test("each documented line decodes and encodes back to exactly the documented text")
  func documentedLinesRoundTrip() throws {
    let lines = try documentedLines()
    #expect(lines.count >= TraceLine.kinds.count)
    for text in lines {
      let line = try TraceLine.decode(Data(text.utf8))
      #expect(try encoded(line) == text)
    }
  }

  @Test("every kind of the schema has a documented line, and no other kind is documented")
  func everyKindIsDocumented() throws {
    let kinds = try documentedLines().map { text -> String in
      let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
      return object?["kind"] as? String ?? "?"
    }
    #expect(Set(kinds) == Set(TraceLine.kinds))
  }

  @Test("records made with the public initialisers encode flat, with kind, version, time and scope")
  func recordsEncodeFlat() throws {
    let record = DispatchRecord(
      id: 2, parent: 1, key: "ping", payload: "1", origin: "leaf", path: ["leaf", "root"],
      hops: [
        HopRecord(node: "leaf", phase: .target, passed: true),
        HopRecord(node: "root", phase: .bubble, listenersRun: 1),
      ],
      listenersRun: 1)
    let text = try encoded(TraceLine(time: 42, scope: "tests", .record(.dispatch(record))))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["kind"] as? String == "dispatch")
    #expect(object["version"] as? Int == TraceLine.schemaVersion)
    #expect(object["time"] as? Int == 42)
    #expect(object["scope"] as? String == "tests")
    #expect(object["parent"] as? Int == 1)
    #expect(object["_0"] == nil && object["dispatch"] == nil)
    let hops = try #require(object["hops"] as? [[String: Any]])
    #expect(hops.map { $0["passed"] as? Bool } == [true, false])
  }

  @Test("every record kind round-trips through a line")
  func everyRecordKindRoundTrips() throws {
    let records: [TraceRecord] = [
      .dispatch(
        DispatchRecord(
          id: 1, kind: .request, key: "owner", payload: "()", origin: "a", path: ["a"],
          answeredBy: "a")),
      .mount(MountRecord(node: "a", parent: "b", reason: .mounted)),
      .unmount(MountRecord(node: "a", parent: "b", reason: .released)),
      .share(ShareRecord(node: "a", key: "k", value: "v", action: .shared, subscribersNotified: 1)),
      .binding(
        BindingRecord(groupID: 1, group: "g", kind: .update, member: "m", old: nil, new: "1")),
      .publish(
        BusRecord(
          bus: "b", type: "T", event: "T()", source: .publish, subscribersRun: 1, errors: [])),
      .deadEvent(
        BusRecord(
          bus: "b", type: "T", event: "T()", source: .publish, subscribersRun: 0, errors: [])),
      .producer(ProducerRecord(bus: "b", type: "T", action: .registered)),
      .streamDrop(
        StreamDropRecord(source: "a", key: "k", policy: "bufferingNewest(1)", dropped: 2)),
    ]
    for record in records {
      let line = TraceLine(time: 7, scope: "s", .record(record))
      #expect(try TraceLine.decode(Data(try encoded(line).utf8)) == line)
    }
  }

  @Test("a line of another version is refused, and the message names both versions")
  func otherVersionIsRefused() throws {
    let text = #"{"kind":"mount","node":"a","parent":"b","reason":"mounted","version":2}"#
    do {
      _ = try TraceLine.decodeJSONLines(Data(text.utf8))
      Issue.record("decoded a version 2 line")
    } catch let error as TraceDecodingError {
      #expect(error.underlying as? TraceDecodingError.Problem == .unsupportedVersion(2))
      #expect(error.description.contains("version 2 is not supported"))
      #expect(error.description.contains("reads version 1"))
    }
  }

  @Test("a line of an unknown kind is refused with a message that names it")
  func unknownKindIsRefused() throws {
    let text = #"{"kind":"teleport","version":1}"#
    do {
      _ = try TraceLine.decodeJSONLines(Data(text.utf8))
      Issue.record("decoded an unknown kind")
    } catch let error as TraceDecodingError {
      #expect(error.line == 1)
      #expect(error.underlying as? TraceDecodingError.Problem == .unknownKind("teleport"))
      #expect(error.description.contains(#"unknown kind "teleport""#))
    }
  }

  @Test("lines that are not objects of the schema get a short reason, not a coding path")
  func plainReasons() {
    let cases = [
      ("[1, 2]", "not a JSON object"),
      ("{not json", "not JSON"),
      (#"{"kind":"mount","version":1,"node":"a"}"#, #"missing field "parent""#),
      (
        #"{"kind":"mount","version":1,"node":7,"parent":"b","reason":"mounted"}"#,
        #"field "node" is"#
      ),
    ]
    for (text, reason) in cases {
      do {
        _ = try TraceLine.decodeJSONLines(Data(text.utf8))
        Issue.record("decoded \(text)")
      } catch {
        #expect("\(error)".contains("trace line 1 is not a record: \(reason)"), "\(error)")
      }
    }
  }

  @Test("a line without a version, or in the old enum-wrapper form, is refused as such")
  func unversionedLinesAreRefused() throws {
    let old = #"{"mount":{"_0":{"node":"a","parent":"b","reason":"mounted"}}}"#
    let bare = #"{"kind":"mount","node":"a","parent":"b","reason":"mounted"}"#
    #expect(throws: TraceDecodingError.Problem.olderFormat) {
      _ = try TraceLine.decode(Data(old.utf8))
    }
    #expect(throws: TraceDecodingError.Problem.missingVersion) {
      _ = try TraceLine.decode(Data(bare.utf8))
    }
  }

  @Test("a traced nested post writes lines with a time, the writer's scope and the parent id")
  func writerLinesCarryTimeScopeAndParent() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("chainkit-schema-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let root = Node("root")
    let leaf = Node("leaf")
    try leaf.mount(at: root)
    let writer = try JSONLinesTraceWriter(path: path)
    writer.scope = "nested"
    root.install(writer)
    let inner = EventKey<Int>("inner")
    let outer = EventKey<Int>("outer")
    root.on(outer) { ctx, value in ctx.target?.post(inner, value + 1) }
    leaf.post(outer, 1)
    let lines = try TraceLine.decodeJSONLines(Data(contentsOf: URL(fileURLWithPath: path)))
    let dispatches = lines.compactMap { line -> DispatchRecord? in
      if case .dispatch(let record)? = line.record { record } else { nil }
    }
    #expect(lines.allSatisfy { $0.scope == "nested" })
    #expect(lines.map(\.time) == lines.map(\.time).sorted())
    #expect(dispatches.map(\.key) == ["inner", "outer"])
    #expect(dispatches.first?.parent == dispatches.last?.id)
    #expect(dispatches.first?.payload == "2")
    // Nothing listens to "inner": both nodes are passed hops, at their bubble visits.
    #expect(dispatches.first?.hops.map(\.passed) == [true, true])
  }
}
