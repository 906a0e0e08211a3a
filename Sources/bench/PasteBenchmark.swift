import Foundation
import TUIApp
import TerminalUI
import TodoFeature
import ViewModelKit

/// Issue 9, item 8: a 10,000-character paste into the todo editor, from the bytes a terminal
/// sends to the next frame (key decoding, one edit, validation, one draw). Budget 100 ms.
@MainActor
func measurePaste() -> Budget {
  let scheduler = DispatchQueue.test
  guard let service = try? SQLiteTaskService.inMemory(clock: { Date(timeIntervalSince1970: 0) })
  else {
    return Budget(notMeasured: "paste", because: "no in-memory task store", limit: 0.100)
  }
  let session = TodoSession(service: service, scheduler: scheduler.eraseToAnyScheduler())
  let screen = TodoScreen(session: session, scheduler: scheduler.eraseToAnyScheduler()) {}
  scheduler.advance()
  _ = screen.handle(.character("n"))
  service.waitForPendingWork()
  scheduler.advance()
  let canvas = MemoryCanvas(width: 80, height: 24)
  let painter = Painter(canvas: canvas, ascii: false, color: true)
  let bytes = Array(String(repeating: "abcdefghij", count: 1_000).utf8)
  var failure: String?
  let measurement = measureAfterSetup(
    "paste of 10,000 characters into the todo editor, to the next frame", warmup: 3, runs: 20
  ) {
    _ = screen.handle(.controlU)
    scheduler.advance()
    return {
      var decoder = KeyDecoder()
      // A terminal delivers a paste in reads of up to 4,096 bytes.
      for start in stride(from: 0, to: bytes.count, by: 4_096) {
        let chunk = Array(bytes[start..<min(bytes.count, start + 4_096)])
        for key in TerminalRunLoop.coalesced(decoder.decode(chunk), text: true) {
          _ = screen.handle(key)
        }
      }
      scheduler.advance()
      canvas.clear()
      screen.draw(painter)
      if !canvas.snapshot().contains("10000/500") { failure = "the frame lacks 10000/500" }
    }
  }
  return Budget(measurement, limit: 0.100, problem: failure)
}
