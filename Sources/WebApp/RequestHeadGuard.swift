import NIOCore

/// The first handler of a connection (issue 51, item 1): counts a request's line and headers
/// as their bytes arrive and answers 431 and closes as soon as they pass the limit (NIO's
/// parser reads them in linear time behind it); closes a connection whose request has not
/// fully arrived within the header deadline of its first byte, or that waits for a request
/// longer than the idle deadline. The exchange handler tells it when a request's head has
/// been read and when its answer has gone; after an upgrade it is removed.
final class RequestHeadGuard: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  private enum Phase { case waiting, reading, serving, refused }
  private let limits: WebLimits
  private var phase = Phase.waiting
  private var count = 0
  private var deadline: Scheduled<Void>?
  private var context: ChannelHandlerContext?

  init(limits: WebLimits) { self.limits = limits }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    if context.channel.isActive { arm(limits.idleDeadline) }
  }

  func channelActive(context: ChannelHandlerContext) {
    arm(limits.idleDeadline)
    context.fireChannelActive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    deadline?.cancel()
    self.context = nil
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let bytes = unwrapInboundIn(data).readableBytes
    count += bytes
    if phase == .waiting, bytes > 0 {
      phase = .reading
      arm(limits.headerDeadline)
    }
    if phase == .refused { return }
    if count > limits.header, phase != .serving {
      deadline?.cancel()
      return refuse(
        context, "431 Request Header Fields Too Large", "A request may hold at most 16 KiB.")
    }
    context.fireChannelRead(data)
  }

  /// A request's head has been read: its deadline is met, and its bytes no longer count.
  func headArrived() {
    deadline?.cancel()
    phase = .serving
    count = 0
  }

  /// The answer has been written: the next request may come, within the idle deadline (or the
  /// header deadline, if some of it already has).
  func answered() {
    guard phase == .serving else { return }
    phase = count > 0 ? .reading : .waiting
    arm(count > 0 ? limits.headerDeadline : limits.idleDeadline)
  }

  private func arm(_ span: Duration) {
    deadline?.cancel()
    guard let context else { return }
    let loop = context.eventLoop
    let bound = NIOLoopBound(self, eventLoop: loop)
    deadline = loop.scheduleTask(in: span.timeAmount) {
      let guardian = bound.value
      guard let context = guardian.context else { return }
      if guardian.phase == .reading {
        guardian.refuse(context, "408 Request Timeout", "A request's headers took too long.")
      } else if guardian.phase == .waiting {
        context.close(promise: nil)
      }
    }
  }

  /// Answers with `status` in a few raw bytes (the HTTP encoder may be mid-message) and closes.
  private func refuse(_ context: ChannelHandlerContext, _ status: String, _ text: String) {
    phase = .refused
    let channel = context.channel
    let body = text + "\n"
    let answer =
      "HTTP/1.1 \(status)\r\nContent-Type: text/plain; charset=utf-8\r\n"
      + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
    context.writeAndFlush(NIOAny(channel.allocator.buffer(string: answer)))
      .whenComplete { _ in channel.close(promise: nil) }
  }
}
