import SwiftDiagnostics
import SwiftSyntax

/// Reads a `@ChainEvents` protocol's methods, and diagnoses what cannot be an event.
struct ProtocolReader {
  /// The generated type's own member names; a method with one of them would clash.
  static let reserved: Set<String> = [
    "Keys", "Trigger", "Target", "trigger", "subscribe", "intercept",
  ]

  let declaration: ProtocolDeclSyntax
  private(set) var methods: [EventMethod] = []
  private(set) var diagnostics: [Diagnostic] = []

  /// Whether the protocol is isolated to the main actor, as async methods need.
  var isMainActor: Bool {
    declaration.attributes.contains { element in
      element.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "MainActor"
    }
  }

  /// The generated enum's name, `ContentEventsEvent`.
  var events: String { declaration.name.text + "Event" }

  init(_ declaration: ProtocolDeclSyntax) {
    self.declaration = declaration
    var names: Set<String> = []
    for member in declaration.memberBlock.members {
      let decl = member.decl
      if let function = decl.as(FunctionDeclSyntax.self) {
        guard let method = read(function) else { continue }
        let generatedNames = [method.name] + (method.arguments.count > 1 ? [method.structName] : [])
        if generatedNames.contains(where: Self.reserved.contains) {
          diagnose(function.name, .reservedName(name: method.name, events: events))
        } else if !names.isDisjoint(with: generatedNames) {
          diagnose(function.name, .sameName(name: method.name))
        } else {
          names.formUnion(generatedNames)
          methods.append(method)
        }
      } else if let associated = decl.as(AssociatedTypeDeclSyntax.self) {
        diagnose(associated, .associatedType(name: associated.name.text))
      } else {
        diagnose(decl, .notAMethod(kind: Self.kind(of: decl)))
      }
    }
  }

  /// The method as an event, or `nil` after diagnosing why it cannot be one.
  private mutating func read(_ function: FunctionDeclSyntax) -> EventMethod? {
    let name = function.name.text
    let before = diagnostics.count
    for modifier in function.modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.static), .keyword(.class): diagnose(modifier, .staticMethod(name: name))
      case .keyword(.mutating): diagnose(modifier, .mutatingMethod(name: name))
      default: break
      }
    }
    if let generics = function.genericParameterClause {
      diagnose(generics, .generic(name: name))
    } else if let clause = function.genericWhereClause {
      diagnose(clause, .generic(name: name))
    }
    let effects = function.signature.effectSpecifiers
    if let throwing = effects?.throwsClause { diagnose(throwing, .throwing(name: name)) }
    let isAsync = effects?.asyncSpecifier != nil
    if let async = effects?.asyncSpecifier, !isMainActor { diagnose(async, .async(name: name)) }
    var arguments: [EventMethod.Argument] = []
    for (index, parameter) in function.signature.parameterClause.parameters.enumerated() {
      if let argument = read(parameter, index: index) { arguments.append(argument) }
    }
    guard diagnostics.count == before else { return nil }
    var response: String?
    var returnsOptional = false
    if isAsync {
      // An async responder cannot decline: it answers the declared type, optional or not.
      let type = function.signature.returnClause?.type
      response = type.map { Self.isVoid($0) ? "Void" : $0.trimmedDescription } ?? "Void"
    } else if let type = function.signature.returnClause?.type, !Self.isVoid(type) {
      if let wrapped = Self.wrappedInOptional(type) {
        returnsOptional = true
        response = wrapped.trimmedDescription
      } else {
        response = type.trimmedDescription
      }
    }
    return EventMethod(
      name: name, arguments: arguments, response: response, returnsOptional: returnsOptional,
      isAsync: isAsync, declaration: function)
  }

  private mutating func read(_ parameter: FunctionParameterSyntax, index: Int)
    -> EventMethod.Argument?
  {
    let first = parameter.firstName.text
    let second = parameter.secondName?.text
    let label = first == "_" ? nil : first
    let internalName = second ?? first
    let name = internalName == "_" ? (label ?? "arg\(index)") : internalName
    let shown = second ?? first
    if parameter.ellipsis != nil {
      diagnose(parameter, .variadic(argument: shown))
      return nil
    }
    var type = parameter.type
    if let attributed = type.as(AttributedTypeSyntax.self) {
      for specifier in attributed.specifiers {
        if case .simpleTypeSpecifier(let simple) = specifier,
          simple.specifier.tokenKind == .keyword(.inout)
        {
          diagnose(simple, .inoutArgument(argument: shown))
          return nil
        }
      }
      let isSendable = attributed.attributes.contains { element in
        element.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Sendable"
      }
      if attributed.baseType.is(FunctionTypeSyntax.self), !isSendable {
        diagnose(parameter.type, .nonSendableClosure(argument: shown))
        return nil
      }
      // `@escaping` belongs to parameters; the payload's field and the case hold the bare type.
      let kept = attributed.attributes.filter { element in
        element.as(AttributeSyntax.self)?.attributeName.trimmedDescription != "escaping"
      }
      type = TypeSyntax(attributed.with(\.attributes, kept))
    } else if type.is(FunctionTypeSyntax.self) {
      diagnose(parameter.type, .nonSendableClosure(argument: shown))
      return nil
    }
    return EventMethod.Argument(label: label, name: name, type: type.trimmedDescription)
  }

  private mutating func diagnose(_ node: some SyntaxProtocol, _ message: ChainEventsDiagnostic) {
    diagnostics.append(Diagnostic(node: Syntax(node), message: message))
  }

  private static func kind(of decl: DeclSyntax) -> String {
    if decl.is(VariableDeclSyntax.self) { return "property" }
    if decl.is(SubscriptDeclSyntax.self) { return "subscript" }
    if decl.is(InitializerDeclSyntax.self) { return "initializer" }
    if decl.is(TypeAliasDeclSyntax.self) { return "typealias" }
    return "declaration"
  }

  private static func isVoid(_ type: TypeSyntax) -> Bool {
    let text = type.trimmedDescription
    return text == "Void" || text == "()"
  }

  private static func wrappedInOptional(_ type: TypeSyntax) -> TypeSyntax? {
    if let optional = type.as(OptionalTypeSyntax.self) { return optional.wrappedType }
    if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional",
      let argument = identifier.genericArgumentClause?.arguments.first,
      identifier.genericArgumentClause?.arguments.count == 1
    {
      return TypeSyntax(argument.argument.as(TypeSyntax.self))
    }
    return nil
  }
}
