# efivar.t - golden tests for efivar on a made-up efivarfs (-D DIR): each file
# Name-GUID holds 4 bytes of attributes, then the value.
usage=$'usage: efivar [-D DIR] -l | [-D DIR] -p|-d -n [GUID-]NAME\n'
G=8be4df61-93ca-11d2-aa0d-00e098032b8c
G2=12345678-1234-1234-1234-123456789abc
vars="mkdir v && printf '\\007\\000\\000\\000\\001\\000\\000\\000\\002\\000' >v/BootOrder-$G && printf '\\006\\000\\000\\000\\005\\000' >v/Timeout-$G && printf '\\007\\000\\000\\000\\001\\000\\000\\000\\056\\000\\125\\000\\105\\000\\106\\000\\111\\000\\040\\000\\121\\000\\105\\000\\115\\000\\125\\000\\000\\000' >v/Boot0001-$G && printf '\\047\\000\\000\\000\\001\\002\\003\\004\\005\\006\\007\\010' >v/db-d719b2cb-3d3a-4596-a3bc-dad00e67656f && printf '\\007\\000' >v/Short-$G && touch v/not-a-variable"
t '-l' 0 "$vars && efivar -D v -l" $'8be4df61-93ca-11d2-aa0d-00e098032b8c-Boot0001\n8be4df61-93ca-11d2-aa0d-00e098032b8c-BootOrder\n8be4df61-93ca-11d2-aa0d-00e098032b8c-Short\n8be4df61-93ca-11d2-aa0d-00e098032b8c-Timeout\nd719b2cb-3d3a-4596-a3bc-dad00e67656f-db\n'
t '-p' 0 "$vars && efivar -D v -p -n $G-Boot0001" $'GUID: 8be4df61-93ca-11d2-aa0d-00e098032b8c\nName: "Boot0001"\nAttributes:\n\tNon-Volatile\n\tBoot Service Access\n\tRuntime Service Access\nValue:\n00000000  01 00 00 00 2e 00 55 00  45 00 46 00 49 00 20 00  |......U.E.F.I. .|\n00000010  51 00 45 00 4d 00 55 00  00 00                    |Q.E.M.U...      |\n'
t '-p: more than 16 bytes, other attributes' 0 "$vars && efivar -D v -p -n db" $'GUID: d719b2cb-3d3a-4596-a3bc-dad00e67656f\nName: "db"\nAttributes:\n\tNon-Volatile\n\tBoot Service Access\n\tRuntime Service Access\n\tTime-Based Authenticated Write Access\nValue:\n00000000  01 02 03 04 05 06 07 08                           |........        |\n'
t '-p: a bare name' 0 "$vars && efivar -D v -p -n BootOrder" $'GUID: 8be4df61-93ca-11d2-aa0d-00e098032b8c\nName: "BootOrder"\nAttributes:\n\tNon-Volatile\n\tBoot Service Access\n\tRuntime Service Access\nValue:\n00000000  01 00 00 00 02 00                                 |......          |\n'
t '-d: a 2-byte value' 0 "$vars && efivar -D v -d -n $G-Timeout" $'5\n'
t '-d: an 8-byte value' 0 "$vars && efivar -D v -d -n db" $'578437695752307201\n'
t '-d: no integer' 1 "$vars && efivar -D v -d -n BootOrder 2>&1" $'efivar: 8be4df61-93ca-11d2-aa0d-00e098032b8c-BootOrder: 6 bytes is no integer\n'
t 'no such variable' 1 "$vars && efivar -D v -p -n $G-Nope 2>&1" $'efivar: 8be4df61-93ca-11d2-aa0d-00e098032b8c-Nope: no such variable\n'
t 'no such bare name' 1 "$vars && efivar -D v -p -n Nope 2>&1" $'efivar: Nope: no such variable\n'
t 'shorter than its attributes' 1 "$vars && efivar -D v -p -n Short 2>&1" $'efivar: v/Short-8be4df61-93ca-11d2-aa0d-00e098032b8c: shorter than its attributes\n'
t 'no efivarfs' 1 "efivar -D nowhere -l 2>&1" $'efivar: nowhere: No such file or directory (not booted by UEFI?)\n'
t 'no efivarfs, -p' 1 "efivar -D nowhere -p -n x 2>&1" $'efivar: nowhere: No such file or directory (not booted by UEFI?)\n'
t 'the same name in two GUIDs' 1 "$vars && cp v/Timeout-$G v/Timeout-$G2 && efivar -D v -d -n Timeout 2>&1" $'efivar: Timeout: in more than one GUID; name it GUID-NAME\n'
t '-l and -n' 1 'efivar -l -n x 2>&1' "$usage"
t '-p without -n' 1 'efivar -p 2>&1' "$usage"
t '-p and -d' 1 'efivar -p -d -n x 2>&1' "$usage"
t 'nothing to do' 1 'efivar 2>&1' "$usage"
t 'bad option' 1 'efivar -w 2>&1' $'efivar: -w: unknown option\n'"$usage"
t '--help' 0 'efivar --help' "$usage"
