#!/usr/bin/env bash
# What `headroom nvcc` adds to a cold compile (no instrumentation cache:
# HEADROOM_CACHE=0; every other setting its default), against nvcc alone
# (docs/perf/instrument.md, "Cold compiles").
#
#   scripts/bench-nvcc-overhead.sh tu RUNS FILE... [-- NVCC FLAGS...]
#     each file compiled on its own (-c), plain nvcc and each headroom in
#     turn within every round, so that the machine's load falls on all
#     alike: the median wall time of the rounds, and the overhead.
#   scripts/bench-nvcc-overhead.sh build RUNS JOBS DIR [-- NVCC FLAGS...]
#     a clean build of every .cu under DIR (each compiled -c with
#     -I<its directory> -I<its directory>/../inc and the flags, JOBS at a
#     time; files that plain nvcc does not compile are left out, said on
#     stderr), once per round with plain nvcc and with each headroom.
#
# Each line gives the median wall time and, in brackets, the median CPU time
# (user + system, of every process of the compile): where the machine's
# other cores are busy (a parallel build), the CPU time is what a compile
# costs the build.
#
# Each headroom keeps the precompiled headers of clang's CUDA wrapper headers
# and of the sources' system headers (ast/HeaderPch.h) in a cache directory
# of its own for the whole run: in tu mode the first round of a file builds
# or reads the wrapper's, the second builds the one of its system headers,
# the later rounds read it (the median of 5 is of those). PCH=cold: every
# compile (tu) or build (build) starts without any, as on a fresh machine;
# PCH=off: none (HEADROOM_PCH=0).
#
# HEADROOM: the headroom executables to compare, space-separated (default
# build/tool/headroom); NVCC: the nvcc (default /usr/local/cuda/bin/nvcc).
# Default flags: -std=c++17 -O3 -arch=sm_90.
set -euo pipefail
mode=$1 runs=$2
shift 2
jobs=1 dir=
if [[ $mode == build ]]; then jobs=$1 dir=$2; shift 2; fi
files=()
while [[ $# -gt 0 && $1 != -- ]]; do files+=("$1"); shift; done
[[ $# -gt 0 ]] && shift
flags=("$@")
[[ ${#flags[@]} -eq 0 ]] && flags=(-std=c++17 -O3 -arch=sm_90)
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
read -r -a headrooms <<< "${HEADROOM:-build/tool/headroom}"
pch=${PCH:-on}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# Runs "$@" and appends its wall time to $out/t$v and its CPU time to
# $out/c$v.
timed() {
  [[ $pch == cold ]] && rm -rf "$out"/headroom-cache*/pch
  /usr/bin/time -f '%e %U %S' -o "$out/one" "$@" || true
  tail -n 1 "$out/one" | awk '{print $1}' >> "$out/t$v"
  tail -n 1 "$out/one" | awk '{print $2 + $3}' >> "$out/c$v"
}
# The compiler command of variant $1: 0 is plain nvcc, i the i-th headroom.
compiler() {
  if [[ $1 == 0 ]]; then echo "$nvcc"
  else
    echo "env HEADROOM_CACHE=0 HEADROOM_CACHE_DIR=$out/headroom-cache$1" \
      "HEADROOM_PCH=$([[ $pch == off ]] && echo 0 || echo 1)" \
      "${headrooms[$1 - 1]} nvcc $nvcc"
  fi
}
label() { [[ $1 == 0 ]] && echo nvcc || echo "${headrooms[$1 - 1]}"; }
variants=$(seq 0 ${#headrooms[@]})

compile_one() { # compiler object source
  local src=$3 d
  d=$(dirname "$src")
  $1 "${flags[@]}" -I"$d" -I"$d/../inc" -c "$src" -o "$2" > /dev/null 2>&1
}

report() { # name
  local base cbase v m c
  base=$(median < "$out/t0") cbase=$(median < "$out/c0")
  printf '%s: nvcc %.2f s [%.2f s]' "$1" "$base" "$cbase"
  for v in $variants; do
    [[ $v == 0 ]] && continue
    m=$(median < "$out/t$v") c=$(median < "$out/c$v")
    printf '; %s %.2f s (%+.1f%%) [%.2f s (%+.1f%%)]' "$(label "$v")" \
      "$m" "$(echo "($m - $base) / $base * 100" | bc -l)" \
      "$c" "$(echo "($c - $cbase) / $cbase * 100" | bc -l)"
  done
  printf ' (median of %s)\n' "$runs"
}

if [[ $mode == tu ]]; then
  for file in "${files[@]}"; do
    rm -f "$out"/[tc]*
    for _ in $(seq "$runs"); do
      for v in $variants; do
        d=$(dirname "$file")
        # shellcheck disable=SC2046 # the compiler command is words
        timed $(compiler "$v") "${flags[@]}" -I"$d" -I"$d/../inc" -c "$file" \
          -o "$out/o.o"
      done
    done
    report "$file"
  done
  exit 0
fi

# build: the sources plain nvcc compiles, then the rounds.
mapfile -t all < <(find "$dir" -name '*.cu' | sort)
sources=()
for src in "${all[@]}"; do
  if compile_one "$nvcc" "$out/probe.o" "$src"; then sources+=("$src")
  else echo "left out (nvcc does not compile it): $src" >&2; fi
done
echo "${#sources[@]} of ${#all[@]} sources, $jobs at a time" >&2
printf '%s\n' "${sources[@]}" | awk '{print NR " " $0}' > "$out/sources"
# The build as one command, for /usr/bin/time: each line of sources
# compiled, JOBS at a time (paths without blanks).
cat > "$out/build.sh" <<'EOS'
out=$1 jobs=$2 compiler=$3 flags=$4
mkdir -p "$out/objects"
while read -r n src; do
  d=$(dirname "$src")
  echo "$compiler $flags -I$d -I$d/../inc -c $src -o $out/objects/$n.o"
done < "$out/sources" |
  xargs -P "$jobs" -I{} bash -c '{} > /dev/null 2>&1 || echo "failed: {}" >&2'
EOS
rm -f "$out"/[tc]*
for _ in $(seq "$runs"); do
  for v in $variants; do
    rm -rf "$out/objects"
    timed bash "$out/build.sh" "$out" "$jobs" "$(compiler "$v")" "${flags[*]}"
  done
done
report "clean build of $dir (${#sources[@]} sources, -j$jobs)"
