import AppInfrastructure
import Foundation
import Testing
import ViewModelKit

/// Issue 38, item 1: the files the apps make are 0600, their folders 0700, and nothing that
/// is not a regular file is opened.
@Suite("PrivateFile: owner-only files, never through a link")
struct PrivateFileTests {
  func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "private-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    return url
  }

  func mode(_ path: String) throws -> Int {
    try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
  }

  @Test("a store file is made 0600; an existing one and its logs lose group and other bits")
  func store() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("todo.sqlite").path
    PrivateFile.prepareStore(path)
    #expect(try mode(path) == 0o600)
    let old = folder.appendingPathComponent("old.sqlite").path
    for file in [old, old + "-wal", old + "-shm"] {
      #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
      try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
    }
    PrivateFile.prepareStore(old)
    for file in [old, old + "-wal", old + "-shm"] { #expect(try mode(file) == 0o600) }
    #expect(try String(contentsOfFile: old, encoding: .utf8) == "x")
  }

  @Test("an atomic write is 0600 and replaces the file whole; a folder is made 0700")
  func writeAndFolder() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let nested = folder.appendingPathComponent("a/b")
    try PrivateFile.makeFolder(nested)
    #expect(try mode(folder.appendingPathComponent("a").path) == 0o700)
    #expect(try mode(nested.path) == 0o700)
    let file = nested.appendingPathComponent("rates.json")
    try PrivateFile.write(Data("one".utf8), to: file)
    try PrivateFile.write(Data("two".utf8), to: file)
    #expect(try mode(file.path) == 0o600)
    #expect(try String(contentsOf: file, encoding: .utf8) == "two")
    #expect(try FileManager.default.contentsOfDirectory(atPath: nested.path) == ["rates.json"])
  }

  @Test("a link, a FIFO or a device is refused at once, and a dangling link makes no file")
  func notRegular() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(throws: PrivateFile.Problem.notARegularFile(path: fifo)) {
      try PrivateFile.openForAppending(fifo).get()
    }
    #expect(throws: PrivateFile.Problem.notARegularFile(path: "/dev/null")) {
      try PrivateFile.openForAppending("/dev/null").get()
    }
    let dangling = folder.appendingPathComponent("dangling").path
    let missing = folder.appendingPathComponent("missing").path
    try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: missing)
    #expect(throws: PrivateFile.Problem.notARegularFile(path: dangling)) {
      try PrivateFile.openForAppending(dangling).get()
    }
    PrivateFile.prepareStore(dangling)
    #expect(!FileManager.default.fileExists(atPath: missing))
  }
}
