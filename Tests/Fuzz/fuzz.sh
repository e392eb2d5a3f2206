#!/usr/bin/env bash
# Builds the libFuzzer targets of Tests/Fuzz/Targets and runs each for N seconds,
# one after the other.
#
#   Tests/Fuzz/fuzz.sh [SECONDS] [TARGET …]      # default: 60 s, every target
#   Tests/Fuzz/fuzz.sh 600 vcard mail            # ten minutes each for two
#
# Targets: vcard (the loader: VCardReader and the mapping), jcard, jsonl
# (PersonJSONReader), predicate (parser and evaluation), mail (MessageHeaders and
# MessageAddressParser), keys (KeyDecoder), foreign (abook, mutt, LDIF and CSV books
# read in parts against the same book read whole). The package's modules are built once with
# `-sanitize=fuzzer,address` in `.build/fuzz` (a scratch path of its own, so a normal build
# is not invalidated); each target links their objects with libFuzzer's main.
#
# Seeds: Tests/Fuzz/Seeds/<target> (small, invented) and, when present, the shared
# corpus and cases (`$CPICK_SHARED`, default `<package>/../shared`), read in place,
# never copied. New inputs go to .build/fuzz/fuzz/corpus-<target>; a crash, a hang
# (over 10 s on one input) or more than 2 GB of memory stops the run, leaves the input
# in .build/fuzz/fuzz/<target>-crash-… (or -timeout-, -oom-) and fails the script.
# Every such input becomes a regression test in the target's test suite.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
seconds=${1:-60}
[ $# -gt 0 ] && shift
all=(vcard jcard jsonl predicate mail keys foreign)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all[@]}")
shared=${CPICK_SHARED:-$root/../shared}
scratch=.build/fuzz
out=$scratch/fuzz
mkdir -p "$out"

flags=(-Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing)
swift build -c release --scratch-path "$scratch" --target ContactStores "${flags[@]}"
swift build -c release --scratch-path "$scratch" --target TerminalKit "${flags[@]}"
bin=$(swift build -c release --scratch-path "$scratch" --show-bin-path)
objects=()
# Each module's objects of its current sources (SwiftPM's `sources` list), not every
# `.o` in its folder: a renamed or deleted file's object stays there and would be linked.
for module in CpickSupport Localization ContactKit ContactFormats VCard DirectoryEntries ContactStores TerminalKit; do
  while IFS= read -r source; do
    objects+=("$bin/$module.build/$(basename "$source").o")
  done <"$bin/$module.build/sources"
done

for target in "${targets[@]}"; do
  seeds=("Tests/Fuzz/Seeds/$target")
  case $target in
    vcard) source=VCardFuzz; shared_seeds=(corpus cases); max_len=65536 ;;
    jcard) source=JCardFuzz; shared_seeds=(corpus); max_len=65536 ;;
    jsonl) source=JSONLinesFuzz; shared_seeds=(); max_len=16384 ;;
    predicate) source=PredicateFuzz; shared_seeds=(); max_len=512 ;;
    mail) source=MailHeaderFuzz; shared_seeds=(); max_len=16384 ;;
    keys) source=KeyDecoderFuzz; shared_seeds=(cases/25-bracketed-paste-markers); max_len=4096 ;;
    foreign) source=ForeignBookFuzz; shared_seeds=(); seeds+=(Tests/Fixtures/books); max_len=16384 ;;
    *) echo "fuzz.sh: unknown target '$target' (one of: ${all[*]})" >&2; exit 2 ;;
  esac
  for dir in "${shared_seeds[@]}"; do [ -d "$shared/$dir" ] && seeds+=("$shared/$dir"); done
  exe=$out/fuzz-$target
  # Linked again when its source or any object of the modules is newer.
  if [ ! -x "$exe" ] || [ "Tests/Fuzz/Targets/$source.swift" -nt "$exe" ] ||
    [ -n "$(find "${objects[@]}" -newer "$exe" -print -quit)" ]; then
    # The C libraries the modules import through module maps (uchardet: `VCard`), and
    # the toolchain's ICU, which `ContactKit` calls directly (`ICUTransform`).
    swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name "Fuzz$target" -I "$bin/Modules" \
      -I Sources/CUchardet -luchardet -l_FoundationICU \
      "Tests/Fuzz/Targets/$source.swift" "${objects[@]}" -o "$exe" 2>"$out/$target-link.log" ||
      { cat "$out/$target-link.log" >&2; exit 1; }
  fi
  mkdir -p "$out/corpus-$target"
  echo "== $target: $seconds s"
  status=0
  # No leak detection: the first use of a `static let` allocates once for the whole
  # run, which libFuzzer would take for a leak of the input that happened to come first.
  ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} "$exe" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$max_len" -print_final_stats=1 \
    -detect_leaks=0 \
    -artifact_prefix="$out/$target-" "$out/corpus-$target" "${seeds[@]}" >"$out/$target.log" 2>&1 || status=$?
  grep -E '^(#[0-9]+ +DONE|stat::number_of_executed_units|stat::peak_rss_mb)' "$out/$target.log" || true
  if [ "$status" -ne 0 ]; then
    tail -40 "$out/$target.log" >&2
    echo "fuzz.sh: $target found a problem (see $out/$target-* and $out/$target.log)" >&2
    exit 1
  fi
done
