# The source-mode staging tree: what the image holds, before packing.

$(B)/root/.staged: pack/stage-source.sh $(RT)/ubuild $(RT)/check.o $(TCC_LIBS) \
		$(wildcard cmds-src/*.c) $(LIB_SRC) $(LIB_HDR)
	UBUILD=$(RT)/ubuild CHECK=$(RT)/check.o TCC_SRC=$(TCC_SRC) \
	MUSL_INC=$(MUSL_INC) MUSL_LIB=$(MUSL_LIB) pack/stage-source.sh $(B)/root
	touch $@
