import SwiftDiagnostics
public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@ChainEvents`: a protocol's methods as chain events (Domino's SelectorEvents).
///
/// The peer role writes the event enum beside the protocol (with `Partial`, the protocol that
/// has the defaults), and reports every mistake; the extension role adds `P.Event`, `P.Keys`,
/// `P.Partial` and the default implementations for `Partial`'s conformers, and the member
/// attribute role marks each method with `@ChainEventArguments`, which checks that its argument
/// types are `Sendable`; both stay silent when the protocol has mistakes or its generated code
/// does not parse (the peer role reported them).
public struct ChainEventsMacro: PeerMacro, ExtensionMacro, MemberAttributeMacro {
  /// The event enum beside the protocol, or the diagnostics that explain why there is none.
  ///
  /// - Parameters:
  ///   - node: The `@ChainEvents` attribute.
  ///   - declaration: The declaration it is attached to.
  ///   - context: Where diagnostics go.
  /// - Returns: The enum, or nothing when the declaration has mistakes or the generated code does
  ///   not parse (an error names the method).
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) -> [DeclSyntax] {
    guard let proto = declaration.as(ProtocolDeclSyntax.self) else {
      context.diagnose(Diagnostic(node: node, message: ChainEventsDiagnostic.notAProtocol))
      return []
    }
    let reader = ProtocolReader(proto)
    guard reader.diagnostics.isEmpty else {
      for diagnostic in reader.diagnostics { context.diagnose(diagnostic) }
      return []
    }
    switch GeneratedCode.parse(EventSetGenerator(reader), declaration: proto) {
    case .success(let code): return [code.eventSet]
    case .failure(let error):
      context.diagnose(error.diagnostic)
      return []
    }
  }

  /// The protocol extensions: `P.Event`, `P.Keys`, `P.Partial`, and the default implementations
  /// constrained to `Self: P.Partial`.
  ///
  /// - Parameters:
  ///   - node: The `@ChainEvents` attribute.
  ///   - declaration: The protocol.
  ///   - type: The protocol's type.
  ///   - protocols: Unused: the macro adds no conformance.
  ///   - context: Unused: the peer role reports the mistakes, and code that does not parse.
  /// - Returns: The extensions, or nothing when the protocol has mistakes or its code does not
  ///   parse.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) -> [ExtensionDeclSyntax] {
    guard let proto = declaration.as(ProtocolDeclSyntax.self) else { return [] }
    let reader = ProtocolReader(proto)
    guard reader.diagnostics.isEmpty,
      case .success(let code) = GeneratedCode.parse(EventSetGenerator(reader), declaration: proto)
    else { return [] }
    return code.extensions
  }

  /// `@ChainEventArguments((A).self, ...)` on each method with arguments.
  ///
  /// The attribute lists the argument types (and an async method's answer): whether a type is `Sendable` is the compiler's to know, and a macro's
  /// arguments are type-checked where the macro is written, so an argument that is not
  /// `Sendable` is an error on its method's line, naming the type. The event enum's `Sendable`
  /// conformance alone would report it inside the expansion, at the protocol.
  ///
  /// - Parameters:
  ///   - node: The `@ChainEvents` attribute.
  ///   - declaration: The protocol.
  ///   - member: One of its members.
  ///   - context: Unused: the peer role reports the mistakes.
  /// - Returns: The attribute, or nothing (no arguments, not a method, or mistakes).
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) -> [AttributeSyntax] {
    guard let proto = declaration.as(ProtocolDeclSyntax.self),
      let function = member.as(FunctionDeclSyntax.self)
    else { return [] }
    let reader = ProtocolReader(proto)
    guard reader.diagnostics.isEmpty,
      case .success(let code) = GeneratedCode.parse(EventSetGenerator(reader), declaration: proto),
      let attribute = code.attributes[function.name.text]
    else { return [] }
    return [attribute]
  }
}
