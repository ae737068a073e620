// Dispatch ids are handed out by the runtime: ``ChainRuntime/nextDispatchID()`` and
// ``ChainRuntime/currentDispatchID``, the id of the innermost dispatch under way, which a nested
// dispatch records as its parent.
