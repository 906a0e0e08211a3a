/// An entry of a service's list that may fail to decode without failing the document around
/// it: the decoders keep the good entries and leave out the bad.
struct Lenient<Value: Decodable>: Decodable {
  let value: Value?
  init(from decoder: any Decoder) throws { value = try? Value(from: decoder) }
}
