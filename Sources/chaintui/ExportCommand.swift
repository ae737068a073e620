import ArgumentParser
import ChainKit
import ChainKitTracing
import Foundation

/// `chaintui export TRACE.jsonl --format chrome [-o FILE]`: a ChainKit trace in a format other
/// tools open.
struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Convert a ChainKit trace (JSON Lines) for another viewer.",
    discussion: """
      --format chrome writes Chrome's Trace Event format, which Perfetto (ui.perfetto.dev) and \
      chrome://tracing open: a track per node, each dispatch a slice on its target's track, each \
      hop a slice on its node's track, the path a flow of arrows, requests async slices, and \
      publishes, shares, mounts and bindings instants. A line that is not of the trace schema \
      stops the export with FILE:LINE and why.
      """)

  /// The formats `export` writes.
  enum Format: String, ExpressibleByArgument, CaseIterable {
    case chrome
  }

  @Argument(help: "The trace file (JSON Lines) to convert.")
  var trace: String

  @Option(help: "The format to write.")
  var format: Format = .chrome

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp("Where to write (default: standard output).", valueName: "file"))
  var output: String?

  func run() throws {
    // NB: Foundation reports a directory only as an unknown read or write error.
    for path in [trace, output].compactMap({ $0 }) where Self.isDirectory(path) {
      fail("\(path): it is a directory")
    }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: trace))
    } catch {
      fail("\(trace): cannot read the file: \(Self.reason(error))")
    }
    let exported: Data
    do {
      switch format {
      case .chrome: exported = try ChromeTraceExporter().export(jsonLines: data)
      }
    } catch let error as TraceDecodingError {
      fail("\(trace):\(error.line): error: \(error)")
    } catch {
      fail("\(trace): error: \(error)")
    }
    guard let output else {
      FileHandle.standardOutput.write(exported)
      return
    }
    do {
      try exported.write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
      fail("\(output): cannot write the file: \(Self.reason(error))")
    }
  }

  private static func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  /// A file error in a few words ("no such file", "permission denied"), without Foundation's
  /// sentence around it.
  private static func reason(_ error: any Error) -> String {
    if let error = error as? CocoaError {
      switch error.code {
      case .fileReadNoSuchFile, .fileNoSuchFile: return "no such file"
      case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
      case .fileWriteVolumeReadOnly: return "read-only file system"
      case .fileWriteOutOfSpace: return "no space left on the device"
      default: break
      }
    }
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    if let underlying, underlying.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(underlying.code)))
    }
    return (error as NSError).localizedDescription
  }

  /// Prints `chaintui export: message` on standard error and exits with status 1.
  private func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("chaintui export: \(message)\n".utf8))
    Foundation.exit(1)
  }
}
