import SwiftDiagnostics
import SwiftSyntax

/// Reads a `@ChainEvents` protocol's methods, and diagnoses what cannot be an event.
struct ProtocolReader {
  /// The generated type's own member names; a method with one of them would clash.
  static let reserved: Set<String> = [
    "Keys", "Trigger", "Target", "Partial", "trigger", "subscribe", "intercept",
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
          diagnose(
            function.name, .sameName(name: method.name),
            fixIts: [Self.renaming(function.name, method, declaredIn: declaration)])
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
      case .keyword(.static), .keyword(.class):
        diagnose(modifier, .staticMethod(name: name), fixIts: [ChainEventsFixIt.removing(modifier)])
      case .keyword(.mutating):
        diagnose(
          modifier, .mutatingMethod(name: name), fixIts: [ChainEventsFixIt.removing(modifier)])
      default: break
      }
    }
    if let generics = function.genericParameterClause {
      diagnose(generics, .generic(name: name))
    } else if let clause = function.genericWhereClause {
      diagnose(clause, .generic(name: name))
    }
    let effects = function.signature.effectSpecifiers
    if let throwing = effects?.throwsClause {
      diagnose(throwing, .throwing(name: name), fixIts: [ChainEventsFixIt.removing(throwing)])
    }
    let isAsync = effects?.asyncSpecifier != nil
    if let async = effects?.asyncSpecifier, !isMainActor {
      // NB: one fix-it for the protocol, on its first async method: each fix-it is an insertion
      // at the same place, and applying them all would write `@MainActor` once per method.
      let isFirst = !diagnostics.contains { $0.diagMessage.diagnosticID == asyncID }
      diagnose(async, .async(name: name), fixIts: isFirst ? [addingMainActor] : [])
    }
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
    // Without backticks: the generated code adds them where a keyword needs them.
    let first = parameter.firstName.identifier?.name ?? parameter.firstName.text
    let second = parameter.secondName.map { $0.identifier?.name ?? $0.text }
    let label = first == "_" ? nil : first
    let internalName = second ?? first
    let name = internalName == "_" ? (label ?? "arg\(index)") : internalName
    let shown = second ?? first
    if let ellipsis = parameter.ellipsis {
      let element = parameter.type.trimmedDescription
      diagnose(
        parameter, .variadic(argument: shown),
        fixIts: [
          ChainEventsFixIt.replacing(
            from: parameter.type, through: ellipsis, with: "[\(element)]",
            message: .takeArray(element: element))
        ])
      return nil
    }
    for specifier in parameter.type.as(AttributedTypeSyntax.self)?.specifiers ?? [] {
      if case .simpleTypeSpecifier(let simple) = specifier,
        simple.specifier.tokenKind == .keyword(.inout)
      {
        diagnose(
          simple, .inoutArgument(argument: shown), fixIts: [ChainEventsFixIt.removing(simple)])
        return nil
      }
    }
    if let closure = Self.nonSendableClosure(in: parameter.type) {
      diagnose(
        parameter.type, .nonSendableClosure(argument: shown),
        fixIts: [ChainEventsFixIt.inserting("@Sendable ", before: closure, message: .markSendable)])
      return nil
    }
    var type = parameter.type
    if let attributed = type.as(AttributedTypeSyntax.self) {
      // `@escaping` belongs to parameters; the payload's field and the case hold the bare type.
      let kept = attributed.attributes.filter { element in
        element.as(AttributeSyntax.self)?.attributeName.trimmedDescription != "escaping"
      }
      type = TypeSyntax(attributed.with(\.attributes, kept))
    }
    let bare = type.trimmedDescription
    // NB: a function type behind a typealias looks like any other name here, so it cannot be
    // marked; the article asks for the function type written out.
    let isFunction =
      type.is(FunctionTypeSyntax.self)
      || type.as(AttributedTypeSyntax.self)?.baseType.is(FunctionTypeSyntax.self) == true
    return EventMethod.Argument(
      label: label, name: name, type: bare, parameterType: isFunction ? "@escaping \(bare)" : bare)
  }

  private mutating func diagnose(
    _ node: some SyntaxProtocol, _ message: ChainEventsDiagnostic, fixIts: [FixIt] = []
  ) {
    diagnostics.append(Diagnostic(node: Syntax(node), message: message, fixIts: fixIts))
  }

  private var asyncID: MessageID { ChainEventsDiagnostic.async(name: "").diagnosticID }

  /// `@MainActor` before the protocol's first modifier or its `protocol` keyword, on a line of
  /// its own when the protocol starts one.
  private var addingMainActor: FixIt {
    let first = declaration.modifiers.first.map(Syntax.init) ?? Syntax(declaration.protocolKeyword)
    let lineBreak = first.leadingTrivia.contains { piece in
      if case .newlines = piece { return true }
      return false
    }
    return ChainEventsFixIt.inserting(
      "@MainActor" + (lineBreak ? first.leadingTrivia.description : " "), before: first,
      message: .addMainActor)
  }

  /// A new name for `method`, whose name another method has: Domino's spelling of an overload,
  /// the name and its first argument (`contentDidLoadWithArg`), or failing that a number, either
  /// way one that no method of the protocol and no generated member has.
  private static func renaming(
    _ token: TokenSyntax, _ method: EventMethod, declaredIn declaration: ProtocolDeclSyntax
  ) -> FixIt {
    var taken = reserved
    for member in declaration.memberBlock.members {
      guard let name = member.decl.as(FunctionDeclSyntax.self)?.name.text else { continue }
      taken.insert(name)
      taken.insert(name.prefix(1).uppercased() + name.dropFirst())
    }
    let isFree = { (name: String) in
      !taken.contains(name) && !taken.contains(name.prefix(1).uppercased() + name.dropFirst())
    }
    let word = method.arguments.first.map { $0.label ?? $0.name }
    var candidate = word.map { method.name + "With" + $0.prefix(1).uppercased() + $0.dropFirst() }
    var number = 2
    while candidate.map(isFree) != true {
      candidate = method.name + String(number)
      number += 1
    }
    let name = candidate ?? method.name
    return ChainEventsFixIt.replacing(
      from: token, through: token, with: name, message: .rename(to: name))
  }

  private static func kind(of decl: DeclSyntax) -> String {
    if decl.is(VariableDeclSyntax.self) { return "property" }
    if decl.is(SubscriptDeclSyntax.self) { return "subscript" }
    if decl.is(InitializerDeclSyntax.self) { return "initializer" }
    if decl.is(TypeAliasDeclSyntax.self) { return "typealias" }
    return "declaration"
  }

  /// The function type in `type` that is not marked `@Sendable`, seen through parentheses,
  /// optionals and other attributes (`@escaping`, a global actor), or `nil`.
  ///
  /// The compiler would refuse such an argument anyway, through `@ChainEventArguments`, but it
  /// says "does not conform to 'Sendable'"; this says what to write, and where.
  private static func nonSendableClosure(in type: TypeSyntax) -> FunctionTypeSyntax? {
    if let attributed = type.as(AttributedTypeSyntax.self) {
      let isSendable = attributed.attributes.contains { element in
        element.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Sendable"
      }
      return isSendable ? nil : nonSendableClosure(in: attributed.baseType)
    }
    if let function = type.as(FunctionTypeSyntax.self) { return function }
    if let optional = type.as(OptionalTypeSyntax.self) {
      return nonSendableClosure(in: optional.wrappedType)
    }
    if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      return nonSendableClosure(in: optional.wrappedType)
    }
    if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1,
      let only = tuple.elements.first, only.firstName == nil
    {
      return nonSendableClosure(in: only.type)
    }
    return nil
  }

  /// Whether `type` is the empty tuple, however it is spelt: `Void`, `Swift.Void`, `()`.
  private static func isVoid(_ type: TypeSyntax) -> Bool {
    if let tuple = type.as(TupleTypeSyntax.self) {
      if tuple.elements.isEmpty { return true }
      if tuple.elements.count == 1, let only = tuple.elements.first, only.firstName == nil {
        return isVoid(only.type)
      }
      return false
    }
    if let identifier = type.as(IdentifierTypeSyntax.self) {
      return identifier.name.text == "Void" && identifier.genericArgumentClause == nil
    }
    if let member = type.as(MemberTypeSyntax.self) {
      return member.name.text == "Void" && member.baseType.trimmedDescription == "Swift"
    }
    return false
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
