import Foundation
import Glibc

/// A program the end-to-end tests start, talk to through pipes and wait for.
///
/// Foundation's `Process` is not used: on Linux its exit monitoring can miss a child that
/// exits at once under load (seen in CI with `tmux new-session -d`), and `waitUntilExit`
/// then never returns. Here the test owns the child outright: `posix_spawn`, pipes opened
/// close-on-exec (so no other child, such as the tmux server, keeps them open), and a
/// `waitpid` on this one pid. Every wait has a deadline, after which the child is killed,
/// so a stuck program fails its test instead of hanging the run.
final class ChildProcess: @unchecked Sendable {
  // `pid` and the descriptors are set in `init` and only read afterwards; `exitStatus` is
  // written once by `wait`, which one thread calls.
  let pid: pid_t
  private var stdinFD: Int32
  private let stdoutFD: Int32
  private let stderrFD: Int32
  private var exitStatus: Int32?
  /// The child's peak resident size in KiB, as last sampled from `/proc/<pid>/status`
  /// (`VmHWM`, the high-water mark of its own memory, which only grows). `wait4`'s
  /// `ru_maxrss` cannot be used: after a `posix_spawn` (vfork) it carries this test
  /// process's own peak into the child's figure.
  private(set) var peakResidentKiB = 0
  /// The CPU time (user and system) the child has used, in seconds, as last sampled from
  /// `/proc/<pid>/stat`.
  private(set) var cpuSeconds = 0.0

  private func sampleCPU() {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return }
    // Fields after the command name: state is the 3rd field; utime and stime the 14th, 15th.
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12])
    else { return }
    cpuSeconds = max(cpuSeconds, (user + system) / Double(sysconf(Int32(_SC_CLK_TCK))))
  }

  private func sampleHighWater() {
    sampleCPU()
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kib = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return }
    peakResidentKiB = max(peakResidentKiB, kib)
  }

  private static let spawning = NSLock()

  enum SpawnError: Error, CustomStringConvertible {
    case pipe(Int32)
    case spawn(String, Int32)
    var description: String {
      switch self {
      case .pipe(let code): "pipe failed: \(String(cString: strerror(code)))"
      case .spawn(let program, let code):
        "cannot start \(program): \(String(cString: strerror(code)))"
      }
    }
  }

  /// Starts `program` (a path, or a name looked up on PATH) with `arguments`. With
  /// `discardOutput`, stdout and stderr go to /dev/null instead of pipes.
  init(
    _ program: String, _ arguments: [String], environment: [String: String],
    discardOutput: Bool = false
  ) throws {
    // One spawn at a time: between `pipe` and `fcntl` a descriptor is inheritable, and a
    // child started in that moment by another test would keep the pipe open.
    Self.spawning.lock()
    defer { Self.spawning.unlock() }
    func makePipe() throws -> (read: Int32, write: Int32) {
      var fds: [Int32] = [-1, -1]
      guard pipe(&fds) == 0 else { throw SpawnError.pipe(errno) }
      for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
      return (fds[0], fds[1])
    }
    let input = try makePipe()
    let output = discardOutput ? (read: Int32(-1), write: Int32(-1)) : try makePipe()
    let errors = discardOutput ? (read: Int32(-1), write: Int32(-1)) : try makePipe()

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, input.read, 0)
    if discardOutput {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    } else {
      posix_spawn_file_actions_adddup2(&actions, output.write, 1)
      posix_spawn_file_actions_adddup2(&actions, errors.write, 2)
    }
    // Nothing else of this process reaches the child: a socket that another test is closing
    // (to see its server notice) must not live on in a child, or in a tmux server it starts.
    addCloseFrom(&actions, 3)

    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var child: pid_t = 0
    let result = posix_spawnp(&child, program, &actions, nil, argv, envp)
    for fd in [input.read, output.write, errors.write] where fd >= 0 { close(fd) }
    guard result == 0 else {
      for fd in [input.write, output.read, errors.read] where fd >= 0 { close(fd) }
      throw SpawnError.spawn(program, result)
    }
    pid = child
    stdinFD = input.write
    stdoutFD = output.read
    stderrFD = errors.read
  }

  deinit {
    if exitStatus == nil {
      kill(pid, SIGKILL)
      _ = reap()
    }
    for fd in [stdinFD, stdoutFD, stderrFD] where fd >= 0 { close(fd) }
  }

  /// Writes `data` to the child's stdin; a child that has gone away is not an error here.
  func write(_ data: Data) {
    guard stdinFD >= 0 else { return }
    data.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }  // nothing to write
      var offset = 0
      while offset < buffer.count {
        let written = writeBytes(stdinFD, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }

  /// Closes the child's stdin, so it reads end of file.
  func closeInput() {
    if stdinFD >= 0 { close(stdinFD) }
    stdinFD = -1
  }

  /// Reads stdout until `marker` appears, it ends, or `deadline` passes; returns what came.
  func readStdout(until marker: String, deadline: Date) -> String {
    var collected = Data()
    while !String(decoding: collected, as: UTF8.self).contains(marker) {
      guard let chunk = readChunk(stdoutFD, deadline: deadline), !chunk.isEmpty else { break }
      collected.append(chunk)
    }
    return String(decoding: collected, as: UTF8.self)
  }

  /// Reads stdout and stderr to their ends (both at once, so neither pipe fills up) and waits
  /// for the child, killing it when `deadline` passes first.
  func finish(deadline: Date) -> Executables.Output {
    closeInput()
    var out = Data()
    var err = Data()
    var open = [stdoutFD, stderrFD].filter { $0 >= 0 }
    var timedOut = false
    while !open.isEmpty {
      sampleHighWater()
      var polls = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      let wait = Int32(max(0, min(deadline.timeIntervalSinceNow * 1000, 10)))
      let ready = poll(&polls, nfds_t(polls.count), wait)
      if ready < 0, errno == EINTR { continue }
      if Date() >= deadline {
        timedOut = true
        break
      }
      for entry in polls where entry.revents != 0 {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = read(entry.fd, &buffer, buffer.count)
        if count > 0 {
          if entry.fd == stdoutFD {
            out.append(contentsOf: buffer[0..<count])
          } else {
            err.append(contentsOf: buffer[0..<count])
          }
        } else if count == 0 || errno != EINTR {
          open.removeAll { $0 == entry.fd }
        }
      }
    }
    if timedOut { kill(pid, SIGKILL) }
    let status = waitForExit(deadline: timedOut ? Date() : deadline)
    var stderr = String(decoding: err, as: UTF8.self)
    if timedOut { stderr += "\n[test: the program was killed at its deadline]" }
    return Executables.Output(
      status: status, stdout: String(decoding: out, as: UTF8.self), stderr: stderr,
      peakResidentKiB: peakResidentKiB, cpuSeconds: cpuSeconds)
  }

  /// Sends `signal` to the child.
  func signal(_ signal: Int32) { kill(pid, signal) }

  /// Waits for the child to exit, killing it at `deadline`; its exit status, or 128 plus the
  /// signal that ended it.
  @discardableResult
  func waitForExit(deadline: Date) -> Int32 {
    if let exitStatus { return exitStatus }
    while true {
      if let status = reap(blocking: false) { return status }
      if Date() >= deadline {
        kill(pid, SIGKILL)
        return reap() ?? -1
      }
      _ = readChunk(-1, deadline: min(deadline, Date().addingTimeInterval(0.02)))
    }
  }

  private func reap(blocking: Bool = true) -> Int32? {
    var raw: Int32 = 0
    while true {
      let result = waitpid(pid, &raw, blocking ? 0 : WNOHANG)
      if result == pid { break }
      if result == 0 { return nil }
      if errno == EINTR { continue }
      return -1
    }
    let low = raw & 0x7f
    let status = low == 0 ? (raw >> 8) & 0xff : 128 + low
    exitStatus = status
    return status
  }

  /// One read from `fd` once it is readable, nil when `deadline` passes first. With `fd` -1
  /// it only waits until the deadline (a short pause between checks of the child).
  private func readChunk(_ fd: Int32, deadline: Date) -> Data? {
    while true {
      let remaining = deadline.timeIntervalSinceNow
      if remaining <= 0 { return nil }
      var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&entry, 1, Int32(min(remaining * 1000, 1000)) + 1)
      if ready < 0, errno == EINTR { continue }
      if fd < 0 || ready <= 0 { continue }
      var buffer = [UInt8](repeating: 0, count: 65536)
      let count = read(fd, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      return Data(buffer[0..<max(0, count)])
    }
  }
}

private func writeBytes(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, bytes, count)
}

/// Runs blocking work (a child process, a poll loop) on its own thread, so a test awaiting it
/// does not hold one of Swift's few cooperative threads, which the loopback HTTP server and
/// other tests need.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread {
      continuation.resume(with: Result { try work() })
    }
    thread.start()
  }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc
/// module does not declare: found by name, and a no-op where the C library lacks it.
private func addCloseFrom(_ actions: inout posix_spawn_file_actions_t, _ lowest: Int32) {
  typealias CloseFrom =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32)
    -> Int32
  guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
  _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, lowest)
}
