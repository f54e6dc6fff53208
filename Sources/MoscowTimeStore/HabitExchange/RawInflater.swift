// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import MoscowTimeDomain

/// Inflates raw DEFLATE data (ZIP method 8) with GIO's GZlibDecompressor, which is the system zlib
/// behind GLib's API. Every program that reads habits links GIO already (the store's linker
/// settings), so this needs no new system-library target, and no
/// Foundation: ZIPFoundation would pull in full Foundation (about
/// 13 MB of ICU and a slower start) while agent-cli must start in about 10 ms.
enum RawInflater {
    static func inflate(_ input: ArraySlice<UInt8>, size: Int) throws(InputError) -> [UInt8] {
        guard let converter = g_zlib_decompressor_new(G_ZLIB_COMPRESSOR_FORMAT_RAW) else {
            throw InputError("cannot create a zlib decompressor")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(converter)) }
        // One spare byte: data longer than declared must not fit.
        var out = [UInt8](repeating: 0, count: size + 1)
        var consumed = 0
        var produced = 0
        var failure: Message?
        input.withUnsafeBytes { inBuf in
            out.withUnsafeMutableBytes { outBuf in
                while true {
                    var read: gsize = 0
                    var written: gsize = 0
                    var error: UnsafeMutablePointer<GError>?
                    let r = g_converter_convert(
                        converter, inBuf.baseAddress.map { $0 + consumed }, gsize(inBuf.count - consumed),
                        outBuf.baseAddress! + produced, gsize(outBuf.count - produced),
                        G_CONVERTER_INPUT_AT_END, &read, &written, &error)
                    consumed += Int(read)
                    produced += Int(written)
                    if let error {
                        failure = Message("zlib says \"{detail}\"", ["detail": String(cString: error.pointee.message)])
                        g_error_free(error)
                        return
                    }
                    if r == G_CONVERTER_FINISHED { return }
                    if produced >= outBuf.count || (read == 0 && written == 0) {
                        failure = Message("the data is longer than its declared size or truncated")
                        return
                    }
                }
            }
        }
        if let failure { throw InputError("cannot inflate: {failure}", parts: ["failure": failure]) }
        guard produced == size else {
            throw InputError(
                "cannot inflate: {produced} bytes instead of the declared {size}", ["produced": "\(produced)", "size": "\(size)"])
        }
        out.removeLast()
        return out
    }
}
