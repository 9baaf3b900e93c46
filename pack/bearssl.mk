# BearSSL for musl, from Debian 12's source package: the static library and
# its public headers in $(LIBS), shipped and linked like zlib and libzstd.
# Only the members commands use are built (flash is dear; source mode ships
# the archive whole): SHA-256, P-256 ECDSA and RSA PKCS#1 v1.5 verification
# (verify's cmds-src/lib/sigcheck.c). A command that needs more adds the
# source names here. Plain C at -Os, no assembly: BearSSL's x86 intrinsics
# (AES-NI, SSE2) live in symcipher and aead, which are not built; nothing
# here reads the clock or the random device.

BEARSSL_VERSION := 0.6+dfsg.1-3
BEARSSL_DSC := $(DL)/bearssl_$(BEARSSL_VERSION).dsc
BEARSSL_SRC := ccopy dec32be enc32be sha2small \
	i31_add i31_bitlen i31_decmod i31_decode i31_encode i31_fmont i31_iszero \
	i31_modpow i31_modpow2 i31_montmul i31_muladd i31_ninv31 i31_rshift i31_sub \
	i31_tmont i32_div32 \
	ec_p256_m31 ec_secp256r1 ec_secp384r1 ec_secp521r1 \
	ecdsa_atr ecdsa_i31_bits ecdsa_i31_vrfy_asn1 ecdsa_i31_vrfy_raw \
	rsa_i31_pkcs1_vrfy rsa_i31_pub rsa_pkcs1_sig_unpad

$(BEARSSL_DSC): | $(DEPS)
	pack/debsrc.sh bearssl $(BEARSSL_VERSION) $(DL)

$(LIBS)/libbearssl.a: $(BEARSSL_DSC) pack/bearssl.mk
	rm -rf $(LIBS)/bearssl && mkdir -p $(LIBS)/bearssl/obj
	dpkg-source --no-check -x $< $(LIBS)/bearssl/src >/dev/null
	cd $(LIBS)/bearssl && for n in $(BEARSSL_SRC); do \
		$(MUSLCC) $(LIB_CFLAGS) -Os -Isrc/inc -Isrc/src -c -o obj/$$n.o src/src/*/$$n.c || exit 1; \
	done
	rm -f $@ && ar rcs $@ $(addprefix $(LIBS)/bearssl/obj/,$(addsuffix .o,$(BEARSSL_SRC)))
	cp $(LIBS)/bearssl/src/inc/*.h $(LIBS)/
