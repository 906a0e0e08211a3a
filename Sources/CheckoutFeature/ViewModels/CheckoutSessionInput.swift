import ViewModelKit

/// What a head can ask of the checkout app: a screen and that screen's input. On the wire,
/// `{"catalog": {"add": {"id": "peas", "quantity": 2}}}`.
public enum CheckoutSessionInput: Codable, Equatable, Sendable {
  /// An input for the catalog.
  case catalog(CatalogInput)
  /// An input for the checkout's rows and currency.
  case checkout(CheckoutInput)
  /// An input for the order form.
  case orderForm(OrderFormInput)
  /// An input for the order history.
  case history(OrderHistoryInput)
  /// An input for the account form.
  case account(AccountInput)

  /// Writes `{"<screen>": <input>}`.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .catalog(let input):
      try ScreenAddressedCoding.encode(input, screen: "catalog", to: encoder)
    case .checkout(let input):
      try ScreenAddressedCoding.encode(input, screen: "checkout", to: encoder)
    case .orderForm(let input):
      try ScreenAddressedCoding.encode(input, screen: "orderForm", to: encoder)
    case .history(let input):
      try ScreenAddressedCoding.encode(input, screen: "history", to: encoder)
    case .account(let input):
      try ScreenAddressedCoding.encode(input, screen: "account", to: encoder)
    }
  }

  /// Reads `{"<screen>": <input>}`; an unknown screen is refused.
  public init(from decoder: any Decoder) throws {
    let (name, container) = try ScreenAddressedCoding.screen(in: decoder)
    let key = ScreenAddressedCoding.Key(stringValue: name)
    switch name {
    case "catalog": self = .catalog(try container.decode(CatalogInput.self, forKey: key))
    case "checkout": self = .checkout(try container.decode(CheckoutInput.self, forKey: key))
    case "orderForm": self = .orderForm(try container.decode(OrderFormInput.self, forKey: key))
    case "history": self = .history(try container.decode(OrderHistoryInput.self, forKey: key))
    case "account": self = .account(try container.decode(AccountInput.self, forKey: key))
    default: throw ScreenAddressedCoding.unknown(name, in: decoder)
    }
  }
}

extension CheckoutSession {
  /// Sends `input` to its screen. Every screen of the app is always there (the catalog, the
  /// checkout and its form, the history and the account are made with the session), so
  /// none is refused for being hidden; each screen's own rules still apply.
  @discardableResult
  public func send(_ input: CheckoutSessionInput) -> PendingResult {
    switch input {
    case .catalog(let input): catalog.send(input).pending
    case .checkout(let input): checkout.send(input)
    case .orderForm(let input): orderForm.send(input)
    case .history(let input): history.send(input).pending
    case .account(let input): account.send(input)
    }
  }
}

/// A checkout scene with the screen models that draw it (`CheckoutSession.model(of:)`): the
/// stack's scenes are plain values a test compares, and this is what a head shows for one.
public enum CheckoutSceneModel {
  /// The catalog.
  case catalog(CatalogViewModel)
  /// The checkout's rows and currency, and the order form under them.
  case checkout(CheckoutViewModel, form: OrderFormViewModel)
  /// The order history, drawn over the scene below.
  case history(OrderHistoryViewModel)
  /// The account form, drawn over the scene below.
  case account(AccountViewModel)
}
