import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

@testable import TerminalUI

/// Issue 42, item 6: the TUI's small semantic palette. A toast is drawn in its event's
/// meaning; without colour (`NO_COLOR`, `--color never`) every colour is left out and the
/// bold, dim and reverse that carry the meaning without it stay.
@Suite("TUI: colour with meaning")
@MainActor
struct SemanticStyleTests {
  @Test("issue 42: a toast's colour is its event's severity")
  func toastColours() {
    #expect(Toast.style(for: .failure) == [.bold, .red])
    #expect(Toast.style(for: .warning) == [.bold, .yellow])
    #expect(Toast.style(for: .success) == [.bold, .green])
    #expect(Toast.style(for: .info) == .bold)
    let canvas = MemoryCanvas(width: 30, height: 2)
    let toast = Toast(scheduler: DispatchQueue.test.asAny) {}
    toast.show(.failure("Could not add a task."))
    toast.draw(Painter(canvas: canvas, ascii: false, color: true), row: 0)
    #expect(canvas.lines()[0].hasPrefix(" ! Could not add a task."))
    #expect(canvas.style(row: 0, column: 3) == [.bold, .error])
    toast.show(.warning("Offline: saved weather"))
    toast.draw(Painter(canvas: canvas, ascii: false, color: false), row: 1)
    #expect(canvas.style(row: 1, column: 3) == .bold)
    // A link is drawn as one: blue and underlined (underlined alone without colour).
    let links = MemoryCanvas(width: 40, height: 2)
    toast.show(link: "https://bsky.app/profile/ada/post/1")
    toast.draw(Painter(canvas: links, ascii: false, color: true), row: 0)
    toast.draw(Painter(canvas: links, ascii: false, color: false), row: 1)
    #expect(links.lines()[0].hasPrefix(" ! https://bsky.app/profile/ada/post/1"))
    #expect(links.style(row: 0, column: 3) == .link && links.style(row: 1, column: 3) == .underline)
  }

  @Test("issue 42: the palette's meanings are the terminal's own colours")
  func palette() {
    #expect(TextStyle.error == .red && TextStyle.warning == .yellow)
    #expect(TextStyle.success == .green && TextStyle.link == [.blue, .underline])
    #expect(TextStyle.muted == .dim && TextStyle.selection == .reverse)
    let canvas = MemoryCanvas(width: 10, height: 1)
    Painter(canvas: canvas, ascii: false, color: false).text(
      "x", row: 0, column: 0, style: [.bold, .link, .warning])
    #expect(canvas.style(row: 0, column: 0) == [.bold, .underline])
  }
}
