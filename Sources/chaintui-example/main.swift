// An explorer of your own: a scene built with ChainTUI's public API, run in the terminal.
// `swift run chaintui-example`; Tests/ChainTUITests/Example drives the same scene headlessly.
import ChainTUI
import Foundation

do {
  try await Explorer.run([PlayerScene()])
} catch {
  FileHandle.standardError.write(Data("chaintui-example: \(error.message)\n".utf8))
  exit(1)
}
