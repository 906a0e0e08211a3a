import AppEnvironment
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// The web head's HTTP server on SwiftNIO (issue 51, item 1): one event loop thread, every
/// connection bounded by `WebLimits` (Docs/Security.md). A connection's pipeline is the head
/// guard (size and deadlines of a request's head), NIO's HTTP/1 codec with its header limits,
/// the WebSocket upgrader (token, origin, session cap, frame limit), and the routes; after an
/// upgrade, NIO's WebSocket codec, its message aggregator and the tab's handler. NIO backs off
/// accepting while descriptors run out, and no accept error ends the server.
public final class WebListener: Sendable {
  private let group: MultiThreadedEventLoopGroup
  private let channel: any Channel
  let book: ConnectionBook
  /// The port the server listens on.
  public let port: Int

  /// Listens on `host:port` (0: a free port) and serves `server` there. Throws
  /// `WebListenError.portInUse` when the port is taken.
  public init(
    host: String, port: Int, limits: WebLimits, server: @escaping @Sendable (Int) -> WebServer
  )
    async throws
  {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let book = ConnectionBook(limits: limits)
    let routes = RouteBox()
    let bootstrap = ServerBootstrap(group: group)
      .serverChannelOption(.backlog, value: 256)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
      .childChannelOption(.maxMessagesPerRead, value: 4)
      .childChannelOption(.socketOption(.so_sndbuf), value: SocketOptionValue(limits.sendBuffer))
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          guard let server = routes.server, book.admit(channel) else {
            throw WebListenError.full
          }
          channel.closeFuture.whenComplete { _ in book.remove(channel) }
          try Self.configure(channel, server: server, book: book, limits: limits)
        }
      }
    let bound: any Channel
    do {
      bound = try await bootstrap.bind(host: host, port: port).get()
    } catch let error as IOError where error.errnoCode == EADDRINUSE {
      try? await group.shutdownGracefully()
      throw WebListenError.portInUse(port)
    } catch {
      try? await group.shutdownGracefully()
      throw error
    }
    self.group = group
    self.channel = bound
    self.book = book
    self.port = bound.localAddress?.port ?? port
    routes.server = server(self.port)
  }

  /// Stops listening, closes every connection, lets each tab's session end on the main actor,
  /// then stops the event loop (nothing a session still sends finds it gone).
  public func shutdown() async {
    try? await channel.close()
    for connection in book.channels { try? await connection.close() }
    // The closes' events have run on the loop, and the sessions' ends they queued on the main
    // actor have run after them.
    try? await channel.eventLoop.submit {}.get()
    await MainActor.run {}
    try? await group.shutdownGracefully()
  }

  private static func configure(
    _ channel: any Channel, server: WebServer, book: ConnectionBook, limits: WebLimits
  ) throws {
    let pipeline = channel.pipeline.syncOperations
    let headGuard = RequestHeadGuard(limits: limits)
    let exchange = WebExchangeHandler(server: server, book: book, headGuard: headGuard)
    let upgrader = NIOWebSocketServerUpgrader(
      maxFrameSize: limits.frame,
      shouldUpgrade: { channel, head in
        let request = WebRequest(
          method: head.method.rawValue, target: head.uri,
          headerLines: head.headers.map { ($0.name, $0.value) })
        guard server.socketRefusal(request) == nil, book.claimSession(channel) else {
          return channel.eventLoop.makeSucceededFuture(nil)
        }
        return channel.eventLoop.makeSucceededFuture(
          HTTPHeaders([("Sec-WebSocket-Protocol", WebAccess.socketProtocol)]))
      },
      upgradePipelineHandler: { channel, head in
        let request = WebRequest(method: "GET", target: head.uri, headerLines: [])
        guard let app = server.registry.app(named: request.query["app"] ?? "") else {
          return channel.close()
        }
        return channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandlers(
            NIOWebSocketFrameAggregator(
              minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 256,
              maxAccumulatedFrameSize: limits.frame),
            TabSocketHandler(app: app, server: server, limits: limits))
        }
      })
    var decoderLimits = NIOHTTPDecoderLimitConfiguration()
    decoderLimits.maxHeaderFieldSize = limits.header
    decoderLimits.maxHeaderListSize = limits.header
    decoderLimits.maxHeaderFieldCount = 100
    try pipeline.addHandler(headGuard, name: "head-guard")
    try pipeline.configureHTTPServerPipeline(
      withServerUpgrade: (
        upgraders: [upgrader],
        completionHandler: { context in
          // The socket's frames are not a request's head: the HTTP handlers go.
          let pipeline = context.pipeline.syncOperations
          pipeline.removeHandler(name: "head-guard", promise: nil)
          pipeline.removeHandler(name: "exchange", promise: nil)
        }
      ),
      withErrorHandling: true, withEncoderConfiguration: .init(),
      withDecoderLimitConfiguration: decoderLimits)
    try pipeline.addHandler(exchange, name: "exchange")
  }
}

/// Why the server cannot listen or take a connection.
public enum WebListenError: Error, Equatable {
  /// Another process listens on the port.
  case portInUse(Int)
  /// The connection cap is reached and no connection could make room.
  case full
}

/// The routes, set once the port is known (the access rules name it).
private final class RouteBox: Sendable {
  private let value = NIOLockedValueBox<WebServer?>(nil)
  var server: WebServer? {
    get { value.withLockedValue { $0 } }
    set { value.withLockedValue { $0 = newValue } }
  }
}
