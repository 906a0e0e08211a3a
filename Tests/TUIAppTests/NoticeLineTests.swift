import Foundation
import TUIApp
import Testing
import ViewModelKit

@Suite("TUI: failures outside the screens")
@MainActor
struct NoticeLineTests {
  @Test("a notice shows on the toast line over any tab for 3 s")
  func noticeOnToastLine() throws {
    let h = try WeatherTUIHarness()
    let notices = PublishRelay<String>()
    h.root.showNotices(notices.eraseToAnyPublisher(), scheduler: h.scheduler.asAny)
    notices.accept(
      "Choice not saved: weather.units = fahrenheit (choices.sqlite cannot be written)")
    var lines = h.screen().components(separatedBy: "\n")
    #expect(lines[22].hasPrefix(" ! Choice not saved: weather.units = fahrenheit"))
    h.scheduler.advance(by: .seconds(3))
    lines = h.screen().components(separatedBy: "\n")
    #expect(!lines[22].contains("Choice not saved"))
  }
}
