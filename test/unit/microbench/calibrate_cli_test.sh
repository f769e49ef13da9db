#!/usr/bin/env bash
# `headroom calibrate` as a front for headroom-microbench, without a GPU: it
# must pass its options through as an argv (no shell), default the output to
# the user device directory, and turn the micro-benchmarks' exit codes (and
# their absence) into clear errors. Stand-in executables play
# headroom-microbench. usage: calibrate_cli_test.sh <headroom executable>
set -u
headroom=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0
passes=0
check() { # description, command status, expected status
  if [[ $2 -ne $3 ]]; then
    echo "FAIL: $1 (exit $2, expected $3)"
    fails=$((fails + 1))
  else
    echo "ok: $1"
    passes=$((passes + 1))
  fi
}
contains() { # description, file, text
  if grep -qF -- "$3" "$2"; then
    echo "ok: $1"
    passes=$((passes + 1))
  else
    echo "FAIL: $1: '$3' not in:"
    cat "$2"
    fails=$((fails + 1))
  fi
}

# A stand-in that records its argv, one argument per line.
cat >"$work/record" <<EOS
#!/usr/bin/env bash
printf '%s\n' "\$@" >"$work/argv"
echo "progress line" >&2
exit \${FAKE_EXIT:-0}
EOS
chmod +x "$work/record"

HEADROOM_MICROBENCH=$work/record XDG_DATA_HOME=$work/xdg \
  "$headroom" calibrate --quick --gpu 1 --name 'my gpu' >"$work/out" 2>&1
check "passes through and succeeds" $? 0
contains "progress passes through" "$work/out" "progress line"
printf -- '--gpu\n1\n--quick\n--name\nmy gpu\n--output-dir\n%s\n' \
  "$work/xdg/headroom/devices" >"$work/want"
head -7 "$work/argv" >"$work/got"
if cmp -s "$work/want" "$work/got"; then
  echo "ok: argv as given, output in the user device directory"
  passes=$((passes + 1))
else
  echo "FAIL: argv differs:"; diff "$work/want" "$work/got"; fails=$((fails + 1))
fi
contains "provenance command recorded" "$work/argv" \
  "headroom calibrate --quick --gpu 1 --name 'my gpu'"

HEADROOM_MICROBENCH=$work/record "$headroom" calibrate -o "$work/d.json" \
  >"$work/out" 2>&1
check "-o" $? 0
contains "-o becomes --output" "$work/argv" "$work/d.json"

FAKE_EXIT=3 HEADROOM_MICROBENCH=$work/record "$headroom" calibrate \
  -o "$work/d.json" >"$work/out" 2>&1
check "no GPU fails" $? 1
contains "no GPU is explained" "$work/out" "no usable CUDA GPU on this machine"

FAKE_EXIT=4 HEADROOM_MICROBENCH=$work/record "$headroom" calibrate \
  -o "$work/d.json" >"$work/out" 2>&1
check "wrong result fails" $? 1
contains "wrong result is explained" "$work/out" "computed a wrong result"

HEADROOM_MICROBENCH=$work/missing "$headroom" calibrate >"$work/out" 2>&1
check "missing HEADROOM_MICROBENCH fails" $? 2
contains "names the missing file" "$work/out" "$work/missing is not an executable file"

# A copy of headroom with nothing beside it: the micro-benchmarks are "not built".
mkdir -p "$work/bin"
cp "$headroom" "$work/bin/headroom"
env -u HEADROOM_MICROBENCH "$work/bin/headroom" calibrate >"$work/out" 2>&1
check "no micro-benchmarks fails" $? 2
contains "says they are not built" "$work/out" "the micro-benchmarks are not built"

"$headroom" calibrate --bogus >"$work/out" 2>&1
check "unknown option" $? 2

echo "$passes passed, $fails failed"
[[ $fails -eq 0 ]]
