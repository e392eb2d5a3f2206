#!/usr/bin/env bash
# cpick vs vdirsyncer against a local Radicale (CardDAV).  Runs everything from scratch.
#
#   N=10000 RUNS=5 Sources/cpick-bench/carddav.sh          # the default point (README, "CardDAV")
#   N=100000 RUNS=3 ONLY=big Sources/cpick-bench/carddav.sh   # first sync + warm query at 100k
#
# Needs: BIN with release cpick and cpick-sync (swift build -c release --static-swift-stdlib --no-color-diagnostics --product cpick;
# … --product cpick-sync), RADICALE from PyPI (python3 -m venv /opt/bench-venv &&
# /opt/bench-venv/bin/pip install radicale), apt packages vdirsyncer hyperfine curl.
set -euo pipefail

N=${N:-10000}
RUNS=${RUNS:-5}
PORT=${PORT:-5299}
ONLY=${ONLY:-all}
BIN=${BIN:-$(cd "$(dirname "$0")/../.." && pwd)/.build/release}
GEN=${GEN:-$(cd "$(dirname "$0")/../.." && pwd)/../shared/tools/gen_contacts.py}
RADICALE=${RADICALE:-/opt/bench-venv/bin/radicale}
W=${W:-/tmp/bench-carddav-$N}
OUT=${OUT:-/tmp/bench-carddav-results-$N}

rm -rf "$W" && mkdir -p "$W" "$OUT"
export HOME=$W/home XDG_CONFIG_HOME=$W/config XDG_CACHE_HOME=$W/cache \
       XDG_STATE_HOME=$W/state XDG_DATA_HOME=$W/data
mkdir -p "$HOME" "$XDG_CONFIG_HOME/cpick" "$XDG_CONFIG_HOME/vdirsyncer"

# ---- machine / versions -------------------------------------------------------
{
  echo "date: $(date -u)"
  echo "nproc: $(nproc)"
  echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-)"
  echo "mem: $(free -g | awk '/Mem:/{print $2" GiB"}')"
  echo "kernel: $(uname -r)"
  echo "radicale: $($RADICALE --version)"
  echo "python (radicale venv): $(/opt/bench-venv/bin/python --version)"
  echo "vdirsyncer: $(vdirsyncer --version)"
  echo "hyperfine: $(hyperfine --version)"
  echo "cpick: $($BIN/cpick --version) (commit $(git -C "$BIN/../.." rev-parse --short HEAD))"
  echo "N: $N  RUNS: $RUNS"
  echo "load at start: $(cat /proc/loadavg)"
} | tee "$OUT/machine.txt"

# ---- server -------------------------------------------------------------------
COL=$W/radicale/collection-root/alice/contacts
mkdir -p "$COL"
echo '{"tag": "VADDRESSBOOK"}' > "$COL/.Radicale.props"
python3 "$GEN" "$N" 1 vdir -o "$COL"
echo "cards on server: $(ls "$COL" | grep -c '\.vcf$')"
echo 'alice:secret' > "$W/htpasswd"
cat > "$W/radicale.conf" <<EOF
[server]
hosts = 127.0.0.1:$PORT
[auth]
type = htpasswd
htpasswd_filename = $W/htpasswd
htpasswd_encryption = plain
delay = 0
[storage]
filesystem_folder = $W/radicale
[web]
type = none
[logging]
level = warning
EOF
"$RADICALE" --config "$W/radicale.conf" > "$W/radicale.log" 2>&1 &
RPID=$!
echo $RPID > "$W/radicale.pid"
trap 'kill $RPID 2>/dev/null || true' EXIT
for i in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$PORT/" && break; sleep 0.2; done
BASE=http://127.0.0.1:$PORT
# warm Radicale's item cache (it parses every card once, then keeps .Radicale.cache)
curl -s -u alice:secret -X PROPFIND -H 'Depth: 1' "$BASE/alice/contacts/" -o /dev/null

# ---- cpick config ---------------------------------------------------------------
cat > "$XDG_CONFIG_HOME/cpick/config" <<EOF
[account bench]
url = $BASE/
username = alice
password-command = echo secret
max-age = 100000
EOF

# ---- vdirsyncer config ----------------------------------------------------------
VDIR=$W/vdir
cat > "$XDG_CONFIG_HOME/vdirsyncer/config" <<EOF
[general]
status_path = "$W/vdirsyncer-status/"

[pair bench]
a = "bench_remote"
b = "bench_local"
collections = null
conflict_resolution = "a wins"

[storage bench_remote]
type = "carddav"
url = "$BASE/alice/contacts/"
username = "alice"
password.fetch = ["command", "echo", "secret"]

[storage bench_local]
type = "filesystem"
path = "$VDIR/"
fileext = ".vcf"
EOF

CP_RESET="rm -rf $XDG_CACHE_HOME/cpick $XDG_STATE_HOME/cpick"
VD_RESET="rm -rf $VDIR $W/vdirsyncer-status && mkdir -p $VDIR && vdirsyncer discover >/dev/null 2>&1"
HF="hyperfine --runs $RUNS --export-markdown"

# ---- 1. first sync ----------------------------------------------------------------
if [ -n "${SKIP_FIRST:-}" ]; then   # only fill both copies (unmeasured), for steps 2-5
  eval "$CP_RESET"; "$BIN/cpick-sync" sync > /dev/null
  eval "$VD_RESET"; vdirsyncer sync > /dev/null 2>&1
else
$HF "$OUT/1-first-sync.md" --export-json "$OUT/1-first-sync.json" \
  --prepare "$CP_RESET" -n "cpick-sync sync (first)" "$BIN/cpick-sync sync" \
  --prepare "$VD_RESET" -n "vdirsyncer sync (first)" "vdirsyncer sync"
# peak RSS of one first sync each
eval "$CP_RESET"; /usr/bin/time -v "$BIN/cpick-sync" sync > "$OUT/rss-cpick-first.out" 2> "$OUT/rss-cpick-first.txt"
eval "$VD_RESET"; /usr/bin/time -v vdirsyncer sync > "$OUT/rss-vdirsyncer-first.out" 2> "$OUT/rss-vdirsyncer-first.txt"
grep -h 'Maximum resident\|Elapsed' "$OUT"/rss-*-first.txt
fi

# ---- verify the copies ----------------------------------------------------------------
{
  echo "cpick copy .vcf files: $(find "$XDG_CACHE_HOME/cpick/dav" -name '*.vcf' | wc -l)"
  echo "cpick list --template '{uid}' (as in the brief): $($BIN/cpick list -f value --template '{uid}' 2>&1 | head -1)"
  echo "cpick list uids: $($BIN/cpick list -f value --template '{identifier}' | wc -l)"
  echo "cpick list unique uids: $($BIN/cpick list -f value --template '{identifier}' | sort -u | wc -l)"
  echo "vdirsyncer vdir .vcf files: $(find "$VDIR" -name '*.vcf' | wc -l)"
  echo "cpick list on vdir: $($BIN/cpick list -f value --template '{identifier}' --source "$VDIR" | wc -l)"
} | tee "$OUT/verify.txt"

if [ "$ONLY" != big ]; then
# ---- 2. nothing changed ------------------------------------------------------------
[ -n "${SKIP_NOCHANGE:-}" ] || $HF "$OUT/2-nochange.md" --export-json "$OUT/2-nochange.json" --warmup 1 \
  -n "cpick-sync sync (no change)" "$BIN/cpick-sync sync" \
  -n "vdirsyncer sync (no change)" "vdirsyncer sync"

# ---- 3. one card changed by another client ------------------------------------------
VICTIM=$(cd "$COL" && ls -- *.vcf | sed -n 1p)
cp "$COL/$VICTIM" "$W/victim.vcf"
printf 'user = "alice:secret"\n' > "$W/curl.cfg"
cat > "$W/change-one.sh" <<EOF
#!/bin/sh
# PUT the victim card with a fresh NOTE (another client's edit)
sed "s/^END:VCARD/NOTE:changed \$(date +%s%N)\r\nEND:VCARD/" "$W/victim.vcf" > "$W/victim-new.vcf"
curl -sf -K "$W/curl.cfg" -X PUT -H 'Content-Type: text/vcard' --data-binary @"$W/victim-new.vcf" "$BASE/alice/contacts/$VICTIM" -o /dev/null
EOF
chmod +x "$W/change-one.sh"
"$W/change-one.sh"; "$BIN/cpick-sync" sync > "$OUT/3-cpick-sample-output.txt"; vdirsyncer sync > "$OUT/3-vdirsyncer-sample-output.txt" 2>&1
$HF "$OUT/3-onechange.md" --export-json "$OUT/3-onechange.json" \
  --prepare "$W/change-one.sh" -n "cpick-sync sync (1 card changed)" "$BIN/cpick-sync sync" \
  --prepare "$W/change-one.sh" -n "vdirsyncer sync (1 card changed)" "vdirsyncer sync"
grep -c 'changed' "$XDG_CACHE_HOME"/cpick/dav/*/*/"$VICTIM" "$VDIR/$VICTIM" | tee "$OUT/3-verify.txt" || true
fi

# ---- 4. warm query --------------------------------------------------------------------
# cpick does not store its index for a folder with a file changed < 2 s ago (racyInterval),
# so right after step 3 every query of the vdir would re-read; let the change settle.
sleep 3
"$BIN/cpick" query smith -f mailbox > "$OUT/4-cpick-smith.txt"
"$BIN/cpick" query smith -f mailbox --source "$VDIR" > "$OUT/4-vdir-smith.txt"
echo "smith matches: cpick copy $(wc -l < "$OUT/4-cpick-smith.txt"), vdir $(wc -l < "$OUT/4-vdir-smith.txt")" | tee -a "$OUT/verify.txt"
$HF "$OUT/4-query.md" --export-json "$OUT/4-query.json" --warmup 2 \
  -n "cpick query smith (account copy)" "$BIN/cpick query smith -f mailbox" \
  -n "cpick query smith --source vdirsyncer vdir" "$BIN/cpick query smith -f mailbox --source $VDIR"
/usr/bin/time -v "$BIN/cpick" query smith -f mailbox > /dev/null 2> "$OUT/rss-query.txt"
grep 'Maximum resident' "$OUT/rss-query.txt"

if [ "$ONLY" != big ]; then
# ---- 5. process start ---------------------------------------------------------------------
$HF "$OUT/5-start.md" --export-json "$OUT/5-start.json" --warmup 3 -N \
  -n "cpick --version" "$BIN/cpick --version" \
  -n "cpick-sync books" "$BIN/cpick-sync books" \
  -n "vdirsyncer --version" "vdirsyncer --version" || \
$HF "$OUT/5-start.md" --export-json "$OUT/5-start.json" --warmup 3 \
  -n "cpick --version" "$BIN/cpick --version" \
  -n "cpick-sync books" "$BIN/cpick-sync books" \
  -n "vdirsyncer --version" "vdirsyncer --version"
"$BIN/cpick-sync" books > "$OUT/5-books-output.txt" 2>&1 || true
fi

kill $RPID; wait $RPID 2>/dev/null || true
trap - EXIT
echo "load at end: $(cat /proc/loadavg)" | tee -a "$OUT/machine.txt"
echo "done: $OUT"
