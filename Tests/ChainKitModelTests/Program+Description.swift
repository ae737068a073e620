/// The readable form printed with a divergence: one step a line, scripts in braces.
extension Program: CustomStringConvertible {
  var description: String {
    steps.enumerated().map { index, step in "\(index): \(step)" }.joined(separator: "\n")
  }
}

extension Op: CustomStringConvertible {
  var description: String {
    switch self {
    case .create(let node): "create n\(node)"
    case .mount(let child, let parent): "mount n\(child) at n\(parent)"
    case .unmount(let child, let parent): "unmount n\(child) from n\(parent)"
    case .unmountAll(let node): "unmountAll n\(node)"
    case .release(let node): "release n\(node)"
    case .listen(let node, let key, let capture, let once, let script):
      "on n\(node) \(key)\(capture ? " capture" : "")\(once ? " once" : "") \(script.text)"
    case .intercept(let node, .event(let key), let script):
      "intercept n\(node) \(key) \(script.text)"
    case .intercept(let node, .request, let script): "intercept n\(node) q \(script.text)"
    case .respond(let node, let script): "respond n\(node) q \(script.text)"
    case .subscribe(let node, let key, let script): "subscribe n\(node) \(key) \(script.text)"
    case .cancel(let registration): "cancel r\(registration)"
    case .post(let node, let key, let payload): "post n\(node) \(key) \(payload)"
    case .request(let node, let payload, let all):
      "\(all ? "requestAll" : "request") n\(node) q \(payload)"
    case .share(let node, let key, let value): "share n\(node) \(key) \(value)"
    case .unshare(let node, let key): "removeShared n\(node) \(key)"
    case .read(let node, let key): "read n\(node) \(key)"
    case .inspect(let node): "inspect n\(node)"
    }
  }
}

extension Effect: CustomStringConvertible {
  var description: String {
    switch self {
    case .op(let op): op.description
    case .stop: "stop"
    case .stopImmediate: "stopImmediate"
    case .prevent: "prevent"
    case .rewrite(let delta): "payload += \(delta)"
    case .answer(let response): "answer \(response.map(String.init) ?? "nil")"
    case .fail: "throw"
    case .cancelSelf: "cancel self"
    }
  }
}

extension Array where Element == Effect {
  /// `{ effect; effect }`, or `{}`.
  var text: String {
    isEmpty ? "{}" : "{ " + map(\.description).joined(separator: "; ") + " }"
  }
}
