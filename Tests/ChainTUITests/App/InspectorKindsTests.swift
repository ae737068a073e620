import Testing

@testable import ChainTUI

@Suite("Inspector: every record kind")
@MainActor
struct InspectorKindsTests {
  /// Presses `f` until the scope is `scope`.
  private func scope(_ scope: Inspector.Scope, in app: App) {
    for _ in Inspector.Scope.allCases where app.inspector.scope != scope {
      app.press(.character("f"))
    }
  }

  @Test("the bus scene's publishes and its producer are listed; a scope shows n of m")
  func busFlowIsListed() {
    let app = AppTest.app(scene: "bus", size: Size(width: 160, height: 50))
    app.advance(by: .seconds(1))
    app.press(.character("i"))
    #expect(app.inspectorItems.contains { $0.kind == .bus })
    let text = AppTest.screen(app)
    #expect(text.contains("publish Tick(count: 1) on tolo -> 2 subscribers"))
    #expect(text.contains("producer registered for Tick on tolo"))
    scope(.bus, in: app)
    #expect(AppTest.screen(app).contains("Inspector: 2 of 2 records"))
    scope(.events, in: app)
    #expect(AppTest.screen(app).contains("Inspector: 0 of 2 records"))
  }

  @Test("the bindings scene's binding updates are listed")
  func bindingUpdatesAreListed() {
    let app = AppTest.app(scene: "bindings", size: Size(width: 160, height: 50))
    #expect(app.focus(panelNamed: "dollars"))
    app.press(.character("4"))
    app.press(.character("i"))
    #expect(app.inspectorItems.contains { $0.kind == .binding })
    scope(.bindings, in: app)
    #expect(AppTest.screen(app).contains("cents follows dollars: 0 -> 400"))
  }

  @Test("data shares in the model tree are listed under the data scope")
  func sharesAreListed() {
    let app = AppTest.app(scene: "model", size: Size(width: 160, height: 50))
    #expect(app.focus(panelNamed: "actions1"))
    app.press(.character("l"))
    app.press(.character("i"))
    scope(.data, in: app)
    #expect(AppTest.screen(app).contains("share photo = liked, 12 likes at post1"))
  }

  @Test("mounts and unmounts in the playground are listed under the mounts scope")
  func mountsAreListed() {
    let app = AppTest.app(scene: "playground", size: Size(width: 160, height: 50))
    #expect(app.focus(panelNamed: "btnA"))
    app.press(.character("m"))
    app.press(.character("i"))
    scope(.mounts, in: app)
    let text = AppTest.screen(app)
    #expect(text.contains("unmount widget from left (unmounted)"))
    #expect(text.contains("mount widget under right"))
  }

  @Test("Home selects the oldest record and End follows the newest again")
  func homeAndEnd() {
    let app = AppTest.app(scene: "router", size: Size(width: 160, height: 50))
    app.press(.enter)
    app.press(.character("l"))
    app.press(.character("i"))
    app.press(.home)
    #expect(app.inspector.selectedID == app.inspectorItems.first?.seq)
    app.press(.end)
    #expect(app.inspector.selectedID == nil)
    app.press(.character("s"))
    #expect(AppTest.screen(app).contains("event shareTapped ─"))
  }
}
