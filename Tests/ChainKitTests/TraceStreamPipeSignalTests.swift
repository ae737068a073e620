import ChainKitTestSupport
import Foundation
import Testing

@testable import ChainKit
@testable import ChainKitTracing

#if canImport(Glibc)
  import Glibc
#endif

/// A trace stream to a named pipe whose reader went away: the write fails with `EPIPE`, the
/// lines are counted as dropped, no SIGPIPE reaches the process, and the process's SIGPIPE
/// disposition is the one the program chose (a library must not change it).
@MainActor
@Suite("Trace streams to a pipe whose reader closed", .serialized, .leakChecked)
struct TraceStreamPipeSignalTests {
  func fifo() -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("chainkit-sigpipe-\(UUID().uuidString).fifo").path
    #expect(mkfifo(path, 0o600) == 0)
    return path
  }

  /// The process's SIGPIPE handler, as a number (nil, the default, is 0; SIG_IGN is 1).
  func disposition() -> Int {
    var current = sigaction()
    sigaction(SIGPIPE, nil, &current)
    #if canImport(Darwin)
      return unsafeBitCast(current.__sigaction_u.__sa_handler, to: Int.self)
    #else
      return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
    #endif
  }

  /// Runs `body` with a named pipe and its reader open, under SIGPIPE's default disposition, as
  /// a program that never thought of SIGPIPE has it (whatever the process running the tests
  /// inherited, restored after): a library that ignored SIGPIPE process-wide shows as a change.
  func withFIFOAndDefaultSIGPIPE(_ body: (_ path: String, _ reader: Int32) throws -> Void) rethrows
  {
    let path = fifo()
    defer { unlink(path) }
    let inherited = signal(SIGPIPE, SIG_DFL)
    defer { _ = signal(SIGPIPE, inherited) }
    let before = disposition()
    #expect(before == 0, "SIGPIPE's default disposition could not be set")
    let reader = open(path, O_RDONLY | O_NONBLOCK)
    #expect(reader >= 0)
    try body(path, reader)
    #expect(disposition() == before, "tracing changed the process's SIGPIPE disposition")
  }

  @Test("the output's write to a closed reader fails with EPIPE, raises nothing, leaves SIGPIPE be")
  func outputReportsEPIPE() throws {
    try withFIFOAndDefaultSIGPIPE { path, reader in
      let output = TraceOutput(.pipe(path))
      try output.start()
      #expect(output.isOpen)
      #expect(output.write(Array("first\n".utf8)))
      close(reader)
      // NB: SIGPIPE is blocked on this thread while the output writes, so a SIGPIPE the write
      // raised would stay pending here (instead of killing the test process), and show.
      var pipeOnly = sigset_t()
      sigemptyset(&pipeOnly)
      sigaddset(&pipeOnly, SIGPIPE)
      var savedMask = sigset_t()
      pthread_sigmask(SIG_BLOCK, &pipeOnly, &savedMask)
      let wrote = output.write(Array("second\n".utf8))
      var pending = sigset_t()
      sigpending(&pending)
      let raised = sigismember(&pending, SIGPIPE) == 1
      if raised {
        #if canImport(Darwin)
          var taken: Int32 = 0
          sigwait(&pipeOnly, &taken)
        #else
          var noWait = timespec(tv_sec: 0, tv_nsec: 0)
          _ = sigtimedwait(&pipeOnly, nil, &noWait)
        #endif
      }
      pthread_sigmask(SIG_SETMASK, &savedMask, nil)
      #expect(!wrote)
      #expect(!raised, "the write raised SIGPIPE")
      #expect(output.lastFailure == EPIPE)
      #expect(!output.isOpen)
      output.checkInvariants()
    }
  }

  @Test("a stream whose pipe reader closed counts the lines as dropped and leaves SIGPIPE be")
  func streamCountsDrops() throws {
    try withFIFOAndDefaultSIGPIPE { path, reader in
      let root = Node("root")
      root.on(Keys.ping) { _, _ in }
      let stream = try TraceStream(to: .pipe(path))
      root.install(stream)
      root.post(Keys.ping, 0)
      #expect(waitFor(stream) { $0.connections == 1 && $0.written == 2 })
      close(reader)
      // The writer thread keeps SIGPIPE's default disposition: were a SIGPIPE raised there, the
      // test process would die here.
      for value in 1...20 { root.post(Keys.ping, value) }
      #expect(waitFor(stream) { $0.dropped == 20 })
      stream.checkInvariants()
      stream.close()
    }
  }
}
