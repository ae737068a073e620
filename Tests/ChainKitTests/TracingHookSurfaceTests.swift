import ChainKitTestSupport
import Testing

/// ChainKit keeps only a small tracing hook; the records, tracers and trace log are ChainKitTracing's.
///
/// ChainKit's public API (read from the module, as the public API survey reads it) names no record
/// type, no tracer and no trace log. What it keeps in public is the activity hook (`observeActivity`,
/// `NodeActivity`, `DispatchKind`); the rest of the hook is `package` access.
@Suite("Tracing lives in ChainKitTracing; ChainKit keeps the hook")
struct TracingHookSurfaceTests {
  /// Words no public declaration of ChainKit may contain.
  static let tracingWords = [
    "Record", "Tracer", "tracer", "TraceLog", "TraceFilter", "TraceLine", "TraceSession",
    "TraceDecodingError",
  ]

  @Test("ChainKit's public declarations name no record, tracer or trace log")
  func chainKitNamesNoRecord() throws {
    let lines = try PublicAPISurvey.lines(of: "ChainKit")
    let tracing = lines.filter { line in Self.tracingWords.contains { line.contains($0) } }
    #expect(
      tracing.isEmpty,
      "ChainKit still declares tracing in public:\n\(tracing.joined(separator: "\n"))")
  }

  @Test("ChainKitTracing declares the records, the tracer and the trace log")
  func chainKitTracingDeclaresThem() throws {
    let lines = try PublicAPISurvey.lines(of: "ChainKitTracing")
    for name in ["TraceRecord", "DispatchRecord", "HopRecord", "Tracer", "TraceLog", "TraceLine"] {
      #expect(
        lines.contains {
          $0.hasPrefix("struct \(name):") || $0.hasPrefix("enum \(name):")
            || $0.hasPrefix("protocol \(name):") || $0.hasPrefix("class \(name):")
        },
        "ChainKitTracing does not declare \(name)")
    }
  }
}
