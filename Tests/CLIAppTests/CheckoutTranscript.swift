/// The checkout session of the spec (section 6.2): input lines start with "> ".
let checkoutTranscript = """
  catalog:
    1. Bag of Peas | For only 0.95 GBP | 0
    2. Dozen of Eggs | For only 2.10 GBP | 0
    3. Bottle of Milk | For only 1.30 GBP | 0
    4. Can of Beans | For only 0.73 GBP | 0
  total: Total: 0.00 GBP
  cartCount: 0 items
  checkoutEnabled: false
  > add peas 2
  catalog:
    1. Bag of Peas | For only 0.95 GBP | 2
    2. Dozen of Eggs | For only 2.10 GBP | 0
    3. Bottle of Milk | For only 1.30 GBP | 0
    4. Can of Beans | For only 0.73 GBP | 0
  total: Total: 1.90 GBP
  cartCount: 2 items
  checkoutEnabled: true
  > add 2 2
  catalog:
    1. Bag of Peas | For only 0.95 GBP | 2
    2. Dozen of Eggs | For only 2.10 GBP | 2
    3. Bottle of Milk | For only 1.30 GBP | 0
    4. Can of Beans | For only 0.73 GBP | 0
  total: Total: 6.10 GBP
  cartCount: 4 items
  > checkout
  cart:
    2 Bag of Peas for 1.90 GBP
    2 Dozen of Eggs for 4.20 GBP
  total: Total: 6.10 GBP
  currency: Currency: GBP
  changeCurrencyEnabled: true
  placeOrderEnabled: false
  placeOrderHint: Complete your details
  > currency aud
  cart:
    2 Bag of Peas for 3.97 AUD
    2 Dozen of Eggs for 8.78 AUD
  total: Total: 12.75 AUD
  currency: Currency: AUD
  > email ana@example.com
  emailStatus: valid
  > name Ana Lima
  nameStatus: valid
  > address 4 Quay Lane, Dunmore
  addressStatus: valid
  placeOrderEnabled: true
  placeOrderHint: Ready to order
  > order
  cart:
    (none)
  total: Total: 0.00 AUD
  placeOrderEnabled: false
  placeOrderHint: Add something to your cart
  confirmation: Order #000001 placed. Total: 12.75 AUD
  > orders
  orders:
    #000001  2025-01-15 14:03  4 items  12.75 AUD
      2 Bag of Peas for 3.97 AUD
      2 Dozen of Eggs for 8.78 AUD
  """

/// The input lines of a transcript.
func inputs(of transcript: String) -> [String] {
  transcript.split(separator: "\n").filter { $0.hasPrefix("> ") }.map { String($0.dropFirst(2)) }
}

/// The output lines of a transcript.
func outputs(of transcript: String) -> [String] {
  transcript.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("> ") }
    .map(String.init)
}
