# wget.t - golden tests for wget: usage and URLs (downloads from well and badly
# behaved servers are tested in a network namespace by test/net/run)
u=$'usage: wget [-q] [-O FILE|-] [-T TIMEOUT] [-D DEADLINE] [-M MAXSIZE] [-t TRIES] [--ca FILE] [--pin SHA256] URL...\n'
t '--help' 0 'wget --help' "$u"
t 'no URL' 1 'wget 2>&1' "$u"
t 'bad option' 1 'wget -z http://127.0.0.1/ 2>&1' $'wget: -z: unknown option\n'"$u"
t 'missing argument' 1 'wget -O 2>&1' $'wget: -O: option requires an argument\n'"$u"
t '-O FILE takes one URL' 1 'wget -O f http://127.0.0.1/a http://127.0.0.1/b 2>&1' "$u"
t '-T not a number' 1 'wget -T x http://127.0.0.1/ 2>&1' $'wget: x: invalid timeout\n'
t '-T negative' 1 'wget -T -1 http://127.0.0.1/ 2>&1' $'wget: -1: invalid timeout\n'
t '-t 0' 1 'wget -t 0 http://127.0.0.1/ 2>&1' $'wget: 0: invalid number of tries\n'
t 'https: --ca missing' 1 'wget --ca /nonexistent https://example.com/vmlinuz 2>&1' $'wget: https://example.com/vmlinuz: /nonexistent: No such file or directory\n'
t 'HTTPS: --ca missing' 1 'wget --ca /nonexistent HTTPS://example.com/ 2>&1' $'wget: HTTPS://example.com/: /nonexistent: No such file or directory\n'
t 'https: --ca without certificates' 1 ': >ca; wget --ca ca https://127.0.0.1/ 2>&1' $'wget: https://127.0.0.1/: no CA certificates (ca): pass --ca FILE or --pin\n'
t 'https: --ca not PEM' 1 'printf -- "-----BEGIN CERTIFICATE-----\nnot base64 !\n" >ca; wget --ca ca https://127.0.0.1/ 2>&1' $'wget: https://127.0.0.1/: ca: not a PEM file\n'
t 'https: --ca a bad certificate' 1 'printf -- "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n" >ca; wget --ca ca https://127.0.0.1/ 2>&1' $'wget: https://127.0.0.1/: ca: a certificate does not decode\n'
t '--ca without FILE' 1 'wget --ca 2>&1' $'wget: --ca: option requires an argument\n'"$u"
t '--pin without SHA256' 1 'wget --pin 2>&1' $'wget: --pin: option requires an argument\n'"$u"
t '--pin too short' 1 'wget --pin abcd https://127.0.0.1/ 2>&1' $'wget: abcd: invalid pin (64 hex digits of a SHA-256)\n'
t '--pin not hex' 1 'wget --pin "$(printf "%064d" 0 | tr 0 g)" https://127.0.0.1/ 2>&1' $'wget: gggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggg: invalid pin (64 hex digits of a SHA-256)\n'
t 'ftp' 1 'wget ftp://example.com/x 2>&1' $'wget: ftp://example.com/x: unsupported scheme\n'
t 'no scheme' 1 'wget example.com/x 2>&1' $'wget: example.com/x: not an http:// URL\n'
t 'relative' 1 'wget /x 2>&1' $'wget: /x: not an http:// URL\n'
t 'empty' 1 'wget "" 2>&1' $'wget: : not an http:// URL\n'
t 'no host' 1 'wget http:///x 2>&1' $'wget: http:///x: no host name\n'
t 'only a scheme' 1 'wget http:// 2>&1' $'wget: http://: no host name\n'
t 'port 0' 1 'wget http://127.0.0.1:0/ 2>&1' $'wget: http://127.0.0.1:0/: bad port\n'
t 'port too big' 1 'wget http://127.0.0.1:65536/ 2>&1' $'wget: http://127.0.0.1:65536/: bad port\n'
t 'port not a number' 1 'wget http://127.0.0.1:http/ 2>&1' $'wget: http://127.0.0.1:http/: bad port\n'
t 'port too long' 1 'wget http://127.0.0.1:000080/ 2>&1' $'wget: http://127.0.0.1:000080/: bad port\n'
t 'user name' 1 'wget http://root:pw@127.0.0.1/ 2>&1' $'wget: http://root:pw@127.0.0.1/: user names in URLs are not supported\n'
t 'bad host' 1 'wget "http://a b/" 2>&1' $'wget: http://a b/: bad host name\n'
t 'bad IPv6' 1 'wget "http://[::1/" 2>&1' $'wget: http://[::1/: bad IPv6 address\n'
t 'junk after IPv6' 1 'wget "http://[::1]x/" 2>&1' $'wget: http://[::1]x/: bad IPv6 address\n'
t 'IPv6: port too big' 1 'wget "http://[fd00::1]:99999/" 2>&1' $'wget: http://[fd00::1]:99999/: bad port\n'
t 'IPv6: empty brackets' 1 'wget "http://[]/" 2>&1' $'wget: http://[]/: bad IPv6 address\n'
t 'IPv6: zone IDs are not supported' 1 'wget "http://[fe80::1%25eth0]/" 2>&1' $'wget: http://[fe80::1%25eth0]/: bad IPv6 address\n'
t 'IPv6: port not a number' 1 'wget "http://[::ffff:10.0.0.1]:x/" 2>&1' $'wget: http://[::ffff:10.0.0.1]:x/: bad port\n'
t 'long host' 1 'h=$(printf "%0300d" 0 | tr 0 a); wget "http://$h/" 2>e; r=$?; sed "s/a*a/A/" e; exit $r' $'wget: http://A/: host name too long\n'
t 'bad URLs, carries on' 1 'wget --ca /nonexistent https://x/ ftp://y/ 2>&1' $'wget: https://x/: /nonexistent: No such file or directory\nwget: ftp://y/: unsupported scheme\n'
t 'nothing left behind' 1 'wget --ca /nonexistent -O f https://x/ 2>/dev/null; wget --ca /nonexistent https://x/y 2>/dev/null; r=$?; ls -A; exit $r' ''
t 'long URL' 1 'h=$(printf "%0100000d" 0 | tr 0 a); wget "ftp://$h" 2>e; r=$?; wc -c <e; exit $r' $'100033\n'
t '-D not a number' 1 'wget -D soon http://127.0.0.1/ 2>&1' $'wget: soon: invalid deadline\n'
t '-D 0' 1 'wget -D 0 http://127.0.0.1/ 2>&1' $'wget: 0: invalid deadline\n'
t '-M not a size' 1 'wget -M 1x http://127.0.0.1/ 2>&1' $'wget: 1x: invalid size\n'
t '-M 0' 1 'wget -M 0 http://127.0.0.1/ 2>&1' $'wget: 0: invalid size\n'
t 'URL shown escaped' 1 'wget "$(printf "http://\033]0;x\a/")" 2>&1' $'wget: http://\\x1b]0;x\\x07/: bad host name\n'
t 'backslash in a URL shown doubled' 1 'wget "ftp://a\\b" 2>&1' $'wget: ftp://a\\\\b: unsupported scheme\n'
t 'non-ASCII in a URL shown escaped' 1 'wget "$(printf "gopher://\233/")" 2>&1' $'wget: gopher://\\x9b/: unsupported scheme\n'
