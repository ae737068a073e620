/// The floor and the hand-written peers: direct closure calls, parent walks, the weak chain, a
/// loop over closures, a preorder walk and hand-written binding setters.
@MainActor
enum FloorCases {
  /// Every case of this file.
  static func all() -> [BenchCase] {
    directCalls() + walks(depth: 1) + walks(depth: 8) + walks(depth: 64) + handWritten()
  }

  private static func directCalls() -> [BenchCase] {
    [
      BenchCase(id: "bubble1.direct", label: "1 direct closure call") {
        let handler = Handler.makeOne(1)
        return { iterations in
          var result = 0
          for index in 0..<iterations {
            result = handler.call(result ^ index)
          }
          Sink.consume(result)
        }
      },
      BenchCase(
        id: "bubble8.direct", label: "8 direct closure calls", deliveries: 8,
      ) {
        let hs = Handler.make(8)
        let (h0, h1, h2, h3, h4, h5, h6, h7) = (
          hs[0], hs[1], hs[2], hs[3], hs[4], hs[5], hs[6], hs[7]
        )
        return { iterations in
          var result = 0
          for index in 0..<iterations {
            result = h0.call(result ^ index)
            result = h1.call(result)
            result = h2.call(result)
            result = h3.call(result)
            result = h4.call(result)
            result = h5.call(result)
            result = h6.call(result)
            result = h7.call(result)
          }
          Sink.consume(result)
        }
      },
    ]
  }

  private static func walks(depth: Int) -> [BenchCase] {
    let group = "bubble\(depth)"
    return [
      BenchCase(
        id: "\(group).floor", label: "floor: depth-\(depth) walk, no refcounting",
        deliveries: depth
      ) {
        let chain = FloorChain(depth: depth)
        return { iterations in
          var result = 0
          for index in 0..<iterations { result = chain.post(result ^ index) }
          Sink.consume(result)
        }
      },
      BenchCase(
        id: "\(group).unowned", label: "depth-\(depth) walk, unowned(unsafe) parents",
        deliveries: depth
      ) {
        let chain = UnsafeParentChain(depth: depth)
        return { iterations in
          var result = 0
          for index in 0..<iterations { result = chain.post(result ^ index) }
          Sink.consume(result)
        }
      },
      BenchCase(
        id: "\(group).weak", label: "hand-written weak chain, depth \(depth)",
        deliveries: depth
      ) {
        let chain = WeakChain(depth: depth)
        return { iterations in
          var result = 0
          for index in 0..<iterations { result = chain.post(result ^ index) }
          Sink.consume(result)
        }
      },
    ]
  }

  private static func handWritten() -> [BenchCase] {
    [
      BenchCase(
        id: "fanout10.loop", label: "loop over 10 struct-wrapped closures", deliveries: 10,
      ) {
        let handlers = Handler.make(10)
        return { iterations in
          var result = 0
          for index in 0..<iterations {
            result ^= index
            for handler in handlers { result = handler.call(result) }
          }
          Sink.consume(result)
        }
      },
      BenchCase(
        id: "share1000.preorder", label: "preorder loop over 1,000 descendants",
        deliveries: 1_000, callgrindIterations: 200
      ) {
        let tree = PreorderTree(descendants: 1_000)
        return { iterations in
          var result = 0
          for index in 0..<iterations { result = tree.share(result ^ index) }
          Sink.consume(result)
        }
      },
      BenchCase(id: "binding.setters", label: "hand-written 3-way binding setters", deliveries: 3) {
        let setters = BindingSetters()
        return { iterations in
          for index in 0..<iterations { setters.setA(index) }
          Sink.consume(setters.c.value)
        }
      },
    ]
  }
}
