enum Version {
    static let text = "0.1.0"
}
