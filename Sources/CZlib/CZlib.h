#ifndef TRELLIS_CZLIB_H
#define TRELLIS_CZLIB_H
/* Thin shim over zlib: its init functions are macros Swift cannot import. */
#include <zlib.h>

/* deflateInit2 for a gzip stream (windowBits 15 + 16). */
static inline int czlib_deflate_init_gzip(z_streamp strm, int level) {
    return deflateInit2(strm, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

/* inflateInit2 that accepts a gzip stream (windowBits 15 + 16). */
static inline int czlib_inflate_init_gzip(z_streamp strm) {
    return inflateInit2(strm, 15 + 16);
}

#endif
