/// A closure of one argument, kept so that the address of its context can be read without
/// calling it: a share over a large tree asks the cache for the contexts of the subscribers a few
/// deliveries ahead (``PrefetchTarget``), where the call would otherwise wait for each in turn.
///
/// NB: this reads the closure's two words in place, which Swift's ABI defines (a thick function
/// value is a function pointer and a reference to its context, null when it captures nothing) but
/// the language does not expose. It rests on:
///
/// - the value read is this struct's own stored field, at the abstraction its type declares, so
///   the context read is the one the call uses (a closure passed to a generic parameter instead
///   would be wrapped in a thunk with a context of its own);
/// - the struct is exactly those two words;
/// - the address is only used as a ``PrefetchTarget``: never dereferenced, retained or released,
///   so a wrong one could cost a wasted prefetch, not memory safety.
///
/// Builds with `CHAINKIT_INVARIANTS` run ``checkInvariants(size:)`` from ``contextAddress``,
/// which traps with a message if the struct is not two words.
@usableFromInline
struct ContextReadableClosure<Argument> {
  /// The closure.
  @usableFromInline let call: @MainActor (Argument) -> Void

  @inlinable
  init(_ call: @escaping @MainActor (Argument) -> Void) {
    self.call = call
  }

  /// The address of the closure's context; `nil` for a closure that captures nothing.
  var contextAddress: UnsafeRawPointer? {
    Self.checkInvariants(size: MemoryLayout<Self>.size)
    return withUnsafeBytes(of: self) { bytes in
      bytes.load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.stride, as: UnsafeRawPointer?.self)
    }
  }

  /// What a call reads of the closure's context, as a prefetch target: its captures, which
  /// follow the two words of the context's object header; ``PrefetchTarget/none`` for a closure
  /// that captures nothing.
  var context: PrefetchTarget {
    PrefetchTarget(address: contextAddress.map { $0 + 2 * MemoryLayout<UnsafeRawPointer>.stride })
  }

  /// Traps with a message if `size`, a closure's, is not the two words of a function pointer and
  /// a context.
  ///
  /// Does nothing unless built with `CHAINKIT_INVARIANTS`.
  static func checkInvariants(size: Int) {
    #if CHAINKIT_INVARIANTS
      let words = 2 * MemoryLayout<UnsafeRawPointer>.stride
      precondition(size == words, "a closure of \(size) bytes is not a function and a context")
    #endif
  }
}
