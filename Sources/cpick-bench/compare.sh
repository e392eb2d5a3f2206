#!/usr/bin/env bash
# compare.sh — cpick side by side with the tools users would pick instead, in one run,
# on the same generated people (issue 8, item 4). Prints Markdown tables for the README.
#
#   Sources/cpick-bench/compare.sh [--with-1m] [--sizes "N …"] [--dir DIR] [--query TEXT]
#
# For N in 1000 10000 100000 (and 1000000 with --with-1m) it makes, with
# ../shared/tools/gen_contacts.py N 1 …, a .vcf, a vdir, the flattened lines and an
# abook file, then measures with hyperfine (median of runs with the page cache warm):
#   cpick query maria on the .vcf and on the vdir, with its on-disk index (warm) and
#   with the index removed before each run (cold); fzf --filter and fzy -e on the
#   lines; abook --mutt-query on the abook file; khard email --parsable on the vdir
#   (N ≤ 10000 only: it takes minutes beyond — 138 s at 100k in issue 8);
# peak memory of each with /usr/bin/time -v; and cpick-bench (start to first frame —
# with the index, the stored list shown while the files are checked — start to the
# checked list, keystroke p50/p99 over its scripted queries, peak RSS) on the .vcf and
# the vdir, cold (no index yet) and warm.
#
# Books go to a temporary folder (removed at the end) unless --dir is given, in which
# case existing books there are reused. Needs: swift, python3, hyperfine, fzf; fzy,
# abook and GNU time are installed from Debian when missing (needs root).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
gen="$repo/../shared/tools/gen_contacts.py"
sizes=(1000 10000 100000)
dir=""
query=maria
while [ $# -gt 0 ]; do
  case "$1" in
    --with-1m) sizes+=(1000000) ;;
    --dir) dir="$2"; shift ;;
    --sizes) read -r -a sizes <<< "$2"; shift ;;
    --query) query="$2"; shift ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "compare.sh: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done

need_apt() {  # command package
  command -v "$1" >/dev/null 2>&1 && return
  echo "installing $2 …" >&2
  if [ "$(id -u)" = 0 ]; then apt-get install -y "$2" >/dev/null; else sudo apt-get install -y "$2" >/dev/null; fi
}
need_apt fzy fzy
need_apt abook abook
[ -x /usr/bin/time ] || need_apt /usr/bin/time time
for tool in hyperfine fzf python3; do
  command -v "$tool" >/dev/null || { echo "compare.sh: $tool is missing" >&2; exit 1; }
done
have_khard=1; command -v khard >/dev/null || have_khard=0

(cd "$repo" && swift build -c release --static-swift-stdlib --no-color-diagnostics --product cpick >&2 && swift build -c release --static-swift-stdlib --no-color-diagnostics --product cpick-bench >&2)
cpick="$repo/.build/release/cpick"
bench="$repo/.build/release/cpick-bench"

if [ -z "$dir" ]; then
  dir=$(mktemp -d "${TMPDIR:-/tmp}/cpick-compare.XXXXXX")
  trap 'rm -rf "$dir"' EXIT
fi
mkdir -p "$dir"
results="$dir/results"; mkdir -p "$results"; rm -f "$results"/*

for n in "${sizes[@]}"; do
  book="$dir/$n"; mkdir -p "$book"
  for format in vcf lines abook; do
    [ -s "$book/people.$format" ] || python3 "$gen" "$n" 1 "$format" -o "$book/people.$format"
  done
  [ -d "$book/vdir" ] && [ "$(find "$book/vdir" -name '*.vcf' | head -n 1)" ] \
    || python3 "$gen" "$n" 1 vdir -o "$book/vdir"
  cat > "$book/khard.conf" <<CONF
[addressbooks]
[[bench]]
path = $book/vdir
[general]
default_action = list
editor = true
merge_editor = true
CONF
done
echo "books in $dir" >&2

# name|command|prepare — the same query for every tool. cpick runs with its on-disk
# index in $dir/cache-*: "warm" reuses it (filled by hyperfine's warm-up run), "cold"
# removes it before each run (every run reads, indexes and stores the whole book).
commands() {  # n
  local book="$dir/$1"
  echo "cpick query (.vcf, warm)|XDG_CACHE_HOME=$dir/cache-warm $cpick query $query -s $book/people.vcf|"
  echo "cpick query (vdir, warm)|XDG_CACHE_HOME=$dir/cache-warm $cpick query $query -s $book/vdir|"
  echo "cpick query (.vcf, cold)|XDG_CACHE_HOME=$dir/cache-cold $cpick query $query -s $book/people.vcf|rm -rf $dir/cache-cold"
  echo "cpick query (vdir, cold)|XDG_CACHE_HOME=$dir/cache-cold $cpick query $query -s $book/vdir|rm -rf $dir/cache-cold"
  echo "fzf --filter|fzf --filter $query < $book/people.lines|"
  echo "fzy -e|fzy -e $query < $book/people.lines|"
  echo "abook --mutt-query|abook --datafile $book/people.abook --mutt-query $query|"
  if [ "$have_khard" = 1 ] && [ "$1" -le 10000 ]; then
    echo "khard email --parsable (vdir)|khard -c $book/khard.conf email --parsable $query|"
  fi
}

for n in "${sizes[@]}"; do
  echo "== $n contacts" >&2
  # Fewer runs for the big books; khard apart (13 s per run at 10k).
  case "$n" in 1000|10000) runs=10 ;; 100000) runs=5 ;; *) runs=3 ;; esac
  rm -rf "$dir/cache-warm" "$dir/cache-cold"
  while IFS='|' read -r name cmd prepare; do
    case "$name" in khard*) continue ;; esac
    warm=1; r=$runs
    case "$name" in *cold*) warm=0; [ "$n" -ge 1000000 ] && r=1 ;; esac
    if [ -n "$prepare" ]; then
      hyperfine --shell=bash --warmup "$warm" --runs "$r" -i --style basic --prepare "$prepare" \
        --export-json "$results/hf-$n-$(echo "$name" | tr -c 'a-z0-9' _).json" -n "$name" "$cmd" >&2
    else
      hyperfine --shell=bash --warmup 1 --runs "$r" -i --style basic \
        --export-json "$results/hf-$n-$(echo "$name" | tr -c 'a-z0-9' _).json" -n "$name" "$cmd" >&2
    fi
  done < <(commands "$n")
  if [ "$have_khard" = 1 ] && [ "$n" -le 10000 ]; then
    khard_cmd=$(commands "$n" | grep '^khard' | cut -d'|' -f2)
    hyperfine --shell=bash --warmup 0 --runs 3 -i --style basic \
      --export-json "$results/khard-$n.json" -n "khard email --parsable (vdir)" "$khard_cmd" >&2
  fi
  # Peak memory, one run each (the cold ones with their index removed first).
  while IFS='|' read -r name cmd prepare; do
    [ -n "$prepare" ] && bash -c "$prepare"
    /usr/bin/time -v -o "$results/time.txt" bash -c "$cmd" >/dev/null 2>&1 || true
    kb=$(awk -F: '/Maximum resident set size/ { gsub(/ /, "", $2); print $2 }' "$results/time.txt")
    printf '%s\t%s\t%s\n' "$n" "$name" "$kb" >> "$results/memory.tsv"
  done < <(commands "$n")
  # cpick-bench: start to first frame, keystrokes, its own peak RSS — cold (a new
  # index, filled by this run) and warm (the index the cold run left).
  for kind in vcf vdir; do
    src="$dir/$n/people.vcf"; [ "$kind" = vdir ] && src="$dir/$n/vdir"
    rm -rf "$dir/cache-bench"
    for state in cold warm; do
      line=$("$bench" --summary --cache "$dir/cache-bench/index.sqlite" "$src" | grep '^SUMMARY')
      printf '%s\t%s %s\t%s\n' "$n" "$kind" "$state" "$line" >> "$results/bench.tsv"
    done
  done
done

python3 - "$results" "$query" "${sizes[@]}" <<'PY'
import json, os, sys
results, query, sizes = sys.argv[1], sys.argv[2], [int(s) for s in sys.argv[3:]]

def fmt_ms(ms):
    if ms is None: return "—"
    if ms >= 10000: return f"{ms/1000:,.0f} s"
    if ms >= 1000: return f"{ms/1000:,.1f} s"
    return f"{ms:,.0f} ms" if ms >= 10 else f"{ms:.1f} ms"

times = {}
for n in sizes:
    for file in sorted(os.listdir(results)):
        if file.endswith(".json") and (file.startswith(f"hf-{n}-") or file == f"khard-{n}.json"):
            for r in json.load(open(os.path.join(results, file)))["results"]:
                times[(r["command"], n)] = r["median"] * 1000
memory = {}
for line in open(os.path.join(results, "memory.tsv")):
    n, name, kb = line.rstrip("\n").split("\t")
    memory[(name, int(n))] = int(kb) / 1024 if kb else None
bench = {}
for line in open(os.path.join(results, "bench.tsv")):
    n, kind, summary = line.rstrip("\n").split("\t")
    bench[(kind, int(n))] = dict(kv.split("=") for kv in summary.split()[1:])

names = []
for (name, n) in list(times) + list(memory):
    if name not in names: names.append(name)
head = " | ".join(f"{n:,}" for n in sizes)
print(f"`{query}`, median of runs with the page cache warm (hyperfine), whole process:\n")
print(f"| tool | {head} |")
print("|---|" + "---|" * len(sizes))
for name in names:
    cells = []
    for n in sizes:
        cell = fmt_ms(times.get((name, n)))
        if name.startswith("khard") and n > 10000: cell = "not run (minutes)"
        cells.append(cell)
    print(f"| `{name}` | " + " | ".join(cells) + " |")
print("\nPeak memory (`/usr/bin/time -v`, maximum RSS):\n")
print(f"| tool | {head} |")
print("|---|" + "---|" * len(sizes))
for name in names:
    cells = []
    for n in sizes:
        mb = memory.get((name, n))
        cells.append("—" if mb is None else (f"{mb/1024:.2f} GB" if mb >= 1024 else f"{mb:,.0f} MB"))
    print(f"| `{name}` | " + " | ".join(cells) + " |")
print("\n`cpick-bench` (interactive picker, 40×120 frame; cold: no index yet, this run makes it; warm: the index is there):\n")
print(f"| | {head} |")
print("|---|" + "---|" * len(sizes))
rows = [("start to first frame", "first_frame_ms", fmt_ms),
        ("start to checked list", "checked_ms", fmt_ms),
        ("keystroke p50", "p50_ms", lambda v: f"{v:.1f} ms"),
        ("keystroke p99", "p99_ms", lambda v: f"{v:.1f} ms"),
        ("keystroke max", "max_ms", lambda v: f"{v:.1f} ms"),
        ("echo p99 (key drawn, rows to follow)", "echo_p99_ms", lambda v: f"{v:.1f} ms"),
        ("peak memory (VmHWM)", "rss_mb", lambda v: f"{v/1024:.2f} GB" if v >= 1024 else f"{v:,.0f} MB")]
for kind in ("vcf cold", "vcf warm", "vdir cold", "vdir warm"):
    for label, key, f in rows:
        cells = [f(float(bench[(kind, n)][key])) if key in bench.get((kind, n), {}) else "—" for n in sizes]
        print(f"| {label}, {kind.replace('vcf', '.vcf')} | " + " | ".join(cells) + " |")
PY
