#!/usr/bin/env bash
# scaling.sh — does cpick's cost grow with the size of its input, not its square?
# (issue 22, item 1). For each shape of input that once took quadratic time or
# memory, it makes the input at size n and at 8n (python3), runs the release cpick
# on each with `/usr/bin/time -f '%e %M'`, and prints a Markdown table: seconds and
# peak memory at n and 8n, and their ratios (near 8 for linear work, 64 for
# quadratic; near 1 where a fixed cost such as the process start dominates).
#
#   Sources/cpick-bench/scaling.sh [--scale K] [--keep DIR] [--cpick PATH] [--only SHAPE,…]
#
# --scale K multiplies every n by K (default 1); --cpick runs another build (an
# older one, to compare); --keep keeps the inputs in DIR; --only runs those shapes. Needs: a release build
# (`swift build -c release --static-swift-stdlib --no-color-diagnostics --product cpick`), python3, GNU time (/usr/bin/time).
# Each run gets a fresh, empty XDG_CACHE_HOME, so no on-disk index is read.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cpick="$repo/.build/release/cpick"
scale=1
keep=""
only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --scale) scale="$2"; shift ;;
    --keep) keep="$2"; shift ;;
    --cpick) cpick="$2"; shift ;;
    --only) only=",$2," ; shift ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "scaling.sh: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done
[ -x "$cpick" ] || { echo "scaling.sh: build first: swift build -c release --static-swift-stdlib --no-color-diagnostics --product cpick" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "scaling.sh: needs GNU time (/usr/bin/time)" >&2; exit 2; }

work=${keep:-$(mktemp -d)}
mkdir -p "$work"
[ -n "$keep" ] || trap 'rm -rf "$work"' EXIT

# make SHAPE N FILE: writes the input of SHAPE at size N (shapes.py).
make() { python3 "$here/shapes.py" "$@"; }

# measure SHAPE N: prints "seconds kilobytes" of cpick on the input of SHAPE at N.
measure() {
  local shape=$1 n=$2 cache="$work/cache-$1-$2"
  rm -rf "$cache"; mkdir -p "$cache"
  case "$shape" in
    from-header|encoded-words)
      make from-book 1 "$work/book.vcf"
      make "$shape" "$n" "$work/$shape-$n.eml"
      XDG_CACHE_HOME="$cache" /usr/bin/time -f '%e %M' -o "$work/time" \
        "$cpick" unknown --from-message --skip-known -s "$work/book.vcf" < "$work/$shape-$n.eml" > /dev/null 2>&1 || true
      ;;
    fuzzy-name)
      make "$shape" "$n" "$work/$shape-$n.vcf"
      XDG_CACHE_HOME="$cache" /usr/bin/time -f '%e %M' -o "$work/time" \
        "$cpick" query -s "$work/$shape-$n.vcf" ab > /dev/null 2>&1 || true
      ;;
    sources|sources-folder)
      # n one-card books, each named with -s (written 3 s before: older than the
      # index's racy interval, so they are stored).
      local dir="$work/$shape-$n" books=()
      make "$shape" "$n" "$dir"
      while IFS= read -r file; do books+=(-s "$file"); done < <(find "$dir" -name '*.vcf' | sort)
      sleep 3
      XDG_CACHE_HOME="$cache" /usr/bin/time -f '%e %M' -o "$work/time" \
        "$cpick" list -f tsv "${books[@]}" > /dev/null 2>&1 || true
      ;;
    like-terms)
      # An OR of n LIKE terms (`*…*`) over 8,000 people.
      make utf8 8000 "$work/people-8000.vcf"
      make "$shape" "$n" "$work/$shape-$n.txt"
      XDG_CACHE_HOME="$cache" /usr/bin/time -f '%e %M' -o "$work/time" \
        "$cpick" list -f tsv -s "$work/people-8000.vcf" --enable-if "$(paste -sd '|' "$work/$shape-$n.txt" | sed 's/|/ OR /g')" > /dev/null 2>&1 || true
      ;;
    long-template)
      # n small cards listed with a template of 1,000 fields: the output is large, what
      # is held at once should not be.
      make utf8 "$n" "$work/$shape-$n.vcf"
      XDG_CACHE_HOME="$cache" /usr/bin/time -f '%e %M' -o "$work/time" \
        "$cpick" list -s "$work/$shape-$n.vcf" --template "$(printf '{displayName}%.0s' $(seq 1000))" > /dev/null 2>&1 || true
      ;;
    accounts)
      # A config of n accounts, each known fresh (no sync), and a run that lists them.
      mkdir -p "$cache/config/cpick" "$cache/state"
      make "$shape" "$n" "$cache/config/cpick/config"
      XDG_CACHE_HOME="$cache" XDG_CONFIG_HOME="$cache/config" XDG_STATE_HOME="$cache/state" CPICK_SYNC=/bin/true \
        /usr/bin/time -f '%e %M' -o "$work/time" "$cpick" list -f tsv > /dev/null 2>&1 || true
      ;;
    *)
      local file="$work/$shape-$n.vcf" filter=()
      case "$shape" in
        jcard) file="$work/$shape-$n.json" ;;
        json-wide) file="$work/$shape-$n.jsonl" ;;
        xcard-entities) file="$work/$shape-$n.xml" ;;
        abook-custom|mutt-continued|mutt-encoded-words) file="$work/$shape-$n.txt" ;;
        tel-require) filter=(--require phone) ;;
      esac
      make "$shape" "$n" "$file"
      XDG_CACHE_HOME="$cache" /usr/bin/time -f '%e %M' -o "$work/time" \
        "$cpick" list -f tsv "${filter[@]}" -s "$file" > /dev/null 2>&1 || true
      ;;
  esac
  tail -n 1 "$work/time"
}

echo "| shape | n | time at n | time at 8n | ratio | memory at n | memory at 8n | ratio |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
row() {
  local shape=$1 label=$2 n=$(( $3 * scale ))
  [ -z "$only" ] || [[ "$only" == *",$shape,"* ]] || return 0
  read -r t1 m1 < <(measure "$shape" "$n")
  read -r t8 m8 < <(measure "$shape" $(( n * 8 )))
  python3 - "$label" "$n" "$t1" "$t8" "$m1" "$m8" <<'PY'
import sys
label, n, t1, t8, m1, m8 = sys.argv[1], int(sys.argv[2]), *map(float, sys.argv[3:])
ratio = lambda a, b: "%.1f" % (b / a) if a > 0 else "—"
print("| %s | %s | %.2f s | %.2f s | %s | %d MB | %d MB | %s |"
      % (label, f"{n:,}", t1, t8, ratio(max(t1, 0.01), max(t8, 0.01)), m1 / 1024, m8 / 1024, ratio(m1, m8)))
PY
}
row tel "TEL lines in one card" 5000
row email "EMAIL lines in one card" 12500
row note "NOTE lines in one card" 5000
row cyrillic "Cyrillic letters in a name" 25000
row han-org "Han characters in an organization" 12500
row phonetic "kana in a phonetic name" 25000
row nameless-note "letters in the note of a nameless card" 25000
row latin1 "cards in Latin-1 (no charset named)" 2500
row utf8 "cards in UTF-8 (for comparison)" 2500
row from-header "addresses in a folded From: header" 25000
row tel-require "TEL lines in one card, listed with --require phone" 5000
row one-word "letters of a one-word name (Ж)" 40000
row abook-custom "custom fields in an abook section" 10000
row nested-begin "BEGIN:VCARD lines nested around one card" 25000
row only-begin "BEGIN:VCARD lines and nothing else" 25000
row unended "cards of a name, none with END:VCARD" 25000
row nul-cards "cards with NUL bytes in their values" 2500
row twins "copies of one card without UID (twins)" 2500
row twins-halves "cards without UID, written twice (twins in two halves)" 2500
row mutt-continued "continued lines of a mutt alias" 20000
row jcard "cards as jCard" 12500
row jcard-vcf "the same cards as .vcf" 12500
row blank-folds "folds of blanks in one NOTE" 50000
row header-folds "folds of a header without a colon" 50000
row group-cards "group cards holding one person" 10000
row fuzzy-name "words of a name searched fuzzily (query ab)" 25000
row encoded-words "encoded words in a From: name" 5000
row mutt-encoded-words "encoded words in a mutt alias name" 10000
row xcard-entities "entities in an xCard note" 20000
row accounts "server accounts in the config" 200
row long-template "cards listed with a template of 1,000 fields" 1000
row zero-width "zero-width spaces in a name and an address" 20000
row marks-name "cards whose name is 100,000 marks alone" 2
row json-wide "emails and phones of one person in JSON lines" 6000
row like-terms "LIKE \"*…*\" terms in an OR, over 8,000 people" 200
row sources "one-card books, each in a folder of its own (-s each)" 500
row sources-folder "one-card books in one folder (-s each)" 500
