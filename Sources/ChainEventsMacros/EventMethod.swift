import SwiftParser
import SwiftSyntax

/// One method of a `@ChainEvents` protocol, as the generated code needs it.
struct EventMethod {
  /// One argument: how the poster labels it, what the generated code calls it, and its type.
  struct Argument {
    /// The argument label, or `nil` for `_`.
    let label: String?
    /// The argument's name inside generated functions, without backticks.
    let name: String
    /// The argument's type as written, without `@escaping`.
    let type: String
    /// The type of the trigger's parameter: `type`, with `@escaping` when it is a function
    /// type, which the trigger posts and so lets escape.
    let parameterType: String

    /// The name of the payload struct's field: the label, or the name when there is none.
    var fieldName: String { label ?? name }

    // NB: a keyword (`cell(for:in:)` has the fields `for` and `in`) needs backticks where it
    // names a variable, not after a dot, and must not have them as an argument label, where the
    // compiler warns that they are not needed.

    /// `name` where it names a variable.
    var identifier: String { Self.escaped(name, for: .variableName) }
    /// The field's name where it declares the field.
    var field: String { Self.escaped(fieldName, for: .variableName) }
    /// The field's name after a dot.
    var member: String { Self.escaped(fieldName, for: .memberAccess) }

    private static func escaped(_ name: String, for context: IdentifierCheckContext) -> String {
      name.isValidSwiftIdentifier(for: context) ? name : "`\(name)`"
    }
  }

  /// The method's base name: the key's, the case's and the trigger method's name.
  let name: String
  let arguments: [Argument]
  /// The type a request answers with (an optional return's wrapped type), or `nil` for an event.
  let response: String?
  /// Whether the method returns an optional: its default answers `nil`, which declines.
  let returnsOptional: Bool
  /// Whether the method is `async`: an async request, answered by an async responder.
  let isAsync: Bool
  /// The requirement as written, for the default implementation.
  let declaration: FunctionDeclSyntax

  /// The Objective-C-like full name the trace shows, `contentDidLoad(arg1:arg2:)`.
  var selector: String {
    name + "(" + arguments.map { ($0.label ?? "_") + ":" }.joined() + ")"
  }

  /// The name of the generated payload struct, used when there are two arguments or more.
  var structName: String { name.prefix(1).uppercased() + name.dropFirst() }

  /// The payload type: `Void`, the one argument's type, or the generated struct.
  func payload(in events: String) -> String {
    switch arguments.count {
    case 0: "Void"
    case 1: arguments[0].type
    default: "\(events).\(structName)"
    }
  }

  /// The payload as a parameter of a handler's function type: a lone closure argument is
  /// marked `@escaping` there, as the method it is passed on to may keep it.
  func handlerPayload(in events: String) -> String {
    arguments.count == 1 ? arguments[0].parameterType : payload(in: events)
  }

  /// The key's declaration inside `Keys`.
  func key(protocolName: String, events: String, access: String) -> String {
    let name = "\"\(protocolName).\(selector)\""
    if let response {
      return
        "\(access)static let \(self.name) = ChainKit.RequestKey<\(payload(in: events)), \(response)>(\(name))"
    }
    return "\(access)static let \(self.name) = ChainKit.EventKey<\(payload(in: events))>(\(name))"
  }

  /// Builds the payload from the names in `values` (the arguments' names, or pattern variables).
  func makePayload(events: String, _ values: [String]) -> String {
    switch arguments.count {
    case 0: "()"
    case 1: values[0]
    default:
      "\(events).\(structName)("
        + zip(arguments, values).map { "\($0.fieldName): \($1)" }.joined(separator: ", ") + ")"
    }
  }

  /// The arguments of a call to the method, read from a payload named `payload`.
  var callFromPayload: String {
    switch arguments.count {
    case 0: return ""
    case 1: return labelled(arguments[0], "payload")
    default: return arguments.map { labelled($0, "payload.\($0.member)") }.joined(separator: ", ")
    }
  }

  /// The parameter clause of the trigger's method: the protocol's labels, our names.
  var parameters: String {
    arguments.map { argument in
      let label = argument.label ?? "_"
      return (label == argument.name ? label : "\(label) \(argument.identifier)")
        + ": \(argument.parameterType)"
    }.joined(separator: ", ")
  }

  func labelled(_ argument: Argument, _ value: String) -> String {
    argument.label.map { "\($0): \(value)" } ?? value
  }
}
