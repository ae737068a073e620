import SwiftDiagnostics

/// The mistakes `@ChainEvents` reports at the declaration, each saying what to change.
enum ChainEventsDiagnostic: DiagnosticMessage {
  case notAProtocol
  case notAMethod(kind: String)
  case associatedType(name: String)
  case staticMethod(name: String)
  case mutatingMethod(name: String)
  case generic(name: String)
  case throwing(name: String)
  case async(name: String)
  case inoutArgument(argument: String)
  case variadic(argument: String)
  case nonSendableClosure(argument: String)
  case sameName(name: String)
  case reservedName(name: String, events: String)
  case unparsableCode(name: String)

  var message: String {
    switch self {
    case .notAProtocol:
      "@ChainEvents applies to a protocol; declare the events as the methods of a protocol"
    case .notAMethod(let kind):
      "@ChainEvents protocols hold only methods; move this \(kind) to another protocol"
    case .associatedType(let name):
      "@ChainEvents protocols cannot have associated types; replace '\(name)' with a concrete type"
    case .staticMethod(let name):
      "'\(name)' is static; events are instance methods of their subscribers, remove 'static'"
    case .mutatingMethod(let name):
      "'\(name)' is mutating; subscribers are objects, remove 'mutating'"
    case .generic(let name):
      "'\(name)' is generic; an event's payload needs concrete types, remove its generic parameters"
    case .throwing(let name):
      "'\(name)' throws; a subscriber's error cannot reach the poster this way, remove 'throws'"
    case .async(let name):
      "'\(name)' is async and its subscribers answer on the main actor; mark the protocol @MainActor"
    case .inoutArgument(let argument):
      "'\(argument)' is inout; an event's arguments travel by value, remove 'inout' (return the new value from a request)"
    case .variadic(let argument):
      "'\(argument)' is variadic; take an array instead"
    case .nonSendableClosure(let argument):
      "'\(argument)' is a closure that is not @Sendable; events carry Sendable values, mark its type '@Sendable'"
    case .sameName(let name):
      "another method is also named '\(name)'; each method names its event's key, rename one"
    case .reservedName(let name, let events):
      "'\(name)' clashes with the generated \(events).\(name); rename the method"
    case .unparsableCode(let name):
      "@ChainEvents wrote code for '\(name)' that does not parse, so it generates nothing for this protocol; please report it with this declaration"
    }
  }

  var diagnosticID: MessageID {
    MessageID(domain: "ChainEvents", id: "\(self)".prefix { $0 != "(" }.description)
  }

  var severity: DiagnosticSeverity { .error }
}
