/*
 * md.h - what MD5, SHA-1 and SHA-256 share (md.c), for whoever writes one of
 * them: md_update feeds bytes through BLOCK, which folds 64 bytes into the
 * state H; BUF holds a partial block and LEN counts bytes. md_final pads,
 * with the length in bits BIG_ENDIAN or not.
 */
#ifndef MD_H
#define MD_H

#include <stddef.h>
#include <stdint.h>

typedef void md_block_fn(uint32_t *h, const unsigned char *p);
void md_update(uint32_t *h, unsigned char buf[64], uint64_t *len, const void *data, size_t n,
    md_block_fn *block);
void md_final(uint32_t *h, unsigned char buf[64], uint64_t *len, int big_endian, md_block_fn *block);

#endif
