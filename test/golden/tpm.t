# tpm.t - golden tests for tpm without a TPM: usage, operands, the log.
# A TPM (swtpm on a UNIX socket) is in test/tpm/run.
usage=$'usage: tpm [-d DEVICE] [-l LOG] pcrread [PCR...] | extend PCR FILE | extend PCR -s STRING | log | replay
  DEVICE: a TPM device (default /dev/tpmrm0, else /dev/tpm0) or the UNIX socket of a
  simulator\'s command channel (swtpm socket --tpm2 --server type=unixio,path=SOCKET)
  LOG: the event log, default /run/tpm/events\n'
hex=$(printf 'ab%.0s' $(seq 32))
t 'no operand' 1 'tpm 2>&1' "$usage"
t '--help' 0 'tpm --help' "$usage"
t 'bad option' 1 'tpm -z log 2>&1' $'tpm: -z: unknown option\n'"$usage"
t 'unknown subcommand' 1 'tpm quote 2>&1' "$usage"
t 'extend without a file' 1 'tpm extend 8 2>&1' "$usage"
t 'extend -s without a string' 1 'tpm extend 8 -s 2>&1' "$usage"
t 'log with an operand' 1 'tpm log x 2>&1' "$usage"
t 'PCR past 23' 1 'tpm -d nodev pcrread 24 2>&1' $'tpm: 24: not a PCR (0-23)\n'
t 'PCR not a number' 1 'tpm -d nodev extend -1 -s x 2>&1' $'tpm: -1: not a PCR (0-23)\n'
t 'missing file' 1 'tpm -d nodev extend 9 nope 2>&1' $'tpm: nope: No such file or directory\n'
t 'missing device' 1 'tpm -d nodev pcrread 2>&1' $'tpm: nodev: No such file or directory\n'
t 'missing device, nothing logged' 1 'tpm -d nodev -l ev extend 9 -s x 2>&1; cat ev' $'tpm: nodev: No such file or directory\n'
t 'log' 0 "printf '8 $hex cmdline\n' >ev; tpm -l ev log" "8 $hex cmdline"$'\n'
t 'missing log' 1 'tpm -l nope log 2>&1' $'tpm: nope: No such file or directory\n'
t 'replay: missing log' 1 'tpm -d nodev -l nope replay 2>&1' $'tpm: nope: No such file or directory\n'
t 'replay: PCR past 23' 1 "echo '24 $hex x' >ev; tpm -d nodev -l ev replay 2>&1" $'tpm: ev:1: not a line "PCR SHA256HEX description"\n'
t 'replay: short digest' 1 "printf '8 $hex x\n9 abc x\n' >ev; tpm -d nodev -l ev replay 2>&1" $'tpm: ev:2: not a line "PCR SHA256HEX description"\n'
t 'replay: no TPM' 1 "echo '8 $hex' >ev; tpm -d nodev -l ev replay 2>&1" $'tpm: nodev: No such file or directory\n'
t 'replay: empty log' 0 ': >ev; tpm -d nodev -l ev replay' ''
