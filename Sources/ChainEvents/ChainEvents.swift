@_exported public import ChainEventsRuntime
@_exported public import ChainKit

/// Turns a protocol into a set of chain events: a key per method, a trigger, a subscriber and
/// an enum of its events (Domino's SelectorEvents).
///
/// ```swift
/// @ChainEvents
/// protocol ContentEvents {
///   func contentDidLoad(arg1: String, arg2: Int)
///   func fetchChannelID() -> String
/// }
/// ```
///
/// For a protocol `P` it generates, beside it, `enum PEvent` (reached as `P.Event`): one case per
/// method, a key per method in `P.Keys`, and a trigger. A method returning nothing is an event;
/// its payload is its one argument, or a generated `Sendable` struct with a field per argument.
/// A method returning a value is a request, first answer wins.
///
/// A type conforming to `P` implements every method, so a misspelt one is an error. `P.Partial`,
/// also generated, refines `P` with defaults: an event method does nothing, a request answering
/// an optional answers `nil`. Conform to it in an extension that holds the methods: there the
/// compiler warns about a method that nearly matches a defaulted one; in a class body it cannot,
/// and a misspelt method is silently never called. See <doc:ProtocolEvents>.
@attached(peer, names: suffixed(Event))
@attached(extension, names: named(Event), named(Keys), named(Partial), arbitrary)
@attached(memberAttribute)
public macro ChainEvents() = #externalMacro(module: "ChainEventsMacros", type: "ChainEventsMacro")

/// Put by `@ChainEvents` on each method that has arguments: requires that their types (and an
/// async method's answer) be `Sendable`, as the generated events carry them across the chain.
///
/// A macro's arguments are type-checked where it is written, so an argument type that is not
/// `Sendable` is an error on the method's line: "type 'Box' does not conform to the 'Sendable'
/// protocol". Not meant to be written by hand; it generates nothing.
@attached(peer)
public macro ChainEventArguments<each Argument: Sendable>(_ types: repeat (each Argument).Type) =
  #externalMacro(module: "ChainEventsMacros", type: "ChainEventArgumentsMacro")
