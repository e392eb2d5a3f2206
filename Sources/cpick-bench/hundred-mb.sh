#!/usr/bin/env bash
# hundred-mb.sh — does any input of up to 100 MB take cpick more than a few seconds or a
# gigabyte? (issue 22, "Done when"). Each shape of the issue (shapes.py) is made at about
# 100 MB and run through the release cpick: `list -f tsv` and `query` on the books,
# `unknown --from-message` on the messages, each with `/usr/bin/time -f '%e %M'` and a
# fresh, empty XDG_CACHE_HOME. Prints a Markdown table: size, command, seconds, peak
# memory, exit status and the first warning cpick printed.
#
#   Sources/cpick-bench/hundred-mb.sh [--megabytes M] [--keep DIR] [--cpick PATH] [SHAPE …]
#
# --megabytes M: the size of each input (default 100); SHAPEs: some of tel note cyrillic
# latin1 korean jcard xcard from-header from-body abook-book mutt-book ldif-book csv-book
# nested-begin only-begin nul-cards twins twins-halves unended-first charset-first (default: all). Needs a release build, python3 and
# GNU time; about 1 GB of disk in the temp folder.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cpick="$repo/.build/release/cpick"
megabytes=100
keep=""
shapes=()
while [ $# -gt 0 ]; do
  case "$1" in
    --megabytes) megabytes="$2"; shift ;;
    --keep) keep="$2"; shift ;;
    --cpick) cpick="$2"; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    -*) echo "hundred-mb.sh: unknown argument $1" >&2; exit 2 ;;
    *) shapes+=("$1") ;;
  esac
  shift
done
[ ${#shapes[@]} -eq 0 ] &&
  shapes=(tel note cyrillic latin1 korean jcard xcard from-header from-body abook-book mutt-book ldif-book csv-book
    nested-begin only-begin nul-cards twins twins-halves unended-first charset-first)
[ -x "$cpick" ] || { echo "hundred-mb.sh: build first: swift build -c release --static-swift-stdlib --no-color-diagnostics --product cpick" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "hundred-mb.sh: needs GNU time (/usr/bin/time)" >&2; exit 2; }

work=${keep:-$(mktemp -d)}
mkdir -p "$work"
[ -n "$keep" ] || trap 'rm -rf "$work"' EXIT
target=$(( megabytes * 1000 * 1000 ))

# sized SHAPE FILE: writes SHAPE at about `target` bytes (n scaled from a 1,000-unit sample).
sized() {
  python3 "$here/shapes.py" "$1" 1000 "$2"
  local n=$(( target * 1000 / $(stat -c %s "$2") ))
  python3 "$here/shapes.py" "$1" "$n" "$2"
}

# run LABEL FILE INPUT COMMAND…: one row of the table (FILE: the input whose size is shown;
# INPUT: standard input).
run() {
  local label=$1 file=$2 input=$3 cache="$work/cache"
  shift 3
  rm -rf "$cache"; mkdir -p "$cache"
  local status=0
  XDG_CACHE_HOME="$cache" /usr/bin/time -f '%e %M' -o "$work/time" "$@" < "$input" > /dev/null 2> "$work/stderr" ||
    status=$?
  local first
  first=$( (grep -v '^Command exited' "$work/stderr" || true) | head -n 1 | cut -c 1-90 | sed "s|$work/||; s/|/\\|/g")
  read -r seconds kilobytes < <(tail -n 1 "$work/time")
  printf '| %s | %d MB | %s | %.1f s | %d MB | %d | %s |\n' "$label" $(( $(stat -c %s "$file") / 1000000 )) \
    "${*:2}" "$seconds" $(( kilobytes / 1024 )) "$status" "${first:-—}"
}

echo "| shape | size | command | time | peak memory | exit | first message |"
echo "|---|---:|---|---:|---:|---:|---|"
python3 "$here/shapes.py" from-book 1 "$work/book.vcf"
for shape in "${shapes[@]}"; do
  case "$shape" in
    from-header|from-body)
      sized "$shape" "$work/$shape.eml"
      run "$shape" "$work/$shape.eml" "$work/$shape.eml" "$cpick" unknown --from-message --skip-known -s "$work/book.vcf"
      rm -f "$work/$shape.eml"
      ;;
    *)
      case "$shape" in
        jcard) file="$work/$shape.json" ;;
        xcard) file="$work/$shape.xml" ;;
        abook-book) file="$work/addressbook" ;;
        mutt-book) file="$work/aliases" ;;
        ldif-book) file="$work/people.ldif" ;;
        csv-book) file="$work/google.csv" ;;
        *) file="$work/$shape.vcf" ;;
      esac
      sized "$shape" "$file"
      run "$shape" "$file" /dev/null "$cpick" list -f tsv -s "$file"
      run "$shape" "$file" /dev/null "$cpick" query -f tsv -s "$file" person
      rm -f "$file"
      ;;
  esac
done
