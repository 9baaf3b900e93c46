# BearSSL for musl, from Debian 12's source package: the static library and
# its public headers in $(LIBS), shipped and linked like zlib and libzstd.
# Only the members commands use are built (flash is dear; source mode ships
# the archive whole): P-256 ECDSA and RSA PKCS#1 v1.5 verification, i31 code
# (cmds-src/lib/sig_verify.c); SHA-256 comes from the command library's
# sha256.c. wget's https (cmds-src/wget/tls.c) adds a TLS 1.2 client: the
# engine and client handshake, x509_minimal and the certificate and PEM
# decoders, the TLS 1.2 PRF with SHA-256/384, ECDHE over P-256, P-384 and
# x25519 (ec_all_m31), AES-GCM and ChaCha20-Poly1305 in their constant-time
# portable code (aes_ct, ghash_ctmul, chacha20_ct, poly1305_ctmul), the
# HMAC-DRBG and the system seeder. A command that needs more adds the source
# names here. Plain C at -Os, no assembly: BearSSL's x86 intrinsics (AES-NI,
# SSE2, PCLMUL) are in members not built, and BR_RDRAND=0 keeps the seeder
# to /dev/urandom (wget feeds getrandom's bytes in first).

BEARSSL_VERSION := 0.6+dfsg.1-3
BEARSSL_DSC := $(DL)/bearssl_$(BEARSSL_VERSION).dsc
# The headers of what is built, as <bearssl/NAME.h> (Debian's layout, so the
# host's libbearssl-dev serves the sanitizer and fuzz builds): shipped without
# their comments but the licence (pack/strip-header.sh, as zlib's and zstd's;
# 200 KB of documentation; $(LIBS)/bearssl/full has them).
BEARSSL_HDR := bearssl_ec.h bearssl_rsa.h bearssl_rand.h bearssl_hash.h bearssl_block.h \
	bearssl_ssl.h bearssl_x509.h bearssl_pem.h bearssl_hmac.h bearssl_prf.h
BEARSSL_SRC := ccopy dec32be enc32be \
	i31_add i31_bitlen i31_decmod i31_decode i31_encode i31_fmont i31_iszero \
	i31_modpow i31_modpow2 i31_montmul i31_muladd i31_ninv31 i31_rshift i31_sub \
	i31_tmont i32_div32 \
	ec_p256_m31 ec_secp256r1 ec_secp384r1 ec_secp521r1 \
	ecdsa_atr ecdsa_i31_bits ecdsa_i31_vrfy_asn1 ecdsa_i31_vrfy_raw \
	rsa_i31_pkcs1_vrfy rsa_i31_pub rsa_pkcs1_sig_unpad sha2small \
	ssl_engine ssl_client ssl_hs_client ssl_rec_gcm ssl_rec_chapol \
	prf prf_sha256 prf_sha384 hmac hmac_drbg multihash sha2big sysrng \
	x509_minimal x509_decoder pemdec dec64be enc64be \
	ec_all_m31 ec_c25519_m31 ec_prime_i31 \
	aes_ct aes_ct_enc aes_ct_ctr ghash_ctmul chacha20_ct poly1305_ctmul

$(BEARSSL_DSC): | $(DEPS)
	pack/debsrc.sh bearssl $(BEARSSL_VERSION) $(DL)

$(LIBS)/libbearssl.a: $(BEARSSL_DSC) pack/bearssl.mk pack/libs.mk pack/strip-header.sh
	rm -rf $(LIBS)/bearssl-src $(LIBS)/bearssl && mkdir -p $(LIBS)/bearssl-src/obj $(LIBS)/bearssl/full
	dpkg-source --no-check -x $< $(LIBS)/bearssl-src/src >/dev/null
	cd $(LIBS)/bearssl-src && for n in $(BEARSSL_SRC); do \
		$(MUSLCC) $(LIB_CFLAGS) -Os -DBR_RDRAND=0 -Isrc/inc -Isrc/src -c -o obj/$$n.o src/src/*/$$n.c || exit 1; \
	done
	for h in $(BEARSSL_HDR); do \
		cp $(LIBS)/bearssl-src/src/inc/$$h $(LIBS)/bearssl/full/ && \
		MUSLCC=$(MUSLCC) pack/strip-header.sh $(LIBS)/bearssl-src/src/inc/$$h $(LIBS)/bearssl/$$h || exit 1; \
	done
	rm -f $@ && $(CROSS)ar rcs $@ $(addprefix $(LIBS)/bearssl-src/obj/,$(addsuffix .o,$(BEARSSL_SRC)))
