#if canImport(ChainTUI)
  import ChainTUI
  import ChainTUITesting

  /// ChainTUI: one 200x60 frame of the busiest scene laid out and drawn afresh (a resize), and the
  /// headless harness pressing keys (one key, then the screen rendered, as a script's `press` +
  /// `expect`).
  @MainActor
  enum ChainTUICases {
    /// Every case of this file.
    static func all() -> [BenchCase] {
      [render(), keys()]
    }

    /// The busiest scene: the model tree has the most panels (11), and with the inspector open
    /// beside it (200 columns leave room for both), every pane has text.
    static let busiestScene = "model"

    /// The keys the harness cases press on the model scene's `actions1` leaf.
    ///
    /// Like (post, share down, two subscribers redraw) and share (bubbles to the feed). NB: no
    /// `c`: each comment grows the shared list, so a run of comments would slow down as it went.
    static let cycle: [Key] = [.character("l"), .character("s")]

    /// A session on the busiest scene at `size`, the inspector open, its logs filled by 600 keys.
    static func busySession(size: Size) -> HeadlessSession {
      do {
        let session = try HeadlessSession(size: size, scene: busiestScene)
        try session.focus("actions1")
        session.press(.character("i"))
        for index in 0..<600 { session.press(cycle[index % cycle.count]) }
        return session
      } catch {
        preconditionFailure("cannot start the explorer: \(error)")
      }
    }

    private static func render() -> BenchCase {
      BenchCase(
        id: "tui.render",
        label: "ChainTUI 200x60 frame from scratch (a resize), model scene + inspector, logs full",
        callgrindIterations: 200
      ) {
        let sizes = [Size(width: 200, height: 60), Size(width: 200, height: 59)]
        let session = busySession(size: sizes[0])
        // A resize is a loop turn that lays out and draws the whole frame, as a terminal's
        // SIGWINCH would. The size alternates: a frame is drawn over the last one when the layout
        // is unchanged, so a resize to the same size would measure only what changed.
        return { iterations in
          var cells = 0
          for index in 0..<iterations {
            session.resize(to: sizes[(index &+ 1) & 1])
            cells &+= session.screen.width
          }
          Sink.consume(cells)
        }
      }
    }

    private static func keys() -> BenchCase {
      BenchCase(
        id: "tui.keys", label: "ChainTUI headless harness: press 1 key + render (100x40)",
        callgrindIterations: 200
      ) {
        let session = busySession(size: Size(width: 100, height: 40))
        return { iterations in
          var cells = 0
          for index in 0..<iterations {
            session.press(cycle[index & 1])
            cells &+= session.screen.width
          }
          Sink.consume(cells)
        }
      }
    }
  }
#else
  /// Built with CHAINKIT_WITHOUT_MACROS: ChainTUI needs the macro, so its cases are left out.
  @MainActor
  enum ChainTUICases {
    static func all() -> [BenchCase] { [] }
  }
#endif
