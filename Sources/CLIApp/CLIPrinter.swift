import AppEnvironment
import Foundation
import ViewModelKit

/// Where the CLI writes: standard output and standard error, or memory in tests.
public protocol CLIStreams: AnyObject {
  func out(_ line: String)
  /// Writes `line` meaning `meaning` (drawn in its colour where the stream colours).
  func out(_ line: String, meaning: LineMeaning?)
  /// Writes `line` to standard error meaning `meaning`.
  func err(_ line: String, meaning: LineMeaning?)
  /// Writes `text` to standard output with no line break after it: one line written in pieces
  /// (a streamed JSON document); the next `out` ends the line.
  func outPart(_ text: String)
  func err(_ line: String)
  /// Makes what was written visible to a reader on a pipe.
  func flush()
}

/// The process's standard output and error. Standard output is buffered up to 64 KiB (a
/// million-line `list` is a few hundred writes, not a million) and written at each `flush`,
/// before anything goes to standard error, and at exit.
public final class StandardStreams: CLIStreams {
  /// Whether standard output and standard error are drawn in colour.
  private let colorsOut: Bool
  private let colorsErr: Bool

  /// Streams that colour each where `color` says (`auto`: where it is a terminal).
  public init(color: ColorChoice = .never) {
    colorsOut = color.colors(isTerminal: isatty(STDOUT_FILENO) == 1)
    colorsErr = color.colors(isTerminal: isatty(STDERR_FILENO) == 1)
    StandardOutputBuffer.flushAtExit()
  }
  public func out(_ line: String) { StandardOutputBuffer.append(line) }
  public func out(_ line: String, meaning: LineMeaning?) {
    out(colorsOut ? meaning.map { $0.painted(line) } ?? line : line)
  }
  public func err(_ line: String, meaning: LineMeaning?) {
    err(colorsErr ? meaning.map { $0.painted(line) } ?? line : line)
  }
  public func outPart(_ text: String) { StandardOutputBuffer.append(text, lineBreak: false) }
  public func err(_ line: String) {
    StandardOutputBuffer.flush()
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
  public func flush() { StandardOutputBuffer.flush() }
}

/// The bytes written to standard output and not yet flushed: one buffer for the process.
enum StandardOutputBuffer {
  private static let pending = Locked([UInt8]())
  private static let registered = Locked(false)
  private static let limit = 64 * 1024

  static func append(_ line: String, lineBreak: Bool = true) {
    let full = pending.withLock { bytes -> Bool in
      bytes.append(contentsOf: line.utf8)
      if lineBreak { bytes.append(UInt8(ascii: "\n")) }
      return bytes.count >= limit
    }
    if full { flush() }
  }

  static func flush() {
    let bytes = pending.withLock { bytes -> [UInt8] in
      defer { bytes.removeAll(keepingCapacity: true) }
      return bytes
    }
    guard !bytes.isEmpty else { return }
    FileHandle.standardOutput.write(Data(bytes))
  }

  /// Whatever way the process ends through `exit`, what was printed is written.
  static func flushAtExit() {
    let first = registered.withLock { done in
      defer { done = true }
      return !done
    }
    if first { atexit { StandardOutputBuffer.flush() } }
  }
}

/// `--quiet`: standard error only; what would go to standard output is dropped.
public final class QuietStreams: CLIStreams {
  private let inner: any CLIStreams

  public init(_ inner: any CLIStreams) { self.inner = inner }

  public func out(_ line: String) {}
  public func out(_ line: String, meaning: LineMeaning?) {}
  public func outPart(_ text: String) {}
  public func err(_ line: String) { inner.err(line) }
  public func err(_ line: String, meaning: LineMeaning?) { inner.err(line, meaning: meaning) }
  public func flush() { inner.flush() }
}

/// Lines kept in memory, for in-process tests: `transcript` interleaves both streams.
public final class MemoryStreams: CLIStreams {
  public private(set) var stdout: [String] = []
  public private(set) var stderr: [String] = []
  public private(set) var transcript: [String] = []
  /// A line being written in pieces (`outPart`), not yet ended.
  private var partial = ""
  public init() {}
  public func out(_ line: String) {
    let whole = partial + line
    partial = ""
    stdout.append(whole)
    transcript.append(whole)
  }
  public func outPart(_ text: String) { partial += text }
  public func err(_ line: String) {
    stderr.append(line)
    transcript.append(line)
  }
  public func flush() {}
  /// Writes a line into the transcript only (an input echo in tests).
  public func note(_ line: String) { transcript.append(line) }
}

/// `--json` for a one-shot command: everything it prints, gathered into one JSON object (each
/// output and answer by its name, the messages as `messages`), written when the command ends,
/// so `cli todo --json stats | python3 -m json.tool` reads one document.
@MainActor
final class JSONDocument {
  private var fields: [(String, JSONValue)] = []
  private var messages: [JSONValue] = []

  /// Sets `key` (a later value for the same key replaces the earlier one, in its place).
  func set(_ key: String, _ value: JSONValue) {
    if let index = fields.firstIndex(where: { $0.0 == key }) {
      fields[index].1 = value
    } else {
      fields.append((key, value))
    }
  }

  func message(_ text: String) { messages.append(.string(text)) }

  /// The object: the fields in the order they came, then `messages` if there were any.
  var value: JSONValue {
    .object(fields + (messages.isEmpty ? [] : [("messages", .array(messages))]))
  }
}

/// Where a one-shot command's JSON is gathered, if it is.
@MainActor
final class JSONGathering {
  var document: JSONDocument?
}

/// Formats outputs and messages as text lines or JSON objects.
@MainActor
struct CLIPrinter {
  let json: Bool
  private let sink: any CLIStreams
  private let gathering = JSONGathering()

  /// From now on, under `--json`, gathers everything into one document (a one-shot command).
  func startDocument() {
    if json, gathering.document == nil { gathering.document = JSONDocument() }
  }

  /// A streamed answer is the one-shot's document: nothing is gathered for it.
  func streamDocument() { gathering.document = nil }

  /// After the last piece of a streamed answer: its JSON document's line is ended.
  func endStream() { if json { streams.out("") } }

  /// One piece of a streamed answer: its lines, or its piece of the JSON document.
  func piece(_ piece: AnswerPiece) {
    if json {
      streams.outPart(piece.json())
    } else {
      for line in piece.lines() { streams.out(line.text, meaning: line.meaning) }
    }
  }

  /// Writes the gathered document, if one was started.
  func endDocument() {
    guard let document = gathering.document else { return }
    gathering.document = nil
    streams.out(document.value.text)
    streams.flush()
  }

  init(json: Bool, streams: any CLIStreams) {
    self.json = json
    sink = streams
  }

  /// Text lines go out with control characters made visible; JSON escapes them itself.
  var streams: VisibleStreams { VisibleStreams(sink: sink, json: json) }

  func print(_ output: CLIOutput, full: Bool) {
    if case .hidden = output.value { return }
    if json {
      var value = output.value.json
      if full, case .cappedList(_, _, let whole) = output.value { value = whole.json }
      if let document = gathering.document { return document.set(output.name, value) }
      streams.out(JSONValue.object([("output", .string(output.name)), ("value", value)]).text)
      return
    }
    switch output.value {
    case .text(let text), .data(let text, _):
      streams.out(text.isEmpty ? "\(output.name):" : "\(output.name): \(text)")
    case .flag(let flag): streams.out("\(output.name): \(flag)")
    case .optional(let text):
      streams.out(text.map { "\(output.name): \($0)" } ?? "\(output.name):")
    case .list(let rows, _):
      streams.out("\(output.name):")
      if rows.isEmpty { streams.out("  (none)") }
      let cap = full ? nil : output.textCap
      let shown = cap.map { Array(rows.prefix($0)) } ?? rows
      for row in shown { streams.out("  " + row) }
      if let cap, rows.count > cap { streams.out("  … and \(rows.count - cap) more") }
    case .cappedList(let capped, _, let whole):
      streams.out("\(output.name):")
      for row in full ? whole.rows : capped { streams.out("  " + row.text, meaning: row.meaning) }
    case .hidden: break
    }
  }

  /// A line that is not one of the screen's outputs, e.g. `editor: New Task`.
  func announce(_ name: String, _ value: String) {
    if json, let document = gathering.document { return document.set(name, .string(value)) }
    streams.out(
      json
        ? JSONValue.object([("output", .string(name)), ("value", .string(value))]).text
        : "\(name): \(value)")
  }

  /// A one-line answer: the line itself, or under `--json` `{"<name>": <data>}` (the line
  /// when the answer has no data of its own).
  func reply(_ name: String, _ text: String, lines: [String]? = nil, json data: JSONValue? = nil) {
    let value = data ?? .string(text)
    if json, let document = gathering.document { return document.set(name, value) }
    if json { return streams.out(JSONValue.object([(name, value)]).text) }
    for line in lines ?? [text] { streams.out(VisibleText.of(line)) }
  }

  /// An event of the app: `! <text>` in its severity's colour, or `{"message":…}` under
  /// `--json` (with its `severity` unless it is plain news).
  func message(_ event: ScreenEvent) {
    let text = event.message
    if json, let document = gathering.document { return document.message(text) }
    var fields: [(String, JSONValue)] = [("message", .string(text))]
    if event.severity != .info { fields.append(("severity", .string(event.severity.rawValue))) }
    streams.out(
      json ? JSONValue.object(fields).text : "! \(text)",
      meaning: LineMeaning(event.severity))
    streams.flush()
  }

  /// A refusal or failure on stderr: `error: …`, or `{"error":"…"}` under `--json`, so that a
  /// consumer of `--json` can parse both streams.
  func error(_ text: String) {
    streams.err(
      json ? JSONValue.object([("error", .string(text))]).text : "error: \(text)", meaning: .error)
    streams.flush()
  }

  /// A command's help text (`help add`), as it is, or `{"help": "<text>"}` under `--json`.
  func helpText(_ text: String) {
    if json {
      streams.out(JSONValue.object([("help", .string(text))]).text)
    } else {
      text.split(separator: "\n", omittingEmptySubsequences: false).forEach {
        streams.out(String($0))
      }
    }
    streams.flush()
  }

  /// The commands, as `help` lists them: two columns, or one object per line under `--json`.
  func commands(_ rows: [(String, String)]) {
    guard json else {
      HelpText.columns(rows).forEach(streams.out)
      return streams.flush()
    }
    for (command, meaning) in rows {
      streams.out(
        JSONValue.object([("command", .string(command)), ("meaning", .string(meaning))]).text)
    }
    streams.flush()
  }
}

/// Writes through to the real streams, making control characters visible in text mode.
@MainActor
struct VisibleStreams {
  let sink: any CLIStreams
  let json: Bool
  func out(_ line: String) { sink.out(json ? line : VisibleText.of(line)) }
  /// The line made visible first, then drawn in its meaning's colour (never under `--json`).
  func out(_ line: String, meaning: LineMeaning?) {
    json ? sink.out(line) : sink.out(VisibleText.of(line), meaning: meaning)
  }
  func err(_ line: String, meaning: LineMeaning?) {
    json ? sink.err(line) : sink.err(VisibleText.of(line), meaning: meaning)
  }
  func outPart(_ text: String) { sink.outPart(json ? text : VisibleText.of(text)) }
  func err(_ line: String) { sink.err(json ? line : VisibleText.of(line)) }
  func flush() { sink.flush() }
}
