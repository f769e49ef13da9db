#!/usr/bin/env bash
# The corpus on a GPU: every corpus program that runs is built twice with
# nvcc for sm_90, from its source and from its instrumented source (made by
# test/gpu/corpus/prepare.sh on a machine with Clang), run both ways, and
# their standard outputs compared; the instrumented run's profile must name
# the program's sites. Results (summary.txt, profiles, outputs) go to $OUT
# (or build-gpu-corpus/out).
#
# usage: test/gpu/corpus/run.sh      (after prepare.sh; carry .gpu-corpus)
set -uo pipefail
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIP: no GPU (nvidia-smi lists no device); test/gpu/corpus needs one"
  exit 0
fi
root=$(cd "$(dirname "$0")/../../.." && pwd)
corpus=$root/.gpu-corpus
if [[ ! -f $corpus/manifest.tsv ]]; then
  echo "FAIL: $corpus/manifest.tsv is missing: run test/gpu/corpus/prepare.sh first"
  exit 1
fi
build=$root/build-gpu-corpus
out=${OUT:-$build/out}
work=$build/work
rm -rf "$work"
mkdir -p "$out" "$work"
nvcc=${CUDA_HOME:-/usr/local/cuda}/bin/nvcc
jobs=$(nproc)
summary=$out/summary.txt
: >"$summary"
say() { echo "$@" | tee -a "$summary"; }

nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/gpu.txt"
say "commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown), $(date -u +%F)"
start=$SECONDS
"$root/test/gpu/build-runtime.sh" "$build" "$work/cmake.log" ||
  { say "FAIL: building the runtime (see cmake.log)"; cp "$work/cmake.log" "$out/"; exit 1; }
rt=$build/cmake/runtime
say "runtime built in $((SECONDS - start)) s"

# Header copies are named by absolute paths of the machine prepare.sh ran
# on: make that path lead here.
old_root=$(cat "$corpus/root.txt")
if [[ ! -e $old_root ]]; then
  mkdir -p "$(dirname "$old_root")" && ln -s "$root" "$old_root"
fi

# Compile everything, plain and instrumented, in parallel.
compile() { # name source flags extra kind
  local name=$1 src=$2 flags=$3 extra=$4 kind=$5 sources=() linkflags=()
  local dir=$work/$name
  mkdir -p "$dir"
  for word in $extra; do
    if [[ $word == *.cu ]]; then sources+=("$word"); else linkflags+=("$word"); fi
  done
  cd "$root"
  if [[ $kind == plain ]]; then
    local inputs=("$src")
    for s in "${sources[@]}"; do inputs+=("test/corpus/$s"); done
    # shellcheck disable=SC2086
    "$nvcc" -arch=sm_90 -lineinfo $flags -Itest/corpus/Inputs "${inputs[@]}" "${linkflags[@]}" \
      -o "$dir/plain" >"$dir/plain.build" 2>&1
  else
    local inputs=("$corpus/$name/$(basename "$src")")
    for s in "${sources[@]}"; do inputs+=("$corpus/$name/$(basename "$s")"); done
    # shellcheck disable=SC2086
    "$nvcc" -arch=sm_90 -lineinfo $flags -Itest/corpus/Inputs -Itest/corpus \
      -I"$root/runtime/include" "${inputs[@]}" "${linkflags[@]}" -L"$rt" \
      -lheadroom_rt -Xlinker -rpath="$rt" -o "$dir/instrumented" \
      >"$dir/instrumented.build" 2>&1
  fi
  echo "$? $name $kind"
}
export -f compile
export root work nvcc rt corpus
start=$SECONDS
# Fields separated by \x1f, which (unlike a tab) keeps empty fields apart.
while IFS=$'\t' read -r name src flags extra; do
  for kind in plain instrumented; do
    printf '%s\x1f%s\x1f%s\x1f%s\x1f%s\n' "$name" "$src" "$flags" "$extra" "$kind"
  done
done <"$corpus/manifest.tsv" >"$work/compile.jobs"
# shellcheck disable=SC2016 # expanded by the inner shell
xargs -P "$jobs" -d '\n' -n 1 bash -c \
  'IFS=$'"'"'\x1f'"'"' read -r a b c d e <<<"$1"; compile "$a" "$b" "$c" "$d" "$e"' _ \
  <"$work/compile.jobs" >"$work/compile.status"
say "compiled $(wc -l <"$work/compile.status") programs in $((SECONDS - start)) s"

# Run: the plain builds in parallel, the instrumented ones one at a time
# (the runtime samples hardware counters of each configuration's first
# launch, under CUPTI's kernel replay).
start=$SECONDS
cut -f1 "$corpus/manifest.tsv" |
  xargs -P 8 -I{} bash -c 'cd "$0/{}" && [[ -x plain ]] && timeout 60 ./plain >plain.out 2>plain.err; echo $? >plain.status' "$work"
while IFS=$'\t' read -r name _; do
  dir=$work/$name
  (cd "$dir" && [[ -x instrumented ]] &&
    HEADROOM_PROFILE=$dir/profile.json timeout 60 ./instrumented >instrumented.out 2>instrumented.err
   echo $? >instrumented.status)
done <"$corpus/manifest.tsv"
say "ran in $((SECONDS - start)) s"

pass=0
fail=0
while IFS=$'\t' read -r name src _; do
  dir=$work/$name
  verdict=PASS
  why=""
  if [[ ! -x $dir/plain || ! -x $dir/instrumented ]]; then
    verdict=FAIL; why="did not compile"
  elif [[ $(cat "$dir/plain.status") != 0 || $(cat "$dir/instrumented.status") != 0 ]]; then
    verdict=FAIL; why="exit status plain $(cat "$dir/plain.status") instrumented $(cat "$dir/instrumented.status")"
  elif ! cmp -s "$dir/plain.out" "$dir/instrumented.out"; then
    verdict=FAIL; why="outputs differ"
  else
    check=$(python3 - "$dir/profile.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
sites = p["sites"]
sited = [k for k in p["kernels"] if k.get("site") is not None]
launches = sum(k["launches"] for k in p["kernels"])
names = {}
for k in sited:
    s = sites[k["site"]]
    names.setdefault((s["file"], s["line"]), set()).add(k["demangled"])
multi = [f"{f}:{l}: {sorted(n)}" for (f, l), n in names.items() if len(n) > 1]
ok = len(sites) > 0 and len(sited) > 0
print(("ok" if ok else "bad"), f"sites={len(sites)} sited-entries={len(sited)} "
      f"launches={launches} mode={p['collection']['mode']}", "; ".join(multi))
PY
)
    [[ $check == ok* ]] || { verdict=FAIL; why="profile: $check"; }
    why=${why:-${check#ok }}
  fi
  [[ $verdict == PASS ]] && pass=$((pass + 1)) || fail=$((fail + 1))
  say "$verdict $name: $(head -c 200 "$dir/plain.out" 2>/dev/null | tr '\n' '|') $why"
done <"$corpus/manifest.tsv"
say "corpus on GPU: $pass passed, $fail failed"

(cd "$work" && tar czf "$out/results.tar.gz" --exclude=plain --exclude=instrumented \
  --exclude=instrumented.build --exclude=plain.build */ 2>/dev/null)
[[ $fail == 0 ]]
