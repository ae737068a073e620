#if canImport(ChainEvents)
  import ChainEvents

  /// A click as a `@ChainEvents` method.
  ///
  /// Its generated payload is three words where `Click` has four, on purpose: with the same layout, LLVM's function merging folds the two
  /// specializations of the dispatch into one body behind thunks, and every case posting
  /// `BenchKeys.click` would measure a call it makes in no program of its own. The two cases
  /// below compare with each other, so they need no layout in common with the others.
  @ChainEvents
  protocol BenchEvents {
    func click(index: Int, x: Int, y: Int)
  }

  /// A post through a `@ChainEvents` trigger against the same post written by hand: the trigger
  /// must cost nothing (same group, so measured interleaved; compare their Ir).
  @MainActor
  enum ChainEventsCases {
    static func all() -> [BenchCase] {
      [
        BenchCase(
          id: "trigger.post", label: "depth 8, the generated key posted by hand", deliveries: 8
        ) {
          let (chain, leaf) = fixture()
          return { iterations in
            var listenersRun = 0
            for index in 0..<iterations {
              listenersRun &+=
                leaf.post(BenchEvents.Keys.click, .init(index: index, x: 3, y: 4))
                .listenersRun
            }
            Sink.consume(listenersRun &+ chain.counter.pointee)
          }
        },
        BenchCase(
          id: "trigger.trigger", label: "depth 8, the same post through the trigger", deliveries: 8
        ) {
          let (chain, leaf) = fixture()
          return { iterations in
            var listenersRun = 0
            for index in 0..<iterations {
              listenersRun &+=
                leaf.trigger(BenchEvents.Event.self).click(index: index, x: 3, y: 4)
                .listenersRun
            }
            Sink.consume(listenersRun &+ chain.counter.pointee)
          }
        },
      ]
    }

    /// A depth-8 chain with a listener of the generated key at every level.
    @inline(never)
    private static func fixture() -> (ChainFixture, Node) {
      let chain = ChainFixture(depth: 8)
      let counter = chain.counter
      for (level, node) in chain.nodes.enumerated() {
        let step = Sink.opaque(level | 1)
        node.on(BenchEvents.Keys.click) { _, click in counter.pointee &+= click.index ^ step }
      }
      return (chain, chain.leaf)
    }
  }
#else
  /// Built with CHAINKIT_WITHOUT_MACROS (no swift-syntax): the trigger cases are left out.
  @MainActor
  enum ChainEventsCases {
    static func all() -> [BenchCase] { [] }
  }
#endif
