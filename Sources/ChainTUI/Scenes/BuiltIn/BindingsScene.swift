import ChainKit
import ChainKitTracing

/// FishBind's bindings: three editable fields in different branches of the tree, bound both
/// ways, the cents field through a x100 transform, and a hook (a function whose calls are
/// observed) bound as a fourth member, whose panel shows each call with its argument and result.
@MainActor
final class BindingsScene: Scene {
  let id = "bindings"
  let title = "Bindings"
  let root = Panel("form", title: "form")
  let wallet = Panel("wallet")
  let ledger = Panel("ledger")
  let report = Panel("report")
  let dollarsField = Panel("dollars")
  let centsField = Panel("cents", title: "cents (x100)")
  let copyField = Panel("copy")
  let hookPanel = Panel("formatter", title: "formatter (hook)")
  let flow = [
    "dollars, cents and copy are Property<Int>s bound both ways;",
    "cents joins through x100 (and /100 back). Type digits in any",
    "field: the binding writes the others, once each, in order.",
    "formatter is a Hook<Int, String> member: every change calls it.",
  ]
  let dollars = Property(0, name: "dollars")
  let cents = Property(0, name: "cents")
  let copy = Property(0, name: "copy")
  let formatter = Hook<Int, String>(name: "formatter") { "$\($0).00" }
  private var texts: [String: String] = [:]
  private var calls = 0
  /// The field being typed into, while its property is set: its own change is not the binding's.
  private weak var typing: Panel?

  init(context: SceneContext) {
    root.accent = .magenta
    for branch in [wallet, ledger, report] {
      branch.axis = .vertical
      branch.accent = .cyan
    }
    root.add(wallet)
    root.add(ledger)
    root.add(report)
    wallet.add(dollarsField)
    ledger.add(centsField)
    report.add(copyField)
    report.add(hookPanel)
    hookPanel.accent = .yellow
    bind(
      [
        BindingMember(dollars),
        BindingMember(cents, toMember: { $0 * 100 }, fromMember: { $0 / 100 }),
        BindingMember(copy),
        BindingMember(formatter),
      ], name: "money", tracer: context.tracer)
    formatter.observe { [weak self] argument, result in
      guard let self else { return }
      calls += 1
      hookPanel.note("call \(calls): formatter(\(argument)) -> \(result)")
      hookPanel.body = [
        StyledLine("last: formatter(\(argument)) -> \(result)", style: .init(bold: true))
      ]
    }
    for (field, property) in [(dollarsField, dollars), (centsField, cents), (copyField, copy)] {
      property.observe { [weak self, unowned field] old, new in
        guard let self else { return }
        field.note(
          BindingSentence.text(
            typing === field ? .change : .update, member: field.name, source: typing?.name,
            group: "money", old: "\(old)", new: "\(new)"))
        show(new, in: field)
      }
      field.keys = editingKeys(for: field, property: property)
      show(property.value, in: field)
    }
    hookPanel.body = ["no calls yet"]
    root.node.on(.edited) { [weak self] _, params in
      self?.root.body = ["last edit: \(params["field"] ?? "?") = \(params["value"] ?? "?")"]
    }
    root.body = ["type digits in a field; backspace deletes"]
  }

  private func editingKeys(for field: Panel, property: Property<Int>) -> [PanelKey] {
    [
      PanelKey(anyOf: PanelKey.digits, shown: "0-9", "type") { [weak self] key in
        guard let self, case .character(let digit) = key else { return }
        var text = texts[field.name] ?? ""
        if text == "0" { text = "" }
        // x100 of a 7-digit number still fits any Int.
        guard text.count < 7 else {
          field.flash("field full (7 digits)")
          return
        }
        text.append(digit)
        commit(text, to: property, in: field)
      },
      PanelKey(.backspace, "delete") { [weak self] in
        guard let self else { return }
        var text = texts[field.name] ?? ""
        _ = text.popLast()
        commit(text, to: property, in: field)
      },
    ]
  }

  private func commit(_ text: String, to property: Property<Int>, in field: Panel) {
    texts[field.name] = text
    typing = field
    property.value = Int(text) ?? 0
    typing = nil
    texts[field.name] = text  // Keep what was typed, even if an echo rewrote the display.
    renderField(field)
    // The edit also travels up the tree as an event, so the branches see who typed.
    field.node.post(.edited, ["field": field.name, "value": property.value])
  }

  private func show(_ value: Int, in field: Panel) {
    texts[field.name] = String(value)
    renderField(field)
  }

  private func renderField(_ field: Panel) {
    let text = texts[field.name] ?? ""
    field.body = [
      StyledLine("[ \(text.isEmpty ? "0" : text) ]", style: Style(foreground: .green, bold: true))
    ]
  }
}

extension EventKey where Payload == Params {
  /// Posted by a field after each keystroke that changed it.
  fileprivate static let edited = EventKey("edited")
}
