public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@ChainEventArguments(...)`, which `@ChainEvents` puts on each method: its work is done by the
/// type checker, on its arguments (see the macro's declaration); it generates nothing.
public struct ChainEventArgumentsMacro: PeerMacro {
  /// Nothing: the check is the type checking of the attribute's arguments.
  ///
  /// - Parameters:
  ///   - node: The attribute.
  ///   - declaration: The method.
  ///   - context: Unused.
  /// - Returns: No declarations.
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) -> [DeclSyntax] {
    []
  }
}
