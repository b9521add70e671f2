#ifndef TRELLIS_COPENSSL_H
#define TRELLIS_COPENSSL_H
/* Thin shim over OpenSSL: macros and constants Swift cannot import, as inline functions. */
#include <openssl/sha.h>
#include <openssl/evp.h>
#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/bio.h>
#include <openssl/x509v3.h>

/* SHA-256 of `len` bytes into `out` (32 bytes). Returns 1 on success. */
static inline int copenssl_sha256(const void *data, size_t len, unsigned char *out) {
    return SHA256((const unsigned char *)data, len, out) != NULL;
}

/* Incremental SHA-256 (SDUI's SHA256.Hasher): the low-level calls SHA256() itself runs, which
 * OpenSSL 3 marks deprecated in favour of EVP (slower per digest: a provider fetch). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static inline int copenssl_sha256_init(SHA256_CTX *context) {
    return SHA256_Init(context);
}

static inline int copenssl_sha256_update(SHA256_CTX *context, const void *data, size_t len) {
    return SHA256_Update(context, data, len);
}

static inline int copenssl_sha256_final(SHA256_CTX *context, unsigned char *out) {
    return SHA256_Final(out, context);
}
#pragma GCC diagnostic pop

/* ---- TLS server (HTTPServer/TLS): macros and option bits Swift cannot import ---- */

/* SSL_CTX_set_min_proto_version: e.g. TLS1_2_VERSION. Returns 1 on success. */
static inline int copenssl_SSL_CTX_set_min_proto_version(SSL_CTX *ctx, int version) {
    return (int)SSL_CTX_set_min_proto_version(ctx, version);
}

/* SSL_CTX_set_mode: returns the new mode bits. */
static inline long copenssl_SSL_CTX_set_mode(SSL_CTX *ctx, long mode) {
    return SSL_CTX_set_mode(ctx, mode);
}

/* SSL_CTX_set_options: returns the new option bits. */
static inline uint64_t copenssl_SSL_CTX_set_options(SSL_CTX *ctx, uint64_t options) {
    return (uint64_t)SSL_CTX_set_options(ctx, options);
}

/* BIO_get_mem_data: points `*data` at the readable bytes of a memory BIO; returns their count. */
static inline long copenssl_BIO_get_mem_data(BIO *bio, char **data) {
    return BIO_get_mem_data(bio, data);
}

/* The server options: no compression, no renegotiation, the server's cipher order. */
static inline uint64_t copenssl_server_options(void) {
    return SSL_OP_NO_COMPRESSION | SSL_OP_NO_RENEGOTIATION | SSL_OP_CIPHER_SERVER_PREFERENCE;
}

/* The modes a non-blocking, memory-BIO server wants. */
static inline long copenssl_server_modes(void) {
    return SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER | SSL_MODE_RELEASE_BUFFERS;
}

/* ALPN select callback: `http/1.1` if the client offers it; otherwise no ALPN at all
   (SSL_TLSEXT_ERR_NOACK), and the connection goes on as HTTP/1.1. */
static inline int copenssl_alpn_select_http11(SSL *ssl, const unsigned char **out, unsigned char *outlen,
                                              const unsigned char *in, unsigned int inlen, void *arg) {
    static const unsigned char server[] = "\x08http/1.1";
    unsigned char *selected = NULL;
    (void)ssl; (void)arg;
    if (SSL_select_next_proto(&selected, outlen, server, sizeof(server) - 1, in, inlen) != OPENSSL_NPN_NEGOTIATED) {
        return SSL_TLSEXT_ERR_NOACK;
    }
    *out = selected;
    return SSL_TLSEXT_ERR_OK;
}

/* Installs `copenssl_alpn_select_http11` on a context. */
static inline void copenssl_SSL_CTX_select_alpn_http11(SSL_CTX *ctx) {
    SSL_CTX_set_alpn_select_cb(ctx, copenssl_alpn_select_http11, NULL);
}

/* ---- TLS client (Trellis/Upstream): SNI and the options of an upstream connection ---- */

/* SSL_set_tlsext_host_name: the SNI name sent in the ClientHello. Returns 1 on success. */
static inline int copenssl_SSL_set_tlsext_host_name(SSL *ssl, const char *name) {
    return (int)SSL_set_tlsext_host_name(ssl, name);
}

/* The client options: no compression, no renegotiation. */
static inline uint64_t copenssl_client_options(void) {
    return SSL_OP_NO_COMPRESSION | SSL_OP_NO_RENEGOTIATION;
}

/* The modes a non-blocking client wants. */
static inline long copenssl_client_modes(void) {
    return SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER | SSL_MODE_AUTO_RETRY;
}

/* How an upstream's name is matched (X509_VERIFY_PARAM_set_hostflags): subjectAltName only, never
   the subject's CN (RFC 9525 §6.3), and a wildcard only as a whole label. */
static inline unsigned int copenssl_client_host_flags(void) {
    return X509_CHECK_FLAG_NEVER_CHECK_SUBJECT | X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS;
}

#endif
