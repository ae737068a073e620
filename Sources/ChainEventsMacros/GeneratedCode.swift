import SwiftDiagnostics
import SwiftSyntax

/// The code `@ChainEvents` writes for a protocol, parsed: the macro builds it from strings, and a
/// string that does not parse is an error naming the method whose code it is, never a part of the
/// expansion dropped or expanded broken.
struct GeneratedCode {
  /// The event enum, beside the protocol.
  let eventSet: DeclSyntax
  /// The extensions of the protocol.
  let extensions: [ExtensionDeclSyntax]
  /// `@ChainEventArguments(...)` for each method that has one, by the method's name.
  let attributes: [String: AttributeSyntax]

  /// Parses what `generator` writes, or returns the error that says which method failed.
  static func parse(_ generator: EventSetGenerator, declaration: ProtocolDeclSyntax) -> Result<
    Self, GeneratedCodeError
  > {
    if let code = parsed(generator) { return .success(code) }
    // Which method: each one's code alone, then the protocol's if none fails alone.
    let culprit = generator.methods.first { parsed(generator.only($0)) == nil }
    return .failure(
      GeneratedCodeError(
        diagnostic: Diagnostic(
          node: culprit.map { Syntax($0.declaration.name) } ?? Syntax(declaration.name),
          message: ChainEventsDiagnostic.unparsableCode(
            name: culprit?.selector ?? declaration.name.text))))
  }

  private static func parsed(_ generator: EventSetGenerator) -> Self? {
    let eventSet = DeclSyntax(stringLiteral: generator.eventSet)
    guard !eventSet.hasError else { return nil }
    var extensions: [ExtensionDeclSyntax] = []
    for source in generator.protocolExtensions {
      let decl = DeclSyntax(stringLiteral: source)
      guard !decl.hasError, let `extension` = decl.as(ExtensionDeclSyntax.self) else { return nil }
      extensions.append(`extension`)
    }
    var attributes: [String: AttributeSyntax] = [:]
    for method in generator.methods {
      guard let source = generator.argumentsAttribute(method) else { continue }
      let attribute = AttributeSyntax(stringLiteral: source)
      guard !attribute.hasError else { return nil }
      attributes[method.name] = attribute
    }
    return GeneratedCode(eventSet: eventSet, extensions: extensions, attributes: attributes)
  }
}

/// Generated code that did not parse, as the diagnostic that names its method.
struct GeneratedCodeError: Error {
  let diagnostic: Diagnostic
}
