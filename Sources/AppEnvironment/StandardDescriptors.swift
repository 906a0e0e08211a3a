import Foundation

/// The process's standard input, output and error, made sure of at start.
public enum StandardDescriptors {
  /// Opens `/dev/null` on whichever of descriptors 0, 1 and 2 the process was started without
  /// (`cli todo <&-`), before anything else opens a file: otherwise the first file the app
  /// opens (a store, a lock, a pipe of its own) takes the free number and is read as its input
  /// or written as its output. A closed input then reads as the end of input.
  public static func ensureOpen() {
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 {
      let opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
      if opened >= 0, opened != descriptor {
        dup2(opened, descriptor)
        close(opened)
      }
    }
  }
}
