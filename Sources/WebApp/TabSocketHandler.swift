import AppEnvironment
import Foundation
import NIOCore
import NIOWebSocket
import ViewModelKit

/// One tab's socket after the upgrade (issue 40; bounds from issue 51, item 1): whole text
/// messages in (NIO's aggregator has refused any over the frame limit from its length), handed
/// in order to the tab's `WebConnection` on the main actor; its messages out as text frames.
/// A client that leaves more than the output limit unread is dropped; one that sends faster
/// than its session handles is not read until it catches up; a silent one is pinged and, past
/// the silence deadline, closed. When the socket closes, the session is shut down.
final class TabSocketHandler: ChannelDuplexHandler {
  typealias InboundIn = WebSocketFrame
  typealias OutboundIn = WebSocketFrame
  typealias OutboundOut = WebSocketFrame

  private let link: TabLink
  private let limits: WebLimits
  private var unsent = 0
  private var inFlight = 0
  private var readHeld = false
  private var lastHeard = NIODeadline.now()
  private var pinger: RepeatedTask?
  private var closing = false

  init(app: RegisteredApp, server: WebServer, limits: WebLimits) {
    link = TabLink(app: app, makeSession: server.makeSession)
    self.limits = limits
  }

  func handlerAdded(context: ChannelHandlerContext) {
    let loop = context.eventLoop
    let bound = NIOLoopBound((self, context), eventLoop: loop)
    let send: @Sendable (String) -> Void = { text in
      loop.execute {
        let (handler, context) = bound.value
        handler.send(text, context: context)
      }
    }
    let link = link
    DispatchQueue.main.async { MainActor.assumeIsolated { link.open(send: send) } }
    pinger = loop.scheduleRepeatedTask(
      initialDelay: limits.pingInterval.timeAmount, delay: limits.pingInterval.timeAmount
    ) { _ in
      let (handler, context) = bound.value
      handler.ping(context: context)
    }
  }

  func handlerRemoved(context: ChannelHandlerContext) { stop() }

  func channelInactive(context: ChannelHandlerContext) {
    stop()
    context.fireChannelInactive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let frame = unwrapInboundIn(data)
    lastHeard = .now()
    switch frame.opcode {
    case .text:
      var data = frame.unmaskedData
      let text = data.readString(length: data.readableBytes) ?? ""
      deliver(context: context) { $0.receive(text) }
    case .binary:
      deliver(context: context) { $0.receiveBinary() }
    case .ping:
      var payload = frame.unmaskedData
      let echo = payload.readSlice(length: payload.readableBytes) ?? ByteBuffer()
      context.writeAndFlush(
        wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: echo)), promise: nil)
    case .connectionClose:
      close(context: context, code: .normalClosure)
    default: break
    }
  }

  func read(context: ChannelHandlerContext) {
    if inFlight >= limits.inputsInFlight {
      readHeld = true
    } else {
      context.read()
    }
  }

  /// Hands one message to the session on the main actor, in the order they came.
  private func deliver(
    context: ChannelHandlerContext, _ work: @escaping @MainActor (WebConnection) -> Void
  ) {
    inFlight += 1
    let link = link
    let loop = context.eventLoop
    let bound = NIOLoopBound((self, context), eventLoop: loop)
    DispatchQueue.main.async {
      MainActor.assumeIsolated { link.connection.map(work) }
      loop.execute {
        let (handler, context) = bound.value
        handler.inFlight -= 1
        if handler.readHeld, handler.inFlight < handler.limits.inputsInFlight {
          handler.readHeld = false
          context.read()
        }
      }
    }
  }

  private func send(_ text: String, context: ChannelHandlerContext) {
    guard !closing, context.channel.isActive else { return }
    let size = text.utf8.count
    guard unsent + size <= limits.output else {
      // The client has left too much unread: it is dropped, not buffered for.
      return close(context: context, code: .policyViolation)
    }
    unsent += size
    let frame = WebSocketFrame(
      fin: true, opcode: .text, data: context.channel.allocator.buffer(string: text))
    let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
    context.writeAndFlush(wrapOutboundOut(frame)).whenComplete { _ in bound.value.unsent -= size }
  }

  private func ping(context: ChannelHandlerContext) {
    if NIODeadline.now() - lastHeard > limits.silenceDeadline.timeAmount {
      return close(context: context, code: .goingAway)
    }
    context.writeAndFlush(
      wrapOutboundOut(WebSocketFrame(fin: true, opcode: .ping, data: ByteBuffer())), promise: nil)
  }

  private func close(context: ChannelHandlerContext, code: WebSocketErrorCode) {
    guard !closing else { return }
    closing = true
    var data = context.channel.allocator.buffer(capacity: 2)
    data.write(webSocketErrorCode: code)
    // The close frame is sent if the client takes it; the connection closes now either way (a
    // client that does not read would never take it).
    context.writeAndFlush(
      wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)), promise: nil
    )
    context.close(promise: nil)
  }

  private func stop() {
    pinger?.cancel()
    pinger = nil
    let link = link
    DispatchQueue.main.async { MainActor.assumeIsolated { link.close() } }
  }
}

/// The main-actor side of a tab's socket: its `WebConnection`, made when the socket opens
/// (after the messages already queued) and closed, with its session, once.
@MainActor
final class TabLink: Sendable {
  private let app: RegisteredApp
  private let makeSession: @MainActor @Sendable (RegisteredApp) throws -> any WebPresentable
  private(set) var connection: WebConnection?
  private var closed = false

  nonisolated init(
    app: RegisteredApp,
    makeSession: @escaping @MainActor @Sendable (RegisteredApp) throws -> any WebPresentable
  ) {
    self.app = app
    self.makeSession = makeSession
  }

  func open(send: @escaping @Sendable (String) -> Void) {
    guard !closed, connection == nil else { return }
    do {
      connection = WebConnection(app: app.name, session: try makeSession(app), send: send)
    } catch {
      let reason = (error as? ConfigurationError)?.message ?? "\(error)"
      send((try? WireFormat.text(ServerMessage.error(reason))) ?? "")
    }
  }

  func close() {
    guard !closed else { return }
    closed = true
    connection?.close()
    connection = nil
  }
}
