// Lifetime: how registrations end.
//
// Every way of registering code with ChainKit (listeners, interceptors and responders on a node,
// bus subscribers and producers, data subscribers, observers of a property or hook, bindings,
// tracers) returns a `Subscription`, and every registration holds its own token as its ticket.
// The rule is the same for every kind:
//
// - Dropping a token changes nothing: the registration lives until it is cancelled, or until
//   what it belongs to (its node, bus, property, hook, binding members, owner or target) is gone.
// - Cancelling ends it at once, even inside a dispatch under way, and runs the cancel actions
//   its ticket carries (removing a bridged shared value, stopping a background lane).
//   Cancelling again does nothing.
// - When what it belongs to goes first, the ticket is ended with it: cancelling does nothing
//   and `isActive` is `false`.

/// A registration's handle on itself: the token it returns.
///
/// Every registration is an ``AnyRegistration``, which creates its ticket, attaches itself to it
/// (``Subscription/attach(to:)``), ends it when it is removed and in its deinit
/// (``Subscription/end()``), and hands it out as its token, so one registration costs one token
/// object and nothing more. The ticket refers to its registration without owning it (see
/// ``Subscription`` for the invariant that makes that safe).
typealias Ticket = Subscription
