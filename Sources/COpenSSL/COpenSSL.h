#ifndef TRELLIS_COPENSSL_H
#define TRELLIS_COPENSSL_H
/* Thin shim over OpenSSL: macros and constants Swift cannot import, as inline functions. */
#include <openssl/sha.h>
#include <openssl/evp.h>
#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/bio.h>

/* SHA-256 of `len` bytes into `out` (32 bytes). Returns 1 on success. */
static inline int copenssl_sha256(const void *data, size_t len, unsigned char *out) {
    return SHA256((const unsigned char *)data, len, out) != NULL;
}

#endif
