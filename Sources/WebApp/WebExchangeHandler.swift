import Foundation
import NIOCore
import NIOHTTP1

/// One connection's HTTP requests (issue 51, item 1): each request's head becomes a
/// `WebRequest`, the routes answer it on the main actor, and the answer is written back. A
/// body is not kept (only GET and HEAD are served). A socket upgrade that the upgrader
/// declined reaches here too, and is answered with the reason.
final class WebExchangeHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  private let server: WebServer
  private let book: ConnectionBook
  private let headGuard: RequestHeadGuard
  private var head: HTTPRequestHead?

  init(server: WebServer, book: ConnectionBook, headGuard: RequestHeadGuard) {
    self.server = server
    self.book = book
    self.headGuard = headGuard
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head):
      self.head = head
      headGuard.headArrived()
      book.setServing(context.channel, true)
    case .body: break
    case .end:
      guard let head else { return }
      self.head = nil
      answer(head, context: context)
    }
  }

  private func answer(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
    let request = WebRequest(
      method: head.method.rawValue, target: head.uri,
      headerLines: head.headers.map { ($0.name, $0.value) })
    let keepAlive = head.isKeepAlive
    let route: WebServer.Route
    if head.headers.contains(name: "upgrade"), request.path == "/socket" {
      // The upgrader declined: say why (the session cap, if nothing else is wrong).
      route = .answer(
        server.socketRefusal(request)
          ?? WebServer.plain(503, "Too many tabs are open on this server; close one and reload."))
    } else {
      route = server.route(request)
    }
    switch route {
    case .answer(let response):
      // Answered here, on the event loop: no page waits on a session or an actor.
      write(response, method: request.method, keepAlive: keepAlive, context: context)
    case .readOnly:
      let (server, loop) = (server, context.eventLoop)
      let bound = NIOLoopBound((self, context), eventLoop: loop)
      Task {
        let response = await server.handle(request)
        loop.execute {
          let (handler, context) = bound.value
          handler.write(response, method: request.method, keepAlive: keepAlive, context: context)
        }
      }
    }
  }

  private func write(
    _ response: WebResponse, method: String, keepAlive: Bool, context: ChannelHandlerContext
  ) {
    book.setServing(context.channel, false)
    var response = response
    if method == "HEAD" { response.body = [] }
    var headers = HTTPHeaders(response.headers)
    headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
    headers.replaceOrAdd(name: "Connection", value: keepAlive ? "keep-alive" : "close")
    let head = HTTPResponseHead(
      version: .http1_1, status: HTTPResponseStatus(statusCode: response.status), headers: headers)
    context.write(wrapOutboundOut(.head(head)), promise: nil)
    if !response.body.isEmpty {
      let body = context.channel.allocator.buffer(bytes: response.body)
      context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
    }
    let channel = context.channel
    let headGuard = NIOLoopBound(headGuard, eventLoop: context.eventLoop)
    context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
      if keepAlive { headGuard.value.answered() } else { channel.close(promise: nil) }
    }
  }
}
