#!/usr/bin/env bash
# cpick against an OpenLDAP directory of N generated people (slapd on 127.0.0.1), beside
# ldapsearch with the same filters. Runs everything from scratch; prints a Markdown table.
#
#   N=100000 Sources/cpick-bench/ldap.sh
#
# Needs: release cpick and cpick-sync in BIN (swift build -c release --static-swift-stdlib --no-color-diagnostics --product cpick;
# … --product cpick-sync), slapd and ldap-utils (Debian), hyperfine, python3.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
N=${N:-100000}
PORT=${PORT:-3899}
BIN=${BIN:-$ROOT/.build/release}
GEN=${GEN:-$ROOT/../shared/tools/gen_contacts.py}
W=${W:-/tmp/bench-ldap-$N}
SUFFIX="dc=example,dc=org"
URL="ldap://127.0.0.1:$PORT/$SUFFIX"
rm -rf "$W"; mkdir -p "$W/data" "$W/config/cpick"
export XDG_CONFIG_HOME=$W/config XDG_CACHE_HOME=$W/cache XDG_STATE_HOME=$W/state

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "slapd: $(dpkg-query -W -f='${Version}' slapd)  entries: $N"
python3 "$GEN" "$N" 1 ldif --base "$SUFFIX" > "$W/people.ldif"
cat > "$W/slapd.conf" <<CONF
include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/inetorgperson.schema
include /etc/ldap/schema/nis.schema
modulepath /usr/lib/ldap
moduleload back_mdb
moduleload syncprov
pidfile $W/slapd.pid
loglevel none
sizelimit 500
database mdb
maxsize 8589934592
suffix "$SUFFIX"
rootdn "cn=admin,$SUFFIX"
rootpw benchpass
directory $W/data
index objectClass eq
index cn,sn,givenName,displayName,mail,uid,telephoneNumber,mobile eq,sub
index entryCSN,entryUUID eq
limits * size.prtotal=unlimited size.soft=unlimited size.hard=unlimited
access to * by * read
overlay syncprov
CONF
/usr/sbin/slapadd -q -f "$W/slapd.conf" -l "$W/people.ldif"
/usr/sbin/slapd -f "$W/slapd.conf" -h "ldap://127.0.0.1:$PORT/"
trap 'kill $(cat "$W/slapd.pid") 2>/dev/null || true' EXIT
until ldapsearch -x -H "ldap://127.0.0.1:$PORT/" -b "$SUFFIX" -s base dn >/dev/null 2>&1; do sleep 0.1; done

printf '[account corp]\nurl = %s\nmax-age = 100000000\n' "$URL" > "$W/config/cpick/config"
HF="hyperfine --style basic --export-markdown"

echo; echo "## mirror mode"
$HF "$W/first.md" --runs 3 --prepare "rm -rf $W/cache $W/state" \
  -n "cpick-sync sync (first, $N entries)" "$BIN/cpick-sync sync" \
  -n "ldapsearch, paged, every entry" "ldapsearch -x -LLL -H ldap://127.0.0.1:$PORT/ -b $SUFFIX -E pr=500/noprompt '(objectClass=inetOrgPerson)' > /dev/null"
rm -rf "$W/cache" "$W/state"
/usr/bin/time -f "cpick-sync first sync: %e s, peak %M KB" "$BIN/cpick-sync" sync
echo "cards in the copy: $(find "$W/cache" -name '*.vcf' | wc -l)"
printf 'dn: uid=bench-change,ou=people,%s\nobjectClass: inetOrgPerson\nuid: bench-change\ncn: Bench Change\nsn: Change\n' "$SUFFIX" > "$W/add.ldif"
cat > "$W/change.sh" <<SH
#!/bin/sh
ldapdelete -x -H ldap://127.0.0.1:$PORT/ -D cn=admin,$SUFFIX -w benchpass uid=bench-change,ou=people,$SUFFIX 2>/dev/null
ldapadd -x -H ldap://127.0.0.1:$PORT/ -D cn=admin,$SUFFIX -w benchpass -f $W/add.ldif > /dev/null
SH
chmod +x "$W/change.sh"
$HF "$W/refresh.md" --runs 5 --prepare "$W/change.sh" -n "cpick-sync sync (one entry changed, RFC 4533 cookie)" "$BIN/cpick-sync sync"
"$BIN/cpick" query -f mutt smi > /dev/null
$HF "$W/query-mirror.md" --runs 10 --warmup 2 -n "cpick query -f mutt smi (mirror, warm)" "$BIN/cpick query -f mutt smi"

echo; echo "## query mode: 100 three-letter prefixes, key to results"
printf '[account corp]\nurl = %s\nmode = query\nlimit = 50\n' "$URL" > "$W/config/cpick/config"
python3 - "$W/people.ldif" > "$W/prefixes" <<'PY'
import sys, base64, random
names = []
for line in open(sys.argv[1], encoding="utf-8"):
    if line.startswith("sn:: "): names.append(base64.b64decode(line[5:]).decode())
    elif line.startswith("sn: "): names.append(line[4:].strip())
random.seed(1)
for name in random.sample(names, 100): print(name[:3].lower())
PY
timeit() {  # command… → milliseconds per prefix, sorted
  while read -r prefix; do
    start=$(date +%s%N); "$@" "$prefix" < /dev/null > /dev/null 2>&1 || true; end=$(date +%s%N)
    echo $(( (end - start) / 1000 ))
  done < "$W/prefixes" | sort -n
}
pct() { awk -v p="$1" '{a[NR]=$1} END {i=int((NR*p+99)/100); if (i<1) i=1; printf "%.1f", a[i]/1000}'; }
timeit "$BIN/cpick" query -f mutt > "$W/cpick.times"
ldapq() { ldapsearch -x -LLL -z 50 -H "ldap://127.0.0.1:$PORT/" -b "$SUFFIX" "(&(objectClass=inetOrgPerson)(|(cn=*$1*)(sn=*$1*)(givenName=*$1*)(displayName=*$1*)(mail=*$1*)(telephoneNumber=*$1*)(mobile=*$1*)(uid=*$1*)))"; }
export -f ldapq; export PORT SUFFIX
timeit bash -c 'ldapq "$0"' > "$W/ldapsearch.times"
echo "| | p50 | p99 |"
echo "|---|---|---|"
echo "| cpick query -f mutt PREFIX (query mode: spawn, bind, search, print) | $(pct 50 < "$W/cpick.times") ms | $(pct 99 < "$W/cpick.times") ms |"
echo "| ldapsearch, same filter, -z 50 | $(pct 50 < "$W/ldapsearch.times") ms | $(pct 99 < "$W/ldapsearch.times") ms |"
echo; cat "$W"/first.md "$W"/refresh.md "$W"/query-mirror.md
